import type { Database } from "~/infra/db/client";
import { siteRedirects } from "~/infra/db/schema";
import { type SaveRedirectInput, saveRedirectInput } from "./schema";

export async function saveRedirect(db: Database, input: SaveRedirectInput): Promise<void> {
  const { fromPath, toUrl } = saveRedirectInput.parse(input);
  await db.insert(siteRedirects).values({ fromPath, toUrl }).onConflictDoUpdate({ target: siteRedirects.fromPath, set: { toUrl } });
}
