import fc from "fast-check";

// Requests generated from /api/openapi.json for the fuzz suite (issue 21): values that fit each operation's
// schemas, mixed with hostile ones (NUL, lone surrogates, huge numbers, wrong types, deep nesting) at any
// place, so validation, storage and every layer between meet both.

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface OpenApiOperation {
  parameters?: { name: string; in: "path" | "query" | "header" | "cookie"; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface FuzzRequest {
  method: string;
  path: string;
  /** JSON text, or raw text that is not JSON. */
  body?: string;
}

/** `depth` levels of arrays: JSON that parses but walks deep in whatever reads it. */
function nested(depth: number): unknown {
  let value: unknown = "bottom";
  for (let level = 0; level < depth; level++) value = [value];
  return value;
}

const hostileStrings = [
  "nul\u0000inside",
  "\u0000",
  "lone \ud800 high",
  "lone \udfff low",
  "\udfff\ud800",
  "",
  " ",
  "9".repeat(5000),
  "0000-02-30T00:00:00Z",
  "9999-12-31T23:59:59Z",
  "0000-01-01",
  "2026-02-30",
  "NaN",
  "-1",
  "1e999",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "' or 1=1 --",
  "%00",
  "\u202e\u0301",
];

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...hostileStrings),
  fc.constantFrom<unknown>(1e308, -1e308, 2 ** 53 + 1, 2 ** 64, -(2 ** 63), 0.1, -0, 5e-324, true, false, null, [], {}, [null]),
  fc.constantFrom<unknown>(nested(64), nested(2000), { a: { b: { c: nested(500) } } }),
  fc.string({ unit: "binary", maxLength: 20 }),
);

/** Raw bodies that are not the JSON the operation takes at all. */
const hostileBodyText = fc.constantFrom(
  "{",
  "not json",
  "null",
  "[]",
  '"\\u0000"',
  '"\\ud800"',
  "1e999",
  "123456789012345678901234567890",
  `${"[".repeat(5000)}${"]".repeat(5000)}`,
  `{"a":${"[".repeat(3000)}${"]".repeat(3000)}}`,
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
);

