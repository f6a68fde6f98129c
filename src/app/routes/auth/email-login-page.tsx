import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isBannedError } from "~/app/features/auth/auth-errors";
import { signInInput } from "~/app/features/auth/auth-schemas";
import { AuthHeading } from "~/app/features/auth/components/auth-heading";
import { TextField } from "~/app/features/auth/components/text-field";
import { finishSignIn } from "~/app/features/auth/finish-sign-in";
import { signInWithEmail } from "~/app/features/auth/queries";
import { useAuthForm } from "~/app/features/auth/use-auth-form";
import { useAuthTarget } from "~/app/features/auth/use-auth-target";
import { useLocale, useLocalizedPath } from "~/app/i18n/use-locale";
import { FormMessage } from "~/app/ui/form-message";

/** interpretations 8: the e-mail + password form. */
export default function EmailLoginPage() {
  const { t } = useTranslation("auth");
  const to = useLocalizedPath();
  const locale = useLocale();
  const { target, withNext } = useAuthTarget();
  const form = useAuthForm(signInInput, { email: "", password: "" });

  const handleSubmit = form.submit(
    async (data) => {
      await signInWithEmail({ ...data, rememberMe: true });
      // A full load: the server decides the next page (verify, onboarding, paywall or `next`) with the new session.
      await finishSignIn(target, locale);
    },
    (error) => {
      if (!isBannedError(error)) return false;
      window.location.assign(`${to("/sso")}?banned=true`);
      return true;
    },
  );

  return (
    <div>
      <AuthHeading />
      <form noValidate onSubmit={handleSubmit} className="space-y-4">
        {form.problem ? <FormMessage kind="error">{form.problem}</FormMessage> : null}
        <TextField label={t("fields.email")} type="email" autoComplete="email" {...form.field("email")} />
        <TextField label={t("fields.password")} type="password" autoComplete="current-password" {...form.field("password")} />
        <div className="text-right text-sm">
          <Link to={to("/forgot-password")} className="text-indigo-600 hover:underline dark:text-indigo-400">
            {t("emailLogin.forgot")}
          </Link>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={form.isPending}>
          {form.isPending ? t("emailLogin.submitting") : t("emailLogin.submit")}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        <Link to={withNext("/login")} className="hover:underline">
          {t("emailLogin.otherMethods")}
        </Link>
        {" · "}
        <Link to={withNext("/signup")} className="font-semibold text-indigo-600 hover:underline dark:text-indigo-400">
          {t("login.signUp")}
        </Link>
      </p>
    </div>
  );
}
