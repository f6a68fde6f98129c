CREATE TABLE "analytics_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"app_id" text NOT NULL,
	"version" text NOT NULL,
	"result" smallint NOT NULL,
	"session_id" text NOT NULL,
	"event_group" text NOT NULL,
	"event_name" text NOT NULL,
	"event_time" bigint NOT NULL,
	"duration" integer NOT NULL,
	"event_category" text NOT NULL,
	"page" text NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sdk_version" text,
	"key_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_signatures" (
	"signature" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_users" (
	"user_id" text NOT NULL,
	"app_id" text NOT NULL,
	"version" text NOT NULL,
	"operating_system" text NOT NULL,
	"tracker_name" text,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"account_id" text,
	"key_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_users_user_id_app_id_pk" PRIMARY KEY("user_id","app_id")
);
--> statement-breakpoint
CREATE INDEX "analytics_events_user_time_idx" ON "analytics_events" USING btree ("user_id","event_time");--> statement-breakpoint
CREATE INDEX "analytics_events_received_idx" ON "analytics_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "analytics_signatures_seen_idx" ON "analytics_signatures" USING btree ("seen_at");