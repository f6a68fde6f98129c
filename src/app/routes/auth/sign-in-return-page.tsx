import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRouteLoaderData } from "react-router";
import { AuthHeading } from "~/app/features/auth/components/auth-heading";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import type { loader as rootLoader } from "~/app/root";
import { Spinner } from "~/app/ui/spinner";

/**
 * spec section 2: /signin is the e-mail action link's return URL. Signed in (the verification link signs
 * in), a full load of Home lets the server pick the page; a visitor without a session is offered sign-in.
 */
export default function SignInReturnPage() {
  const { t } = useTranslation("auth");
  const to = useLocalizedPath();
  const isSignedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.account);
  useEffect(() => {
    if (isSignedIn) window.location.replace(to("/home"));
  }, [isSignedIn, to]);
  return (
    <div className="space-y-4">
      <AuthHeading />
      {isSignedIn ? (
        <div className="flex justify-center py-4">
          <Spinner size="md" />
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("signinReturn.signedOut")}</p>
          <Link to={to("/login")} className="btn-primary w-full">
            {t("signinReturn.toLogin")}
          </Link>
        </>
      )}
    </div>
  );
}
