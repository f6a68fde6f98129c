import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningWeb } from "~/server/start-web";
import { type FuzzRequest, type OpenApiDocument, requestFor } from "../../../test/support/openapi-arbitraries";
import { startTestWeb, type TestClient, verifiedClient } from "../../../test/support/test-web";

// Issue 21: every JSON route of /api/openapi.json, called by a signed-in admin (with the anti-forgery token)
// with requests made from the route's own schemas and hostile values (NUL, lone surrogates, huge numbers,
// wrong types, deep nesting, bodies that are not JSON): never a 5xx, and every error is the API's error
// body. Seeded and bounded: FUZZ_RUNS requests per operation (default 20, about 1,800 in all).
const seed = 21_021;
const runsPerOperation = Number(process.env.FUZZ_RUNS ?? 20);

/** Left out, with the reason. */
const skipped = new Map<string, string>([
  // Deletes the fuzzing account: every later call would only test the 401.
  ["DELETE /user", "deletes the account under test"],
]);

describe("the API under generated and hostile requests", () => {
  let web: RunningWeb;
  let client: TestClient;
  let document: OpenApiDocument;
  const knownIds: string[] = [];

  beforeAll(async () => {
    // An admin, so the admin routes are fuzzed past their 403 too (an admin is also an ordinary user).
    web = await startTestWeb("pglite", { ADMIN_EMAILS: "fuzz@example.com" });
    document = (await (await fetch(`${web.url}/api/openapi.json`)).json()) as OpenApiDocument;
    client = await verifiedClient(web, "fuzz@example.com");
    const note = (await (await client.api("POST", "/notes/text", { title: "Fuzz", text: "One. Two. Three." })).json()) as {
      note: { id: string };
    };
    const folder = (await (await client.api("POST", "/folders", { name: "Fuzz" })).json()) as { folder?: { id: string } };
    const share = (await (await client.api("POST", `/notes/${note.note.id}/share`)).json()) as { shareId?: string };
    knownIds.push(note.note.id, ...(folder.folder ? [folder.folder.id] : []), ...(share.shareId ? [share.shareId] : []));
  });
  afterAll(async () => {
    await web?.stop();
  });

  async function send(request: FuzzRequest): Promise<{ status: number; contentType: string; text: string }> {
    const isRead = request.method === "GET" || request.method === "HEAD";
    const response = await fetch(`${web.url}${request.path}`, {
      method: request.method,
      redirect: "manual",
      // An answer that never comes is a finding too, not a hung suite.
      signal: AbortSignal.timeout(15_000),
      headers: {
        Origin: web.url,
        Cookie: client.cookieHeader(),
        ...(isRead ? {} : { "X-CSRF-Token": await client.csrf() }),
        ...(request.body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: request.body,
    });
    return { status: response.status, contentType: response.headers.get("content-type") ?? "", text: await response.text() };
  }

  function problemWith(request: FuzzRequest, answer: { status: number; contentType: string; text: string }): string | null {
    const where = `${request.method} ${request.path} ${request.body?.slice(0, 300) ?? ""} -> ${answer.status} ${answer.text.slice(0, 300)}`;
    // The one 5xx by design: this deployment has no Paddle settings (billing's documented 503), not a fault.
    const isPaymentsOff = answer.status === 503 && answer.text.includes('"errorCode":"PAYMENTS_NOT_CONFIGURED"');
    if (answer.status >= 500 && !isPaymentsOff) return `a ${answer.status}: ${where}`;
    if (answer.status < 400) return null;
    if (!answer.contentType.startsWith("application/json")) return `an error that is not JSON: ${where}`;
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return `an error body that does not parse: ${where}`;
    }
    const isApiError =
      typeof body === "object" &&
      body !== null &&
      "success" in body &&
      body.success === false &&
      "errorCode" in body &&
      typeof body.errorCode === "string" &&
      "message" in body &&
      typeof body.message === "string";
    return isApiError ? null : `an error body without { success: false, errorCode, message }: ${where}`;
  }

  it("answers every operation without a 5xx, and every error in the API's error body", async () => {
    const operations = Object.entries(document.paths).flatMap(([template, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method, template: `/api${template}`, operation })),
    );
    expect(operations.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const { method, template, operation } of operations) {
      const name = `${method.toUpperCase()} ${template.replace(/^\/api/, "")}`;
      if (skipped.has(name)) continue;
      const requests = requestFor(document, method, template, operation, knownIds);
      // Every request of every operation runs, so one report lists all the problems at once.
      for (const request of fc.sample(requests, { seed, numRuns: runsPerOperation })) {
        const started = performance.now();
        const problem = await send(request).then(
          (answer) => problemWith(request, answer),
          (error: unknown) => `no answer (${String(error)}): ${request.method} ${request.path} ${request.body?.slice(0, 300) ?? ""}`,
        );
        if (process.env.FUZZ_TRACE)
          process.stdout.write(`${Math.round(performance.now() - started)}ms ${request.method} ${request.path.slice(0, 120)}\n`);
        if (problem) problems.push(problem);
      }
    }
    expect(problems).toEqual([]);
    // About 25 s for the default runs on 2 cores (plus the start); FUZZ_RUNS=100 takes a few minutes.
  }, 600_000);
});
