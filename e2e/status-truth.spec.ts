import type { Locator, Page } from "@playwright/test";
import { meetingControl } from "../test/stand-ins/meetings/control-client";
import { clipPath } from "../test/support/media-fixtures";
import { expect, test } from "./fixtures/test";
import { hasHorizontalOverflow, newAccount, signUpVerified, skipOnboarding } from "./support/account-setup";
import { text } from "./support/catalog";
import { holdAiNotes } from "./support/chat-hold";
import { openedNotePage } from "./support/note-page";
import { waitForPageReady } from "./support/pages";

// Issue 17, "statuses and messages that must tell the truth": a notetaker that fails names its real cause
// (per subcode) in its badge, its panel and its history alike, offers "Send again" where the same link can
// work, and promises no transcript or AI notes that will never come; the badge, the panels and the list
// read one status (no "Notes ready" over "Writing the AI notes…" or "There is no transcript yet"); each
// final state has its own colour and icon; meeting titles are short and in the reader's language.
test.describe.configure({ timeout: 180_000 });

const port = Number(process.env.E2E_PORT ?? 3210);
const meetingsBase = `http://127.0.0.1:${port + 5}`;
const control = meetingControl(meetingsBase);

function meetCode(): string {
  const letters = () => String.fromCharCode(97 + Math.floor(Math.random() * 26));
  const part = (length: number) => Array.from({ length }, letters).join("");
  return `${part(3)}-${part(4)}-${part(3)}`;
}

async function signedInAt(page: Page, label: string, home: string): Promise<void> {
  await signUpVerified(page, newAccount(label));
  await skipOnboarding(page);
  await page.goto(home);
  await waitForPageReady(page);
}

/** Sends the notetaker from the Home card in the page's language; returns the new note's id. */
async function sendBot(page: Page, locale: "en" | "pt", link: string): Promise<string> {
  const card = page.getByRole("form", { name: text(locale, "meetings", "send.title") });
  await card.getByLabel(text(locale, "meetings", "send.urlLabel")).fill(link);
  await expect(card.getByTestId("meeting-link-hint")).toHaveAttribute("data-kind", "recognized");
  await card.getByRole("button", { name: text(locale, "meetings", "send.submit") }).click();
  return openedNotePage(page, 30_000);
}

/** Pastes text on Home; the note page opens. */
async function pasteText(page: Page, locale: "en" | "pt", title: string, body: string): Promise<void> {
  await page.getByLabel(text(locale, "notes", "home.pasteText.titleLabel")).fill(title);
  await page.getByLabel(text(locale, "notes", "home.pasteText.textLabel"), { exact: true }).fill(body);
  await page.getByRole("button", { name: text(locale, "notes", "home.pasteText.submit") }).click();
  await openedNotePage(page, 30_000);
}

/** A badge's colours and icon as the reader sees them. */
async function looks(badge: Locator): Promise<{ background: string; color: string; icon: string | null }> {
  return badge.evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, color: style.color, icon: element.querySelector("svg")?.getAttribute("data-icon") ?? null };
  });
}

interface ContradictionTexts {
  ready: string;
  said: string[];
}

/**
 * Runs in the page from its first script: after every change to the DOM, if the note page's badge says
 * "Notes ready" while the page also says the AI notes are being written, that there is no transcript yet,
 * or that AI notes will come with the transcript, the moment is written down. Also keeps the badge's words
 * in the order they showed.
 */
