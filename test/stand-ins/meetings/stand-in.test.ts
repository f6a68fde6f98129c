import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorizationUrl, exchangeCode } from "../../../src/infra/oauth/oauth-client";
import { newCodeVerifier } from "../../../src/infra/oauth/pkce";
import { clipPath } from "../../support/media-fixtures";
import { type CalendarStandIn, startCalendarStandIn } from "../calendar/server";
import { meetingControl } from "./control-client";
import { type MeetingStandIn, startMeetingStandIn } from "./server";
import { wavDurationMs } from "./speaker";

// The control API and page routes without a browser (the adapter tests in src/bot/platforms drive the pages).
let standIn: MeetingStandIn;
beforeAll(async () => {
  standIn = await startMeetingStandIn();
});
afterAll(() => standIn.close());

const post = (path: string, body: unknown) =>
  fetch(`${standIn.baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("meeting stand-in control API", () => {
  it("registers a meeting with scenario defaults (Zoom asks the host to allow recording) and refuses unknown switches", async () => {
    const control = meetingControl(standIn.baseUrl);
    const zoom = await control.register("zoom", "81234567890", { lobby: "manual" });
    expect(zoom.scenario).toMatchObject({ lobby: "manual", recordingPermission: "allow", password: null, endAfterMs: null });
    expect(zoom.bot).toEqual({ state: "prejoin", name: null });
    expect((await control.register("google_meet", "abc-defg-hij")).scenario.recordingPermission).toBeNull();
    expect((await post("/__meetings", { platform: "zoom", id: "1", scenario: { lobbyy: "manual" } })).status).toBe(400);
    expect((await post("/__meetings", { platform: "webex", id: "1" })).status).toBe(400);
    expect((await fetch(`${standIn.baseUrl}/__meetings/nope`)).status).toBe(404);
  });

  it("refuses host actions that do not fit the bot's place, and keeps name-only participants and the lobby list", async () => {
    const control = meetingControl(standIn.baseUrl);
    await control.register("microsoft_teams", "19:meeting_abc@thread.v2");
    await expect(control.admit("19:meeting_abc@thread.v2")).rejects.toThrow(/409/);
    await expect(control.kick("19:meeting_abc@thread.v2")).rejects.toThrow(/409/);
    await control.addParticipant("19:meeting_abc@thread.v2", "Otter.ai Notetaker");
    await control.addWaiting("19:meeting_abc@thread.v2", "Dan");
    const view = await control.removeParticipant("19:meeting_abc@thread.v2", "Otter.ai Notetaker");
    expect(view.participants).toEqual([]);
    expect(view.waiting).toEqual(["Dan"]);
    const events = (await control.events("19:meeting_abc@thread.v2")).map((event) => event.type);
    expect(events).toEqual(["registered", "participants_added", "waiting_added", "participants_removed"]);
  });

  it.each([
    ["/meet/abc-defg-hij", "Meet"],
    ["/teams/l/meetup-join/19%3ameeting_abc%40thread.v2/0?context=%7b%7d", "Microsoft Teams"],
    ["/teams/meet/9381234567890?p=AbCd", "Microsoft Teams"],
    ["/zoom/wc/81234567890/join?pwd=x", "Zoom"],
    ["/zoom/wc/join/81234567890", "Zoom"],
  ])("serves the meeting page %s", async (path, title) => {
    const response = await fetch(`${standIn.baseUrl}${path}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`<title>${title}</title>`);
  });

  it("answers 404 for paths that are no meeting page, and serves the room client", async () => {
    expect((await fetch(`${standIn.baseUrl}/meet`)).status).toBe(404);
    expect((await fetch(`${standIn.baseUrl}/zoom/j/81234567890`)).status).toBe(404);
    const client = await fetch(`${standIn.baseUrl}/__assets/room-client.js`);
    expect(client.headers.get("content-type")).toContain("text/javascript");
    expect((await fetch(`${standIn.baseUrl}/__assets/../server.ts`)).status).toBe(404);
  });
});

