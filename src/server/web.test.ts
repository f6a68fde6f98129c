import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase } from "../../test/support/test-databases";
import { saveRedirect } from "../core/site-redirects/mutations";
import { createLogger } from "../infra/logging/logger";
import { parseEnv } from "../runtime/env";
import { type RunningWeb, startWeb } from "./start-web";

// The web role over real HTTP, once on PGlite and once on PostgreSQL (needs `npm run build` first).
describe.each(databaseKinds)("web role on %s", (kind) => {
  let web: RunningWeb;
  const get = (path: string, init?: RequestInit) => fetch(`${web.url}${path}`, { redirect: "manual", ...init });

  beforeAll(async () => {
    const { handle } = await openTestDatabase(kind);
    web = await startWeb(parseEnv({ PORT: "0", HOST: "127.0.0.1" }), createLogger("silent"), { database: handle });
    await saveRedirect(web.database.db, { fromPath: "/old-pricing", toUrl: "/meeting-summarizer/" });
    await saveRedirect(web.database.db, { fromPath: "/blog", toUrl: "https://blog.example.com/" });
  });
  afterAll(async () => {
    await web?.stop();
  });

  it("reports database, queue and storage readiness", async () => {
    const response = await get("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "ok",
      database: { ready: true, kind },
      queue: { ready: true },
      storage: { ready: true, kind: "disk" },
    });
  });

  it("serves the OpenAPI document and its docs page without any CDN", async () => {
    const spec = (await (await get("/api/openapi.json")).json()) as { openapi: string; paths: Record<string, unknown> };
    expect(spec.openapi).toBe("3.1.0");
    expect(Object.keys(spec.paths)).toContain("/health");
    const docs = await (await get("/api/docs")).text();
    expect(docs).toContain("/api/docs/assets/swagger-ui-bundle.js");
    expect(docs).not.toMatch(/https?:\/\//);
    const bundle = await get("/api/docs/assets/swagger-ui-bundle.js");
    expect(bundle.status).toBe(200);
    expect(await get("/api/docs/assets/../../package.json")).toHaveProperty("status", 404);
  });

  it("answers unknown API routes with a JSON 404", async () => {
    const response = await get("/api/nope");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ errorCode: "NOT_FOUND" });
  });

  it("renders a marketing page with security headers, a CSP nonce and compression", async () => {
    const response = await get("/transcribe/", { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    // fetch decompresses on the fly; the header above proves the wire was gzip.
    const html = await response.text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('<link rel="alternate" hrefLang="es" href="http://127.0.0.1');
  });

  it("redirects marketing pages to their trailing-slash URL, keeping the query", async () => {
    const response = await get("/es/transcribe?source=ad");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/es/transcribe/?source=ad");
  });

  it("answers 404 for an unknown page and for a bad parameter", async () => {
    const unknown = await get("/no-such-page");
    expect(unknown.status).toBe(404);
    const badParam = await get("/note/bad%20id");
    expect(badParam.status).toBe(404);
    expect(await badParam.text()).toContain("Page Not Found: /note/bad%20id");
  });

  it("sends anonymous visitors of signed-in pages to Login with next", async () => {
    const response = await get("/es/notes?tab=1");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/es/login?next=%2Fes%2Fnotes%3Ftab%3D1");
  });

  it("applies the server-side redirect lookup, also for retired URLs", async () => {
    const moved = await get("/old-pricing?source=mail");
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe("/meeting-summarizer/?source=mail");
    const external = await get("/es/blog");
    expect(external.headers.get("location")).toBe("https://blog.example.com/");
  });

  it("serves catalogs per locale with 24 h caching and a build manifest", async () => {
    const catalog = await get("/_i18n/es/common.json?v=1");
    expect(catalog.status).toBe(200);
    expect(catalog.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(((await catalog.json()) as { confirm: { cancel: string } }).confirm.cancel).toBe("Cancelar");
    expect((await get("/_i18n/de/common.json")).status).toBe(404);
    expect((await get("/_i18n/en/secrets.json")).status).toBe(404);
    const manifest = await get("/build-manifest.json");
    expect(manifest.headers.get("cache-control")).toBe("no-store");
    expect(await manifest.json()).toEqual({ version: expect.stringMatching(/\w+/) });
  });

  it("caches fingerprinted assets for a year", async () => {
    const html = await (await get("/")).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await get(asset ?? "");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await get("/assets/missing-file.js")).status).toBe(404);
  });

  it("sends the bare home page to the visitor's language and remembers it", async () => {
    const byHeader = await get("/", { headers: { "Accept-Language": "pt-BR,pt;q=0.9" } });
    expect(byHeader.status).toBe(302);
    expect(byHeader.headers.get("location")).toBe("/pt/");
    expect(byHeader.headers.get("set-cookie")).toMatch(/i18n_redirected=pt; Max-Age=31536000/);
    const byCookie = await get("/", { headers: { Cookie: "i18n_redirected=es", "Accept-Language": "pt" } });
    expect(byCookie.headers.get("location")).toBe("/es/");
    const english = await get("/", { headers: { Cookie: "i18n_redirected=en", "Accept-Language": "es" } });
    expect(english.status).toBe(200);
  });

  it("renders the server's theme choice from the cookie", async () => {
    const html = await (await get("/faq", { headers: { Cookie: "theme=dark" } })).text();
    expect(html).toMatch(/<html lang="en" class="dark"/);
  });
});
