import { astToString, type OpenAPI3, type ReferenceObject, type SchemaObject } from "openapi-typescript";
import { describe, expect, it } from "vitest";
import { apiTypeStatements } from "./api-types";
import { splitTypeDifferences } from "./api-types-equivalence";
import type { ApiTypeFile } from "./api-types-plan";
import { splitApiTypes } from "./split-api-types";
import { folderCycles } from "./structure-rules";

// The split of the API types (decision 021) on a small document of three tags: one file per tag when they
// fit, split by path segment and numbered schema files when they do not, and in both cases the compiler
// finds the same types as in openapi-typescript's single file.

const json = (schema: SchemaObject | ReferenceObject) => ({ "application/json": { schema } });
const answer = (name: string) => ({ 200: { description: "ok", content: json({ $ref: `#/components/schemas/${name}` }) } });
const idParameter = (name: string) => [{ name, in: "path" as const, required: true, schema: { type: "string" as const } }];
const text: SchemaObject = { type: "string" };
const object = (properties: Record<string, SchemaObject | ReferenceObject>): SchemaObject => ({
  type: "object",
  properties,
  required: Object.keys(properties),
});

const document: OpenAPI3 = {
  openapi: "3.1.0",
  info: { title: "split", version: "1" },
  paths: {
    "/notes": {
      get: { tags: ["notes"], responses: answer("NoteList") },
      post: { tags: ["notes"], requestBody: { content: json(object({ title: text })) }, responses: answer("Note") },
    },
    "/notes/{id}": { get: { tags: ["notes"], parameters: idParameter("id"), responses: answer("Note") } },
    "/notes/{id}/share": { post: { tags: ["sharing"], parameters: idParameter("id"), responses: answer("ShareLink") } },
    "/admin/notes": { get: { tags: ["admin"], responses: answer("AdminNotePage") } },
    "/admin/users": { get: { tags: ["admin"], responses: answer("AdminUserPage") } },
    "/admin/users/{userId}/ban": { post: { tags: ["admin"], parameters: idParameter("userId"), responses: answer("AdminUserRow") } },
    "/admin/users/{userId}/unban": { post: { tags: ["admin"], parameters: idParameter("userId"), responses: answer("AdminUserRow") } },
  },
  components: {
    schemas: {
      Note: object({ id: text, title: text }),
      NoteList: object({ items: { type: "array", items: { $ref: "#/components/schemas/Note" } } }),
      ShareLink: object({ url: text }),
      AdminNoteRow: object({ note: { $ref: "#/components/schemas/Note" }, ownerId: text }),
      AdminNotePage: object({ items: { type: "array", items: { $ref: "#/components/schemas/AdminNoteRow" } } }),
      AdminUserRow: object({ id: text, banned: { type: "boolean" } }),
      AdminUserPage: object({ items: { type: "array", items: { $ref: "#/components/schemas/AdminUserRow" } } }),
      Unused: object({ value: text }),
    },
  },
};

const names = (files: ApiTypeFile[]) => files.map((file) => file.name);
const pathsIn = (files: ApiTypeFile[]) =>
  files
    .filter((file) => file.name.startsWith("paths-"))
    .flatMap((file) => [...file.text.matchAll(/^ {4}"(\/[^"]*)": \{$/gm)].map((match) => match[1]));
const importGraph = (files: ApiTypeFile[]) =>
  new Map(
    files.map((file) => [file.name, new Set([...file.text.matchAll(/from "\.\/([a-z0-9-]+)"/g)].map((match) => match[1] as string))]),
  );

describe("splitApiTypes", () => {
  it("gives each tag its paths file and the schemas only it uses, the shared ones in components-common", async () => {
    const files = splitApiTypes(document, await apiTypeStatements(document));
    expect(names(files)).toEqual([
      "api-paths",
      "components",
      "components-admin",
      "components-common",
      "components-notes",
      "components-sharing",
      "paths-admin",
      "paths-notes",
      "paths-sharing",
    ]);
    const file = (name: string) => files.find((candidate) => candidate.name === name)?.text ?? "";
    expect(file("components-common")).toMatch(/ {4}Note: \{[\s\S]* {4}Unused: \{/);
    expect(file("components-admin")).toContain('note: components["schemas"]["Note"];');
    expect(file("components-admin")).toContain('import type { CommonSchemas } from "./components-common";');
    expect(file("api-paths")).toContain("export type paths = AdminPaths & NotesPaths & SharingPaths;");
    expect(pathsIn(files).sort()).toEqual(Object.keys(document.paths ?? {}).sort());
    expect(await splitTypeDifferences(astToString(await apiTypeStatements(document)), files)).toEqual([]);
  });

  it("splits a tag over the line budget by path segment and a schema group into numbered files, without import cycles", async () => {
    const statements = await apiTypeStatements(document);
    const files = splitApiTypes(document, statements, 20);
    expect(names(files).filter((name) => name.startsWith("paths-admin"))).toEqual([
      "paths-admin-notes",
      "paths-admin-users",
      "paths-admin-users-user-id-ban",
      "paths-admin-users-user-id-unban",
    ]);
    const adminSchemas = files.filter((file) => file.name.startsWith("components-admin-"));
    // Dependency order: a row comes before the page that lists it.
    expect(adminSchemas.map((file) => [...file.text.matchAll(/^ {4}(\w+): \{$/gm)].map((match) => match[1]))).toEqual([
      ["AdminNoteRow", "AdminNotePage"],
      ["AdminUserRow", "AdminUserPage"],
    ]);
    expect(names(files).filter((name) => name.startsWith("components-admin"))).toEqual(["components-admin-1", "components-admin-2"]);
    expect(pathsIn(files).sort()).toEqual(Object.keys(document.paths ?? {}).sort());
    expect(folderCycles(importGraph(files))).toEqual([]);
    expect(await splitTypeDifferences(astToString(statements), files)).toEqual([]);
  });

  it("reports a split that changed a type", async () => {
    const statements = await apiTypeStatements(document);
    const files = splitApiTypes(document, statements).map((file) =>
      file.name === "components-sharing" ? { ...file, text: file.text.replace("url: string;", "url: string | null;") } : file,
    );
    const differences = await splitTypeDifferences(astToString(statements), files);
    expect(differences.join("\n")).toMatch(/check\.ts\(\d+\): Type 'true' is not assignable to type 'false'/);
  });
});
