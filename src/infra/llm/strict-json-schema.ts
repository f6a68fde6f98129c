// OpenAI's structured outputs (`strict: true`) accept a subset of JSON Schema: every object lists all its
// properties in `required` with `additionalProperties: false`, and keywords outside the documented set
// (e.g. `minLength`, `maxLength`, `$schema`, `default`) make the request fail with 400. The caller writes
// one schema (usually `z.toJSONSchema`) and validates the answer with zod afterwards, so dropping a
// constraint here loses nothing: the grammar-based engines (node-llama-cpp, vLLM, llama.cpp server) keep
// the original, this copy is what goes over HTTP.

type Schema = Record<string, unknown>;

/** Keywords OpenAI's structured outputs document as supported; everything else is left out. */
const keptKeywords = new Set([
  "type",
  "description",
  "enum",
  "const",
  "anyOf",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "minItems",
  "maxItems",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "pattern",
  "format",
  "$defs",
  "$ref",
]);

const isSchema = (value: unknown): value is Schema => typeof value === "object" && value !== null && !Array.isArray(value);

/** A copy of `schema` in the strict subset. */
export function toStrictJsonSchema(schema: Schema): Schema {
  const out: Schema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (!keptKeywords.has(keyword)) continue;
    if ((keyword === "properties" || keyword === "$defs") && isSchema(value)) {
      out[keyword] = Object.fromEntries(
        Object.entries(value).map(([name, inner]) => [name, isSchema(inner) ? toStrictJsonSchema(inner) : inner]),
      );
    } else if (keyword === "items" && isSchema(value)) {
      out.items = toStrictJsonSchema(value);
    } else if (keyword === "anyOf" && Array.isArray(value)) {
      out.anyOf = value.map((inner) => (isSchema(inner) ? toStrictJsonSchema(inner) : inner));
    } else {
      out[keyword] = value;
    }
  }
  if (isSchema(out.properties)) {
    out.required = Object.keys(out.properties);
    out.additionalProperties = false;
  }
  return out;
}
