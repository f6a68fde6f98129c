import { useTranslation } from "react-i18next";
import type { AiNotesContent } from "~/shared/ai-notes/ai-notes-api";
import { readableDue } from "~/shared/ai-notes/due-date";
import { formatTimestamp } from "../format-time";

function List({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <section className="space-y-1">
      <h3 className="text-sm font-semibold">{title}</h3>
      <ul className="list-disc space-y-1 pl-5 text-sm leading-relaxed">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list that never reorders; items may repeat.
          <li key={index} className="break-words">
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * AI notes as a reader sees them: summary, key points, decisions, action items (owner, due date) and
 * chapters whose times seek the player. Shared by the owner's page and the public ones.
 */
export function AiNotesView({
  content,
  isExtractive,
  fallbackReason = null,
  hasTimes,
  onSeek,
}: {
  content: AiNotesContent;
  isExtractive: boolean;
  /** Why extracted highlights stand in for the model's notes (notes catalog `notesFailure.<reason>`). */
  fallbackReason?: string | null;
  hasTimes: boolean;
  onSeek?(seconds: number): void;
}) {
  const { t, i18n } = useTranslation("notes");
  return (
    <div className="space-y-4" data-testid="ai-notes">
      {isExtractive ? (
        <p className="inline-block rounded-full bg-amber-100 px-3 py-1 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          {fallbackReason
            ? t("aiNotes.fallbackBadge", { reason: t(`notesFailure.${fallbackReason}`, { defaultValue: t("aiNotes.failed") }) })
            : t("aiNotes.extractiveBadge")}
        </p>
      ) : null}
      {content.summary ? (
        <section className="space-y-1">
          <h3 className="text-sm font-semibold">{t("aiNotes.summary")}</h3>
          <p className="whitespace-pre-line break-words text-sm leading-relaxed">{content.summary}</p>
        </section>
      ) : null}
      <List title={t("aiNotes.keyPoints")} items={content.keyPoints} />
      <List title={t("aiNotes.decisions")} items={content.decisions} />
      {content.actionItems.length > 0 ? (
        <section className="space-y-1">
          <h3 className="text-sm font-semibold">{t("aiNotes.actionItems")}</h3>
          <ul className="space-y-2 text-sm">
            {content.actionItems.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list that never reorders; items may repeat.
              <li key={index} className="flex gap-2">
                <span aria-hidden="true">☐</span>
                <span className="min-w-0 break-words">
                  {item.text}
                  {item.owner || item.due ? (
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      {[
                        item.owner ? t("aiNotes.owner", { owner: item.owner }) : null,
                        item.due ? t("aiNotes.due", { due: readableDue(item.due, i18n.language) }) : null,
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {content.chapters.length > 0 ? (
        <section className="space-y-1">
          <h3 className="text-sm font-semibold">{t("aiNotes.chapters")}</h3>
          <ol className="space-y-2 text-sm">
            {content.chapters.map((chapter, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list that never reorders; items may repeat.
              <li key={index} className="flex gap-2">
                {hasTimes ? (
                  onSeek ? (
                    <button
                      type="button"
                      className="shrink-0 font-mono text-xs text-indigo-700 hover:underline dark:text-indigo-300"
                      aria-label={t("aiNotes.playChapter", { title: chapter.title, time: formatTimestamp(chapter.start) })}
                      onClick={() => onSeek(chapter.start)}
                    >
                      {formatTimestamp(chapter.start)}
                    </button>
                  ) : (
                    <span className="shrink-0 font-mono text-xs text-slate-500 dark:text-slate-400">{formatTimestamp(chapter.start)}</span>
                  )
                ) : null}
                <span className="min-w-0 break-words">
                  <span className="font-medium">{chapter.title}</span>
                  {chapter.summary ? <span className="block text-slate-600 dark:text-slate-400">{chapter.summary}</span> : null}
                </span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
