import { describe, expect, it } from "vitest";
import {
  type Attribution,
  captureAttribution,
  clickIdsBody,
  firstTouch,
  maxUtmParameters,
  parseStoredAttribution,
  serializeAttribution,
  trackerName,
} from "./attribution";

const ua = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0";
const now = 1_760_000_000_000;
const visit = (address: string, cookieHeader = "") => captureAttribution({ url: new URL(address), cookieHeader, userAgent: ua, now });

describe("captureAttribution (spec 3 click ids, spec 9 utm_ kept)", () => {
  it("keeps every utm_ parameter and gclid, with the user agent", () => {
    const found = visit("https://parley.test/?utm_source=news&utm_medium=email&utm_campaign=launch&utm_id=42&gclid=abc&x=1");
    expect(found).toEqual({
      utm: { utm_source: "news", utm_medium: "email", utm_campaign: "launch", utm_id: "42" },
      clickIds: { gclid: "abc", ua },
      capturedAt: now,
    });
  });

  it("builds fbc from fbclid as fb.1.<ms>.<fbclid>, reads _fbp and _ttp, and keeps ttclid", () => {
    const found = visit("https://parley.test/pricing/?fbclid=IwAR1&ttclid=tt9", "_fbp=fb.1.1.222; _ttp=ttp-cookie; other=1");
    expect(found?.clickIds).toEqual({ fbc: `fb.1.${now}.IwAR1`, fbp: "fb.1.1.222", ttp: "ttp-cookie", ttclid: "tt9", ua });
  });

  it("prefers the pixel's own _fbc cookie over a built one", () => {
    expect(visit("https://parley.test/?fbclid=IwAR1", "_fbc=fb.1.5.IwAR1")?.clickIds.fbc).toBe("fb.1.5.IwAR1");
  });

  it("answers null for a direct visit (no utm_, no click id): it does not claim the first touch", () => {
    expect(visit("https://parley.test/?ref=x", "_fbp=fb.1.1.222")).toBeNull();
    expect(visit("https://parley.test/?utm_source=&gclid=")).toBeNull();
  });

  it("lower-cases keys, drops malformed ones, trims and caps values and the number of parameters", () => {
    const many = Array.from({ length: 20 }, (_, i) => `utm_p${i}=v${i}`).join("&");
    const found = visit(`https://parley.test/?UTM_Source=%20News%20&utm_bad-key=1&utm_=2&${many}&utm_term=${"x".repeat(500)}`);
    expect(found?.utm.utm_source).toBe("News");
    expect(Object.keys(found?.utm ?? {})).toHaveLength(maxUtmParameters);
    expect(found?.utm).not.toHaveProperty("utm_bad-key");
    expect(found?.utm).not.toHaveProperty("utm_");
  });
});

describe("trackerName (spec 9: source_medium::campaign::content::term)", () => {
  it("joins the four parts with '::'", () => {
    const utm = { utm_source: "news", utm_medium: "email", utm_campaign: "launch", utm_content: "hero", utm_term: "notes ai" };
    expect(trackerName({ utm })).toBe("news_email::launch::hero::notes ai");
  });

  it("keeps empty positions so the name splits back the same way", () => {
    expect(trackerName({ utm: { utm_source: "news", utm_medium: "email", utm_campaign: "launch" } })).toBe("news_email::launch::::");
    expect(trackerName({ utm: { utm_source: "google" } })).toBe("google::::::");
    expect(trackerName({ utm: { utm_campaign: "spring" } })).toBe("::spring::::");
  });

  it("is null without attribution or without the parameters it names", () => {
    expect(trackerName(null)).toBeNull();
    expect(trackerName({ utm: {} })).toBeNull();
    expect(trackerName({ utm: { utm_id: "42" } })).toBeNull();
  });
});

describe("stored attribution", () => {
  const stored: Attribution = { utm: { utm_source: "news" }, clickIds: { gclid: "abc", ua }, capturedAt: now };

  it("round-trips through storage", () => {
    expect(parseStoredAttribution(serializeAttribution(stored))).toEqual(stored);
  });

  it("drops what storage should not hold and refuses garbage", () => {
    const tampered = JSON.stringify({
      utm: { utm_source: "news", "not utm": "x", utm_n: 5 },
      clickIds: { gclid: "abc", evil: "1" },
      capturedAt: now,
    });
    expect(parseStoredAttribution(tampered)).toEqual({ utm: { utm_source: "news" }, clickIds: { gclid: "abc" }, capturedAt: now });
    for (const text of [null, "", "{", "[]", '{"utm":{},"clickIds":{}}', '{"utm":[],"clickIds":{},"capturedAt":1}'])
      expect(parseStoredAttribution(text)).toBeNull();
  });

  it("first touch wins: a later campaign visit does not replace the stored one", () => {
    const later: Attribution = { utm: { utm_source: "ads" }, clickIds: {}, capturedAt: now + 1 };
    expect(firstTouch(stored, later)).toBe(stored);
    expect(firstTouch(null, later)).toBe(later);
    expect(firstTouch(null, null)).toBeNull();
  });
});

describe("clickIdsBody (POST /user/set-click-ids)", () => {
  it("sends the landing's ids and fills pixel cookies set after the landing", () => {
    const landing: Attribution = { utm: { utm_source: "news" }, clickIds: { gclid: "abc", ua: "landing-ua" }, capturedAt: now };
    expect(clickIdsBody(landing, { cookieHeader: "_fbp=fb.1.9.1", userAgent: "now-ua" })).toEqual({
      clickIds: { gclid: "abc", ua: "landing-ua", fbp: "fb.1.9.1" },
      utm: { utm_source: "news" },
    });
  });

  it("still sends the browser's ids for a visitor who came with no campaign", () => {
    expect(clickIdsBody(null, { cookieHeader: "", userAgent: ua })).toEqual({ clickIds: { ua }, utm: {} });
  });
});
