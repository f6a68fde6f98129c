import { readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import openapiTS, { type OpenAPI3 } from "openapi-typescript";
import type { ApiTypeFile } from "./api-types-plan";
import { splitApiTypes } from "./split-api-types";

// The browser's API types, generated from the document the server serves at /api/openapi.json (decision
// 021): zod contracts in shared/ -> @hono/zod-openapi -> OpenAPI 3.1 -> openapi-typescript -> the `paths`
// type openapi-fetch checks every call against, split by tag into files under ~400 lines
// (split-api-types.ts). `npm run api:types` writes the folder; a test fails when a committed file no longer
// matches the served document.

export const apiTypesFolder = "src/shared/api/generated";

/** openapi-typescript's output for `document`, as its type declarations. */
export function apiTypeStatements(document: OpenAPI3) {
  return openapiTS(document, { alphabetize: true, exportType: true });
}

/** The generated files (name without ".ts", text), sorted by name. */
export async function renderApiTypes(document: OpenAPI3): Promise<ApiTypeFile[]> {
  return splitApiTypes(document, await apiTypeStatements(document));
}

/** Writes the files and removes the ones a former document made (a tag that is gone). */
export async function writeApiTypes(files: ApiTypeFile[], folder = apiTypesFolder): Promise<void> {
  const wanted = new Set(files.map((file) => `${file.name}.ts`));
  for (const entry of await readdir(folder).catch(() => [])) {
    if (entry.endsWith(".ts") && !wanted.has(entry)) await rm(path.join(folder, entry));
  }
  for (const file of files) await writeFile(path.join(folder, `${file.name}.ts`), file.text);
}

/** Problems with the document's responses: every JSON answer must be a named schema (a $ref). */
export function unnamedJsonResponses(document: OpenAPI3): string[] {
  const problems: string[] = [];
  for (const [route, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, unknown>)) {
      if (typeof operation !== "object" || operation === null || !("responses" in operation)) continue;
      const responses = (operation as { responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> })
        .responses;
      for (const [status, response] of Object.entries(responses)) {
        const schema = response.content?.["application/json"]?.schema;
        if (schema && !schema.$ref) problems.push(`${method.toUpperCase()} ${route} ${status}`);
      }
    }
  }
  return problems;
}
