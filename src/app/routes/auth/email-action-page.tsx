import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { authErrorKey } from "~/app/features/auth/auth-errors";
import { AuthHeading } from "~/app/features/auth/components/auth-heading";
import { verifyEmail } from "~/app/features/auth/queries";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { FormMessage } from "~/app/ui/form-message";
import { Spinner } from "~/app/ui/spinner";

const modes = ["verifyEmail", "verifyAndChangeEmail", "resetPassword"] as const;
type Mode = (typeof modes)[number];
const isMode = (value: string | null): value is Mode => modes.some((mode) => mode === value);

/** spec section 2: the e-mail action link (mode + oobCode); its return URL is /signin. */
export default function EmailActionPage() {
  const { t } = useTranslation("auth");
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const mode = params.get("mode");
  const code = params.get("oobCode");
  const [problem, setProblem] = useState<string | null>(isMode(mode) && code ? null : "linkInvalid");
  const hasRun = useRef(false);

  useEffect(() => {
    if (hasRun.current || !isMode(mode) || !code) return;
    hasRun.current = true;
    if (mode === "resetPassword") {
      navigate(`${to("/reset-password")}?oobCode=${encodeURIComponent(code)}`, { replace: true });
      return;
    }
    verifyEmail(code).then(
      () => window.location.assign(to("/signin")),
      (error: unknown) => setProblem(authErrorKey(error) === "network" ? "network" : "linkInvalid"),
    );
  }, [mode, code, navigate, to]);

  if (problem) {
    return (
      <div className="space-y-4">
        <AuthHeading />
        <FormMessage kind="error">{t(`errors.${problem}`)}</FormMessage>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("emailAction.failedHelp")}</p>
        <Link to={to("/verify")} className="btn-secondary w-full">
          {t("emailAction.resend")}
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-4 py-6 text-center">
      <AuthHeading subtitle={t("emailAction.working")} />
      <Spinner size="md" />
    </div>
  );
}