describe("wavDurationMs", () => {
  it("reads a clip's length from its header (c6 is the 10.9 s JFK clip)", () => {
    expect(wavDurationMs(clipPath("c6"))).toBeGreaterThan(10_800);
    expect(wavDurationMs(clipPath("c6"))).toBeLessThan(11_100);
  });
});

describe("a Zoom page opened with a ZAK, checked against the calendar stand-in's Zoom", () => {
  let zoom: CalendarStandIn;
  let checked: MeetingStandIn;
  beforeAll(async () => {
    zoom = await startCalendarStandIn();
    checked = await startMeetingStandIn({ zakCheckUrl: zoom.url });
  });
  afterAll(async () => {
    await checked?.close();
    await zoom?.close();
  });

  /** A real ZAK from the Zoom stand-in: consent, code for tokens, then GET /users/me/token?type=zak. */
  async function zakOf(email: string): Promise<string> {
    const config = {
      clientId: "zoom-test-client",
      clientSecret: "zoom-test-secret",
      authorizationUrl: `${zoom.url}/zoom/oauth/authorize`,
      tokenUrl: `${zoom.url}/zoom/oauth/token`,
      clientAuth: "basic" as const,
      scopes: [],
    };
    const redirectUri = "http://127.0.0.1:9/callback";
    const codeVerifier = newCodeVerifier();
    const consent = await fetch(authorizationUrl(config, { redirectUri, state: "s", codeVerifier, loginHint: email }), {
      redirect: "manual",
    });
    const code = new URL(consent.headers.get("location") ?? "").searchParams.get("code") ?? "";
    const tokens = await exchangeCode(config, { code, codeVerifier, redirectUri });
    const answer = await fetch(`${zoom.url}/zoom/v2/users/me/token?type=zak`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    return ((await answer.json()) as { token: string }).token;
  }
  const configOf = async (path: string) => {
    const html = await (await fetch(`${checked.baseUrl}${path}`)).text();
    return JSON.parse(/window\.__roomConfig = (.*?);<\/script>/.exec(html)?.[1] ?? "null") as { zak: string | null };
  };
  const knock = (id: string, zak: string | null) =>
    fetch(`${checked.baseUrl}/__rooms/${id}/knock`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client: `c-${zak ? "zak" : "none"}`, name: "Parley Notetaker (Ana)", passcode: null, zak }),
    });

  it("lets the page past the registration wall only with a ZAK Zoom issued and still honours", async () => {
    const control = meetingControl(checked.baseUrl);
    await control.register("zoom", "81200000001", { registrationRequired: true });
    const zak = await zakOf("ana@example.com");
    expect((await configOf("/zoom/wc/81200000001/join?zak=forged.zak.value")).zak).toBeNull();
    expect(await knock("81200000001", "forged.zak.value")).toHaveProperty("status", 403);
    expect(await knock("81200000001", null)).toHaveProperty("status", 403);

    expect((await configOf(`/zoom/wc/81200000001/join?zak=${encodeURIComponent(zak)}`)).zak).toBe(zak);
    expect(await knock("81200000001", zak)).toHaveProperty("status", 204);
    expect((await control.get("81200000001")).bot.state).toBe("in_call");
    const events = (await control.events("81200000001")).map((event) => event.type);
    expect(events).toEqual(expect.arrayContaining(["zak_refused", "zak_accepted", "knock", "bot_in_call"]));

    // Revoked at Zoom: a new page with the same ZAK stays outside.
    await control.register("zoom", "81200000002", { registrationRequired: true });
    zoom.revoke("zoom", "ana@example.com");
    const other = await startMeetingStandIn({ zakCheckUrl: zoom.url });
    try {
      const html = await (await fetch(`${other.baseUrl}/zoom/wc/81200000002/join?zak=${encodeURIComponent(zak)}`)).text();
      expect(html).toContain('"zak":null');
    } finally {
      await other.close();
    }
  });
});
