import type { StandInUser } from "./test-users";

export interface ConsentAnswer {
  /** Where the browser goes next: the redirect URI (query mode) or the form_post action. */
  target: URL;
  /** The parameters the app receives: code + state, or error; Apple's `user` when sent. */
  params: URLSearchParams;
  method: "GET" | "POST";
}

/**
 * Plays the person at a stand-in's consent page over HTTP, as the browser would: open the page from
 * the authorization URL, then Allow (or Deny) as `user`. For tests without a browser.
 */
export async function answerConsent(
  authorizationUrl: string,
  options: { user?: StandInUser; deny?: boolean } = {},
): Promise<ConsentAnswer> {
  const url = new URL(authorizationUrl);
  const page = await fetch(url);
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${await page.text()}`);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error("no consent form");
  // As a browser submits it: every field of the page with its value, then the button pressed.
  const form = new URLSearchParams();
  for (const match of html.matchAll(/<input (?:type="hidden" )?name="([^"]+)" value="([^"]*)">/g)) {
    form.set(decodeHtml(match[1] ?? ""), decodeHtml(match[2] ?? ""));
  }
  form.set("stand_in_decision", options.deny ? "deny" : "allow");
  if (options.user) {
    form.set("stand_in_name", options.user.name);
    form.set("stand_in_email", options.user.email ?? "");
  }
  const answer = await fetch(new URL(action, url), { method: "POST", body: form, redirect: "manual" });
  if (answer.status === 302) {
    const target = new URL(answer.headers.get("location") ?? "");
    return { target, params: target.searchParams, method: "GET" };
  }
  const body = await answer.text();
  const formAction = /<form method="post" action="([^"]+)"/.exec(body)?.[1];
  if (answer.status !== 200 || !formAction) throw new Error(`consent answered ${answer.status}: ${body}`);
  const params = new URLSearchParams();
  for (const match of body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    params.set(decodeHtml(match[1] ?? ""), decodeHtml(match[2] ?? ""));
  }
  return { target: new URL(decodeHtml(formAction)), params, method: "POST" };
}

function decodeHtml(value: string): string {
  return value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}
