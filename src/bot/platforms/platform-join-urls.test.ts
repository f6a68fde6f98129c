import { describe, expect, it } from "vitest";
import { isBotName } from "./bot-names";
import { googleMeetAdapter } from "./google-meet-adapter";
import { teamsAdapter } from "./teams-adapter";
import { zoomAdapter } from "./zoom-adapter";

const standIn = "http://127.0.0.1:3340";
const adapters = { meet: googleMeetAdapter, teams: teamsAdapter, zoom: zoomAdapter };

describe("joinUrl: the canonical link's path and query on the platform's web client or the stand-in", () => {
  it.each([
    ["meet" as const, "https://meet.google.com/abc-defg-hij", googleMeetAdapter.defaultBaseUrl, "https://meet.google.com/abc-defg-hij"],
    ["meet" as const, "https://meet.google.com/abc-defg-hij", `${standIn}/meet`, `${standIn}/meet/abc-defg-hij`],
    ["meet" as const, "https://meet.google.com/abc-defg-hij", `${standIn}/meet/`, `${standIn}/meet/abc-defg-hij`],
    [
      "teams" as const,
      "https://teams.microsoft.com/l/meetup-join/19%3Ameeting_abc%40thread.v2/0?context=%7B%22Tid%22%7D",
      teamsAdapter.defaultBaseUrl,
      "https://teams.microsoft.com/l/meetup-join/19%3Ameeting_abc%40thread.v2/0?context=%7B%22Tid%22%7D",
    ],
    [
      "teams" as const,
      "https://teams.microsoft.com/l/meetup-join/19%3Ameeting_abc%40thread.v2/0?context=%7B%22Tid%22%7D",
      `${standIn}/teams`,
      `${standIn}/teams/l/meetup-join/19%3Ameeting_abc%40thread.v2/0?context=%7B%22Tid%22%7D`,
    ],
    [
      "teams" as const,
      "https://teams.live.com/meet/9381234567890?p=AbCd",
      teamsAdapter.defaultBaseUrl,
      "https://teams.live.com/meet/9381234567890?p=AbCd",
    ],
    [
      "teams" as const,
      "https://teams.live.com/meet/9381234567890?p=AbCd",
      `${standIn}/teams`,
      `${standIn}/teams/meet/9381234567890?p=AbCd`,
    ],
    ["zoom" as const, "https://zoom.us/j/81234567890?pwd=x1", zoomAdapter.defaultBaseUrl, "https://app.zoom.us/wc/81234567890/join?pwd=x1"],
    ["zoom" as const, "https://us05web.zoom.us/j/81234567890", zoomAdapter.defaultBaseUrl, "https://app.zoom.us/wc/81234567890/join"],
    ["zoom" as const, "https://zoom.us/w/81234567890?pwd=x1", zoomAdapter.defaultBaseUrl, "https://app.zoom.us/wc/81234567890/join?pwd=x1"],
    ["zoom" as const, "https://agency.zoomgov.com/j/1612345678", zoomAdapter.defaultBaseUrl, "https://app.zoomgov.com/wc/1612345678/join"],
    ["zoom" as const, "https://zoom.us/j/81234567890?pwd=x1", `${standIn}/zoom`, `${standIn}/zoom/wc/81234567890/join?pwd=x1`],
  ])("%s: %s on %s", (platform, link, base, expected) => {
    expect(adapters[platform].joinUrl(link, base)).toBe(expected);
  });
});

describe("joinUrl with the owner's Zoom ZAK (Zoom connected)", () => {
  it("carries it to Zoom's web client only", () => {
    const zak = "eyJ0eXAiOiJKV1QifQ.payload.sig";
    expect(zoomAdapter.joinUrl("https://zoom.us/j/81234567890?pwd=x1", zoomAdapter.defaultBaseUrl, { zak })).toBe(
      `https://app.zoom.us/wc/81234567890/join?pwd=x1&zak=${zak}`,
    );
    expect(zoomAdapter.joinUrl("https://zoom.us/j/81234567890", zoomAdapter.defaultBaseUrl, { zak: null })).toBe(
      "https://app.zoom.us/wc/81234567890/join",
    );
    expect(googleMeetAdapter.joinUrl("https://meet.google.com/abc-defg-hij", googleMeetAdapter.defaultBaseUrl, { zak })).toBe(
      "https://meet.google.com/abc-defg-hij",
    );
  });
});

describe("isBotName: notetakers and bots by their names", () => {
  it.each([
    "Parley Notetaker (Ana)",
    "Otter.ai",
    "Otter.ai Notetaker",
    "Fireflies.ai Notetaker",
    "Read.ai meeting notes",
    "Fathom",
    "tl;dv Recorder",
    "Recall.ai Bot",
    "Meeting Bot",
    "Note Taker",
  ])("%s is a bot", (name) => expect(isBotName(name)).toBe(true));
  it.each(["Ana Silva", "Abbott Robotham", "Otterburn Hughes", "Bottomley", "Ben (Fathomless Ltd)"])("%s is a person", (name) =>
    expect(isBotName(name)).toBe(false),
  );
});
