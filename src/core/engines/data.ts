import { count, eq, max } from "drizzle-orm";
import { user } from "~/infra/db/auth-schema";
import type { Database } from "~/infra/db/client";
import { engineSettings, modelDownloads } from "~/infra/db/engines-schema";

// The install's stored engine choices (issue 19). Site-wide configuration, not user data: no owner to scope
// by; only admins write them (the admin routes check the role).

export interface StoredEngineSetting {
  /** The variable name (`LLM_BASE_URL`...). */
  name: string;
  /** As stored: a secret is still sealed here. */
  value: string;
  isSecret: boolean;
  /** The admin who saved it (e-mail), null once that account is gone. */
  updatedBy: string | null;
  updatedAt: Date;
}

export async function listEngineSettings(db: Database): Promise<StoredEngineSetting[]> {
  return db
    .select({
      name: engineSettings.name,
      value: engineSettings.value,
      isSecret: engineSettings.isSecret,
      updatedBy: user.email,
      updatedAt: engineSettings.updatedAt,
    })
    .from(engineSettings)
    .leftJoin(user, eq(user.id, engineSettings.updatedBy))
    .orderBy(engineSettings.name);
}

/**
 * A cheap fingerprint of what the engines depend on in the database: the stored settings (count and newest
 * change, so a deletion counts too) and the finished model downloads (a new file makes `auto` choose again).
 */
export async function engineConfigVersion(db: Database): Promise<string> {
  const [settings] = await db.select({ rows: count(), newest: max(engineSettings.updatedAt) }).from(engineSettings);
  const [downloads] = await db
    .select({ rows: count(), newest: max(modelDownloads.updatedAt) })
    .from(modelDownloads)
    .where(eq(modelDownloads.state, "done"));
  const stamp = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : "-");
  return `${settings?.rows ?? 0}@${stamp(settings?.newest)}/${downloads?.rows ?? 0}@${stamp(downloads?.newest)}`;
}
