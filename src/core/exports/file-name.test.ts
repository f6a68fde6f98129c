import { describe, expect, it } from "vitest";
import { asciiSlug, contentDisposition, exportFileName, unicodeSlug } from "./file-name";

describe("export file names", () => {
  it("slug the title for old clients (ASCII) and new ones (accents kept)", () => {
    expect(asciiSlug("Reunião de orçamento: ação!")).toBe("reuniao-de-orcamento-acao");
    expect(unicodeSlug("Reunião de orçamento: ação!")).toBe("reunião-de-orçamento-ação");
    expect(exportFileName("  Weekly sync / Q3  ", "pdf")).toBe("weekly-sync-q3.pdf");
  });

  it("fall back to `note` when the title has no letters a slug can keep", () => {
    expect(asciiSlug("")).toBe("note");
    expect(asciiSlug("会议记录")).toBe("note");
    expect(unicodeSlug("会议记录")).toBe("会议记录");
    expect(unicodeSlug("!!!")).toBe("note");
  });

  it("stay under 80 characters", () => {
    expect(asciiSlug("word ".repeat(40)).length).toBeLessThanOrEqual(80);
    expect(asciiSlug("word ".repeat(40)).endsWith("-")).toBe(false);
  });

  it("make an attachment header with an RFC 5987 UTF-8 name that needs no quoting", () => {
    expect(contentDisposition('Reunião "quoted" (draft)', "docx")).toBe(
      "attachment; filename=\"reuniao-quoted-draft.docx\"; filename*=UTF-8''reuni%C3%A3o-quoted-draft.docx",
    );
    expect(contentDisposition("", "srt")).toBe("attachment; filename=\"note.srt\"; filename*=UTF-8''note.srt");
  });
});
