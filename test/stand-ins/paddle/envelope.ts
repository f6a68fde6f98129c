import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

// Paddle's JSON envelope: {data, meta:{request_id}}; lists add meta.pagination with an absolute `next`;
// errors are {error:{type,code,detail,documentation_url}, meta} (research 1.2).

const meta = () => ({ request_id: randomUUID() });

export function answer(c: Context, data: unknown, status: ContentfulStatusCode = 200) {
  return c.json({ data, meta: meta() }, status);
}

export function paddleError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  detail: string,
  type: "request_error" | "api_error" = status >= 500 ? "api_error" : "request_error",
) {
  return c.json(
    { error: { type, code, detail, documentation_url: `https://developer.paddle.com/errors/${docsSection(code)}/${code}` }, meta: meta() },
    status,
  );
}

// Paddle files its error pages by entity (errors/subscriptions/…), shared ones under errors/shared.
const docsSection = (code: string) => (code.startsWith("subscription_") ? "subscriptions" : "shared");

/**
 * One page of `items` after the `after` cursor (an id), per_page as asked (Paddle's default 50). `next` is
 * always set, as Paddle does, to this list's URL on the stand-in's base with the last id as `after`.
 */
export function answerList<T extends { id: string }>(c: Context, items: T[], baseUrl: string) {
  const url = new URL(c.req.url);
  const perPage = Math.min(Math.max(Number(url.searchParams.get("per_page") ?? 50) || 50, 1), 200);
  const after = url.searchParams.get("after");
  const start = after ? items.findIndex((item) => item.id === after) + 1 : 0;
  const page = items.slice(start, start + perPage);
  const next = new URL(`${baseUrl}${url.pathname}`);
  for (const [key, value] of url.searchParams) if (key !== "after") next.searchParams.set(key, value);
  const last = page.at(-1);
  if (last) next.searchParams.set("after", last.id);
  return c.json({
    data: page,
    meta: {
      request_id: randomUUID(),
      pagination: { per_page: perPage, next: next.toString(), has_more: start + perPage < items.length, estimated_total: items.length },
    },
  });
}

/** Paddle list filters take comma-separated values (`?id=a,b`); the SDK sends them URL-encoded. */
export function listFilter(c: Context, name: string): string[] | null {
  const value = c.req.query(name);
  return value ? value.split(",").filter(Boolean) : null;
}
