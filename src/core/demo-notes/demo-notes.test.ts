import { describe, expect, it } from "vitest";
import { aiNotesContent, notesTemplates } from "~/shared/ai-notes/ai-notes-api";
import { matchRoute } from "~/shared/routing/match-route";
import { demoNotes, findDemoNote } from "./data";

// The seeded demo notes are data a visitor reads: each must be a note the public page can show whole.
describe("demo notes", () => {
  it("have unique ids that are valid /demo-note/{id} addresses", () => {
    const ids = demoNotes.map((demo) => demo.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(matchRoute(`/demo-note/${id}`)).toMatchObject({ route: { name: "DemoNote" }, hasValidParams: true });
  });

  it.each(demoNotes.map((demo) => [demo.id, demo] as const))("%s is a whole, consistent note", (_id, { note }) => {
    expect(note.transcript.length).toBeGreaterThan(5);
    note.transcript.forEach((segment, index) => {
      expect(segment.position).toBe(index);
      expect(segment.end).toBeGreaterThan(segment.start);
      expect(segment.speaker).toBeTruthy();
      if (index > 0) expect(segment.start).toBeGreaterThanOrEqual(note.transcript[index - 1]?.end ?? 0);
    });
    expect(note.durationSeconds).toBe(note.transcript.at(-1)?.end);
    expect(note.aiNotes && aiNotesContent.safeParse(note.aiNotes.content).success).toBe(true);
    expect(notesTemplates).toContain(note.aiNotes?.template);
    for (const chapter of note.aiNotes?.content.chapters ?? []) expect(chapter.start).toBeLessThan(note.durationSeconds ?? 0);
    expect(note.aiNotes?.content.actionItems.length).toBeGreaterThan(0);
  });

  it("finds a demo by id and nothing else", () => {
    expect(findDemoNote("product-stand-up")?.title).toBe("Mobile team stand-up: release 2.4");
    expect(findDemoNote("nope")).toBeNull();
  });
});
