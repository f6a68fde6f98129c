import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createOpenAiChatModel } from "~/infra/llm/openai-chat-model";
import { type OpenAiChatStandIn, startOpenAiChatStandIn } from "../../../test/stand-ins/openai-chat/server";
import { generateNotes, NotesOutputError } from "./generate-notes";
import type { NotesSegment } from "./transcript-chunks";

// The map-reduce notes generator against an OpenAI-compatible stand-in over real HTTP: what it sends per
// chunk, how it merges, how chapter times are kept inside their chunk, and what it does with bad output.
const part = (title: string, extra: Partial<Record<string, unknown>> = {}) => ({
  title,
  summary: `${title} summary.`,
  keyPoints: [`${title} point`, "Shared point"],
  decisions: [],
  actionItems: [{ text: `${title} task`, owner: "Ana", due: null }],
  chapters: [{ title: `${title} chapter`, start: "00:30", summary: "" }],
  ...extra,
});

describe("AI notes by map-reduce", () => {
  let standIn: OpenAiChatStandIn;
  // 2,000 context tokens leave room for 2,000 characters of transcript per chunk.
  const model = () => createOpenAiChatModel({ baseUrl: standIn.url, model: "stand-in-chat", contextTokens: 2_000, maxRetries: 0 });
  // 60 segments of ~100 characters, one every 20 s: 20 minutes in about 6,500 characters.
  const segments: NotesSegment[] = Array.from({ length: 60 }, (_, index) => ({
    start: index * 20,
    end: index * 20 + 18,
    text: `Sentence ${index} about the quarterly roadmap, the hiring plan and what the team agreed to do next.`,
    speaker: index % 2 ? "Ana" : "Ben",
  }));

  beforeAll(async () => {
    standIn = await startOpenAiChatStandIn();
  });
  beforeEach(() => standIn.reset());
  afterAll(async () => {
    await standIn?.close();
  });

  it("sends every line once across the chunks, merges the chunks' notes and keeps chapter times inside each chunk", async () => {
    standIn.script(
      { json: part("One") },
      { json: part("Two") },
      { json: part("Three") },
      { json: part("Four") },
      {
        json: {
          title: "Roadmap and hiring",
          summary: "Merged.",
          keyPoints: ["Shared point", "shared point", "One point"],
          decisions: ["Hire two engineers"],
          actionItems: [{ text: "Post the job ad", owner: "Ana", due: "Friday" }],
        },
      },
    );
    const progress: number[] = [];
    const notes = await generateNotes({
      model: model(),
      segments,
      language: "pt",
      template: "stand_up",
      onProgress: async (fraction) => {
        progress.push(fraction);
      },
    });
    const requests = standIn.requests();
    const mapRequests = requests.filter(
      (request) => request.body.response_format?.type === "json_schema" && request.body.response_format.json_schema.name === "chunk_notes",
    );
    expect(mapRequests.length).toBe(4);
    const sent = mapRequests.map((request) => request.body.messages.at(-1)?.content as string).join("\n");
    for (const index of [0, 17, 59]) expect(sent.match(new RegExp(`Sentence ${index} about`, "g"))).toHaveLength(1);
    expect(mapRequests[0]?.body.messages[0]?.content).toContain("Brazilian Portuguese");
    expect(mapRequests[0]?.body.messages[0]?.content).toContain("stand-up");
    expect(requests.at(-1)?.body.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "meeting_notes" } });

    expect(notes).toMatchObject({ engine: "openai:stand-in-chat", isExtractive: false, template: "stand_up", language: "pt" });
    expect(notes.content.title).toBe("Roadmap and hiring");
    expect(notes.content.keyPoints).toEqual(["Shared point", "One point"]);
    expect(notes.content.actionItems).toEqual([{ text: "Post the job ad", owner: "Ana", due: "Friday" }]);
    // Each chunk said its chapter starts at 00:30; a chunk that starts later keeps it at its own start.
    const starts = notes.content.chapters.map((chapter) => chapter.start);
    expect(starts[0]).toBe(30);
    expect(starts.slice(1).every((start, index) => start > (starts[index] ?? 0))).toBe(true);
    expect(progress.at(-1)).toBeLessThan(1);
    expect(progress.length).toBe(5);
  });

  it("uses one call and no merge when the transcript fits", async () => {
    standIn.script({ json: part("Only", { chapters: [{ title: "Start", start: "01:40", summary: "" }] }) });
    const notes = await generateNotes({ model: model(), segments: segments.slice(0, 5), language: "en", template: "general_meeting" });
    expect(standIn.requests()).toHaveLength(1);
    expect(notes.content.title).toBe("Only");
    // A time a second or two past the last line is rounding: kept inside the chunk.
    expect(notes.content.chapters).toEqual([{ title: "Start", start: 98, summary: "" }]);
  });

  it.each([
    [
      "a chapter that starts at a time the transcript does not have",
      { chapters: [{ title: "Start", start: "99:99", summary: "" }] },
      "off_transcript",
    ],
    ["a chapter start that is no time", { chapters: [{ title: "Start", start: "at the beginning", summary: "" }] }, "off_transcript"],
    ["a placeholder decision", { decisions: ["N/A"] }, "placeholder_answer"],
    ["a looping summary", { summary: "We will ship the roadmap next week. ".repeat(10) }, "looping_answer"],
  ])("refuses %s as a bad answer", async (_, extra, reason) => {
    standIn.script({ json: part("Only", extra) });
    const generating = generateNotes({ model: model(), segments: segments.slice(0, 5), language: "en", template: "general_meeting" });
    await expect(generating).rejects.toMatchObject({ name: "NotesOutputError", reason });
  });

  it("reads a placeholder owner or due date as not said", async () => {
    standIn.script({ json: part("Only", { actionItems: [{ text: "Post the job ad", owner: "N/A", due: "TBD" }] }) });
    const notes = await generateNotes({ model: model(), segments: segments.slice(0, 5), language: "en", template: "general_meeting" });
    expect(notes.content.actionItems).toEqual([{ text: "Post the job ad", owner: null, due: null }]);
  });

  it("checks the merged notes too", async () => {
    standIn.script(
      { json: part("One") },
      { json: part("Two") },
      { json: part("Three") },
      { json: part("Four") },
      { json: { title: "Merged", summary: "TBD", keyPoints: [], decisions: [], actionItems: [] } },
    );
    await expect(generateNotes({ model: model(), segments, language: "en", template: "general_meeting" })).rejects.toMatchObject({
      reason: "placeholder_answer",
    });
  });

  it("reports notes that do not match the schema as bad output (the job retries, then says why)", async () => {
    standIn.script({ json: { title: "x", summary: 42 } });
    await expect(
      generateNotes({ model: model(), segments: segments.slice(0, 5), language: "en", template: "general_meeting" }),
    ).rejects.toSatisfy((error) => error instanceof NotesOutputError && error.reason === "bad_output");
  });

  it("writes labelled extractive notes with no model", async () => {
    const notes = await generateNotes({ model: null, segments, language: "en", template: "general_meeting" });
    expect(notes).toMatchObject({ engine: "extractive", isExtractive: true });
    expect(standIn.requests()).toHaveLength(0);
  });
});
