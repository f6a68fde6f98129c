import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import type { PgBoss } from "pg-boss";
import { enqueueNotes } from "~/core/ai-notes/jobs";
import { findReachedLimit } from "~/core/billing/limits";
import type { PlanLimits } from "~/core/billing/plan";
import { findNote, listNotes, listSegments, type NoteListFilters, toNoteView } from "~/core/notes/data";
import { createNote, replaceSegments } from "~/core/notes/mutations";
import { splitTextIntoSegments, titleFromText } from "~/core/notes/text-segments";
import { acceptYoutubeLink, retryTranscription } from "~/core/transcription/intake";
import { decideSpokenLanguage, type EngineLanguages } from "~/core/transcription/spoken-language";
import type { Database } from "~/infra/db/client";
import type { Storage } from "~/infra/storage/storage";
import type { ApiEnv } from "~/server/hono-env";
import type { NoteEventHub } from "~/server/notes/note-events";
import { notePageSchema, noteResponseSchema, noteWithTranscriptSchema } from "~/shared/notes/notes-api";
import { type NoteType, noteTypes } from "~/shared/notes/statuses";
import { type TranscriptionLanguages, transcriptionLanguagesSchema } from "~/shared/notes/transcription-languages";
import { parseYoutubeUrl } from "~/shared/notes/youtube-url";
import { AppError, errorResponse } from "../api-error";
import { idempotencyKeyRequestHeaders, idempotencyKeyResponses, idempotent } from "../idempotency";
import { unsupportedLanguageError } from "../language-error";
import { limitErrorResponse, limitReachedError } from "../limit-error";
import { currentUser, requireUser } from "../require-user";
import { validationHook } from "../validation-hook";

const errors = { 400: errorResponse("Invalid input"), 401: errorResponse("Not signed in"), 404: errorResponse("No such note") };
const languageCode = z
  .string()
  .regex(/^[a-z]{2,3}$/)
  .optional();
/** Pasted text: up to 500,000 characters (about 80,000 words, a long book chapter). */
const createTextInput = z
  .object({
    title: z.string().trim().max(200).optional(),
    text: z.string().trim().min(1).max(500_000),
    language: languageCode,
  })
  .strict();

const createYoutubeInput = z.object({ url: z.string().trim().min(1).max(2000), language: languageCode }).strict();

const createYoutube = createRoute({
  method: "post",
  path: "/notes/youtube",
  tags: ["notes"],
  summary: "Create a note from a YouTube link (captions first, else its audio through the speech engine)",
  request: {
    headers: idempotencyKeyRequestHeaders,
    body: { content: { "application/json": { schema: createYoutubeInput } }, required: true },
  },
  responses: {
    201: { description: "Created", content: { "application/json": { schema: noteResponseSchema } } },
    402: limitErrorResponse("Over the plan's transcription minutes (TRANSCRIPTION_LIMIT_REACHED)"),
    ...errors,
    ...idempotencyKeyResponses,
    400: errorResponse("Invalid input, or a language the speech engine cannot transcribe (TRANSCRIPTION_LANGUAGE_UNSUPPORTED)"),
  },
});
const retry = createRoute({
  method: "post",
  path: "/notes/{id}/retry",
  tags: ["notes"],
  summary: "Transcribe a failed note again",
  request: { params: z.object({ id: z.uuid() }) },
  responses: {
    202: { description: "Queued", content: { "application/json": { schema: noteResponseSchema } } },
    409: errorResponse("Not failed"),
    ...errors,
  },
});

// List filters (issue 5): `type` repeats or is a comma list; dates are ISO dates (whole UTC days) or times.
const typeList = new RegExp(`^(${noteTypes.join("|")})(,(${noteTypes.join("|")}))*$`);
// Years 1-9998: PostgreSQL has no year 0, and `to` a day past 9999-12-31 is a year JavaScript writes as +010000.
const dateOrTime = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })])
  .refine((value) => Number(value.slice(0, 4)) >= 1 && Number(value.slice(0, 4)) <= 9998, { message: "a year from 1 to 9998" });
const listQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().max(200).optional(),
  type: z.union([z.string().regex(typeList), z.array(z.string().regex(typeList)).max(noteTypes.length)]).optional(),
  folderId: z.union([z.uuid(), z.literal("none")]).optional(),
  from: dateOrTime.optional(),
  to: dateOrTime.optional(),
});
const isDateOnly = (value: string) => value.length === 10;
/** The filters of a list query: `from` inclusive; `to` inclusive (a date: through that whole day). */
function listFilters(query: z.infer<typeof listQuery>): NoteListFilters {
  const types = [query.type ?? []].flat().flatMap((list) => list.split(",")) as NoteType[];
  const to = query.to ? new Date(isDateOnly(query.to) ? `${query.to}T00:00:00Z` : query.to) : null;
  if (to) to.setTime(to.getTime() + (isDateOnly(query.to ?? "") ? 86_400_000 : 1));
  return {
    q: query.q?.trim() || null,
    types: [...new Set(types)],
    folderId: query.folderId ?? null,
    createdFrom: query.from ? new Date(isDateOnly(query.from) ? `${query.from}T00:00:00Z` : query.from) : null,
    createdBefore: to,
  };
}

const list = createRoute({
  method: "get",
  path: "/notes",
  tags: ["notes"],
  summary: "The signed-in user's notes, newest first (cursor pages), searched (q) and filtered by type, folder and dates",
  request: { query: listQuery },
  responses: {
    200: {
      description: "A page",
      content: { "application/json": { schema: notePageSchema } },
    },
    ...errors,
  },
});
const get = createRoute({
  method: "get",
  path: "/notes/{id}",
  tags: ["notes"],
  summary: "One note with its transcript",
  request: { params: z.object({ id: z.uuid() }) },
  responses: {
    200: {
      description: "The note",
      content: { "application/json": { schema: noteWithTranscriptSchema } },
    },
    ...errors,
  },
});
const createText = createRoute({
  method: "post",
  path: "/notes/text",
  tags: ["notes"],
  summary: "Create a note from pasted text",
  request: {
    headers: idempotencyKeyRequestHeaders,
    body: { content: { "application/json": { schema: createTextInput } }, required: true },
  },
  responses: {
    201: { description: "Created", content: { "application/json": { schema: noteResponseSchema } } },
    ...errors,
    ...idempotencyKeyResponses,
  },
});

const languages = createRoute({
  method: "get",
  path: "/transcription/languages",
  tags: ["notes"],
  summary: "The spoken languages the configured speech engine transcribes (the language menus offer only these)",
  responses: {
    200: { description: "The languages", content: { "application/json": { schema: transcriptionLanguagesSchema } } },
    401: errorResponse("Not signed in"),
  },
});

/** SSE keep-alive: proxies close idle connections after 60 s or so. */
const keepAliveMs = 25_000;

