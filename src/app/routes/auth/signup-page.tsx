import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { signUpInput } from "~/app/features/auth/auth-schemas";
import { AuthHeading } from "~/app/features/auth/components/auth-heading";
import { SocialButtons } from "~/app/features/auth/components/social-buttons";
import { TextField } from "~/app/features/auth/components/text-field";
import { finishSignIn } from "~/app/features/auth/finish-sign-in";
import { signInWithEmail, signUpWithEmail } from "~/app/features/auth/queries";
import { useAuthForm } from "~/app/features/auth/use-auth-form";
import { useAuthTarget } from "~/app/features/auth/use-auth-target";
import { useLocale, useLocalizedPath } from "~/app/i18n/use-locale";
import { FormMessage } from "~/app/ui/form-message";
import { LinkedText } from "~/app/ui/linked-text";

/**
 * interpretations 8: /signup and /register create an account. Sign-up answers alike for new and taken
 * addresses, so the page then signs in: a new account goes on (to /verify); a taken one gets the
 * same "check your inbox" notice, and its owner a mail.
 */
const policyLinkClass = "font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400";

export default function SignupPage() {
  const { t } = useTranslation("auth");
  const { t: tc } = useTranslation();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { target, withNext } = useAuthTarget();
  const form = useAuthForm(signUpInput, { name: "", email: "", password: "" });
  const [isSent, setSent] = useState(false);

  const handleSubmit = form.submit(async (data) => {
    await signUpWithEmail(data);
    try {
      await signInWithEmail({ email: data.email, password: data.password });
    } catch {
      setSent(true);
      return;
    }
    await finishSignIn(target, locale);
  });

  if (isSent) {
    return (
      <div className="space-y-4">
        <AuthHeading title={t("signup.checkInboxTitle")} />
        <FormMessage kind="notice">{t("signup.checkInbox", { email: form.values.email.trim() })}</FormMessage>
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
        {form.problem ? <FormMessage kind="error">{form.problem}</FormMessage> : null}
        <TextField label={t("fields.name")} autoComplete="name" {...form.field("name")} />
        <TextField label={t("fields.email")} type="email" autoComplete="email" {...form.field("email")} />
        <TextField
          label={t("fields.password")}
          type="password"
          autoComplete="new-password"
          hint={t("fields.passwordRule")}
          {...form.field("password")}
        />
        <button type="submit" className="btn-primary w-full" disabled={form.isPending}>
          {form.isPending ? t("signup.submitting") : t("signup.submit")}
        </button>
      </form>
      {/* Creating an account (with e-mail or a provider above) accepts the terms and the privacy policy; the
          policy pages open in a new tab (spec section 2), so the form keeps what was typed. */}
      <p className="text-center text-xs text-slate-600 dark:text-slate-400" data-testid="signup-agreement">
        <LinkedText
          format={(values) => t("signup.agreement", values)}
          links={{
            terms: (
              <a href={to("/terms.html")} target="_blank" rel="noopener noreferrer" className={policyLinkClass}>
                {tc("policyLinks.terms")}
              </a>
            ),
            privacy: (
              <a href={to("/policy.html")} target="_blank" rel="noopener noreferrer" className={policyLinkClass}>
                {tc("policyLinks.privacy")}
              </a>
            ),
          }}
        />
      </p>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        {t("signup.haveAccount")}{" "}
        <Link to={withNext("/email-login")} className="font-semibold text-indigo-600 hover:underline dark:text-indigo-400">
          {t("signup.signIn")}
        </Link>
      </p>
    </div>
  );
}
