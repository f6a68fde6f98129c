import type { Context, Hono } from "hono";
import type { CodeStore } from "./code-store";
import { renderConsentPage, renderFormPost } from "./consent-page";
import type { StandInProviderId, StandInUser } from "./test-users";

export interface AuthorizeRules {
  provider: StandInProviderId;
  clientId: string;
  defaultUser: StandInUser;
  /** Apple answers with form_post; the others redirect with the code in the query. */
  responseMode: "query" | "form_post";
}

const badRequest = (c: Context, error: string) => c.json({ error, error_description: error }, 400);

function checkRequest(request: URLSearchParams, rules: AuthorizeRules): string | null {
  if (request.get("client_id") !== rules.clientId) return "invalid_client";
  if (request.get("response_type") !== "code") return "unsupported_response_type";
  const redirectUri = request.get("redirect_uri") ?? "";
  if (!URL.canParse(redirectUri) || !redirectUri.endsWith(`/callback/${rules.provider}`)) return "invalid_redirect_uri";
  if (!request.get("state")) return "invalid_request";
  const challengeMethod = request.get("code_challenge_method");
  if (request.get("code_challenge") && challengeMethod !== "S256") return "invalid_request";
  if (rules.responseMode === "form_post" && request.get("response_mode") !== "form_post") return "invalid_request";
  return null;
}

/** GET `authorizePath`: the consent page; POST `/<provider>/consent`: Allow or Deny. */
export function addAuthorizeRoutes(app: Hono, authorizePath: string, rules: AuthorizeRules, codes: CodeStore): void {
  // Apple sends the name only on a person's first authorization of the app.
  const authorizedBefore = new Set<string>();

  app.get(authorizePath, (c) => {
    const request = new URL(c.req.url).searchParams;
    const problem = checkRequest(request, rules);
    if (problem) return badRequest(c, problem);
    return c.html(renderConsentPage(rules.provider, request, rules.defaultUser));
  });

  app.post(`/${rules.provider}/consent`, async (c) => {
    const form = new URLSearchParams(await c.req.text());
    const problem = checkRequest(form, rules);
    if (problem) return badRequest(c, problem);
    const redirectUri = form.get("redirect_uri") ?? "";
    const state = form.get("state") ?? "";
    const answer = (fields: Record<string, string>) => {
      if (rules.responseMode === "form_post") return c.html(renderFormPost(redirectUri, fields));
      const target = new URL(redirectUri);
      for (const [name, value] of Object.entries(fields)) target.searchParams.set(name, value);
      return c.redirect(target.toString(), 302);
    };
    if (form.get("stand_in_decision") !== "allow") return answer({ error: "access_denied", state });
    const user: StandInUser = {
      name: form.get("stand_in_name") || rules.defaultUser.name,
      email: form.get("stand_in_email") || undefined,
    };
    const code = codes.issue({
      provider: rules.provider,
      clientId: rules.clientId,
      redirectUri,
      codeChallenge: form.get("code_challenge") ?? undefined,
      nonce: form.get("nonce") ?? undefined,
      user,
    });
    const fields: Record<string, string> = { code, state };
    const personKey = user.email ?? user.name;
    if (rules.provider === "apple" && !authorizedBefore.has(personKey)) {
      authorizedBefore.add(personKey);
      const [firstName = "", ...rest] = user.name.split(" ");
      fields.user = JSON.stringify({ name: { firstName, lastName: rest.join(" ") }, email: user.email });
    }
    return answer(fields);
  });
}
