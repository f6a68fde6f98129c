-- Issue 20: the admin users search finds an e-mail or name substring (ILIKE '%q%') through trigram indexes
-- instead of scanning every account. pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may
-- create it; PGlite loads it as a contrib extension (client.ts). The indexes are not in auth-schema.ts on
-- purpose: drizzle-kit cannot express gin_trgm_ops, and this custom migration owns them. The list is newest
-- sign-up first: the (created_at, id) index lets a common substring stop after one page of matches, and the
-- cursor pages seek instead of sorting every account.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_name_trgm_idx" ON "user" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_created_idx" ON "user" ("created_at" DESC, "id" DESC);
