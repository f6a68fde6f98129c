import type { IncomingMessage, ServerResponse } from "node:http";
import type { PlatformAdapter, ProbeResult } from "../../src/bot/platforms/platform-adapter";

// The smallest meeting the bot runner can be tested against (src/bot/run-bot.test.ts): a name field and
// "Ask to join", a lobby until the test admits the bot, a participant list with speaking flags, a chat,
// a leave button, and remote audio over a real WebRTC connection made inside the same page (one
// RTCPeerConnection sends a 440 Hz tone, another receives it: the bot's capture hook sees a real remote
// track). The test steers it through `control`; the page polls it. A tiny adapter reads the page.

export interface LoopbackControl {
  isAdmitted: boolean;
  participants: { id: string; name: string; isSpeaking: boolean }[];
  /** Start the WebRTC loop and send the tone (false = admitted, but no audio ever flows). */
  isSendingAudio: boolean;
  /** Zoom-like recording consent shown in the call; absent = the platform has none. */
  recordingPermission?: ProbeResult["recordingPermission"];
}

export interface LoopbackMeeting {
  control: LoopbackControl;
  chat: string[];
  leaves: number;
  handle(request: IncomingMessage, body: Buffer, response: ServerResponse): void;
}

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Loopback meeting</title></head>
<body data-phase="joining">
<form id="form"><label>Your name <input id="name"></label><button type="button" id="join">Ask to join</button></form>
<p id="lobby" hidden>Asking to be let in...</p>
<section id="call" hidden><ul id="people"></ul>
<input id="chat" aria-label="Send a message"><button type="button" id="send">Send</button>
<button type="button" id="leave">Leave call</button></section>
<script>
const body = document.body;
let gain = null;
let isLoopStarted = false;
async function startLoop() {
  isLoopStarted = true;
  // Media permission also lifts mDNS hiding of host candidates, so the two connections find each other.
  await navigator.mediaDevices.getUserMedia({ audio: true }).then((s) => s.getTracks().forEach((t) => t.stop())).catch(() => {});
  const context = new AudioContext();
  const tone = context.createOscillator();
  tone.frequency.value = 440;
  gain = context.createGain();
  gain.gain.value = 0.3;
  const destination = context.createMediaStreamDestination();
  tone.connect(gain).connect(destination);
  tone.start();
  const sender = new RTCPeerConnection();
  const receiver = new RTCPeerConnection();
  sender.onicecandidate = (e) => e.candidate && receiver.addIceCandidate(e.candidate);
  receiver.onicecandidate = (e) => e.candidate && sender.addIceCandidate(e.candidate);
  sender.addTrack(destination.stream.getAudioTracks()[0], destination.stream);
  const offer = await sender.createOffer();
  await sender.setLocalDescription(offer);
  await receiver.setRemoteDescription(offer);
  const answer = await receiver.createAnswer();
  await receiver.setLocalDescription(answer);
  await sender.setRemoteDescription(answer);
}
function render(control) {
  if (!control.isAdmitted) return;
  body.dataset.phase = "in_call";
  body.dataset.permission = JSON.stringify(control.recordingPermission ?? null);
  document.getElementById("lobby").hidden = true;
  document.getElementById("call").hidden = false;
  const people = document.getElementById("people");
  people.replaceChildren(...control.participants.map((p) => {
    const item = document.createElement("li");
    item.textContent = p.name;
    item.dataset.id = p.id;
    item.dataset.speaking = String(p.isSpeaking);
    return item;
  }));
  if (control.isSendingAudio && !isLoopStarted) startLoop();
}
async function poll() {
  if (body.dataset.phase === "ended") return;
  const control = await fetch("/control").then((r) => r.json()).catch(() => null);
  if (control) render(control);
  setTimeout(poll, 200);
}
document.getElementById("join").onclick = () => {
  document.getElementById("form").hidden = true;
  document.getElementById("lobby").hidden = false;
  body.dataset.phase = "waiting_room";
  poll();
};
document.getElementById("send").onclick = () => {
  fetch("/chat", { method: "POST", body: document.getElementById("chat").value });
};
document.getElementById("leave").onclick = () => {
  body.dataset.phase = "ended";
  fetch("/left", { method: "POST" });
};
</script></body></html>`;

export function createLoopbackMeeting(): LoopbackMeeting {
  const meeting: LoopbackMeeting = {
    control: { isAdmitted: false, participants: [], isSendingAudio: false },
    chat: [],
    leaves: 0,
    handle(request, body, response) {
      const url = request.url ?? "/";
      if (url === "/control") {
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(meeting.control));
      } else if (url === "/chat" && request.method === "POST") {
        meeting.chat.push(body.toString());
        response.writeHead(204).end();
      } else if (url === "/left" && request.method === "POST") {
        meeting.leaves += 1;
        response.writeHead(204).end();
      } else if (url.startsWith("/meeting/")) {
        // A strict policy like the platforms' own: no blob: scripts (the capture's worklet must still load).
        const policy = "default-src 'self'; script-src 'self' 'unsafe-inline'; connect-src 'self'";
        response.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-security-policy": policy }).end(page);
      } else {
        // Any other page: a blank one (a platform adapter finds no join form on it).
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<!doctype html><title>blank</title>");
      }
    },
  };
  return meeting;
}

/** Reads the loopback page; the runner treats it like any platform. */
export const loopbackAdapter: PlatformAdapter = {
  platform: "google_meet",
  defaultBaseUrl: "http://loopback.invalid",
  joinUrl: (meetingUrl, baseUrl) => `${baseUrl}/meeting${new URL(meetingUrl).pathname}`,
  async join(page, { botName }) {
    await page.getByLabel("Your name").fill(botName);
    await page.getByRole("button", { name: "Ask to join" }).click();
  },
  probe: (page) =>
    page.evaluate((): ProbeResult => {
      const phase = document.body.dataset.phase as ProbeResult["phase"];
      const participants = [...document.querySelectorAll<HTMLElement>("#people li")].map((item) => ({
        id: item.dataset.id ?? "",
        name: item.textContent ?? "",
        isBot: false,
        isSpeaking: item.dataset.speaking === "true",
      }));
      const recordingPermission = JSON.parse(document.body.dataset.permission ?? "null") as ProbeResult["recordingPermission"];
      return { phase, fatal: null, ending: null, participants, waitingCount: 0, recordingPermission };
    }),
  async sendChatMessage(page, text) {
    await page.getByLabel("Send a message").fill(text);
    await page.getByRole("button", { name: "Send" }).click();
    return true;
  },
  async leave(page) {
    await page
      .getByRole("button", { name: "Leave call" })
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  },
};
