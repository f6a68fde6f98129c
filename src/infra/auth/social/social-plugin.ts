import type { BetterAuthPlugin } from "better-auth";
import type { OAuthProvider } from "better-auth/oauth2";
import type { SignInProviderId } from "~/shared/accounts/account-summary";
import { appleProvider, appleSettings } from "./apple";
import { facebookProvider, facebookSettings } from "./facebook";
import { googleProvider, googleSettings } from "./google";
import { microsoftProvider, microsoftSettings } from "./microsoft";
import { oneTapCallbackEndpoint } from "./one-tap-endpoint";
import type { SocialEnv } from "./social-env";

/**
 * Our own provider objects instead of better-auth's `socialProviders`: those hard-code Google's,
 * Facebook's and Apple's endpoints, and these take every endpoint from the environment (decision 012).
 */
export function buildSignInProviders(env: SocialEnv): OAuthProvider[] {
  const providers: OAuthProvider[] = [];
  const google = googleSettings(env);
  if (google) providers.push(googleProvider(google) as OAuthProvider);
  const facebook = facebookSettings(env);
  if (facebook) providers.push(facebookProvider(facebook) as OAuthProvider);
  const apple = appleSettings(env);
  if (apple) providers.push(appleProvider(apple) as OAuthProvider);
  const microsoft = microsoftSettings(env);
  if (microsoft) providers.push(microsoftProvider(microsoft) as OAuthProvider);
  return providers;
}

/** Provider ids whose configuration is complete, in button order (the login page shows only these). */
export function enabledSignInProviders(env: SocialEnv): SignInProviderId[] {
  const enabled: [SignInProviderId, boolean][] = [
    ["google", googleSettings(env) !== null],
    ["facebook", facebookSettings(env) !== null],
    ["apple", appleSettings(env) !== null],
    ["microsoft", microsoftSettings(env) !== null],
  ];
  return enabled.filter(([, isOn]) => isOn).map(([id]) => id);
}

/** The client id One Tap runs with, or null when Google sign-in is off (then One Tap is off too). */
export function oneTapClientId(env: SocialEnv): string | null {
  return googleSettings(env)?.clientId ?? null;
}

/**
 * Adds the configured providers to better-auth (`/sign-in/social`, `/callback/:id`) and
 * `POST /one-tap/callback {idToken}` (404 ONE_TAP_DISABLED while Google is off).
 */
export function socialSignInPlugin(env: SocialEnv) {
  const providers = buildSignInProviders(env);
  return {
    id: "parley-social-sign-in",
    init: (ctx) => ({
      context: {
        // Ours first; a built-in with the same id (none is configured) would otherwise shadow it.
        socialProviders: [...providers, ...ctx.socialProviders.filter((p) => !providers.some((own) => own.id === p.id))],
      },
    }),
    endpoints: { parleyOneTapCallback: oneTapCallbackEndpoint(googleSettings(env)) },
  } satisfies BetterAuthPlugin;
}
