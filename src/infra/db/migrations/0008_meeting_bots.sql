CREATE TABLE "meeting_bots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"note_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"meeting_key" text NOT NULL,
	"meeting_url" text NOT NULL,
	"passcode" text,
	"bot_name" text NOT NULL,
	"consent_message" text NOT NULL,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_sequence" integer DEFAULT 0 NOT NULL,
	"participant_count" integer DEFAULT 0 NOT NULL,
	"cancel_requested_at" timestamp with time zone,
	"launched_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"recording_parts" integer DEFAULT 0 NOT NULL,
	"speaker_turns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"participants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_bots_note_id_unique" UNIQUE("note_id")
);
--> statement-breakpoint
ALTER TABLE "meeting_bots" ADD CONSTRAINT "meeting_bots_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_bots" ADD CONSTRAINT "meeting_bots_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_bots_active_meeting_idx" ON "meeting_bots" USING btree ("user_id","meeting_key") WHERE finished_at is null;--> statement-breakpoint
CREATE INDEX "meeting_bots_user_active_idx" ON "meeting_bots" USING btree ("user_id") WHERE finished_at is null;