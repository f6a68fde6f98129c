import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { apiRequest } from "../../api/api-client";
import { authErrorKey, isBannedError } from "../../features/auth/auth-errors";
import { fieldErrors, signInInput } from "../../features/auth/auth-schemas";
import { AuthHeading } from "../../features/auth/components/auth-heading";
import { FormMessage } from "../../features/auth/components/form-message";
import { TextField } from "../../features/auth/components/text-field";
import { finishSignIn } from "../../features/auth/finish-sign-in";
import { useAuthTarget } from "../../features/auth/use-auth-target";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale";

/** interpretations 8: the e-mail + password form. */
export default function EmailLoginPage() {
  const { t } = useTranslation("auth");
  const to = useLocalizedPath();
  const locale = useLocale();
  const { target, withNext } = useAuthTarget();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = signInInput.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setProblem(null);
    setPending(true);
    try {
      await apiRequest("POST", "/auth/sign-in/email", { body: { ...parsed.data, rememberMe: true } });
      // A full load: the server decides the next page (verify, onboarding, paywall or `next`) with the new session.
      await finishSignIn(target, locale);
    } catch (error) {
      if (isBannedError(error)) {
        window.location.assign(`${to("/sso")}?banned=true`);
        return;
      }
      setPending(false);
      setProblem(t(`errors.${authErrorKey(error)}`));
    }
  };

  return (
    <div>
      <AuthHeading />
      <form noValidate onSubmit={handleSubmit} className="space-y-4">
        {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
        <TextField
          label={t("fields.email")}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={errors.email ? t(`errors.${errors.email}`) : null}
        />
        <TextField
          label={t("fields.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={errors.password ? t(`errors.${errors.password}`) : null}
        />
        <div className="text-right text-sm">
          <Link to={to("/forgot-password")} className="text-indigo-600 hover:underline dark:text-indigo-400">
            {t("emailLogin.forgot")}
          </Link>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={isPending}>
          {isPending ? t("emailLogin.submitting") : t("emailLogin.submit")}
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
