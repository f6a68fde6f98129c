// Meeting links a user may paste to send the bot (issue 6): Zoom (zoom.us, zoomgov.com and their
// subdomains), Google Meet and Microsoft Teams (meetup-join links, the short /meet/ links, Teams for
// personal accounts). Links wrapped by Outlook SafeLinks or Google's redirector are unwrapped first.
// Only the platforms' own hosts count: zoom.us.evil.example, evilzoom.us, meet-google.com and
// credentials or ports in the URL are refused. Pure: the page checks as the user types, the API again.

export const meetingPlatforms = ["zoom", "google_meet", "microsoft_teams"] as const;
export type MeetingPlatform = (typeof meetingPlatforms)[number];

export interface MeetingLink {
  platform: MeetingPlatform;
  /** The link the bot opens: https, the platform's canonical form, tracking parameters dropped. */
  url: string;
  /** What identifies the meeting on its platform (one active bot per meeting and user uses it). */
  meetingId: string;
  /** The passcode carried by the link (Zoom `pwd`, Teams `p`), when there is one. */
  passcode: string | null;
}

// Hosts that may wrap a link: unwrapped (a few levels deep) before the link itself is read.
const maxUnwraps = 3;

function parseLoose(text: string): URL | null {
  try {
    // People paste links without a scheme ("zoom.us/j/123"); read those as https.
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
}

/** The link inside an Outlook SafeLinks or Google redirect wrapper, or the URL itself. */
function unwrap(url: URL): URL {
  let current = url;
  for (let level = 0; level < maxUnwraps; level++) {
    const host = current.hostname.toLowerCase();
    const inner = host.endsWith(".safelinks.protection.outlook.com")
      ? current.searchParams.get("url")
      : (host === "www.google.com" || host === "google.com") && current.pathname === "/url"
        ? (current.searchParams.get("q") ?? current.searchParams.get("url"))
        : null;
    const next = inner ? parseLoose(inner) : null;
    if (!next) return current;
    current = next;
  }
  return current;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const isUnder = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

function zoomLink(url: URL, host: string): MeetingLink | null {
  const parts = url.pathname.split("/").filter(Boolean);
  // /j/ID (join), /w/ID (webinar), /s/ID (the host's start link: a guest joins the same meeting),
  // /wc/ID/join and /wc/join/ID (web client), /my/NAME (personal link).
  let id: string | null = null;
  if (["j", "w", "s"].includes(parts[0] ?? "")) id = parts[1] ?? null;
  else if (parts[0] === "wc") id = parts[1] === "join" ? (parts[2] ?? null) : (parts[1] ?? null);
  else if (parts[0] === "my" && parts[1] && /^[a-z0-9._-]{1,64}$/i.test(parts[1])) {
    return {
      platform: "zoom",
      url: `https://${host}/my/${parts[1]}`,
      meetingId: `my/${parts[1].toLowerCase()}`,
      passcode: url.searchParams.get("pwd"),
    };
  }
  // Ids are sometimes pasted as shown in invitations: "123 456 7890" (spaces arrive as %20).
  const digits = safeDecode(id ?? "").replace(/[\s-]/g, "");
  if (!/^\d{9,11}$/.test(digits)) return null;
  const passcode = url.searchParams.get("pwd");
  const kind = parts[0] === "w" ? "w" : "j";
  return {
    platform: "zoom",
    url: `https://${host}/${kind}/${digits}${passcode ? `?pwd=${encodeURIComponent(passcode)}` : ""}`,
    meetingId: digits,
    passcode,
  };
}

function meetLink(url: URL): MeetingLink | null {
  const code = url.pathname.split("/").filter(Boolean)[0]?.toLowerCase() ?? "";
  if (!/^[a-z]{3}-[a-z]{4}-[a-z]{3}$/.test(code)) return null;
  return { platform: "google_meet", url: `https://meet.google.com/${code}`, meetingId: code, passcode: null };
}

function teamsLink(url: URL, host: string): MeetingLink | null {
  const parts = url.pathname.split("/").filter(Boolean);
  if (parts[0] === "l" && parts[1] === "meetup-join" && parts[2]) {
    const thread = safeDecode(parts[2]);
    if (!/^19:[A-Za-z0-9_-]+@thread\.(v2|tacv2|skype)$/.test(thread)) return null;
    const context = url.searchParams.get("context");
    const query = context ? `?context=${encodeURIComponent(context)}` : "";
    return {
      platform: "microsoft_teams",
      url: `https://${host}/l/meetup-join/${encodeURIComponent(thread)}/${parts[3] ?? "0"}${query}`,
      meetingId: thread,
      passcode: null,
    };
  }
  if (parts[0] === "meet" && parts[1] && /^\d{9,20}$/.test(parts[1])) {
    const passcode = url.searchParams.get("p");
    return {
      platform: "microsoft_teams",
      url: `https://${host}/meet/${parts[1]}${passcode ? `?p=${encodeURIComponent(passcode)}` : ""}`,
      meetingId: parts[1],
      passcode,
    };
  }
  return null;
}

/** The meeting a pasted link points at, or null for anything that is not a meeting link of the three platforms. */
export function parseMeetingUrl(input: string): MeetingLink | null {
  const text = input.trim();
  if (text.length === 0 || text.length > 4_000) return null;
  const parsed = parseLoose(text);
  if (!parsed) return null;
  const url = unwrap(parsed);
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || (url.port && url.port !== "443" && url.port !== "80")) return null;
  const host = url.hostname.toLowerCase();
  if (isUnder(host, "zoom.us") || isUnder(host, "zoomgov.com")) return zoomLink(url, host);
  if (host === "meet.google.com") return meetLink(url);
  if (host === "teams.microsoft.com" || host === "teams.live.com" || host === "teams.microsoft.us") return teamsLink(url, host);
  return null;
}
