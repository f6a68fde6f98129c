import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { apiRequest } from "../../api/api-client";
import { authErrorKey } from "../../features/auth/auth-errors";
import { fieldErrors, resetPasswordInput } from "../../features/auth/auth-schemas";
import { AuthHeading } from "../../features/auth/components/auth-heading";
import { FormMessage } from "../../features/auth/components/form-message";
import { TextField } from "../../features/auth/components/text-field";
import { useLocalizedPath } from "../../i18n/use-locale";

/** Opened from the reset mail (through /email-action); every session of the account ends on success. */
export default function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const to = useLocalizedPath();
  const [params] = useSearchParams();
  const token = params.get("oobCode") ?? params.get("token");
  const [values, setValues] = useState({ password: "", confirm: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [isDone, setDone] = useState(false);
  const [isPending, setPending] = useState(false);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = resetPasswordInput.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setProblem(null);
    setPending(true);
    try {
      await apiRequest("POST", "/auth/reset-password", { body: { token, newPassword: parsed.data.password } });
      setDone(true);
    } catch (error) {
      setProblem(t(`errors.${authErrorKey(error)}`));
    } finally {
      setPending(false);
    }
  };

  if (!token) {
    return (
      <div className="space-y-4">
        <AuthHeading />
        <FormMessage kind="error">{t("errors.linkInvalid")}</FormMessage>
        <Link to={to("/forgot-password")} className="btn-secondary w-full">
          {t("reset.askAgain")}
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <AuthHeading />
      {isDone ? (
        <>
          <FormMessage kind="notice">{t("reset.done")}</FormMessage>
          <Link to={to("/email-login")} className="btn-primary w-full">
            {t("reset.toSignIn")}
          </Link>
        </>
      ) : (
        <form noValidate onSubmit={handleSubmit} className="space-y-4">
          {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
          <TextField
            label={t("fields.newPassword")}
            name="password"
            type="password"
            autoComplete="new-password"
            hint={t("fields.passwordRule")}
            value={values.password}
            onChange={(password) => setValues((current) => ({ ...current, password }))}
            error={errors.password ? t(`errors.${errors.password}`) : null}
          />
          <TextField
            label={t("fields.confirmPassword")}
            name="confirm"
            type="password"
            autoComplete="new-password"
            value={values.confirm}
            onChange={(confirm) => setValues((current) => ({ ...current, confirm }))}
            error={errors.confirm ? t(`errors.${errors.confirm}`) : null}
          />
          <button type="submit" className="btn-primary w-full" disabled={isPending}>
            {t("reset.submit")}
          </button>
        </form>
      )}
    </div>
  );
}
