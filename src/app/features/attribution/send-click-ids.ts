import type { SetClickIdsInput } from "~/shared/accounts/user-payload";
import { type Attribution, clickIdsBody } from "~/shared/analytics/attribution";

// spec section 7: "the fetch after user data also stores click ids". Once per user in this browser: the
// flag below remembers it was sent (the server keeps the first utm_ set anyway, so a browser that forgets
// the flag only repeats a harmless call).

export const clickIdsSentKey = (userId: string) => `parley.clickIdsSent.${userId}`;

export interface SendClickIdsDeps {
  userId: string;
  attribution: Attribution | null;
  browser: { cookieHeader: string; userAgent: string };
  storage: Pick<Storage, "getItem" | "setItem"> | null;
  post(body: SetClickIdsInput): Promise<unknown>;
}

/** Sends the kept click ids and utm_ parameters unless this user's were sent; answers whether it sent. */
export async function sendClickIdsOnce(deps: SendClickIdsDeps): Promise<boolean> {
  const key = clickIdsSentKey(deps.userId);
  if (readFlag(deps.storage, key)) return false;
  const body = clickIdsBody(deps.attribution, deps.browser);
  await deps.post({ clickIds: body.clickIds, ...(Object.keys(body.utm).length > 0 ? { utm: body.utm } : {}) });
  try {
    deps.storage?.setItem(key, "1");
  } catch {
    // Storage refused: the next load sends again (see above).
  }
  return true;
}

function readFlag(storage: SendClickIdsDeps["storage"], key: string): boolean {
  try {
    return storage?.getItem(key) === "1";
  } catch {
    return false;
  }
}
