import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
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

/**
 * This check reads every JSON body whole, so it also bounds them: 16 MiB is twice the largest one the API
 * takes (a bot's 100,000 speaker turns); a pasted note's 500,000 characters are at most 3 MB as JSON.
 */
const maxJsonBytes = 16 * 1024 * 1024;
const jsonBodyLimit = bodyLimit({
  maxSize: maxJsonBytes,
  onError: () => {
    throw new AppError("PAYLOAD_TOO_LARGE");
  },
});

/** Refuses, with 400 VALIDATION_FAILED, a request whose query or JSON body holds text PostgreSQL cannot store. */
export const storableText: MiddlewareHandler<ApiEnv> = async (c, next) => {
  // Path parameters are decoded by the routes (an admin's user id is free text): a NUL there reaches SQL too.
  // (A lone surrogate cannot be percent-encoded as UTF-8, so the path keeps it encoded and harmless.)
  if (c.req.path.includes("\u0000") || c.req.path.includes("%00")) throw refusal("path");
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (values.some((value) => unstorable.test(value))) throw refusal(name);
  }
  const isJson = /^application\/([\w.+-]+\+)?json/i.test(c.req.header("content-type") ?? "");
  if (isJson && c.req.method !== "GET" && c.req.method !== "HEAD") {
    return jsonBodyLimit(c, async () => {
      // c.req.text() is what c.req.json() reads too (Hono caches it), so routes still get the body.
      const field = firstUnstorableInJson(await c.req.text());
      if (field !== null) throw refusal(field);
      await next();
    });
  }
  return next();
};

function firstUnstorableInJson(text: string): string | null {
  try {
    return firstUnstorable(JSON.parse(text));
  } catch {
    return null; // the route's own JSON parsing answers INVALID_JSON
  }
}
