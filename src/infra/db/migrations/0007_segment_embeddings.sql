CREATE TABLE "segment_embeddings" (
	"note_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"model" text NOT NULL,
	"vector" real[] NOT NULL,
	CONSTRAINT "segment_embeddings_note_id_position_pk" PRIMARY KEY("note_id","position")
);
--> statement-breakpoint
ALTER TABLE "segment_embeddings" ADD CONSTRAINT "segment_embeddings_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE cascade ON UPDATE no action;