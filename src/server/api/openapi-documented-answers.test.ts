import type { OpenAPI3, OperationObject, ParameterObject, ResponseObject } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningWeb } from "~/server/start-web";
import { startTestWeb } from "../../../test/support/test-web";

// Issue 21 added answers that no schema of a body shows: the optional Idempotency-Key of the note-creating
// calls (and its 409 and 422), and the media routes' 302 to a presigned URL. The document says so, so a
// client generated from it knows them.
describe("what /api/openapi.json documents beyond bodies", () => {
  let web: RunningWeb;
  let document: OpenAPI3;

  beforeAll(async () => {
    web = await startTestWeb("pglite");
    document = (await (await fetch(`${web.url}/api/openapi.json`)).json()) as OpenAPI3;
  }, 60_000);
  afterAll(async () => {
    await web?.stop();
  });

  const operation = (path: string, method: "get" | "post") =>
    ((document.paths?.[path] as Record<string, OperationObject> | undefined)?.[method] ?? {}) as OperationObject;

  it("documents the optional Idempotency-Key header and its 409 and 422 on every note-creating call", () => {
    for (const path of ["/notes/text", "/notes/youtube", "/meetings/bots"]) {
      const create = operation(path, "post");
      const header = (create.parameters ?? []).find((parameter) => (parameter as ParameterObject).name === "Idempotency-Key") as
        | ParameterObject
        | undefined;
      expect(header, path).toMatchObject({ in: "header", required: false, schema: { type: "string" } });
      expect(Object.keys(create.responses ?? {}), path).toEqual(expect.arrayContaining(["201", "409", "422"]));
    }
  });

  it("documents the media routes' 302 with its Location", () => {
    for (const path of ["/notes/{id}/media", "/shared/{shareId}/media"]) {
      const redirect = operation(path, "get").responses?.["302"] as ResponseObject | undefined;
      expect(redirect?.headers?.Location, path).toMatchObject({ schema: { type: "string", format: "uri" } });
    }
  });
});
