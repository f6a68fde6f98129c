import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import {
  type BotState,
  knockResult,
  logEvent,
  type Meeting,
  meetingView,
  newMeeting,
  pageSnapshot,
  registerMeetingInput,
  type StandInPlatform,
} from "./room-state";

// A stand-in for the web clients of Google Meet, Microsoft Teams and Zoom on 127.0.0.1 (issue 6). One shared
// room client (page/room-client.js) with a per-platform DOM skin (page/skin-*.js) copying the hooks the bot's
// adapters use; remote participants are speaker pages (page/speaker-page.js, one Chromium each) whose
// microphones reach the meeting page over real WebRTC, signalled through this server. Never imported by src/.
//   Pages:    GET /meet/<code>, /teams/l/meetup-join/<thread>/<n>, /teams/meet/<id>, /zoom/wc/<id>/join
//             (Zoom: `zak=` signs the page in as a Zoom user, past "registration required" and "authorized
//             attendees only"; checked against the calendar stand-in's GET /__test/zoom/zak/<zak> when
//             zakCheckUrl is set, any non-empty ZAK otherwise)
//             GET /__speaker?meeting=<id>&name=<name>           (see speaker.ts)
//   Control:  POST /__meetings {platform, id, scenario}; GET /__meetings/<id>; GET /__meetings/<id>/events
//             POST /__meetings/<id>/{admit,deny,kick,end}; POST /__meetings/<id>/participants {name};
//             DELETE /__meetings/<id>/participants/<name>; POST /__meetings/<id>/waiting {name};
//             DELETE /__meetings/<id>/waiting/<name>; POST /__meetings/<id>/chat {from, text}
//   Room API (the pages): GET /__rooms/<id>/stream?client=&role=&name= (server-sent events: snapshot, signal);
//             POST /__rooms/<id>/{knock,leave,chat,signal}
//   GET /health

export interface MeetingStandIn {
  /** `http://127.0.0.1:<port>`; the platform bases are `${baseUrl}/meet`, `/teams`, `/zoom`. */
  baseUrl: string;
  port: number;
  close(): Promise<void>;
}

const pageDir = new URL("./page/", import.meta.url);
const assetNames = ["room-client.js", "speaker-page.js", "skin-meet.js", "skin-teams.js", "skin-zoom.js"] as const;
const skinFor: Record<StandInPlatform, string> = {
  google_meet: "skin-meet.js",
  microsoft_teams: "skin-teams.js",
  zoom: "skin-zoom.js",
};
const titleFor: Record<StandInPlatform, string> = { google_meet: "Meet", microsoft_teams: "Microsoft Teams", zoom: "Zoom" };

const knockBody = z.object({
  client: z.string().min(1),
  name: z.string().min(1).max(200),
  passcode: z.string().nullable(),
  zak: z.string().min(1).nullable().optional(),
});
const clientBody = z.object({ client: z.string().min(1) });
const chatBody = z.object({ client: z.string().min(1), text: z.string().min(1).max(4000) });
const signalBody = z.object({ from: z.string().min(1), to: z.string().min(1), data: z.unknown() });
const nameBody = z.object({ name: z.string().min(1).max(200) });
const hostChatBody = z.object({ from: z.string().min(1), text: z.string().min(1) });

interface Stream {
  res: ServerResponse;
  meetingId: string;
  role: "page" | "speaker";
}

/** Which meeting a page path opens: the meeting id as parseMeetingUrl names it, or null for no meeting page. */
function pageTarget(pathname: string): { platform: StandInPlatform; id: string } | null {
  const parts = pathname
    .split("/")
    .filter(Boolean)
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    });
  if (parts[0] === "meet" && parts.length === 2 && parts[1]) return { platform: "google_meet", id: parts[1].toLowerCase() };
  if (parts[0] === "teams" && parts[1] === "l" && parts[2] === "meetup-join" && parts[3])
    return { platform: "microsoft_teams", id: parts[3] };
  if (parts[0] === "teams" && parts[1] === "meet" && parts[2]) return { platform: "microsoft_teams", id: parts[2] };
  if (parts[0] === "zoom" && parts[1] === "wc" && parts[3] === "join" && parts[2]) return { platform: "zoom", id: parts[2] };
  if (parts[0] === "zoom" && parts[1] === "wc" && parts[2] === "join" && parts[3]) return { platform: "zoom", id: parts[3] };
  return null;
}

const escapeJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

function meetingPage(platform: StandInPlatform, id: string, urlPasscode: string | null, zak: string | null): string {
  const config = { platform, meetingId: id, urlPasscode, zak };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${titleFor[platform]}</title>
<script>window.__roomConfig = ${escapeJson(config)};</script>
<script src="/__assets/${skinFor[platform]}"></script><script src="/__assets/room-client.js" defer></script>
</head><body><div id="app"></div></body></html>`;
}

function speakerPage(meetingId: string, name: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Speaker ${name.replace(/[<&]/g, "")}</title>
<script>window.__speakerConfig = ${escapeJson({ meetingId, name })};</script>
<script src="/__assets/speaker-page.js" defer></script></head><body></body></html>`;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return {};
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return null;
  }
}

function send(res: ServerResponse, status: number, body: unknown, type = "application/json"): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { "content-type": `${type}; charset=utf-8`, "cache-control": "no-store" });
  res.end(text);
}

export async function startMeetingStandIn({
  port = 0,
  zakCheckUrl,
}: {
  port?: number;
  /** The calendar stand-in's origin: a ZAK counts only when its GET /__test/zoom/zak/<zak> says valid. */
  zakCheckUrl?: string;
} = {}): Promise<MeetingStandIn> {
  const assets = new Map(assetNames.map((name) => [name, readFileSync(new URL(name, pageDir), "utf8")]));
  /** ZAKs a Zoom page was opened with and that Zoom (the calendar stand-in) took: signed-in joins. */
  const acceptedZaks = new Set<string>();
  const checkZak = async (zak: string): Promise<boolean> => {
    if (acceptedZaks.has(zak)) return true;
    let isValid = true;
    if (zakCheckUrl) {
      const answer = await fetch(`${zakCheckUrl.replace(/\/$/, "")}/__test/zoom/zak/${encodeURIComponent(zak)}`).catch(() => null);
      const body = answer?.ok ? ((await answer.json()) as { valid?: unknown }) : null;
      isValid = body?.valid === true;
    }
    if (isValid) acceptedZaks.add(zak);
    return isValid;
  };
  const meetings = new Map<string, Meeting>();
  const streams = new Map<string, Stream>();
  let nextParticipant = 1;

  const push = (clientId: string, event: string, data: unknown) => {
    streams.get(clientId)?.res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const broadcast = (meetingId: string) => {
    const meeting = meetings.get(meetingId) ?? null;
    for (const [clientId, stream] of streams)
      if (stream.meetingId === meetingId && stream.role === "page") push(clientId, "snapshot", pageSnapshot(meeting, clientId));
  };
  const setBot = (meeting: Meeting, state: BotState) => {
    meeting.bot.state = state;
    logEvent(meeting, `bot_${state}`);
    if (state === "in_call" && meeting.scenario.endAfterMs !== null && !meeting.endTimer)
      meeting.endTimer = setTimeout(() => endMeeting(meeting), meeting.scenario.endAfterMs);
    broadcast(meeting.id);
  };
  const endMeeting = (meeting: Meeting) => {
    if (meeting.isEnded) return;
    meeting.isEnded = true;
    if (meeting.endTimer) clearTimeout(meeting.endTimer);
    logEvent(meeting, "ended_by_host");
    if (meeting.bot.state === "waiting" || meeting.bot.state === "in_call") setBot(meeting, "ended_by_host");
    else broadcast(meeting.id);
  };
  const nameOf = (meeting: Meeting, clientId: string) =>
    meeting.bot.clientId === clientId ? meeting.bot.name : meeting.participants.find((p) => p.id === clientId)?.name;

  async function control(req: IncomingMessage, res: ServerResponse, parts: string[]): Promise<void> {
    if (parts.length === 0 && req.method === "POST") {
      const parsed = registerMeetingInput.safeParse(await readJson(req));
      if (!parsed.success) return send(res, 400, { error: parsed.error.issues });
      const { platform, id, scenario } = parsed.data;
      const previous = meetings.get(id);
      if (previous?.endTimer) clearTimeout(previous.endTimer);
      const meeting = newMeeting(platform, id, scenario);
      meetings.set(id, meeting);
      broadcast(id);
      return send(res, 201, meetingView(meeting));
    }
    const meeting = meetings.get(parts[0] ?? "");
    if (!meeting) return send(res, 404, { error: "meeting not registered" });
    const [, action, name] = parts;
    if (req.method === "GET" && !action) return send(res, 200, meetingView(meeting));
    if (req.method === "GET" && action === "events") return send(res, 200, meeting.events);
    if (req.method === "POST" && action === "admit") {
      if (meeting.bot.state !== "waiting") return send(res, 409, { error: `bot is ${meeting.bot.state}` });
      setBot(meeting, "in_call");
      return send(res, 200, meetingView(meeting));
    }
    if (req.method === "POST" && (action === "deny" || action === "kick")) {
      const next = meeting.bot.state === "waiting" ? "denied" : meeting.bot.state === "in_call" ? "removed_call" : null;
      if (!next) return send(res, 409, { error: `bot is ${meeting.bot.state}` });
      setBot(meeting, next);
      return send(res, 200, meetingView(meeting));
    }
    if (req.method === "POST" && action === "end") {
      endMeeting(meeting);
      return send(res, 200, meetingView(meeting));
    }
    if (req.method === "POST" && (action === "participants" || action === "waiting")) {
      const body = nameBody.safeParse(await readJson(req));
      if (!body.success) return send(res, 400, { error: body.error.issues });
      if (action === "waiting") meeting.waiting.push(body.data.name);
      else meeting.participants.push({ id: `p${nextParticipant++}`, name: body.data.name, hasMedia: false });
      logEvent(meeting, `${action}_added`, body.data.name);
      broadcast(meeting.id);
      return send(res, 201, meetingView(meeting));
    }
    if (req.method === "DELETE" && (action === "participants" || action === "waiting") && name) {
      if (action === "waiting") meeting.waiting = meeting.waiting.filter((n) => n !== name);
      else meeting.participants = meeting.participants.filter((p) => p.name !== name);
      logEvent(meeting, `${action}_removed`, name);
      broadcast(meeting.id);
      return send(res, 200, meetingView(meeting));
    }
    if (req.method === "POST" && action === "chat") {
      const body = hostChatBody.safeParse(await readJson(req));
      if (!body.success) return send(res, 400, { error: body.error.issues });
      meeting.chat.push({ ...body.data, at: Date.now() });
      broadcast(meeting.id);
      return send(res, 201, meetingView(meeting));
    }
    return send(res, 404, { error: "unknown control route" });
  }

  async function room(req: IncomingMessage, res: ServerResponse, url: URL, meetingId: string, action: string) {
    const meeting = meetings.get(meetingId) ?? null;
    if (req.method === "GET" && action === "stream") {
      const clientId = url.searchParams.get("client") ?? "";
      const role = url.searchParams.get("role") === "speaker" ? "speaker" : "page";
      if (!clientId) return send(res, 400, { error: "client missing" });
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store", connection: "keep-alive" });
      res.write(": open\n\n");
      streams.set(clientId, { res, meetingId, role });
      if (role === "speaker" && meeting) {
        const name = url.searchParams.get("name") ?? "Speaker";
        meeting.participants.push({ id: clientId, name, hasMedia: true });
        logEvent(meeting, "speaker_joined", name);
        push(clientId, "joined", { id: clientId });
        broadcast(meetingId);
      } else push(clientId, "snapshot", pageSnapshot(meeting, clientId));
      req.on("close", () => {
        // An EventSource that reconnected replaced this stream already: the newer one stays.
        if (streams.get(clientId)?.res !== res) return;
        streams.delete(clientId);
        const current = meetings.get(meetingId);
        if (!current) return;
        if (role === "speaker" && current.participants.some((p) => p.id === clientId)) {
          current.participants = current.participants.filter((p) => p.id !== clientId);
          logEvent(current, "speaker_left");
          broadcast(meetingId);
        }
        // The bot's page went away (closed or crashed) while it was in: the platform drops it.
        if (current.bot.clientId === clientId && (current.bot.state === "waiting" || current.bot.state === "in_call"))
          setBot(current, "left");
      });
      return;
    }
    if (req.method !== "POST") return send(res, 404, { error: "unknown room route" });
    const raw = await readJson(req);
    if (action === "signal") {
      const body = signalBody.safeParse(raw);
      if (!body.success) return send(res, 400, { error: body.error.issues });
      push(body.data.to, "signal", { from: body.data.from, data: body.data.data });
      return send(res, 204, "");
    }
    if (!meeting) return send(res, 404, { error: "meeting not registered" });
    if (action === "knock") {
      const body = knockBody.safeParse(raw);
      if (!body.success) return send(res, 400, { error: body.error.issues });
      // A sign-in wall lets in only a page signed in with a ZAK Zoom accepted (the page hides the form otherwise).
      const isWalled = meeting.scenario.signInRequired || (meeting.platform === "zoom" && meeting.scenario.registrationRequired);
      if (isWalled && !(body.data.zak && acceptedZaks.has(body.data.zak))) return send(res, 403, { error: "sign-in required" });
      meeting.bot = { state: "prejoin", name: body.data.name, clientId: body.data.client };
      logEvent(meeting, "knock", body.data.name);
      setBot(meeting, knockResult(meeting, body.data.passcode));
      return send(res, 204, "");
    }
    if (action === "leave") {
      const body = clientBody.safeParse(raw);
      if (!body.success) return send(res, 400, { error: body.error.issues });
      if (meeting.bot.clientId === body.data.client) setBot(meeting, "left");
      else {
        meeting.participants = meeting.participants.filter((p) => p.id !== body.data.client);
        logEvent(meeting, "speaker_left");
        broadcast(meetingId);
      }
      return send(res, 204, "");
    }
    if (action === "chat") {
      const body = chatBody.safeParse(raw);
      if (!body.success) return send(res, 400, { error: body.error.issues });
      const from = nameOf(meeting, body.data.client);
      if (!from || (meeting.bot.clientId === body.data.client && meeting.bot.state !== "in_call"))
        return send(res, 409, { error: "not in the call" });
      meeting.chat.push({ from, text: body.data.text, at: Date.now() });
      logEvent(meeting, "chat", from);
      broadcast(meetingId);
      return send(res, 204, "");
    }
    return send(res, 404, { error: "unknown room route" });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    const handle = async () => {
      if (url.pathname === "/health") return send(res, 200, { ok: true });
      const asset = parts[0] === "__assets" ? assets.get(parts[1] as (typeof assetNames)[number]) : undefined;
      if (asset !== undefined) return send(res, 200, asset, "text/javascript");
      if (parts[0] === "__meetings") return control(req, res, parts.slice(1));
      if (parts[0] === "__rooms" && parts[1] && parts[2]) return room(req, res, url, parts[1], parts[2]);
      if (parts[0] === "__speaker" && req.method === "GET")
        return send(res, 200, speakerPage(url.searchParams.get("meeting") ?? "", url.searchParams.get("name") ?? "Speaker"), "text/html");
      const target = req.method === "GET" ? pageTarget(url.pathname) : null;
      if (!target) return send(res, 404, "Not found", "text/plain");
      // A page for a meeting registered on another platform is that platform's not-found screen too.
      const meeting = meetings.get(target.id);
      if (meeting?.platform === target.platform && meeting.scenario.unreachable) {
        // No answer at all: the browser reports net::ERR_EMPTY_RESPONSE, as for a host it cannot reach.
        logEvent(meeting, "page_unreachable");
        req.socket.destroy();
        return;
      }
      const id = meeting && meeting.platform !== target.platform ? `${target.platform}:unknown` : target.id;
      const urlPasscode = url.searchParams.get(target.platform === "zoom" ? "pwd" : "p");
      const zak = target.platform === "zoom" ? url.searchParams.get("zak") : null;
      const isSignedIn = zak ? await checkZak(zak) : false;
      if (zak && meeting) logEvent(meeting, isSignedIn ? "zak_accepted" : "zak_refused");
      return send(res, 200, meetingPage(target.platform, id, urlPasscode, isSignedIn ? zak : null), "text/html");
    };
    handle().catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { error: String(error) });
    });
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    close: async () => {
      for (const meeting of meetings.values()) if (meeting.endTimer) clearTimeout(meeting.endTimer);
      for (const stream of streams.values()) stream.res.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
