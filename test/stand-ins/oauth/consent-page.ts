import type { StandInProviderId, StandInUser } from "./test-users";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const titles: Record<StandInProviderId, string> = {
  google: "Google",
  facebook: "Facebook",
  apple: "Apple",
  microsoft: "Microsoft",
};

/**
 * The provider's sign-in and consent screen: the authorization request rides along in hidden fields,
 * the person is editable (a test types a fresh address to be a new user, or clears it: no e-mail).
 */
export function renderConsentPage(provider: StandInProviderId, request: URLSearchParams, user: StandInUser): string {
  const hidden = [...request.entries()]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Sign in with ${titles[provider]} (stand-in)</title></head>
<body>
<h1>Sign in with ${titles[provider]} (stand-in)</h1>
<p>${escapeHtml(request.get("client_id") ?? "")} wants your name and e-mail address.</p>
<form method="post" action="/${provider}/consent">
${hidden}
<label>Name <input name="stand_in_name" value="${escapeHtml(user.name)}"></label>
<label>E-mail <input name="stand_in_email" value="${escapeHtml(user.email ?? "")}"></label>
<button type="submit" name="stand_in_decision" value="allow">Allow</button>
<button type="submit" name="stand_in_decision" value="deny">Deny</button>
</form>
</body></html>`;
}

/** Apple's answer: a page that posts code, state and (first time only) `user` to the redirect URI. */
export function renderFormPost(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Redirecting</title></head>
<body onload="document.forms[0].submit()">
<form method="post" action="${escapeHtml(action)}">
${inputs}
<noscript><button type="submit">Continue</button></noscript>
</form>
</body></html>`;
}
