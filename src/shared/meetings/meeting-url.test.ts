import { describe, expect, it } from "vitest";
import { type MeetingLink, parseMeetingUrl } from "./meeting-url";

const teamsThread = "19:meeting_NjQ4ZmI1ZTctYTk0Ni00ZDk3LWI2ZTUtZmM0ZWE3OTFhZDk0@thread.v2";
const teamsContext = '{"Tid":"72f988bf-86f1-41af-91ab-2d7cd011db47","Oid":"6d6b2e1c-6bb9-4c3a-9f0a-6e8e43a0c2a1"}';
const teamsJoin = `https://teams.microsoft.com/l/meetup-join/${encodeURIComponent(teamsThread)}/0?context=${encodeURIComponent(teamsContext)}`;
const safeLink = (inner: string) =>
  `https://nam12.safelinks.protection.outlook.com/?url=${encodeURIComponent(inner)}&data=05%7C02%7C&sdata=abc%3D&reserved=0`;

// Each row: what a person pastes, and what the bot is sent to (null: refused).
const fixtures: [string, string, Partial<MeetingLink> | null][] = [
  [
    "Zoom join link",
    "https://zoom.us/j/1234567890",
    { platform: "zoom", url: "https://zoom.us/j/1234567890", meetingId: "1234567890", passcode: null },
  ],
  [
    "Zoom with passcode",
    "https://us02web.zoom.us/j/85512345678?pwd=Zx1.abC",
    { url: "https://us02web.zoom.us/j/85512345678?pwd=Zx1.abC", passcode: "Zx1.abC" },
  ],
  ["Zoom without a scheme", "zoom.us/j/123456789", { url: "https://zoom.us/j/123456789", meetingId: "123456789" }],
  ["Zoom over http", "http://zoom.us/j/123456789", { url: "https://zoom.us/j/123456789" }],
  [
    "Zoom webinar",
    "https://acme.zoom.us/w/98765432101?tk=abc&pwd=q1",
    { url: "https://acme.zoom.us/w/98765432101?pwd=q1", meetingId: "98765432101" },
  ],
  [
    "Zoom web client /wc/ID/join",
    "https://app.zoom.us/wc/1234567890/join?fromPWA=1&pwd=x",
    { url: "https://app.zoom.us/j/1234567890?pwd=x" },
  ],
  ["Zoom web client /wc/join/ID", "https://zoom.us/wc/join/1234567890", { url: "https://zoom.us/j/1234567890" }],
  ["Zoom start link read as a join", "https://zoom.us/s/1234567890?zak=secret", { url: "https://zoom.us/j/1234567890" }],
  ["ZoomGov", "https://agency.zoomgov.com/j/1612345678?pwd=g", { platform: "zoom", url: "https://agency.zoomgov.com/j/1612345678?pwd=g" }],
  ["Zoom personal link", "https://acme.zoom.us/my/ana.lima", { url: "https://acme.zoom.us/my/ana.lima", meetingId: "my/ana.lima" }],
  ["Zoom id with spaces", "https://zoom.us/j/123 456 7890".replace(/ /g, "%20"), { meetingId: "1234567890" }],
  ["Zoom id too short", "https://zoom.us/j/12345", null],
  ["Zoom home page", "https://zoom.us/", null],
  [
    "Meet link",
    "https://meet.google.com/abc-defg-hij",
    { platform: "google_meet", url: "https://meet.google.com/abc-defg-hij", meetingId: "abc-defg-hij" },
  ],
  ["Meet with tracking", "https://meet.google.com/abc-defg-hij?authuser=1&hs=122&pli=1", { url: "https://meet.google.com/abc-defg-hij" }],
  ["Meet in capitals, no scheme", "MEET.GOOGLE.COM/ABC-DEFG-HIJ", { url: "https://meet.google.com/abc-defg-hij" }],
  ["Meet landing page", "https://meet.google.com/landing", null],
  ["Meet bad code", "https://meet.google.com/abc-def-hij", null],
  [
    "Teams meetup-join",
    teamsJoin,
    {
      platform: "microsoft_teams",
      meetingId: teamsThread,
      url: teamsJoin.replace(encodeURIComponent(teamsThread), encodeURIComponent(teamsThread)),
    },
  ],
  [
    "Teams short link",
    "https://teams.microsoft.com/meet/2345678901234?p=AbCdEf123",
    { url: "https://teams.microsoft.com/meet/2345678901234?p=AbCdEf123", passcode: "AbCdEf123" },
  ],
  [
    "Teams personal",
    "https://teams.live.com/meet/9876543210987?p=xyz",
    { platform: "microsoft_teams", url: "https://teams.live.com/meet/9876543210987?p=xyz" },
  ],
  [
    "Teams GCC High",
    `https://teams.microsoft.us/l/meetup-join/${encodeURIComponent(teamsThread)}/0`,
    { platform: "microsoft_teams", meetingId: teamsThread },
  ],
  ["Teams chat link", "https://teams.microsoft.com/l/chat/0/0?users=ana@example.com", null],
  ["SafeLinks-wrapped Zoom", safeLink("https://zoom.us/j/1234567890?pwd=abc"), { url: "https://zoom.us/j/1234567890?pwd=abc" }],
  ["SafeLinks-wrapped Teams", safeLink(teamsJoin), { platform: "microsoft_teams", meetingId: teamsThread }],
  ["SafeLinks twice", safeLink(safeLink("https://meet.google.com/abc-defg-hij")), { url: "https://meet.google.com/abc-defg-hij" }],
  [
    "Google redirect",
    `https://www.google.com/url?q=${encodeURIComponent("https://meet.google.com/abc-defg-hij")}&sa=D`,
    { platform: "google_meet" },
  ],
  ["SafeLinks around a look-alike", safeLink("https://zoom.us.evil.example/j/1234567890"), null],
  ["look-alike: zoom.us as a subdomain", "https://zoom.us.evil.example/j/1234567890", null],
  ["look-alike: prefix", "https://evilzoom.us/j/1234567890", null],
  ["look-alike: dash", "https://meet-google.com/abc-defg-hij", null],
  ["look-alike: Meet subdomain", "https://meet.google.com.evil.example/abc-defg-hij", null],
  ["look-alike: Teams", "https://teams.microsoft.com.evil.example/meet/2345678901234", null],
  ["look-alike: credentials", "https://zoom.us@evil.example/j/1234567890", null],
  ["look-alike: punycode", "https://zооm.us/j/1234567890", null],
  ["odd port", "https://zoom.us:8443/j/1234567890", null],
  ["javascript: scheme", "javascript:alert(1)//zoom.us/j/1234567890", null],
  ["not a link", "see you at 3pm", null],
  ["empty", "   ", null],
];

describe("meeting links", () => {
  it.each(fixtures)("%s", (_label, input, expected) => {
    const link = parseMeetingUrl(input);
    if (expected === null) expect(link).toBeNull();
    else expect(link).toMatchObject(expected);
  });

  it("gives the same meeting id for every form of one meeting (one active bot per meeting)", () => {
    const forms = [
      "https://zoom.us/j/1234567890",
      "https://us05web.zoom.us/j/1234567890?pwd=x",
      "https://zoom.us/wc/join/1234567890",
      safeLink("https://zoom.us/s/1234567890"),
    ];
    expect(new Set(forms.map((form) => parseMeetingUrl(form)?.meetingId))).toEqual(new Set(["1234567890"]));
  });

  it("refuses very long input without parsing it", () => {
    expect(parseMeetingUrl(`https://zoom.us/j/1234567890?pwd=${"a".repeat(5_000)}`)).toBeNull();
  });
});

describe("meeting links that cannot be decoded", () => {
  it("refuses a Teams link whose thread is not valid percent-encoding instead of throwing", () => {
    expect(parseMeetingUrl("https://teams.microsoft.com/l/meetup-join/19%3Ameeting_%E0%A4%A/0")).toBeNull();
  });
});
