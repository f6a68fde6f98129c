import { type APIRequestContext, expect } from "@playwright/test";

const chatStandIn = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 4}`;

/** What the held AI notes say: their summary carries the phrase, so a test knows they are these. */
function heldNotes(phrase: string) {
  return {
    title: "Release plan",
    summary: `The team ships on Friday (${phrase}).`,
    keyPoints: ["Ship on Friday"],
    decisions: [],
    actionItems: [],
    chapters: [],
  };
}

/**
 * The chat stand-in (playwright.config.ts, E2E_PORT + 4) holds the AI notes of any note whose text says
 * `phrase` until `release`: a test sees the notes being written, then lets them finish. Call `release` in a
 * `finally` too, so no other test's notes wait behind a failed one's.
 */
export async function holdAiNotes(request: APIRequestContext, phrase: string): Promise<{ release(): Promise<void> }> {
  const hold = `notes-${phrase}`;
  const scripted = await request.post(`${chatStandIn}/__script`, {
    data: { when: phrase, repeat: true, hold, json: heldNotes(phrase) },
  });
  expect(scripted.ok()).toBe(true);
  return {
    async release() {
      expect((await request.post(`${chatStandIn}/__release`, { data: { hold } })).ok()).toBe(true);
    },
  };
}
