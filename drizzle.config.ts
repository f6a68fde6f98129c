import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: [
    "./src/infra/db/schema.ts",
    "./src/infra/db/auth-schema.ts",
    "./src/infra/db/usage-schema.ts",
    "./src/infra/db/notes-schema.ts",
    "./src/infra/db/workspace-schema.ts",
    "./src/infra/db/meetings-schema.ts",
    "./src/infra/db/billing-schema.ts",
    "./src/infra/db/calendar-schema.ts",
    "./src/infra/db/engines-schema.ts",
    "./src/infra/db/admin-schema.ts",
    "./src/infra/db/request-guards-schema.ts",
    "./src/infra/db/analytics-schema.ts",
  ],
  out: "./src/infra/db/migrations",
});
