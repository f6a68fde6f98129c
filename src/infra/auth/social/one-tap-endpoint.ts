import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { handleOAuthUserInfo } from "better-auth/oauth2";
import { z } from "zod";
import { type GoogleSettings, googleUserInfo, verifyGoogleIdToken } from "./google";

const oneTapBody = z.object({ idToken: z.string().min(1).max(8192) });

/**
 * `POST /one-tap/callback {idToken}`: the Google Identity Services credential from One Tap. Mirrors
 * better-auth's one-tap plugin, but verifies against the configured JWKS and issuer (that plugin
 * hard-codes Google's), so the stand-in can sign tokens in tests. Errors are codes:
 * ONE_TAP_DISABLED (404, Google not configured), INVALID_ID_TOKEN (400), EMAIL_NOT_FOUND (400), and better-auth's sign-in refusals (401/403).
 */
export function oneTapCallbackEndpoint(settings: GoogleSettings | null) {
  return createAuthEndpoint("/one-tap/callback", { method: "POST", body: oneTapBody }, async (ctx) => {
    if (!settings) throw new APIError("NOT_FOUND", { code: "ONE_TAP_DISABLED", message: "Google sign-in is off." });
    const claims = await verifyGoogleIdToken(settings, ctx.body.idToken);
    if (!claims || typeof claims.sub !== "string" || !claims.sub) {
      throw new APIError("BAD_REQUEST", { code: "INVALID_ID_TOKEN", message: "The Google credential is not valid." });
    }
    const { user: profile } = googleUserInfo(claims);
    if (!profile.email) {
      throw new APIError("BAD_REQUEST", { code: "EMAIL_NOT_FOUND", message: "The Google account has no e-mail." });
    }
    const result = await handleOAuthUserInfo(ctx, {
      userInfo: {
        id: claims.sub,
        email: profile.email.toLowerCase(),
        emailVerified: profile.emailVerified,
        name: profile.name ?? "",
        image: profile.image,
      },
      account: { providerId: "google", accountId: claims.sub, idToken: ctx.body.idToken, scope: "openid,profile,email" },
      source: { method: "oauth", oauth: { providerId: "google", profile: claims } },
    });
    if (result.error !== null) {
      const code = result.error.split(" ").join("_");
      if (code === "email_not_verified") throw new APIError("FORBIDDEN", { code, message: result.error });
      throw new APIError("UNAUTHORIZED", { code, message: result.error });
    }
    await setSessionCookie(ctx, result.data);
    return ctx.json({ token: result.data.session.token, user: { id: result.data.user.id, email: result.data.user.email } });
  });
}
