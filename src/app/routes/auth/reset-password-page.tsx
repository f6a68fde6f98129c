import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { resetPasswordInput } from "~/app/features/auth/auth-schemas";
import { AuthHeading } from "~/app/features/auth/components/auth-heading";
import { TextField } from "~/app/features/auth/components/text-field";
import { resetPassword } from "~/app/features/auth/queries";
import { useAuthForm } from "~/app/features/auth/use-auth-form";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { FormMessage } from "~/app/ui/form-message";

/** Opened from the reset mail (through /email-action); every session of the account ends on success. */
export default function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const to = useLocalizedPath();
  const [params] = useSearchParams();
  const token = params.get("oobCode") ?? params.get("token");
  const form = useAuthForm(resetPasswordInput, { password: "", confirm: "" });
  const [isDone, setDone] = useState(false);

  const handleSubmit = form.submit(async (data) => {
    // The form shows only with a token (below); the check narrows its type for the call.
    if (!token) return;
    await resetPassword({ token, newPassword: data.password });
    setDone(true);
  });

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
          {form.problem ? <FormMessage kind="error">{form.problem}</FormMessage> : null}
          <TextField
            label={t("fields.newPassword")}
            type="password"
            autoComplete="new-password"
            hint={t("fields.passwordRule")}
            {...form.field("password")}
          />
          <TextField label={t("fields.confirmPassword")} type="password" autoComplete="new-password" {...form.field("confirm")} />
          <button type="submit" className="btn-primary w-full" disabled={form.isPending}>
            {t("reset.submit")}
          </button>
        </form>
      )}
    </div>
  );
}
