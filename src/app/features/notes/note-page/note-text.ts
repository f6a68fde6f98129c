import type { TFunction } from "i18next";
import type { AiNotesContent } from "~/shared/ai-notes/ai-notes-api";
import { readableDue } from "~/shared/ai-notes/due-date";
import { formatTimestamp } from "../format-time";

/** The transcript as plain text: one paragraph per segment, with its time and speaker when known. */
export function transcriptAsText(segments: readonly { start: number; speaker: string | null; text: string }[], hasTimes: boolean): string {
  return segments
    .map((segment) => {
      const time = hasTimes ? `[${formatTimestamp(segment.start)}] ` : "";
      const speaker = segment.speaker ? `${segment.speaker}: ` : "";
      return `${time}${speaker}${segment.text}`;
    })
    .join("\n\n");
}

/** AI notes as plain text with headings in the reader's language (`t` reads the notes namespace). */
export function aiNotesAsText(content: AiNotesContent, t: TFunction, hasTimes: boolean, locale: string): string {
  const parts: string[] = [];
  if (content.title) parts.push(content.title);
  if (content.summary) parts.push(`${t("aiNotes.summary")}\n${content.summary}`);
  const list = (title: string, items: string[]) => {
    if (items.length > 0) parts.push(`${title}\n${items.map((item) => `- ${item}`).join("\n")}`);
  };
  list(t("aiNotes.keyPoints"), content.keyPoints);
  list(t("aiNotes.decisions"), content.decisions);
  list(
    t("aiNotes.actionItems"),
    content.actionItems.map((item) =>
      [
        item.text,
        item.owner ? t("aiNotes.owner", { owner: item.owner }) : null,
        item.due ? t("aiNotes.due", { due: readableDue(item.due, locale) }) : null,
      ]
        .filter(Boolean)
        .join(" · "),
    ),
  );
  list(
    t("aiNotes.chapters"),
    content.chapters.map(
      (chapter) =>
        `${hasTimes ? `${formatTimestamp(chapter.start)} ` : ""}${chapter.title}${chapter.summary ? `: ${chapter.summary}` : ""}`,
    ),
  );
  return parts.join("\n\n");
}
