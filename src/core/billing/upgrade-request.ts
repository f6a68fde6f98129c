import type { Database } from "~/infra/db/client";
import type { Mailer } from "~/infra/mail/mailer";
import { renderMail } from "~/infra/mail/render-mail";
import { type LimitErrorSource, limitOfErrorSource } from "~/shared/billing/plans";
import { findUserEmail } from "../accounts/data";
import { getUsage } from "../usage/data";
import { countActiveBots } from "./data";
import { getPlan, type PlanLimits } from "./plan";

/**
 * spec section 6: a paying user at a limit sees no paywall; support gets a limit-upgrade request by
 * e-mail (in English, support's language), with the user's address as Reply-To so support answers them.
 * Free users are sent to the paywall instead, so their request is refused ("free"), unless payments are
 * off (decision 022): then the limit is the operator's, and asking them is the only way to more.
 */
export async function sendLimitUpgradeRequest(
  deps: { db: Database; mailer: Mailer; limits: PlanLimits; supportEmail: string; paymentsOn: boolean },
  { userId, errorSource }: { userId: string; errorSource: LimitErrorSource },
): Promise<"sent" | "free" | "missing"> {
  const plan = await getPlan(deps.db, deps.limits, { userId });
  if (plan.id === "free" && deps.paymentsOn) return "free";
  const email = await findUserEmail(deps.db, { userId });
  if (!email) return "missing";
  const limitName = limitOfErrorSource[errorSource];
  const usage = (await getUsage(deps.db, { userId })).usage;
  const used =
    errorSource === "concurrent_meetings"
      ? await countActiveBots(deps.db, { userId })
      : errorSource === "upload_count"
        ? usage.uploadCount
        : usage.transcriptionMinutes;
  const mail = await renderMail("limit-upgrade-request", "en", {
    userEmail: email,
    userId,
    planId: plan.id,
    limitName,
    used,
    limit: plan.limits[limitName] ?? 0,
  });
  await deps.mailer.send({ to: deps.supportEmail, replyTo: email, ...mail });
  return "sent";
}
