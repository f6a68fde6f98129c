import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRouteLoaderData } from "react-router";
import { authErrorKey } from "~/app/features/auth/auth-errors";
import { AuthHeading } from "~/app/features/auth/components/auth-heading";
import { finishSignIn } from "~/app/features/auth/finish-sign-in";
import { signInWithOneTap } from "~/app/features/auth/queries";
import { useAuthTarget } from "~/app/features/auth/use-auth-target";
import { useLocale, useLocalizedPath } from "~/app/i18n/use-locale";
import type { loader as rootLoader } from "~/app/root";
import { FormMessage } from "~/app/ui/form-message";
import { Spinner } from "~/app/ui/spinner";

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback(response: { credential: string }): void;
        use_fedcm_for_prompt?: boolean;
        context?: string;
      }): void;
      prompt(): void;
    };
  };
}

/** interpretations 8: the One Tap landing for marketing pages; the script loads only when configured. */
export default function GoogleOneTapPage() {
  const { t } = useTranslation("auth");
  const to = useLocalizedPath();
  const locale = useLocale();
  const { target, withNext } = useAuthTarget();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const clientId = root?.oneTapClientId ?? null;
  const scriptUrl = root?.gsiClientUrl ?? null;
  const nonce = root?.nonce;
  const [problem, setProblem] = useState<string | null>(clientId && scriptUrl ? null : "oneTapUnavailable");

  useEffect(() => {
    if (!clientId || !scriptUrl) return;
    const script = document.createElement("script");
    script.src = scriptUrl;
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.onerror = () => setProblem("oneTapUnavailable");
    script.onload = () => {
      const google = (window as unknown as { google?: GoogleIdentity }).google;
      if (!google) {
        setProblem("oneTapUnavailable");
        return;
      }
      google.accounts.id.initialize({
        client_id: clientId,
        use_fedcm_for_prompt: true,
        context: "signin",
        callback: ({ credential }) => {
          signInWithOneTap(credential).then(
            () => finishSignIn(target, locale),
            (error: unknown) => setProblem(authErrorKey(error)),
          );
        },
      });
      google.accounts.id.prompt();
    };
    document.head.appendChild(script);
    return () => script.remove();
  }, [clientId, scriptUrl, nonce, target, locale]);

  return (
    <div className="space-y-4">
      <AuthHeading />
      {problem ? (
        <>
          <FormMessage kind="error">{t(`errors.${problem}`)}</FormMessage>
          <Link to={withNext("/login")} className="btn-secondary w-full">
            {t("oneTap.otherMethods")}
          </Link>
        </>
      ) : (
        <div className="flex flex-col items-center gap-3 py-4 text-center">
          <Spinner size="md" />
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("oneTap.waiting")}</p>
          <Link to={to("/login")} className="text-sm text-indigo-600 hover:underline dark:text-indigo-400">
            {t("oneTap.otherMethods")}
          </Link>
        </div>
      )}
    </div>
  );
}
