import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { apiRequest } from "../../api/api-client";
import { authErrorKey } from "../../features/auth/auth-errors";
import { fieldErrors, signUpInput } from "../../features/auth/auth-schemas";
import { AuthHeading } from "../../features/auth/components/auth-heading";
import { FormMessage } from "../../features/auth/components/form-message";
import { SocialButtons } from "../../features/auth/components/social-buttons";
import { TextField } from "../../features/auth/components/text-field";
import { finishSignIn } from "../../features/auth/finish-sign-in";
import { useAuthTarget } from "../../features/auth/use-auth-target";
import { useLocale } from "../../i18n/use-locale";

/**
 * interpretations 8: /signup and /register create an account. Sign-up answers alike for new and taken
 * addresses, so the page then signs in: a new account goes on (to /verify); a taken one gets the
 * same "check your inbox" notice, and its owner a mail.
 */
export default function SignupPage() {
  const { t } = useTranslation("auth");
  const locale = useLocale();
  const { target, withNext } = useAuthTarget();
  const [values, setValues] = useState({ name: "", email: "", password: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [isSent, setSent] = useState(false);
  const [isPending, setPending] = useState(false);
  const set = (field: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = signUpInput.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setProblem(null);
    setPending(true);
    try {
      await apiRequest("POST", "/auth/sign-up/email", { body: parsed.data });
    } catch (error) {
      setPending(false);
      setProblem(t(`errors.${authErrorKey(error)}`));
      return;
    }
    try {
      await apiRequest("POST", "/auth/sign-in/email", { body: { email: parsed.data.email, password: parsed.data.password } });
    } catch {
      setPending(false);
      setSent(true);
      return;
    }
    await finishSignIn(target, locale);
  };

  if (isSent) {
    return (
      <div className="space-y-4">
        <AuthHeading title={t("signup.checkInboxTitle")} />
        <FormMessage kind="notice">{t("signup.checkInbox", { email: values.email.trim() })}</FormMessage>
        <Link to={withNext("/email-login")} className="btn-secondary w-full">
          {t("signup.toSignIn")}
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <AuthHeading subtitle={t("signup.subtitle")} />
      <SocialButtons />
      <form noValidate onSubmit={handleSubmit} className="space-y-4">
        {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
        <TextField
          label={t("fields.name")}
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={set("name")}
          error={errors.name ? t(`errors.${errors.name}`) : null}
        />
        <TextField
          label={t("fields.email")}
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set("email")}
          error={errors.email ? t(`errors.${errors.email}`) : null}
        />
        <TextField
          label={t("fields.password")}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={t("fields.passwordRule")}
          value={values.password}
          onChange={set("password")}
          error={errors.password ? t(`errors.${errors.password}`) : null}
        />
        <button type="submit" className="btn-primary w-full" disabled={isPending}>
          {isPending ? t("signup.submitting") : t("signup.submit")}
        </button>
      </form>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        {t("signup.haveAccount")}{" "}
        <Link to={withNext("/email-login")} className="font-semibold text-indigo-600 hover:underline dark:text-indigo-400">
          {t("signup.signIn")}
        </Link>
      </p>
    </div>
  );
}
