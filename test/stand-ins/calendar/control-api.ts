import { Hono } from "hono";
import { z } from "zod";
import { type CalendarControl, ControlError } from "./control";
import { eventInput, eventPatch } from "./event-input";
import { readJson, type StandInContext, type StandInEnv } from "./http";

// The control API under /__test (JSON), for Playwright and benchmarks in another process; the same
// operations as CalendarControl. Errors answer {error} with 400, 404 or 409.

const calendarProvider = z.enum(["google", "microsoft"]);
const anyProvider = z.enum(["google", "microsoft", "zoom"]);
const email = z.object({ email: z.email() });

const seedInput = z.object({ email: z.email(), events: z.array(eventInput).max(20_000) });
const generateInput = z.object({
  email: z.email(),
  count: z.number().int().min(1).max(20_000),
  from: z.string().refine((value) => !Number.isNaN(Date.parse(value)), "an ISO date-time"),
  days: z.number().positive(),
});
const faultInput = z.object({
  provider: anyProvider,
  status: z.union([z.literal(429), z.literal(500), z.literal(503)]),
  count: z.number().int().min(0),
  retryAfterSeconds: z.number().int().min(0).optional(),
});

export function controlRoutes(control: CalendarControl): Hono<StandInEnv> {
  const app = new Hono<StandInEnv>();

  const invalid = (c: StandInContext, error: z.ZodError) => c.json({ error: z.prettifyError(error) }, 400);
  const provider = <T extends z.ZodEnum>(c: StandInContext, schema: T): z.output<T> => {
    const parsed = schema.safeParse(c.req.param("provider"));
    if (!parsed.success) throw new ControlError(404, `unknown provider ${c.req.param("provider")}`);
    return parsed.data;
  };

  app.post("/:provider/events", async (c) => {
    const body = await readJson(c, seedInput);
    if (!body.success) return invalid(c, body.error);
    return c.json({ ids: control.seedEvents(provider(c, calendarProvider), body.data.email, body.data.events) }, 201);
  });
  app.post("/:provider/events/generate", async (c) => {
    const body = await readJson(c, generateInput);
    if (!body.success) return invalid(c, body.error);
    const ids = control.generateEvents(provider(c, calendarProvider), body.data);
    return c.json({ count: ids.length, ids }, 201);
  });
  app.patch("/:provider/events/:id", async (c) => {
    const body = await readJson(c, eventPatch);
    if (!body.success) return invalid(c, body.error);
    const event = control.patchEvent(provider(c, calendarProvider), c.req.param("id"), body.data);
    return c.json({ id: c.req.param("id"), eventId: event.id });
  });
  // The e-mail is optional for these: ids are unique per provider, so the id alone finds the calendar.
  const optionalEmail = async (c: StandInContext) => (await readJson(c, z.object({ email: z.email().optional() }))).data?.email;
  app.post("/:provider/events/:id/cancel", async (c) => {
    control.cancelEvent(provider(c, calendarProvider), c.req.param("id"), await optionalEmail(c));
    return c.json({ id: c.req.param("id"), status: "cancelled" });
  });
  app.delete("/:provider/events/:id", async (c) => {
    control.deleteEvent(provider(c, calendarProvider), c.req.param("id"), await optionalEmail(c));
    return c.json({ id: c.req.param("id"), deleted: true });
  });

  app.post("/:provider/revoke", async (c) => {
    const body = await readJson(c, email);
    if (!body.success) return invalid(c, body.error);
    return c.json({ revoked: control.revoke(provider(c, anyProvider), body.data.email) });
  });
  app.post("/:provider/deny-next", async (c) => {
    control.denyNext(provider(c, anyProvider), await optionalEmail(c));
    return c.json({ ok: true });
  });
  app.post("/:provider/next-login", async (c) => {
    const body = await readJson(c, email);
    if (!body.success) return invalid(c, body.error);
    control.nextLogin(provider(c, anyProvider), body.data.email);
    return c.json({ ok: true });
  });
  app.post("/:provider/expire-tokens", async (c) => {
    const body = await readJson(c, email);
    if (!body.success) return invalid(c, body.error);
    return c.json({ expired: control.expireTokens(provider(c, anyProvider), body.data.email) });
  });
  app.post("/:provider/invalidate-sync", async (c) => {
    const body = await readJson(c, email);
    if (!body.success) return invalid(c, body.error);
    control.invalidateSync(provider(c, calendarProvider), body.data.email);
    return c.json({ ok: true });
  });
  app.post("/faults", async (c) => {
    const body = await readJson(c, faultInput);
    if (!body.success) return invalid(c, body.error);
    control.fault(body.data);
    return c.json({ ok: true });
  });
  app.get("/zoom/zak/:zak", (c) => {
    const zak = control.zak(c.req.param("zak"));
    return zak ? c.json(zak) : c.json({ error: "unknown ZAK" }, 404);
  });
  // ?settled=1 first waits for every push queued so far (Playwright: after the action that caused them).
  app.get("/state", async (c) => {
    if (c.req.query("settled")) await control.settled();
    return c.json(control.state(c.req.query("email") || undefined));
  });
  app.post("/reset", (c) => {
    control.reset();
    return c.json({ ok: true });
  });
  return app;
}
