import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { AuthHeading } from "~/app/features/auth/components/auth-heading";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { FormMessage } from "~/app/ui/form-message";

/** spec section 6: where a banned user lands after being signed out (`?banned=true`). */
export default function SsoPage() {
  const { t } = useTranslation("auth");
  const to = useLocalizedPath();
  const [params] = useSearchParams();
  const isBanned = params.get("banned") === "true";
  return (
    <div className="space-y-4">
      <AuthHeading title={isBanned ? t("sso.bannedTitle") : undefined} />
      {isBanned ? <FormMessage kind="error">{t("sso.banned")}</FormMessage> : <p>{t("sso.body")}</p>}
      <Link to={to("/login")} className="btn-secondary w-full">
        {t("sso.toLogin")}
      </Link>
    </div>
  );
}
