import { readdir, readFile } from "node:fs/promises";
import { astToString, type OpenAPI3 } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningWeb } from "~/server/start-web";
import { apiTypeStatements, apiTypesFolder, renderApiTypes, unnamedJsonResponses } from "../../../scripts/api-types";
import { splitTypeDifferences } from "../../../scripts/api-types-equivalence";
import type { ApiTypeFile } from "../../../scripts/api-types-plan";
import { apiTypesFileLines } from "../../../scripts/split-api-types";
import { startTestWeb } from "../../../test/support/test-web";

// The document at /api/openapi.json is the browser's contract (decision 021): every JSON answer is a named
// schema, so the generated types give each one a name the browser can import, and the committed types are
// the ones the served document generates (needs `npm run build`, like every test that starts the web role).
describe("OpenAPI contract", () => {
  let web: RunningWeb;
  let document: OpenAPI3;
  let files: ApiTypeFile[];

  beforeAll(async () => {
    web = await startTestWeb("pglite");
    document = (await (await fetch(`${web.url}/api/openapi.json`)).json()) as OpenAPI3;
    files = await renderApiTypes(document);
  });
  afterAll(async () => {
    await web?.stop();
  });

  it("names the schema of every JSON answer (a $ref to a component)", () => {
    expect(unnamedJsonResponses(document)).toEqual([]);
  });

  it("matches the committed API types", async () => {
    const stale = `${apiTypesFolder} is out of date: run \`npm run api:types\``;
    const committed = (await readdir(apiTypesFolder)).sort();
    expect(committed, stale).toEqual(files.map((file) => `${file.name}.ts`).sort());
    for (const file of files) expect(await readFile(`${apiTypesFolder}/${file.name}.ts`, "utf8"), stale).toBe(file.text);
  });

  it("splits the types into files under the size rule that hold every path once (decision 021)", () => {
    const paths = files
      .filter((file) => file.name.startsWith("paths-"))
      .flatMap((file) => [...file.text.matchAll(/^ {4}"(\/[^"]*)": \{$/gm)].map((match) => match[1]));
    expect(paths.sort()).toEqual(Object.keys(document.paths ?? {}).sort());
    // A single route or schema larger than the rule keeps a file of its own; none is today.
    const oversized = files.filter((file) => file.text.split("\n").length > apiTypesFileLines).map((file) => file.name);
    expect(oversized).toEqual([]);
  });

  it("splits them without changing a type: the compiler finds the single file's types in the composed ones", async () => {
    const singleFile = astToString(await apiTypeStatements(document));
    expect(await splitTypeDifferences(singleFile, files)).toEqual([]);
  });
});
