import { OpenAPIHono } from "@hono/zod-openapi";
import type { DataStore, Locker } from "@tus/server";
import { HTTPException } from "hono/http-exception";
import type { PgBoss } from "pg-boss";
import type { BillingSettings } from "~/core/billing/settings";
import type { CalendarDeps } from "~/core/calendars/calendar-deps";
import type { SessionRecordingSettings } from "~/core/session-recording/settings";
import { enqueueTranscription } from "~/core/transcription/jobs";
import type { EngineLanguages } from "~/core/transcription/spoken-language";
import type { ZoomDeps } from "~/core/zoom/zoom-connect";
import type { Auth } from "~/infra/auth/create-auth";
import type { Database } from "~/infra/db/client";
import type { EmbeddingModel } from "~/infra/llm/embedding-model";
import type { LanguageModel } from "~/infra/llm/language-model";
import type { Logger } from "~/infra/logging/logger";
import type { Mailer } from "~/infra/mail/mailer";
import type { Storage } from "~/infra/storage/storage";
import type { ModelDownloads } from "~/runtime/model-downloads";
import type { EngineInfo } from "~/shared/engines/engines-api";
import type { TranscriptionLanguages } from "~/shared/notes/transcription-languages";
import type { ResolveSession } from "../accounts/session-resolver";
import type { ApiEnv } from "../hono-env";
import type { Catalogs } from "../i18n-catalogs";
import { csrfProtection } from "../middleware/csrf";
import type { NoteEventHub } from "../notes/note-events";
import { adminAnalyticsRoutes } from "./admin/admin-analytics-routes";
import { adminNotesRoutes } from "./admin/admin-notes-routes";
import { adminOverviewRoutes } from "./admin/admin-overview-routes";
import { adminRoutes } from "./admin/admin-routes";
import { adminUsersRoutes } from "./admin/admin-users-routes";
import { type EngineSettingsRouteDeps, engineSettingsRoutes } from "./admin/engine-settings-routes";
import { modelDownloadRoutes } from "./admin/model-download-routes";
import { aiNotesRoutes } from "./ai-notes/ai-notes-routes";
import { analyticsRoutes } from "./analytics/analytics-routes";
import { apiDocsRoutes } from "./api-docs";
import { AppError, respondWithError } from "./api-error";
import { askRoutes } from "./ask/ask-routes";
import { authRoutes } from "./auth/auth-routes";
import { csrfRoutes } from "./auth/csrf-routes";
import { billingRoutes } from "./billing/billing-routes";
import { billingWebhookRoutes } from "./billing/billing-webhook-routes";
import { calendarBotRoutes } from "./calendar/calendar-bot-routes";
import { calendarEventRoutes } from "./calendar/calendar-event-routes";
import { calendarOAuthRoutes } from "./calendar/calendar-oauth-routes";
import { calendarPushRoutes } from "./calendar/calendar-push-routes";
import { calendarRoutes } from "./calendar/calendar-routes";
import { exportRoutes } from "./exports/export-routes";
import { folderRoutes } from "./folders/folder-routes";
import { type HealthDeps, healthRoutes } from "./health/health-routes";
import { botCallbackRoutes } from "./meetings/bot-callback-routes";
import { meetingBotRoutes } from "./meetings/meeting-bot-routes";
import { noteEditRoutes } from "./notes/note-edit-routes";
import { notesRoutes } from "./notes/notes-routes";
import { planRoutes } from "./plan/plan-routes";
import { shareRoutes } from "./sharing/share-routes";
import { storableText } from "./storable-text";
import { type UploadLimits, uploadRoutes } from "./uploads/upload-routes";
import { sessionRecordingRoutes } from "./user/session-recording-routes";
import { userRoutes } from "./user/user-routes";
import { zoomRoutes } from "./zoom/zoom-routes";

