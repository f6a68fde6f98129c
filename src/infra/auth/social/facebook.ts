import { createAuthorizationURL, type OAuthProvider, validateAuthorizationCode } from "better-auth/oauth2";
import { z } from "zod";
import type { SocialEnv } from "./social-env";

export interface FacebookSettings {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  /** Graph `/me`; asked for `?fields=id,name,email,picture` with the access token. */
  userInfoUrl: string;
}

/** Facebook's settings, or null when sign-in with Facebook is off. */
export function facebookSettings(env: SocialEnv): FacebookSettings | null {
  if (!env.FACEBOOK_CLIENT_ID || !env.FACEBOOK_CLIENT_SECRET) return null;
  return {
    clientId: env.FACEBOOK_CLIENT_ID,
    clientSecret: env.FACEBOOK_CLIENT_SECRET,
    authorizationUrl: env.FACEBOOK_AUTHORIZATION_URL,
    tokenUrl: env.FACEBOOK_TOKEN_URL,
    userInfoUrl: env.FACEBOOK_USERINFO_URL,
  };
}

// Graph answers `email` only when the person has a confirmed one and granted the permission.
export const facebookProfile = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  email: z.string().optional(),
  picture: z
    .object({ data: z.object({ url: z.string() }).partial() })
    .partial()
    .optional(),
});

export type FacebookProfile = z.infer<typeof facebookProfile>;

/** Reads the profile with the access token; null when Graph refuses or answers something else. */
export async function fetchFacebookProfile(settings: FacebookSettings, accessToken: string): Promise<FacebookProfile | null> {
  const url = new URL(settings.userInfoUrl);
  url.searchParams.set("fields", "id,name,email,picture");
  const response = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` }, redirect: "error" }).catch(() => null);
  if (!response?.ok) return null;
  const parsed = facebookProfile.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}

/**
 * Code flow without an ID token: the profile comes from Graph `/me`. A profile without an e-mail is
 * passed on without one, so better-auth's callback fails with `email_not_found` (see social-errors.ts).
 * No `idToken` config: sign-in with a client-submitted token is off, since Graph access tokens are
 * not bound to our app at `/me` (the code flow's token comes from our own exchange, so it is).
 */
export function facebookProvider(settings: FacebookSettings): OAuthProvider<FacebookProfile> {
  const options = { clientId: settings.clientId, clientSecret: settings.clientSecret };
  return {
    id: "facebook",
    name: "Facebook",
    accountSubject: ({ profile }) => profile.id,
    createAuthorizationURL: ({ state, redirectURI }) =>
      createAuthorizationURL({
        id: "facebook",
        options,
        authorizationEndpoint: settings.authorizationUrl,
        scopes: ["email", "public_profile"],
        state,
        redirectURI,
      }),
    validateAuthorizationCode: ({ code, redirectURI }) =>
      validateAuthorizationCode({ code, redirectURI, options, tokenEndpoint: settings.tokenUrl }),
    getUserInfo: async (tokens) => {
      if (!tokens.accessToken) return null;
      const profile = await fetchFacebookProfile(settings, tokens.accessToken);
      if (!profile) return null;
      return {
        user: {
          name: profile.name,
          email: profile.email ?? null,
          image: profile.picture?.data?.url,
          // Graph's `email` is the person's confirmed primary address, but it says nothing of the kind
          // in the answer; unverified keeps better-auth from linking it to an existing account.
          emailVerified: false,
        },
        data: profile,
      };
    },
    options,
  };
}
