import type { Hono } from "hono";
import { addAuthorizeRoutes } from "./authorize";
import type { CodeStore } from "./code-store";
import type { StandInClients } from "./test-clients";
import { defaultStandInUsers, standInSubject } from "./test-users";
import { readTokenRequest, redeemCode, tokenError } from "./token-exchange";

/** Facebook under /facebook at Graph's v24.0 paths: dialog, access_token (no ID token), /me. */
export function addFacebook(app: Hono, base: string, clients: StandInClients, codes: CodeStore): void {
  const { clientId, clientSecret } = clients.facebook;
  addAuthorizeRoutes(
    app,
    "/facebook/v24.0/dialog/oauth",
    { provider: "facebook", clientId, defaultUser: defaultStandInUsers.facebook, responseMode: "query" },
    codes,
  );

  app.post("/facebook/v24.0/oauth/access_token", async (c) => {
    const request = await readTokenRequest(c);
    if (request.clientId !== clientId || request.clientSecret !== clientSecret) return tokenError(c, "invalid_client", 401);
    const result = redeemCode(codes, "facebook", request);
    if ("error" in result) return tokenError(c, result.error);
    return c.json({ access_token: codes.issueAccessToken(result.grant), token_type: "bearer", expires_in: 5183944 });
  });

  // Graph takes the token as a bearer header or `access_token`; it leaves out `email` when there is none.
  app.get("/facebook/v24.0/me", (c) => {
    const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
    const grant = codes.findAccessToken(bearer ?? c.req.query("access_token") ?? "");
    if (grant?.provider !== "facebook") {
      return c.json({ error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 } }, 401);
    }
    const fields = new Set((c.req.query("fields") ?? "id,name").split(","));
    const { user } = grant;
    return c.json({
      id: standInSubject("facebook", user),
      ...(fields.has("name") ? { name: user.name } : {}),
      ...(fields.has("email") && user.email ? { email: user.email } : {}),
      ...(fields.has("picture") ? { picture: { data: { url: `${base}/facebook/picture.png`, width: 50, height: 50 } } } : {}),
    });
  });
}
