import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { prepareExport } from "~/core/exports/data";
import { contentDisposition } from "~/core/exports/file-name";
import { exportLabels, exportMessageKeys, isTimeZone } from "~/core/exports/labels";
import { exportMediaTypes, renderExport } from "~/core/exports/render-export";
import { displayTitle } from "~/core/exports/schema";
import type { Database } from "~/infra/db/client";
import type { ApiEnv } from "~/server/hono-env";
import type { Catalogs } from "~/server/i18n-catalogs";
import { readableDue } from "~/shared/ai-notes/due-date";
import { exportContent, exportFormat } from "~/shared/exports/exports-api";
import { locales } from "~/shared/i18n/locales";
import { requestLocale } from "~/shared/i18n/request-locale";
import { meetingTitleIn } from "~/shared/meetings/meeting-title";
import { AppError, errorResponse } from "../api-error";
import { currentUser, requireUser } from "../require-user";
import { validationHook } from "../validation-hook";

const errors = {
  400: errorResponse("Invalid format, content, language or time zone"),
  401: errorResponse("Not signed in"),
  404: errorResponse("No such note"),
  409: errorResponse(
    "No transcript yet (EXPORT_NO_TRANSCRIPT), subtitles of an untimed transcript (EXPORT_NO_TIMELINE), no AI notes (NO_AI_NOTES)",
  ),
};
const file = { schema: z.string().openapi({ format: "binary" }) };

const exportNote = createRoute({
  method: "get",
  path: "/notes/{id}/export",
  tags: ["notes"],
  summary: "Download the note as TXT, Markdown, DOCX, PDF (AI notes, transcript or both) or SRT/VTT subtitles",
  request: {
    params: z.object({ id: z.uuid() }),
    query: z.object({
      format: exportFormat,
      /** Ignored by srt and vtt, which are always the transcript. */
      content: exportContent.default("all"),
      /** The page's language: a download link cannot send the app's Accept-Language. */
      lang: z.enum(locales).optional(),
      /** The reader's IANA time zone for the creation time (UTC when absent). */
      tz: z.string().max(64).refine(isTimeZone, "unknown time zone").optional(),
    }),
  },
  responses: {
    200: {
      description: "The file, as an attachment named after the note's title",
      content: Object.fromEntries(Object.values(exportMediaTypes).map((type) => [type, file])),
    },
    ...errors,
  },
});

/** GET /api/notes/{id}/export: the signed-in user's own note as a file (another user's note reads as not found). */
export function exportRoutes({ db, catalogs }: { db: Database; catalogs: Catalogs }) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  app.use("/notes/*", requireUser());
  app.openapi(exportNote, async (c) => {
    const userId = currentUser(c).userId;
    const { id } = c.req.valid("param");
    const { format, content, lang, tz } = c.req.valid("query");
    const prepared = await prepareExport(db, { userId, noteId: id, format, content });
    if (prepared.outcome === "missing") throw new AppError("NOT_FOUND");
    if (prepared.outcome === "noTranscript") throw new AppError("EXPORT_NO_TRANSCRIPT");
    if (prepared.outcome === "noTimeline") throw new AppError("EXPORT_NO_TIMELINE");
    if (prepared.outcome === "noAiNotes") throw new AppError("NO_AI_NOTES");
    const locale = lang ?? requestLocale(c.req.raw.headers);
    const t = catalogs.getI18n(locale).getFixedT(locale, "notes");
    const automatic = prepared.note.meetingTitle;
    // The file says an automatic meeting title in the reader's language, as the owner's pages do.
    const titled = automatic ? { ...prepared.note, title: meetingTitleIn(automatic, (key, values) => t(key, values)) } : prepared.note;
    // Due days stored as ISO dates read as dates of the reader's language, as on the note page.
    const aiNotes = titled.aiNotes && {
      ...titled.aiNotes,
      actionItems: titled.aiNotes.actionItems.map((item) => (item.due ? { ...item, due: readableDue(item.due, locale) } : item)),
    };
    const note = { ...titled, aiNotes };
    const labels = exportLabels((key, values) => t(exportMessageKeys[key], values), {
      locale,
      timeZone: tz ?? "UTC",
      createdAt: note.createdAt,
      durationSeconds: note.durationSeconds,
      language: note.language,
      transcriptEngine: note.transcriptEngine,
      notesEngine: note.notesEngine
        ? { engine: note.notesEngine, isExtractive: note.isExtractive, fallbackReason: note.fallbackReason }
        : null,
    });
    const body = await renderExport(note, format, { content: prepared.content, labels });
    return c.body(typeof body === "string" ? body : new Uint8Array(body), 200, {
      "Content-Type": exportMediaTypes[format],
      "Content-Disposition": contentDisposition(displayTitle(note, labels), format),
      // A note's contents: never kept by shared caches, and a fresh file after every edit.
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
  });
  return app;
}
