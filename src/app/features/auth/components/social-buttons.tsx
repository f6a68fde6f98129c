import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import type { loader as rootLoader } from "~/app/root";
import { FormMessage } from "~/app/ui/form-message";
import type { SignInProviderId } from "~/shared/accounts/account-summary";
import { authErrorKey } from "../auth-errors";
import { startSocialSignIn } from "../queries";
import { useAuthTarget } from "../use-auth-target";

const labels: Record<SignInProviderId, string> = {
  google: "Google",
  facebook: "Facebook",
  apple: "Apple",
  microsoft: "Microsoft",
};

/** One button per configured provider (interpretations 27: unconfigured ones are hidden). */
export function SocialButtons() {
  const { t } = useTranslation("auth");
  const to = useLocalizedPath();
  const { target } = useAuthTarget();
  const providers = useRouteLoaderData<typeof rootLoader>("root")?.signInProviders ?? [];
  const [pending, setPending] = useState<SignInProviderId | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const handleClick = async (provider: SignInProviderId) => {
    setPending(provider);
    setProblem(null);
    try {
      const url = await startSocialSignIn({ provider, callbackURL: target, newUserCallbackURL: target, errorCallbackURL: to("/login") });
      if (!url) throw new Error("no authorization URL");
      window.location.assign(url);
    } catch (error) {
      setPending(null);
      setProblem(t(`errors.${authErrorKey(error)}`));
    }
  };

  if (providers.length === 0) return null;
  return (
    <div className="space-y-3">
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
      {providers.map((provider) => (
        <button
          key={provider}
          type="button"
          className="btn-secondary w-full"
          disabled={pending !== null}
          onClick={() => void handleClick(provider)}
        >
          {t("login.continueWith", { provider: labels[provider] })}
        </button>
      ))}
    </div>
  );
}
