// The JSON Schema subset structured outputs use, for the chat stand-in: what OpenAI's strict mode refuses
// in a request (so a schema our code sends is checked as the real endpoint would), and a validator for the
// answers it makes up (so a default answer is always one a real model constrained by the schema could write).

export type JsonSchema = Record<string, unknown>;

const isSchema = (value: unknown): value is JsonSchema => typeof value === "object" && value !== null && !Array.isArray(value);

/** Follows `#/$defs/name` (and `#/definitions/name`) within the root. */
export function resolveRef(schema: JsonSchema, root: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== "string") return schema;
  const [, bucket, name] = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref) ?? [];
  const defs = bucket ? root[bucket] : undefined;
  const target = isSchema(defs) && name ? defs[name] : undefined;
  if (!isSchema(target)) throw new Error(`unresolvable $ref ${ref}`);
  return resolveRef(target, root);
}

/**
 * OpenAI's strict-mode rules for a response_format schema: the root is an object, every object lists all
 * its properties in `required` and sets `additionalProperties: false`. Returns the first breach, or null.
 */
export function strictSchemaProblem(schema: JsonSchema, root: JsonSchema = schema, at = "()"): string | null {
  const resolved = resolveRef(schema, root);
  if (at === "()" && resolved.type !== "object")
    return `In context=(), schema must be a JSON Schema of 'type: "object"', got 'type: "${String(resolved.type)}"'.`;
  if (isSchema(resolved.properties)) {
    if (resolved.additionalProperties !== false) {
      return `In context=${at}, 'additionalProperties' is required to be supplied and to be false.`;
    }
    const required = Array.isArray(resolved.required) ? resolved.required : [];
    for (const name of Object.keys(resolved.properties)) {
      if (!required.includes(name))
        return `In context=${at}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${name}'.`;
    }
    for (const [name, inner] of Object.entries(resolved.properties)) {
      if (!isSchema(inner)) continue;
      const problem = strictSchemaProblem(inner, root, `('properties', '${name}')`);
      if (problem) return problem;
    }
  }
  if (isSchema(resolved.items)) return strictSchemaProblem(resolved.items, root, `${at}, 'items'`);
  if (Array.isArray(resolved.anyOf)) {
    for (const inner of resolved.anyOf) {
      const problem = isSchema(inner) ? strictSchemaProblem(inner, root, `${at}, 'anyOf'`) : null;
      if (problem) return problem;
    }
  }
  return null;
}

const typeOf = (value: unknown): string => {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
};

const matchesType = (value: unknown, type: unknown): boolean => {
  const types = Array.isArray(type) ? type : [type];
  const actual = typeOf(value);
  return types.some((candidate) => candidate === actual || (candidate === "number" && actual === "integer"));
};

/** Errors of `value` against `schema` (the subset above plus lengths, counts, bounds, enum, const); empty when valid. */
export function schemaErrors(value: unknown, schema: JsonSchema, root: JsonSchema = schema, at = "$"): string[] {
  const resolved = resolveRef(schema, root);
  if (Array.isArray(resolved.anyOf)) {
    const fits = resolved.anyOf.some((inner) => isSchema(inner) && schemaErrors(value, inner, root, at).length === 0);
    return fits ? [] : [`${at}: matches no anyOf branch`];
  }
  if ("const" in resolved && value !== resolved.const) return [`${at}: is not ${JSON.stringify(resolved.const)}`];
  if (Array.isArray(resolved.enum) && !resolved.enum.includes(value)) return [`${at}: is not one of ${JSON.stringify(resolved.enum)}`];
  if (resolved.type !== undefined && !matchesType(value, resolved.type))
    return [`${at}: is ${typeOf(value)}, expected ${JSON.stringify(resolved.type)}`];
  const errors: string[] = [];
  if (typeof value === "string") {
    if (typeof resolved.minLength === "number" && value.length < resolved.minLength)
      errors.push(`${at}: shorter than ${resolved.minLength}`);
    if (typeof resolved.maxLength === "number" && value.length > resolved.maxLength)
      errors.push(`${at}: longer than ${resolved.maxLength}`);
  }
  if (typeof value === "number") {
    if (typeof resolved.minimum === "number" && value < resolved.minimum) errors.push(`${at}: below ${resolved.minimum}`);
    if (typeof resolved.maximum === "number" && value > resolved.maximum) errors.push(`${at}: above ${resolved.maximum}`);
  }
  if (Array.isArray(value)) {
    if (typeof resolved.minItems === "number" && value.length < resolved.minItems)
      errors.push(`${at}: fewer than ${resolved.minItems} items`);
    if (typeof resolved.maxItems === "number" && value.length > resolved.maxItems)
      errors.push(`${at}: more than ${resolved.maxItems} items`);
    if (isSchema(resolved.items)) {
      const items = resolved.items;
      value.forEach((item, index) => {
        errors.push(...schemaErrors(item, items, root, `${at}[${index}]`));
      });
    }
  }
  if (isSchema(value) && isSchema(resolved.properties)) {
    const properties = resolved.properties;
    const required = Array.isArray(resolved.required) ? resolved.required : [];
    for (const name of required) if (!(name in value)) errors.push(`${at}.${String(name)}: missing`);
    for (const [name, inner] of Object.entries(value)) {
      const innerSchema = properties[name];
      if (isSchema(innerSchema)) errors.push(...schemaErrors(inner, innerSchema, root, `${at}.${name}`));
      else if (resolved.additionalProperties === false) errors.push(`${at}.${name}: not allowed`);
    }
  }
  return errors;
}