export interface ApiDeps {
  health: HealthDeps;
  db: Database;
  auth: Auth;
  /** TRUSTED_PROXY_HOPS: how the auth rate limits find the client's address behind a balancer (auth-routes.ts). */
  trustedProxyHops?: number;
  resolveSession: ResolveSession;
  catalogs: Catalogs;
  logger: Logger;
  secret: string;
  isSecureCookies: boolean;
  /** The public origin (PUBLIC_URL), for links the API hands out (shared notes); else the request's. */
  publicUrl?: string;
  /** The configured language model (null: none; answers quote passages), loaded on first use. */
  languageModel: () => Promise<LanguageModel | null>;
  /** What the admin engines page shows: engine, model, languages, source and health per AI capability. */
  engines: () => Promise<EngineInfo[]>;
  /** The recommended models' downloads (issue 19): list, start or resume, cancel. */
  modelDownloads: ModelDownloads;
  /** The configured embeddings endpoint, or null (full-text retrieval only); a loader follows the admin's choice. */
  embeddingModel?: EmbeddingModel | null | (() => Promise<EmbeddingModel | null>);
  /** Issue 19: admins store engine choices and test endpoints (absent: the engines page is read-only). */
  engineSettings?: EngineSettingsRouteDeps;
  /**
   * Media intake: the queue the jobs go to, where files live, live note events, upload limits, and the
   * spoken languages the speech engine transcribes.
   */
  media: {
    boss: PgBoss;
    storage: Storage;
    events: NoteEventHub;
    uploadDir: string;
    /** Uploads in progress in the S3 bucket (issue 21); absent: files under uploadDir. */
    uploadStore?: DataStore | null;
    /** The per-upload tus lock shared by every web process (issue 21); absent: tus's in-memory one. */
    uploadLocker?: Locker;
    limits: UploadLimits;
    transcriptionLanguages(): Promise<TranscriptionLanguages>;
    /** What the engine transcribes (sure and current): new media in another language is refused (issue 19). */
    spokenLanguages(): Promise<EngineLanguages>;
  };
  /** Meeting bots: the key of the bots' callback tokens. */
  meetings: { tokenSecret: string };
  /** Calendar connect, sync and push (issue 18): settings, the token cipher, the queue, the auto-join hook. */
  calendar: CalendarDeps;
  /** Zoom connect (interpretations 22): settings, the token cipher. */
  zoom: ZoomDeps;
  /** Plans, limits, Paddle and the paywall's configuration (issue 7). */
  billing: BillingSettings;
  /** Where limit-upgrade requests go (SUPPORT_EMAIL) and the mailer that sends them. */
  support: { mailer: Mailer; email: string };
  /** Session recording (spec 7 Smartlook calls): off when absent or without a key (interpretations 10). */
  sessionRecording?: SessionRecordingSettings;
  /** Extra routers mounted under /api (the dev mailbox when the embedded mail catcher runs). */
  extraRoutes?: OpenAPIHono<ApiEnv>[];
}

