import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { apiRequest } from "../../api/api-client";
import { authErrorKey } from "../../features/auth/auth-errors";
import { fieldErrors, forgotPasswordInput } from "../../features/auth/auth-schemas";
import { AuthHeading } from "../../features/auth/components/auth-heading";
import { FormMessage } from "../../features/auth/components/form-message";
import { TextField } from "../../features/auth/components/text-field";
import { useLocalizedPath } from "../../i18n/use-locale";

/** Always the same answer, whether or not the address has an account. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation("auth");
  const to = useLocalizedPath();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSent, setSent] = useState(false);
  const [isPending, setPending] = useState(false);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = forgotPasswordInput.safeParse({ email });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).email ?? "emailInvalid");
      return;
    }
    setError(null);
    setProblem(null);
    setPending(true);
    try {
      await apiRequest("POST", "/auth/request-password-reset", { body: { email: parsed.data.email, redirectTo: to("/reset-password") } });
      setSent(true);
    } catch (caught) {
      setProblem(t(`errors.${authErrorKey(caught)}`));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="space-y-4">
      <AuthHeading subtitle={t("forgot.subtitle")} />
      {isSent ? (
        <FormMessage kind="notice">{t("forgot.sent")}</FormMessage>
      ) : (
        <form noValidate onSubmit={handleSubmit} className="space-y-4">
          {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
          <TextField
            label={t("fields.email")}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
            error={error ? t(`errors.${error}`) : null}
          />
          <button type="submit" className="btn-primary w-full" disabled={isPending}>
            {t("forgot.submit")}
          </button>
        </form>
      )}
      <p className="text-center text-sm">
        <Link to={to("/email-login")} className="text-indigo-600 hover:underline dark:text-indigo-400">
          {t("forgot.back")}
        </Link>
      </p>
    </div>
  );
}
