import type { Database } from "~/infra/db/client";
import type { LimitErrorSource, PlanId } from "~/shared/billing/plans";
import { limitOfErrorSource } from "~/shared/billing/plans";
import { getUsage } from "../usage/data";
import { countActiveBots } from "./data";
import { getPlan, type PlanLimits } from "./plan";

// Limits are enforced where work starts (issue 7): an upload or a YouTube link (uploads and minutes this
// month), a meeting bot (bots at once, minutes). Reaching a limit answers 402 with `errorSource`; the
// browser opens the paywall for free users and offers the upgrade request to paying ones.

export interface LimitReached {
  errorSource: LimitErrorSource;
  planId: PlanId;
  used: number;
  limit: number;
}

/** The first of `sources` the user has used up (used >= limit), or null when the work may start. */
export async function findReachedLimit(
  db: Database,
  limits: PlanLimits,
  { userId, sources, at = new Date() }: { userId: string; sources: readonly LimitErrorSource[]; at?: Date },
): Promise<LimitReached | null> {
  if (sources.length === 0) return null;
  const plan = await getPlan(db, limits, { userId });
  const needsUsage = sources.some((source) => source !== "concurrent_meetings");
  const usage = needsUsage ? (await getUsage(db, { userId, at })).usage : null;
  for (const source of sources) {
    const limit = plan.limits[limitOfErrorSource[source]];
    if (limit === null) continue;
    const used =
      source === "concurrent_meetings"
        ? await countActiveBots(db, { userId })
        : source === "upload_count"
          ? (usage?.uploadCount ?? 0)
          : (usage?.transcriptionMinutes ?? 0);
    if (used >= limit) return { errorSource: source, planId: plan.id, used, limit };
  }
  return null;
}