/** Notes under /api/notes; every call is the signed-in user's own (another user's note reads as not found). */
export function notesRoutes({
  db,
  boss,
  storage,
  events,
  planLimits,
  transcriptionLanguages,
  spokenLanguages,
}: {
  db: Database;
  boss: PgBoss;
  storage: Storage;
  events: NoteEventHub;
  planLimits: PlanLimits;
  /** What the configured speech engine transcribes (asked each time: an engine that falls back changes it). */
  transcriptionLanguages(): Promise<TranscriptionLanguages>;
  /** What the engine transcribes (sure and current): a link in another language is refused (issue 19). */
  spokenLanguages(): Promise<EngineLanguages>;
}) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  app.use("/notes", requireUser());
  app.use("/notes/*", requireUser());
  app.use("/transcription/*", requireUser());
  // Issue 21: a retried create (same Idempotency-Key) gets the first answer, not a second note.
  app.use("/notes/text", idempotent(db));
  app.use("/notes/youtube", idempotent(db));
  app.openapi(languages, async (c) => c.json(await transcriptionLanguages(), 200));
  // Live status (issue 4): `event: note` with the changed note, for every change of the user's notes.
  app.get("/notes/events", (c) => {
    const userId = currentUser(c).userId;
    return streamSSE(c, async (stream) => {
      const pending = new Set<string>();
      let isAccountChanged = false;
      let isCalendarChanged = false;
      let wake: (() => void) | null = null;
      const unsubscribe = events.subscribe(userId, (change) => {
        if ("noteId" in change) pending.add(change.noteId);
        else if (change.topic === "calendar") isCalendarChanged = true;
        else isAccountChanged = true;
        wake?.();
      });
      stream.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      await stream.writeSSE({ event: "ready", data: "{}" });
      while (!stream.aborted) {
        // Changes that arrive together (status + progress) are read once, newest state only.
        if (pending.size === 0 && !isAccountChanged && !isCalendarChanged) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, keepAliveMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
        }
        if (stream.aborted) break;
        const isTopicEvent = isAccountChanged || isCalendarChanged;
        if (isAccountChanged) {
          // Plan or usage changed: the page refetches GET /api/user/plan and /api/user/usage.
          isAccountChanged = false;
          await stream.writeSSE({ event: "account", data: "{}" });
        }
        if (isCalendarChanged) {
          // Events or connections changed (a sync, a toggle, a bot sent): the calendar page refetches them.
          isCalendarChanged = false;
          await stream.writeSSE({ event: "calendar", data: "{}" });
        }
        if (pending.size === 0) {
          if (!isTopicEvent) await stream.write(": keep-alive\n\n");
          continue;
        }
        const ids = [...pending];
        pending.clear();
        for (const noteId of ids) {
          const row = await findNote(db, { userId, noteId });
          await stream.writeSSE(
            row ? { event: "note", data: JSON.stringify(toNoteView(row)) } : { event: "deleted", data: JSON.stringify({ id: noteId }) },
          );
        }
      }
      unsubscribe();
    });
  });
  app.openapi(createYoutube, async (c) => {
    const userId = currentUser(c).userId;
    const input = c.req.valid("json");
    const link = parseYoutubeUrl(input.url);
    if (!link) throw new AppError("INVALID_YOUTUBE_LINK");
    const spoken = decideSpokenLanguage(await spokenLanguages(), input.language);
    if (spoken.kind === "unsupported") throw unsupportedLanguageError(spoken, c.req.raw.headers);
    const reached = await findReachedLimit(db, planLimits, { userId, sources: ["transcription_minutes"] });
    if (reached) throw limitReachedError(reached);
    const { noteId } = await acceptYoutubeLink({ db, boss, storage }, { userId, videoId: link.videoId, language: spoken.language });
    const row = await findNote(db, { userId, noteId });
    if (!row) throw new AppError("NOT_FOUND");
    return c.json({ note: toNoteView(row) }, 201);
  });
  app.openapi(retry, async (c) => {
    const userId = currentUser(c).userId;
    const { id } = c.req.valid("param");
    const outcome = await retryTranscription({ db, boss, storage }, { userId, noteId: id });
    if (outcome === "missing") throw new AppError("NOT_FOUND");
    if (outcome === "notRetryable") throw new AppError("NOT_RETRYABLE");
    const row = await findNote(db, { userId, noteId: id });
    if (!row) throw new AppError("NOT_FOUND");
    return c.json({ note: toNoteView(row) }, 202);
  });
  app.openapi(list, async (c) => {
    const query = c.req.valid("query");
    return c.json(
      await listNotes(db, { userId: currentUser(c).userId, cursor: query.cursor, limit: query.limit, ...listFilters(query) }),
      200,
    );
  });
  app.openapi(createText, async (c) => {
    const userId = currentUser(c).userId;
    const input = c.req.valid("json");
    const title = input.title || titleFromText(input.text);
    const { id } = await createNote(db, {
      userId,
      type: "text",
      title,
      source: { kind: "text" },
      language: input.language ?? null,
      transcriptionCode: "transcription_ready",
    });
    await replaceSegments(db, { userId, noteId: id, segments: splitTextIntoSegments(input.text) });
    await enqueueNotes(db, boss, { userId, noteId: id });
    const row = await findNote(db, { userId, noteId: id });
    if (!row) throw new AppError("NOT_FOUND");
    return c.json({ note: toNoteView(row) }, 201);
  });
  app.openapi(get, async (c) => {
    const userId = currentUser(c).userId;
    const { id } = c.req.valid("param");
    const row = await findNote(db, { userId, noteId: id });
    if (!row) throw new AppError("NOT_FOUND");
    return c.json({ note: toNoteView(row), transcript: await listSegments(db, { userId, noteId: id }) }, 200);
  });
  return app;
}
