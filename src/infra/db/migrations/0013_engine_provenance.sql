ALTER TABLE "notes" ADD COLUMN "transcript_engine" text;--> statement-breakpoint
ALTER TABLE "ai_notes" ADD COLUMN "fallback_reason" text;