import { describe, expect, it } from "vitest";
import { isLooping, isOffTranscript, isPlaceholder, knownOrNull, notesOutputProblem } from "./notes-output-checks";

const good = {
  title: "Release planning",
  summary: "The team agreed to ship the mobile release on Tuesday. Sarah owns the login screen.",
  keyPoints: ["Release on Tuesday", "Pricing page still open"],
  decisions: ["Keep the free plan at five uploads"],
  actionItems: [{ text: "Finish the login screen", owner: "Sarah", due: "Friday" }],
};
const transcript = { start: 0, end: 600 };

describe("checks on a model's notes", () => {
  it("let ordinary notes through, a sentence said twice in a long summary included", () => {
    expect(notesOutputProblem(good, transcript)).toBeNull();
    const twice = `${good.summary} We will meet again next week to review the numbers. ${good.summary}`;
    expect(notesOutputProblem({ ...good, summary: twice }, transcript)).toBeNull();
    expect(notesOutputProblem({ ...good, summary: "Kickoff at [02:10], numbers at [09:55]." }, transcript)).toBeNull();
  });

  it("refuse notes with nothing in them", () => {
    expect(notesOutputProblem({ title: "", summary: " ", keyPoints: [], decisions: [], actionItems: [] }, transcript)).toBe("empty_answer");
  });

  it.each([
    ["N/A"],
    ["TBD"],
    ["..."],
    ["…"],
    ["—"],
    ["[insert the decision here]"],
    ["{{owner}} will follow up"],
    ["Lorem ipsum dolor sit amet"],
  ])("refuse the placeholder %j in any text", (placeholder) => {
    expect(isPlaceholder(placeholder)).toBe(true);
    expect(notesOutputProblem({ ...good, decisions: [placeholder] }, transcript)).toBe("placeholder_answer");
    expect(notesOutputProblem({ ...good, summary: placeholder }, transcript)).toBe("placeholder_answer");
  });

  it("do not take real words for placeholders, and read a placeholder owner or due date as unknown", () => {
    for (const text of ["None of the bugs block the release", "NA region launch", "Unknown caller handling", "Next steps..."])
      expect(isPlaceholder(text)).toBe(false);
    expect(knownOrNull("N/A")).toBeNull();
    expect(knownOrNull("TBD")).toBeNull();
    expect(knownOrNull("Friday")).toBe("Friday");
    expect(
      notesOutputProblem({ ...good, actionItems: [{ text: "Send the deck", owner: knownOrNull("N/A"), due: null }] }, transcript),
    ).toBeNull();
  });

  it("catch a model that loops, in one text or across a list", () => {
    const loop = "The team will ship the release. ".repeat(8);
    expect(isLooping(loop)).toBe(true);
    expect(isLooping(good.summary)).toBe(false);
    expect(notesOutputProblem({ ...good, summary: loop }, transcript)).toBe("looping_answer");
    const list = Array.from({ length: 6 }, (_, index) => `Point ${index}: the team will ship the release on time`);
    expect(notesOutputProblem({ ...good, keyPoints: list }, transcript)).toBe("looping_answer");
    expect(notesOutputProblem({ ...good, chapters: [{ title: "Intro", summary: loop }] }, transcript)).toBe("looping_answer");
  });

  it("refuse a cited time the transcript does not have, and a chapter start that is no time", () => {
    expect(notesOutputProblem({ ...good, keyPoints: ["Budget approved [45:00]"] }, transcript)).toBe("off_transcript");
    expect(isOffTranscript("05:00", transcript)).toBe(false);
    expect(isOffTranscript("10:04", transcript)).toBe(false); // rounding past the last line
    expect(isOffTranscript("99:99", transcript)).toBe(true);
    expect(isOffTranscript("the beginning", transcript)).toBe(true);
    expect(isOffTranscript(null, transcript)).toBe(true);
    expect(isOffTranscript("00:10", { start: 60, end: 120 })).toBe(true);
  });
});