function resolve(schema: JsonSchema, document: OpenApiDocument): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace("#/components/schemas/", "");
  return document.components?.schemas?.[name] ?? {};
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const maxLength = Math.min(schema.maxLength ?? 40, 120);
  const minLength = Math.min(schema.minLength ?? 0, maxLength);
  switch (schema.format) {
    case "uuid":
      return fc.uuid();
    case "email":
      return fc.emailAddress();
    case "date-time":
      return fc.date({ min: new Date("1900-01-01"), max: new Date("2200-01-01"), noInvalidDate: true }).map((date) => date.toISOString());
    case "date":
      return fc
        .date({ min: new Date("1900-01-01"), max: new Date("2200-01-01"), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case "uri":
    case "url":
      return fc.webUrl();
    default:
      if (schema.pattern) {
        try {
          // Cut, not filtered: a filter on a rare length can spin for ever. A cut value may miss the pattern.
          return fc.stringMatching(new RegExp(schema.pattern), { size: "xsmall" }).map((text) => text.slice(0, schema.maxLength));
        } catch {
          // A pattern fast-check cannot invert: plain strings.
        }
      }
      return fc.string({ minLength, maxLength });
  }
}

/** Values of one schema; below the top, each place may hold a hostile value instead. */
export function valueFor(schema: JsonSchema, document: OpenApiDocument, depth = 0): fc.Arbitrary<unknown> {
  const fitting = fittingValueFor(resolve(schema, document), document, depth);
  return fc.oneof({ arbitrary: fitting, weight: 6 }, { arbitrary: hostileValue, weight: 1 });
}

function fittingValueFor(schema: JsonSchema, document: OpenApiDocument, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => valueFor(choice, document, depth + 1)));
  if (schema.allOf?.length) {
    const merged: JsonSchema = { type: "object", properties: {}, required: [] };
    for (const part of schema.allOf.map((item) => resolve(item, document))) {
      Object.assign(merged.properties ?? {}, part.properties);
      merged.required?.push(...(part.required ?? []));
    }
    return fittingValueFor(merged, document, depth);
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => fittingValueFor({ ...schema, type }, document, depth)));
  switch (types[0]) {
    case "string":
      return stringFor(schema);
    case "integer":
      return fc.integer({ min: Math.max(schema.minimum ?? -1_000_000, -(2 ** 31)), max: Math.min(schema.maximum ?? 1_000_000, 2 ** 31) });
    case "number":
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(valueFor(schema.items ?? {}, document, depth + 1), { maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case "object": {
      const properties = schema.properties ?? {};
      const shape = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, valueFor(value, document, depth + 1)]));
      const required = (schema.required ?? []).filter((key) => key in properties);
      return fc.record(shape, { requiredKeys: required });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * Requests for one operation: path parameters from `knownIds` (real rows of the fuzzing user), random UUIDs
 * or hostile percent-encoded text; query values from their schemas or hostile; a JSON body from its schema,
 * sometimes a hostile raw body.
 */
export function requestFor(
  document: OpenApiDocument,
  method: string,
  template: string,
  operation: OpenApiOperation,
  knownIds: string[],
): fc.Arbitrary<FuzzRequest> {
  const parameters = operation.parameters ?? [];
  const pathParameters = parameters.filter((parameter) => parameter.in === "path");
  const queryParameters = parameters.filter((parameter) => parameter.in === "query");
  const segment = fc.oneof(
    { arbitrary: fc.constantFrom(...knownIds), weight: 3 },
    { arbitrary: fc.uuid(), weight: 2 },
    { arbitrary: fc.constantFrom("%00", "%ED%A0%80", "%FF%FE", "..%2F..", "9".repeat(300), "-1", "1e999", "0", "%20"), weight: 2 },
  );
  const path = fc.tuple(...pathParameters.map(() => segment)).map((values) => {
    let filled = template;
    pathParameters.forEach((parameter, index) => {
      filled = filled.replace(`{${parameter.name}}`, values[index] ?? "");
    });
    return filled;
  });
  const queryValue = (schema: JsonSchema) =>
    fc.oneof(
      {
        arbitrary: fittingValueFor(resolve(schema, document), document, 1).map((value) =>
          typeof value === "string" ? value : JSON.stringify(value),
        ),
        weight: 4,
      },
      { arbitrary: fc.constantFrom(...hostileStrings), weight: 1 },
    );
  const query = fc
    .tuple(...queryParameters.map((parameter) => fc.option(queryValue(parameter.schema ?? {}), { nil: undefined })))
    .map((values) => {
      const pairs = queryParameters.flatMap((parameter, index) => {
        const value = values[index];
        // encodeURIComponent refuses lone surrogates: those go as the bytes a client would send.
        return value === undefined ? [] : [`${parameter.name}=${encodeLoosely(value)}`];
      });
      return pairs.length ? `?${pairs.join("&")}` : "";
    });
  const bodySchema = operation.requestBody?.content?.["application/json"]?.schema;
  const body: fc.Arbitrary<string | undefined> = bodySchema
    ? fc.oneof(
        { arbitrary: fittingValueFor(resolve(bodySchema, document), document, 0).map((value) => JSON.stringify(value)), weight: 5 },
        { arbitrary: hostileValue.map((value) => JSON.stringify(value)), weight: 1 },
        { arbitrary: hostileBodyText, weight: 1 },
      )
    : fc.constant(undefined);
  return fc.record({ path, query, body }).map(({ path: filled, query: search, body: text }) => ({
    method: method.toUpperCase(),
    path: `${filled}${search}`,
    body: text,
  }));
}

function encodeLoosely(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value].map((char) => (char.length === 1 && /[\ud800-\udfff]/.test(char) ? "%ED%A0%80" : encodeURIComponent(char))).join("");
  }
}
