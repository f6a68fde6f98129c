import type { MiddlewareHandler } from "hono";
import type { ApiEnv } from "../hono-env";
import { AppError } from "./api-error";

// Issue 21: PostgreSQL refuses a NUL character in text and a lone UTF-16 surrogate in jsonb, and the error
// came back as a 500 from whichever insert met it first (note text, titles, questions, names, edits, click
// ids...). One check at the boundary, before any route: every query value and every string in a JSON body.
// Refused, not cleaned: a NUL in a title is a client's bug, and silently changing what was sent hides it.

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = { test: (text: string) => text.includes("\u0000") || loneSurrogate.test(text) };

/** The path of the first string (or key) PostgreSQL cannot store, or null. */
export function firstUnstorable(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return unstorable.test(value) ? path.join(".") || "(body)" : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = firstUnstorable(item, [...path, String(index)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (unstorable.test(key)) return [...path, key].join(".");
      const found = firstUnstorable(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

const refusal = (field: string) =>
  new AppError("VALIDATION_FAILED", [{ field, message: "contains a character that cannot be stored (NUL or a lone UTF-16 surrogate)" }]);

/** Refuses, with 400 VALIDATION_FAILED, a request whose query or JSON body holds text PostgreSQL cannot store. */
export const storableText: MiddlewareHandler<ApiEnv> = async (c, next) => {
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (values.some((value) => unstorable.test(value))) throw refusal(name);
  }
  const isJson = /^application\/([\w.+-]+\+)?json/i.test(c.req.header("content-type") ?? "");
  if (isJson && c.req.method !== "GET" && c.req.method !== "HEAD") {
    // c.req.text() is what c.req.json() reads too (Hono caches it), so routes still get the body.
    const text = await c.req.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return next(); // the route's own JSON parsing answers INVALID_JSON
    }
    const field = firstUnstorable(body);
    if (field !== null) throw refusal(field);
  }
  return next();
};
