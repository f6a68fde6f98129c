import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { authErrorKey } from "~/app/features/auth/auth-errors";
import { AuthHeading } from "~/app/features/auth/components/auth-heading";
import { isEmailVerified, sendVerificationEmail } from "~/app/features/auth/queries";
import { signOut } from "~/app/features/auth/session";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import type { loader as rootLoader } from "~/app/root";
import { FormMessage } from "~/app/ui/form-message";
import { Spinner } from "~/app/ui/spinner";

/** Seconds before another verification mail may be asked for (the server also limits it). */
const resendCooldownSeconds = 60;

/** /verify: a signed-in password user whose address is not confirmed yet. */
export default function VerifyEmailPage() {
  const { t } = useTranslation("auth");
  const to = useLocalizedPath();
  const email = useRouteLoaderData<typeof rootLoader>("root")?.account?.email ?? "";
  const [cooldown, setCooldown] = useState(0);
  const [message, setMessage] = useState<{ kind: "error" | "notice"; text: string } | null>(null);
  const [isChecking, setChecking] = useState(false);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = window.setTimeout(() => setCooldown((seconds) => seconds - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [cooldown]);

  const handleResend = async () => {
    setCooldown(resendCooldownSeconds);
    try {
      await sendVerificationEmail(email);
      setMessage({ kind: "notice", text: t("verify.resent", { email }) });
    } catch (error) {
      setMessage({ kind: "error", text: t(`errors.${authErrorKey(error)}`) });
    }
  };

  // Asks the server rather than reloading: an address that is not confirmed yet is said so, with what to do.
  const handleConfirmed = async () => {
    setChecking(true);
    setMessage(null);
    try {
      if (await isEmailVerified()) {
        // A full load, so the routing rules see the confirmed address and send the user on.
        window.location.assign(to("/home"));
        return;
      }
      setMessage({ kind: "error", text: t("verify.notYet", { email }) });
    } catch (error) {
      setMessage({ kind: "error", text: t(`errors.${authErrorKey(error)}`) });
    }
    setChecking(false);
  };

  return (
    <div className="space-y-4">
      <AuthHeading subtitle={t("verify.subtitle", { email })} />
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      <button type="button" className="btn-primary w-full" disabled={isChecking} onClick={() => void handleConfirmed()}>
        {isChecking ? <Spinner size="sm" /> : null}
        {t("verify.done")}
      </button>
      <button type="button" className="btn-secondary w-full" disabled={cooldown > 0} onClick={() => void handleResend()}>
        {cooldown > 0 ? t("verify.resendIn", { seconds: cooldown }) : t("verify.resend")}
      </button>
      <p className="text-center text-sm">
        <button
          type="button"
          className="text-slate-600 hover:underline dark:text-slate-400"
          onClick={() => void signOut({ to: to("/login") })}
        >
          {t("verify.signOut")}
        </button>
      </p>
    </div>
  );
}