/** The JSON API under /api: one router per domain, described by OpenAPI at /api/openapi.json. */
export function apiApp(deps: ApiDeps) {
  const api = new OpenAPIHono<ApiEnv>();
  // A finished or removed meeting bot hands its recording to transcription through this.
  const startTranscription = (ids: { userId: string; noteId: string }) => enqueueTranscription(deps.media.boss, ids);
  api.route("/", authRoutes(deps.auth, deps.catalogs, { trustedProxyHops: deps.trustedProxyHops ?? 0 }));
  api.use("*", async (c, next) => {
    // Auth routes resolve their own session; bot callbacks carry a bot token and calendar push notifications
    // the connection's secret, never a session.
    const isSessionless =
      c.req.path.startsWith("/api/auth/") || c.req.path.startsWith("/api/bot-callbacks/") || c.req.path.startsWith("/api/calendar/push/");
    c.set("signedIn", isSessionless ? null : await deps.resolveSession(c.req.raw.headers));
    return next();
  });
  api.use("*", csrfProtection(deps.secret));
  api.use("*", storableText);
  api.route("/", healthRoutes(deps.health));
  api.route("/", csrfRoutes({ secret: deps.secret, isSecureCookies: deps.isSecureCookies }));
  api.route("/", userRoutes({ db: deps.db, storage: deps.media.storage }));
  api.route("/", sessionRecordingRoutes({ db: deps.db, settings: deps.sessionRecording ?? { projectKey: null } }));
  api.route(
    "/",
    planRoutes({
      db: deps.db,
      mailer: deps.support.mailer,
      limits: deps.billing.limits,
      supportEmail: deps.support.email,
      paymentsOn: deps.billing.paymentsOn,
    }),
  );
  api.route("/", billingRoutes({ db: deps.db, settings: deps.billing, publicUrl: deps.publicUrl, logger: deps.logger }));
  api.route("/", billingWebhookRoutes({ db: deps.db, settings: deps.billing, logger: deps.logger }));
  api.route("/", adminUsersRoutes({ db: deps.db }));
  api.route("/", adminOverviewRoutes({ db: deps.db }));
  api.route("/", adminRoutes({ db: deps.db, engines: deps.engines }));
  api.route("/", adminNotesRoutes({ db: deps.db, boss: deps.media.boss, storage: deps.media.storage }));
  api.route("/", modelDownloadRoutes({ downloads: deps.modelDownloads }));
  if (deps.engineSettings) api.route("/", engineSettingsRoutes(deps.engineSettings));
  api.route("/", analyticsRoutes({ db: deps.db }));
  api.route("/", adminAnalyticsRoutes({ db: deps.db }));
  api.route("/", folderRoutes({ db: deps.db }));
  api.route("/", aiNotesRoutes({ db: deps.db, boss: deps.media.boss }));
  api.route(
    "/",
    askRoutes({ db: deps.db, languageModel: deps.languageModel, embeddingModel: deps.embeddingModel ?? null, logger: deps.logger }),
  );
  api.route(
    "/",
    meetingBotRoutes({
      db: deps.db,
      boss: deps.media.boss,
      storage: deps.media.storage,
      startTranscription,
      catalogs: deps.catalogs,
      planLimits: deps.billing.limits,
      spokenLanguages: deps.media.spokenLanguages,
    }),
  );
  api.route("/", calendarBotRoutes({ db: deps.db, boss: deps.media.boss, catalogs: deps.catalogs, planLimits: deps.billing.limits }));
  api.route(
    "/",
    botCallbackRoutes({ db: deps.db, storage: deps.media.storage, startTranscription, tokenSecret: deps.meetings.tokenSecret }),
  );
  api.route("/", calendarPushRoutes({ db: deps.db, boss: deps.media.boss, logger: deps.logger }));
  api.route("/", calendarOAuthRoutes({ calendar: deps.calendar, publicUrl: deps.publicUrl }));
  api.route("/", calendarEventRoutes({ calendar: deps.calendar }));
  api.route("/", calendarRoutes({ calendar: deps.calendar, publicUrl: deps.publicUrl }));
  api.route("/", zoomRoutes({ zoom: deps.zoom, publicUrl: deps.publicUrl }));
  api.route("/", noteEditRoutes({ db: deps.db, storage: deps.media.storage }));
  api.route("/", shareRoutes({ db: deps.db, storage: deps.media.storage, publicUrl: deps.publicUrl }));
  api.route("/", exportRoutes({ db: deps.db, catalogs: deps.catalogs }));
  api.route(
    "/",
    notesRoutes({
      db: deps.db,
      boss: deps.media.boss,
      storage: deps.media.storage,
      events: deps.media.events,
      planLimits: deps.billing.limits,
      transcriptionLanguages: deps.media.transcriptionLanguages,
      spokenLanguages: deps.media.spokenLanguages,
    }),
  );
  api.route(
    "/",
    uploadRoutes({
      db: deps.db,
      boss: deps.media.boss,
      storage: deps.media.storage,
      uploadDir: deps.media.uploadDir,
      uploadStore: deps.media.uploadStore,
      uploadLocker: deps.media.uploadLocker,
      limits: deps.media.limits,
      planLimits: deps.billing.limits,
      catalogs: deps.catalogs,
      logger: deps.logger,
      spokenLanguages: deps.media.spokenLanguages,
    }),
  );
  for (const routes of deps.extraRoutes ?? []) api.route("/", routes);
  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: { title: "Parley API", version: "1.0.0", description: "The product API of spec section 7; every path is under /api." },
  });
  api.route("/", apiDocsRoutes());
  api.notFound((c) => respondWithError(c, deps.catalogs, new AppError("NOT_FOUND")));
  api.onError((error, c) => {
    if (error instanceof AppError) return respondWithError(c, deps.catalogs, error);
    // Hono's own 4xx (malformed JSON, a body over a limit) are the caller's mistakes, never a 500.
    if (error instanceof HTTPException && error.status === 413)
      return respondWithError(c, deps.catalogs, new AppError("PAYLOAD_TOO_LARGE"));
    if (error instanceof HTTPException && error.status < 500) return respondWithError(c, deps.catalogs, new AppError("INVALID_JSON"));
    deps.logger.error({ requestId: c.get("requestId"), err: error }, "unhandled API error");
    return respondWithError(c, deps.catalogs, new AppError("INTERNAL_ERROR"));
  });
  return api;
}
