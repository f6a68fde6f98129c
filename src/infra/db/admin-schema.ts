import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth-schema";

// The admin area's audit log (issue 20): every admin action, who did it, when, to whom and what. Rows
// outlive the people in them (ids kept as text, no cascade): an audit log that forgets is no audit log.

export type AdminAction =
  | "user.ban"
  | "user.unban"
  | "user.grant_admin"
  | "user.revoke_admin"
  | "note.retry_transcription"
  | "note.retry_notes"
  | "engines.change"
  | "engines.download";

export const adminAudit = pgTable(
  "admin_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The admin who acted (null: the shell's `npm run admin`). */
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    /** The actor's e-mail at the time, kept when the account goes. */
    actorEmail: text("actor_email"),
    action: text("action").$type<AdminAction>().notNull(),
    targetUserId: text("target_user_id"),
    targetEmail: text("target_email"),
    targetNoteId: uuid("target_note_id"),
    /** What changed (a ban's reason and end, a job retried...). */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("admin_audit_created_idx").on(table.createdAt.desc(), table.id.desc()),
    index("admin_audit_target_user_idx").on(table.targetUserId, table.createdAt.desc()),
  ],
);
