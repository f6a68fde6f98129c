import { readFile } from "node:fs/promises";
import type { OpenAPI3 } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningWeb } from "~/server/start-web";
import { apiTypesFile, renderApiTypes, unnamedJsonResponses } from "../../../scripts/api-types";
import { startTestWeb } from "../../../test/support/test-web";

// The document at /api/openapi.json is the browser's contract (decision 021): every JSON answer is a named
// schema, so the generated types give each one a name the browser can import, and the committed types are
// the ones the served document generates (needs `npm run build`, like every test that starts the web role).
describe("OpenAPI contract", () => {
  let web: RunningWeb;
  let document: OpenAPI3;

  beforeAll(async () => {
    web = await startTestWeb("pglite");
    document = (await (await fetch(`${web.url}/api/openapi.json`)).json()) as OpenAPI3;
  });
  afterAll(async () => {
    await web?.stop();
  });

  it("names the schema of every JSON answer (a $ref to a component)", () => {
    expect(unnamedJsonResponses(document)).toEqual([]);
  });

  it("matches the committed API types", async () => {
    const committed = await readFile(apiTypesFile, "utf8");
    expect(committed, `${apiTypesFile} is out of date: run \`npm run api:types\``).toBe(await renderApiTypes(document));
  });
});
