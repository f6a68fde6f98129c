import { createLogger, type Logger } from "../../src/infra/logging/logger";
import { parseEnv } from "../../src/runtime/env";
import { type RunningWeb, startWeb } from "../../src/server/start-web";
import { type DatabaseKind, openTestDatabase } from "./test-databases";

/**
 * What every test web runs with: any free port on loopback, a fixed secret. No model downloads from the
 * internet in tests (issue 19 made both default on); a test that wants one points MODEL_DOWNLOAD_BASE_URL
 * at a local file server and sets these itself.
 */
export const testWebBaseEnv = {
  PORT: "0",
  HOST: "127.0.0.1",
  AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
  LLM_DOWNLOAD: "false",
  MODEL_AUTO_DOWNLOAD: "false",
} as const;

/**
 * The web role over real HTTP on a fresh database (needs `npm run build` first); env values override. A
 * logger may be given to read what the server logs (silent by default).
 */
export async function startTestWeb(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  logger: Logger = createLogger("silent"),
): Promise<RunningWeb> {
  const { handle } = await openTestDatabase(kind);
  // The test's own variables play the process environment: they lock engine settings (issue 19).
  return startWeb(parseEnv({ ...testWebBaseEnv, ...env }), logger, {
    database: handle,
    environment: env,
  });
}

/** A browser-like client: keeps cookies, sends Origin like a browser, fetches and sends the CSRF token. */
export class TestClient {
  private readonly cookies = new Map<string, string>();
  private csrfToken: string | null = null;

  constructor(
    readonly baseUrl: string,
    private readonly language = "en",
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const init: RequestInit = {
      method,
      redirect: "manual",
      headers: {
        Origin: this.baseUrl,
        "Accept-Language": this.language,
        Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        ...(body === undefined || body instanceof Uint8Array ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body:
        body === undefined
          ? undefined
          : body instanceof Uint8Array
            ? Buffer.from(body)
            : typeof body === "string"
              ? body
              : JSON.stringify(body),
    };
    const response = await fetch(`${this.baseUrl}${path}`, init);
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const isExpired = attributes.some((a) => /max-age=0/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (isExpired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** The anti-forgery token (fetched once). */
  async csrf(): Promise<string> {
    if (!this.csrfToken) {
      const response = await this.request("GET", "/api/csrf-token");
      this.csrfToken = ((await response.json()) as { csrfToken: string }).csrfToken;
    }
    return this.csrfToken;
  }

  /** A product API call with the anti-forgery token on non-GET requests. */
  async api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const csrf: Record<string, string> = method === "GET" || method === "HEAD" ? {} : { "X-CSRF-Token": await this.csrf() };
    return this.request(method, `/api${path}`, body, { ...csrf, ...headers });
  }

  async signUp(email: string, password: string, name = "Test User"): Promise<Response> {
    return this.request("POST", "/api/auth/sign-up/email", { email, password, name });
  }

  async signIn(email: string, password: string): Promise<Response> {
    return this.request("POST", "/api/auth/sign-in/email", { email, password });
  }
}

/** The oobCode of the newest e-mail-action link sent to `to`. */
export function actionCodeFor(web: RunningWeb, to: string, mode: "verifyEmail" | "resetPassword" | "verifyAndChangeEmail"): string {
  const mails = web.mailCatcher?.list({ to }) ?? [];
  for (const mail of mails) {
    const match = new RegExp(`/email-action\\?mode=${mode}&oobCode=([^\\s"'<>&]+)`).exec(mail.text);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  throw new Error(`no ${mode} mail to ${to}; mails: ${mails.map((mail) => mail.subject).join(", ")}`);
}

/** A new user signed up with a password and verified through the mailed link: a client ready for the API. */
export async function verifiedClient(web: RunningWeb, email: string, language = "en"): Promise<TestClient> {
  const client = new TestClient(web.url, language);
  await client.signUp(email, "correct horse battery");
  await client.request("GET", `/api/auth/verify-email?token=${encodeURIComponent(actionCodeFor(web, email, "verifyEmail"))}`);
  return client;
}
