import type { Page } from "playwright-core";
import { botNamePatternSource } from "./bot-names";
import type { ProbeResult, SeenEnding } from "./platform-adapter";

// The one page.evaluate behind every adapter's probe(): the platform's selectors and texts go in as data,
// what the page shows comes out as a ProbeResult. Checked in this order because screens overlap: an error
// or end screen wins over lobby text left in the DOM, and lobby text wins over a leave button that the
// lobby also shows (Vexa's Meet selectors warn about exactly that).
//
// The page function must not declare named inner functions: tsx (the bot's runtime) compiles with esbuild's
// keepNames, which wraps them in a `__name()` helper that does not exist inside the page.

export interface ProbeConfig {
  /** [visible text, fatal subcode], lower-case text, first match wins. */
  fatalTexts: readonly (readonly [string, string])[];
  /** [visible text, how the stay ended]; null: the bot left by itself (its own leave screen). */
  endingTexts: readonly (readonly [string, SeenEnding | null])[];
  waitingTexts: readonly string[];
  /** Present only once the bot is in the call. */
  inCallSelector: string;
  participant: {
    /** One element per person shown in the call. */
    item: string;
    /** Attribute holding the platform's participant id (the name stands in when it is missing). */
    idAttribute: string | null;
    /** The name inside the item (the item's own text when null). */
    name: string | null;
    /** Matches the bot's own tile (the item itself or inside it): left out. */
    self: string | null;
    /** Lit speaking indicator: the item matches it, contains it, or sits inside it. */
    speaking: string;
  };
  /** The in-call notice counting people in the lobby: its first number (1 when it shows none). */
  waitingCountSelector: string | null;
  /** [visible text, "allow" or a recording_permission_denied subcode] where the platform asks (Zoom). */
  recordingPermissionTexts: readonly (readonly [string, string])[] | null;
}

type PageArgument = ProbeConfig & { botPattern: string };

function readPage(config: PageArgument): ProbeResult {
  // biome-ignore lint/performance/useDomNodeTextContent: only what is on screen counts (hidden templates do not).
  const text = (document.body?.innerText ?? "").toLowerCase();
  const result: ProbeResult = {
    phase: "joining",
    fatal: null,
    ending: null,
    participants: [],
    waitingCount: 0,
    recordingPermission: null,
  };
  for (const [needle, subcode] of config.fatalTexts) if (text.includes(needle)) return { ...result, fatal: subcode };
  for (const [needle, ending] of config.endingTexts) if (text.includes(needle)) return { ...result, phase: "ended", ending };
  for (const needle of config.waitingTexts) if (text.includes(needle)) return { ...result, phase: "waiting_room" };
  if (!document.querySelector(config.inCallSelector)) return result;

  const bot = new RegExp(config.botPattern, "i");
  const seen = new Set<string>();
  const spec = config.participant;
  for (const item of Array.from(document.querySelectorAll(spec.item))) {
    if (spec.self && (item.matches(spec.self) || item.querySelector(spec.self))) continue;
    const nameElement = spec.name ? item.querySelector(spec.name) : item;
    const name = (nameElement?.textContent ?? "").trim();
    if (!name) continue;
    const id = (spec.idAttribute ? item.getAttribute(spec.idAttribute) : null) || name;
    if (seen.has(id)) continue;
    seen.add(id);
    const isSpeaking = item.matches(spec.speaking) || item.querySelector(spec.speaking) !== null || item.closest(spec.speaking) !== null;
    result.participants.push({ id, name, isBot: bot.test(name), isSpeaking });
  }

  const waiting = config.waitingCountSelector ? document.querySelector(config.waitingCountSelector) : null;
  if (waiting) {
    const count = /\d+/.exec(waiting.textContent ?? "");
    result.waitingCount = count ? Number(count[0]) : 1;
  }
  if (config.recordingPermissionTexts)
    for (const [needle, value] of config.recordingPermissionTexts)
      if (text.includes(needle)) {
        result.recordingPermission = value === "allow" ? { isAllowed: true } : { isAllowed: false, subcode: value };
        break;
      }
  return { ...result, phase: "in_call" };
}

const lastSeen = new WeakMap<Page, ProbeResult>();
const joining: ProbeResult = { phase: "joining", fatal: null, ending: null, participants: [], waitingCount: 0, recordingPermission: null };

/** What the page shows now; when the page cannot answer (navigating, closed) the last answer stands. */
export async function probePage(page: Page, config: ProbeConfig): Promise<ProbeResult> {
  try {
    const result = await page.evaluate(readPage, { ...config, botPattern: botNamePatternSource });
    lastSeen.set(page, result);
    return result;
  } catch {
    return lastSeen.get(page) ?? joining;
  }
}