function recordContradictions(texts: ContradictionTexts): void {
  const problems: string[] = [];
  const badges: string[] = [];
  Object.assign(window, { __statusProblems: problems, __badgeTexts: badges });
  const check = () => {
    const badge = document.querySelector("article header [data-testid='note-status']");
    if (!badge) return;
    const label = badge.textContent?.trim() ?? "";
    if (badges.at(-1) !== label) badges.push(label);
    if (label !== texts.ready) return;
    const shown = document.querySelector("article")?.textContent ?? "";
    for (const said of texts.said) if (shown.includes(said)) problems.push(`"${label}" while the page says "${said}"`);
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

function contradictionTexts(locale: "en" | "pt"): ContradictionTexts {
  return {
    ready: text(locale, "common", "statuses.transcription.transcription_ready"),
    said: [
      text(locale, "notes", "aiNotes.inProgress"),
      text(locale, "notes", "note.emptyTranscript"),
      text(locale, "notes", "aiNotes.waitingForTranscript"),
    ],
  };
}

async function recorded(page: Page): Promise<{ problems: string[]; badges: string[] }> {
  return page.evaluate(() => {
    const seen = window as unknown as { __statusProblems: string[]; __badgeTexts: string[] };
    return { problems: [...seen.__statusProblems], badges: [...seen.__badgeTexts] };
  });
}

test("a notetaker that cannot reach the meeting says why in its badge, panel and history, promises no notes, and is sent again", async ({
  page,
}) => {
  const code = meetCode();
  // The stand-in's Meet drops the connection without an answer: a platform this server cannot reach.
  await control.register("google_meet", code, { unreachable: true });
  await signedInAt(page, "truth-unreachable", "/home");
  // A note that ends well, to set the failure's colours against.
  await pasteText(page, "en", "Release plan", "We agreed to ship the release on Friday.");
  await page.goto("/home");
  await waitForPageReady(page);
  const noteId = await sendBot(page, "en", `https://meet.google.com/${code}`);

  const chip = page.getByTestId("meeting-status");
  await expect(chip).toHaveAttribute("data-code", "done", { timeout: 60_000 });
  await expect(chip).toHaveAttribute("data-subcode", "meeting_platform_unreachable");
  // One status everywhere: the meeting panel, the note's badge and the history's last state agree.
  await expect(chip).toHaveText("Could not join");
  const badge = page.getByTestId("note-status");
  await expect(badge).toHaveText("Could not join");
  await expect(badge).toHaveAttribute("data-tone", "error");
  const cause = text("en", "meetings", "explanations.fatal.meeting_platform_unreachable");
  await expect(page.getByTestId("meeting-explanation")).toHaveText(cause);
  await expect(page.getByText(/on our side/)).toHaveCount(0);
  await page.getByText("Status history").click();
  const failure = page.getByTestId("meeting-history-entry").filter({ hasText: "Could not join" });
  await expect(failure).toContainText(cause);
  // No transcript or AI notes are promised for a meeting that was never recorded.
  await expect(page.getByText(text("en", "notes", "aiNotes.waitingForTranscript"))).toHaveCount(0);
  await expect(page.getByText(text("en", "notes", "note.emptyTranscript"))).toHaveCount(0);
  await expect(page.getByText(text("en", "notes", "aiNotes.noTranscript"))).toBeVisible();
  await expect(page.getByText(text("en", "notes", "note.noTranscript"))).toBeVisible();
  // The title: the platform and the meeting's code, no raw link id.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Google Meet meeting ${code}`);

  // The list reads the same status, in a colour and icon of its own: a failure never looks like a success.
  await page.goto("/notes");
  await waitForPageReady(page);
  const rows = page.getByRole("list", { name: "Notes" }).getByRole("listitem");
  const failed = rows.filter({ hasText: `Google Meet meeting ${code}` }).getByTestId("note-status");
  const ready = rows.filter({ hasText: "Release plan" }).getByTestId("note-status");
  await expect(failed).toHaveText("Could not join");
  // Its AI notes may wait behind other notes' in the queue: the live list turns it to "Notes ready".
  await expect(ready).toHaveText("Notes ready", { timeout: 120_000 });
  const failedLooks = await looks(failed);
  const readyLooks = await looks(ready);
  expect(failedLooks.background).not.toBe(readyLooks.background);
  expect(failedLooks.color).not.toBe(readyLooks.color);
  expect([failedLooks.icon, readyLooks.icon]).toEqual(["cross", "check"]);

  // The network is back: "Send again" sends the same link through the send flow, to a new note.
  await control.register("google_meet", code, { lobby: "manual" });
  await page.goto(`/note/${noteId}`);
  await waitForPageReady(page);
  await page.getByRole("button", { name: "Send again" }).click();
  await expect(page).not.toHaveURL(new RegExp(noteId), { timeout: 30_000 });
  await openedNotePage(page);
  await expect(page.getByTestId("meeting-status")).toHaveAttribute("data-code", "in_waiting_room", { timeout: 60_000 });
  await page.getByRole("button", { name: "Remove notetaker" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expect.poll(async () => (await control.get(code)).bot.state, { timeout: 30_000 }).toBe("left");
});

test("in Portuguese on a phone: meeting titles are short and in Portuguese, and each failure says why, with 'Enviar de novo' only where the link can work", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInAt(page, "truth-pt-phone", "/pt/home");
  // A Teams meeting that does not exist: its thread id is no code anyone reads, so the title is the platform.
  const thread = `19%3ameeting_${meetCode().replace(/-/g, "")}%40thread.v2`;
  await sendBot(page, "pt", `https://teams.microsoft.com/l/meetup-join/${thread}/0`);
  await expect(page).toHaveURL(/\/pt\/note\//);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reunião do Microsoft Teams");
  const chip = page.getByTestId("meeting-status");
  await expect(chip).toHaveAttribute("data-code", "done", { timeout: 60_000 });
  await expect(chip).toHaveAttribute("data-subcode", "meeting_not_found");
  await expect(chip).toHaveText("Não foi possível entrar");
  await expect(page.getByTestId("note-status")).toHaveText("Não foi possível entrar");
  const notFound = text("pt", "meetings", "explanations.fatal.meeting_not_found");
  await expect(page.getByTestId("meeting-explanation")).toHaveText(notFound);
  // The same link cannot work: no "Send again", the explanation says what to do instead.
  await expect(page.getByRole("button", { name: "Enviar de novo" })).toHaveCount(0);
  await page.getByText(text("pt", "meetings", "panel.history")).click();
  await expect(page.getByTestId("meeting-history-entry").filter({ hasText: "Não foi possível entrar" })).toContainText(notFound);
  await expect(page.getByText(text("pt", "notes", "aiNotes.noTranscript"))).toBeVisible();
  await expect(page.getByText(text("pt", "notes", "aiNotes.waitingForTranscript"))).toHaveCount(0);
  expect(await hasHorizontalOverflow(page)).toBe(false);

  // A Meet the server cannot reach: the cause in Portuguese, and "Enviar de novo" (the network can come back).
  const code = meetCode();
  await control.register("google_meet", code, { unreachable: true });
  await page.goto("/pt/home");
  await waitForPageReady(page);
  await sendBot(page, "pt", `https://meet.google.com/${code}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Reunião do Google Meet ${code}`);
  await expect(page.getByTestId("meeting-status")).toHaveAttribute("data-subcode", "meeting_platform_unreachable", { timeout: 60_000 });
  await expect(page.getByTestId("meeting-status")).toHaveAttribute("data-code", "done", { timeout: 30_000 });
  await expect(page.getByTestId("meeting-explanation")).toHaveText(
    text("pt", "meetings", "explanations.fatal.meeting_platform_unreachable"),
  );
  await expect(page.getByRole("button", { name: "Enviar de novo" })).toBeVisible();
  expect(await hasHorizontalOverflow(page)).toBe(false);

  // The list: both short Portuguese titles, both failures named.
  await page.goto("/pt/notes");
  await waitForPageReady(page);
  const rows = page.getByRole("list", { name: text("pt", "notes", "list.label") }).getByRole("listitem");
  await expect(rows.filter({ hasText: "Reunião do Microsoft Teams" }).getByTestId("note-status")).toHaveText("Não foi possível entrar");
  await expect(rows.filter({ hasText: `Reunião do Google Meet ${code}` }).getByTestId("note-status")).toHaveText("Não foi possível entrar");
  await expect(page.getByText(/meeting_|thread\.v2/)).toHaveCount(0);
  expect(await hasHorizontalOverflow(page)).toBe(false);
});

test("an upload's badge, transcript and AI notes agree at every moment, from transcribing to notes ready", async ({ page }) => {
  await page.addInitScript(recordContradictions, contradictionTexts("en"));
  await signedInAt(page, "truth-upload", "/home");
  const card = page.getByRole("region", { name: "Upload audio or video" });
  await card.getByLabel("Spoken language").selectOption("en");
  await card.getByLabel("Choose a file").setInputFiles(clipPath("c6"));
  await openedNotePage(page, 60_000);
  await expect(page.getByTestId("ai-notes")).toBeVisible({ timeout: 150_000 });
  const badge = page.getByTestId("note-status");
  await expect(badge).toHaveText("Notes ready");
  await expect(badge).toHaveAttribute("data-tone", "success");
  await expect(page.getByTestId("transcript")).toContainText(/country/i);
  const { problems, badges } = await recorded(page);
  expect(problems).toEqual([]);
  expect(badges.at(-1)).toBe("Notes ready");
  expect(badges).toContain("Transcribing");
});

for (const { locale, isPhone } of [
  { locale: "en", isPhone: false },
  { locale: "pt", isPhone: true },
] as const) {
  test(`${locale}${isPhone ? " on a phone" : ""}: while the AI notes are written the badge and the list say so, then 'notes ready'`, async ({
    page,
  }) => {
    if (isPhone) await page.setViewportSize({ width: 390, height: 844 });
    // The chat stand-in holds this note's AI notes until the test lets them through.
    const phrase = `kumquat-${Math.random().toString(36).slice(2, 10)}`;
    const { release } = await holdAiNotes(page.request, phrase);
    try {
      await notesUnderWay(page, locale, isPhone, phrase, release);
    } finally {
      await release();
    }
  });
}

/** The pasted note while its AI notes are held (badge, panel, list), then after `release`. */
async function notesUnderWay(page: Page, locale: "en" | "pt", isPhone: boolean, phrase: string, release: () => Promise<void>) {
  await page.addInitScript(recordContradictions, contradictionTexts(locale));
  const home = locale === "en" ? "/home" : `/${locale}/home`;
  await signedInAt(page, `truth-notes-${locale}`, home);
  await pasteText(page, locale, "Release plan", `We ship on Friday, said ${phrase}.`);
  const writing = text(locale, "common", "statuses.notes.notes_in_progress");
  const ready = text(locale, "common", "statuses.transcription.transcription_ready");
  const badge = page.getByTestId("note-status");
  await expect(badge).toHaveText(writing, { timeout: 30_000 });
  await expect(badge).toHaveAttribute("data-tone", "progress");
  await expect(page.getByTestId("ai-notes-status")).toHaveText(text(locale, "notes", "aiNotes.inProgress"));
  await expect(page.getByTestId("transcript")).toContainText(phrase);
  const noteUrl = page.url();
  expect((await recorded(page)).problems).toEqual([]);

  // The list reads the same status.
  await page.goto(locale === "en" ? "/notes" : `/${locale}/notes`);
  await waitForPageReady(page);
  const row = page
    .getByRole("list", { name: text(locale, "notes", "list.label") })
    .getByRole("listitem")
    .filter({ hasText: "Release plan" });
  await expect(row.getByTestId("note-status")).toHaveText(writing);

  await page.goto(noteUrl);
  await waitForPageReady(page);
  await expect(badge).toHaveText(writing);
  await release();
  await expect(page.getByTestId("ai-notes")).toContainText(phrase, { timeout: 120_000 });
  await expect(badge).toHaveText(ready);
  await expect(badge).toHaveAttribute("data-tone", "success");
  const { problems, badges } = await recorded(page);
  expect(problems).toEqual([]);
  expect(badges).toEqual([writing, ready]);
  if (isPhone) expect(await hasHorizontalOverflow(page)).toBe(false);
}
