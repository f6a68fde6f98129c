import type { z } from "zod";
import type { BotState, MeetingScenario, meetingScenarioInput, RoomEvent, StandInPlatform } from "./room-state";

// The stand-in's control API as functions, for tests and the e2e suite (plain fetch, JSON).

export interface MeetingView {
  platform: StandInPlatform;
  id: string;
  scenario: MeetingScenario;
  isEnded: boolean;
  bot: { state: BotState; name: string | null };
  participants: { id: string; name: string; hasMedia: boolean }[];
  waiting: string[];
  chat: { from: string; text: string; at: number }[];
}

async function call<T>(url: string, init?: { method: string; body?: unknown }): Promise<T> {
  const response = await fetch(url, {
    method: init?.method ?? "GET",
    headers: init?.body === undefined ? {} : { "content-type": "application/json" },
    body: init?.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${init?.method ?? "GET"} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export function meetingControl(baseUrl: string) {
  const root = `${baseUrl.replace(/\/+$/, "")}/__meetings`;
  const at = (id: string, ...rest: string[]) => [root, id, ...rest].map((part, i) => (i === 0 ? part : encodeURIComponent(part))).join("/");
  const post = (id: string, action: string, body?: unknown) => call<MeetingView>(at(id, action), { method: "POST", body });
  return {
    register: (platform: StandInPlatform, id: string, scenario: z.input<typeof meetingScenarioInput> = {}) =>
      call<MeetingView>(root, { method: "POST", body: { platform, id, scenario } }),
    get: (id: string) => call<MeetingView>(at(id)),
    events: (id: string) => call<RoomEvent[]>(at(id, "events")),
    admit: (id: string) => post(id, "admit"),
    deny: (id: string) => post(id, "deny"),
    kick: (id: string) => post(id, "kick"),
    end: (id: string) => post(id, "end"),
    addParticipant: (id: string, name: string) => post(id, "participants", { name }),
    removeParticipant: (id: string, name: string) => call<MeetingView>(at(id, "participants", name), { method: "DELETE" }),
    addWaiting: (id: string, name: string) => post(id, "waiting", { name }),
    removeWaiting: (id: string, name: string) => call<MeetingView>(at(id, "waiting", name), { method: "DELETE" }),
    hostChat: (id: string, from: string, text: string) => post(id, "chat", { from, text }),
  };
}
