import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { forgotPasswordInput } from "~/app/features/auth/auth-schemas";
import { AuthHeading } from "~/app/features/auth/components/auth-heading";
import { TextField } from "~/app/features/auth/components/text-field";
import { requestPasswordReset } from "~/app/features/auth/queries";
import { useAuthForm } from "~/app/features/auth/use-auth-form";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { FormMessage } from "~/app/ui/form-message";

/** Always the same answer, whether or not the address has an account. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation("auth");
  const to = useLocalizedPath();
  const form = useAuthForm(forgotPasswordInput, { email: "" });
  const [isSent, setSent] = useState(false);

  const handleSubmit = form.submit(async (data) => {
    await requestPasswordReset({ email: data.email, redirectTo: to("/reset-password") });
    setSent(true);
  });

  return (
    <div className="space-y-4">
      <AuthHeading subtitle={t("forgot.subtitle")} />
      {isSent ? (
        <FormMessage kind="notice">{t("forgot.sent")}</FormMessage>
      ) : (
        <form noValidate onSubmit={handleSubmit} className="space-y-4">
          {form.problem ? <FormMessage kind="error">{form.problem}</FormMessage> : null}
          <TextField label={t("fields.email")} type="email" autoComplete="email" {...form.field("email")} />
          <button type="submit" className="btn-primary w-full" disabled={form.isPending}>
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
