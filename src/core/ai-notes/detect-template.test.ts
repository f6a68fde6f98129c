import { describe, expect, it } from "vitest";
import { detectTemplate } from "./detect-template";

const said = (...texts: string[]) => texts.map((text, index) => ({ start: index * 5, end: index * 5 + 4, text, speaker: null }));

describe("template detection", () => {
  it("calls every YouTube note a video", () => {
    expect(detectTemplate({ noteType: "youtube", segments: said("Welcome to the stand-up, any blockers since yesterday?") })).toBe(
      "youtube_video",
    );
  });

  it.each([
    ["stand_up", said("Quick stand-up.", "Yesterday I fixed the sync bug.", "Today the export. No blockers.")],
    ["sales_call", said("Thanks for the demo.", "What would the pricing be for 40 licences?", "Our budget closes in March.")],
    ["interview", said("Thanks for coming to the interview.", "Tell me about yourself.", "As a candidate I led two teams.")],
    ["lecture", said("Today we will cover chapter three.", "Students, the exam covers this.", "Homework is due Monday.")],
    ["one_on_one", said("Welcome to our one-on-one.", "I have some feedback on the launch.", "Let's talk about your career growth.")],
    ["stand_up", said("Daily de hoy.", "Ayer terminé la API.", "Hoy sigo con pruebas, estoy bloqueado por el acceso.")],
    ["sales_call", said("Obrigado pela demo.", "Qual é o preço para 40 licenças?", "Nosso orçamento fecha em março.")],
  ])("detects %s from what is said", (template, segments) => {
    expect(detectTemplate({ noteType: "file", segments })).toBe(template);
  });

  it("falls back to a general meeting when no template has two cues", () => {
    expect(detectTemplate({ noteType: "meeting", segments: said("Let's review the office move.", "The feedback was good.") })).toBe(
      "general_meeting",
    );
  });
});
