import type { RunningWeb } from "../../src/server/start-web";

/** Signs a bench user up, verifies them through the caught mail, and returns their session cookie header. */
export async function signedInCookie(web: RunningWeb, email = "bench@example.com"): Promise<string> {
  const origin = { Origin: web.url, "Content-Type": "application/json" };
  await fetch(`${web.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: origin,
    body: JSON.stringify({ email, password: "bench password 1", name: "Bench" }),
  });
  const code = /oobCode=([^\s&]+)/.exec(web.mailCatcher?.list({ to: email })[0]?.text ?? "")?.[1];
  const verified = await fetch(`${web.url}/api/auth/verify-email?token=${code}`, { headers: origin });
  return verified.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}
