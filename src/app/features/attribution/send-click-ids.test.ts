import { describe, expect, it } from "vitest";
import type { SetClickIdsInput } from "~/shared/accounts/user-payload";
import type { Attribution } from "~/shared/analytics/attribution";
import { clickIdsSentKey, sendClickIdsOnce } from "./send-click-ids";

function memoryStorage(): Pick<Storage, "getItem" | "setItem"> & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

const attribution: Attribution = {
  utm: { utm_source: "news", utm_medium: "email", utm_campaign: "launch" },
  clickIds: { gclid: "abc", ua: "landing-ua" },
  capturedAt: 1,
};
const browser = { cookieHeader: "_fbp=fb.1.2.3", userAgent: "now-ua" };

describe("sendClickIdsOnce (spec 7: the fetch after user data stores click ids)", () => {
  it("sends the kept click ids and utm_ parameters, then remembers it did for that user", async () => {
    const storage = memoryStorage();
    const sent: SetClickIdsInput[] = [];
    const deps = { userId: "u1", attribution, browser, storage, post: async (body: SetClickIdsInput) => void sent.push(body) };
    expect(await sendClickIdsOnce(deps)).toBe(true);
    expect(await sendClickIdsOnce(deps)).toBe(false);
    expect(sent).toEqual([{ clickIds: { gclid: "abc", ua: "landing-ua", fbp: "fb.1.2.3" }, utm: attribution.utm }]);
    expect(storage.items.get(clickIdsSentKey("u1"))).toBe("1");
    // Another account signing in on this browser gets its own call.
    expect(await sendClickIdsOnce({ ...deps, userId: "u2" })).toBe(true);
    expect(sent).toHaveLength(2);
  });

  it("sends no utm field when the visit had none", async () => {
    const sent: SetClickIdsInput[] = [];
    await sendClickIdsOnce({
      userId: "u1",
      attribution: null,
      browser,
      storage: memoryStorage(),
      post: async (body) => void sent.push(body),
    });
    expect(sent).toEqual([{ clickIds: { fbp: "fb.1.2.3", ua: "now-ua" } }]);
  });

  it("does not mark a failed call as sent, so the next load tries again", async () => {
    const storage = memoryStorage();
    const failing = { userId: "u1", attribution, browser, storage, post: async () => Promise.reject(new Error("offline")) };
    await expect(sendClickIdsOnce(failing)).rejects.toThrow("offline");
    expect(storage.items.size).toBe(0);
  });

  it("still sends when storage is refused", async () => {
    const refusing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    let calls = 0;
    expect(await sendClickIdsOnce({ userId: "u1", attribution, browser, storage: refusing, post: async () => void calls++ })).toBe(true);
    expect(calls).toBe(1);
  });
});
