import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AuthHeading } from "~/app/features/auth/components/auth-heading";
import { SocialButtons } from "~/app/features/auth/components/social-buttons";
import { useAuthTarget } from "~/app/features/auth/use-auth-target";

/** interpretations 8: /login shows every sign-in method. */
export default function LoginPage() {
  const { t } = useTranslation("auth");
  const { withNext } = useAuthTarget();
  return (
    <div className="space-y-6">
      <AuthHeading subtitle={t("login.subtitle")} />
      <SocialButtons />
      <Link to={withNext("/email-login")} className="btn-primary w-full">
        {t("login.withEmail")}
      </Link>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        {t("login.noAccount")}{" "}
        <Link to={withNext("/signup")} className="font-semibold text-indigo-600 hover:underline dark:text-indigo-400">
          {t("login.signUp")}
        </Link>
      </p>
    </div>
  );
}
