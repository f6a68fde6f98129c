import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "~/app/features/shell/error-message";
import { FormMessage } from "~/app/ui/form-message";
import { TextArea } from "~/app/ui/text-area";
import { TextInput } from "~/app/ui/text-input";
import { type AiNotesContent, aiNotesContent } from "~/shared/ai-notes/ai-notes-api";
import { formatTimestamp, parseTimestamp } from "../format-time";
import { SaveCancelButtons } from "./save-cancel-buttons";

interface ActionRow {
  /** A stable key while rows are added and removed. */
  key: number;
  text: string;
  owner: string;
  due: string;
}
interface ChapterRow {
  key: number;
  time: string;
  title: string;
  summary: string;
}

const fieldLayout = "w-full p-2";
const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * Editing the AI notes: the same shape the API stores (lists as one item per line; action items and
 * chapters as rows). Checked with the API's own schema before it is sent.
 */
export function AiNotesEditor({
  content,
  onSave,
  onCancel,
}: {
  content: AiNotesContent;
  onSave(content: AiNotesContent): Promise<void>;
  onCancel(): void;
}) {
  const { t } = useTranslation("notes");
  const [title, setTitle] = useState(content.title);
  const [summary, setSummary] = useState(content.summary);
  const [keyPoints, setKeyPoints] = useState(content.keyPoints.join("\n"));
  const [decisions, setDecisions] = useState(content.decisions.join("\n"));
  const [actions, setActions] = useState<ActionRow[]>(
    content.actionItems.map((item, index) => ({ key: index, text: item.text, owner: item.owner ?? "", due: item.due ?? "" })),
  );
  const [chapters, setChapters] = useState<ChapterRow[]>(
    content.chapters.map((chapter, index) => ({
      key: index,
      time: formatTimestamp(chapter.start),
      title: chapter.title,
      summary: chapter.summary,
    })),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const nextKey = useRef(content.actionItems.length + content.chapters.length);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const starts = chapters.filter((row) => row.title.trim()).map((row) => parseTimestamp(row.time));
    if (starts.some((start) => start === null)) return setProblem(t("aiNotes.edit.errors.chapterTime"));
    const next = {
      title: title.trim(),
      summary: summary.trim(),
      keyPoints: lines(keyPoints),
      decisions: lines(decisions),
      actionItems: actions
        .filter((row) => row.text.trim())
        .map((row) => ({ text: row.text.trim(), owner: row.owner.trim() || null, due: row.due.trim() || null })),
      chapters: chapters
        .filter((row) => row.title.trim())
        .map((row, index) => ({ title: row.title.trim(), start: starts[index] ?? 0, summary: row.summary.trim() })),
    };
    const checked = aiNotesContent.safeParse(next);
    if (!checked.success) return setProblem(t("aiNotes.edit.errors.invalid"));
    setSaving(true);
    setProblem(null);
    try {
      await onSave(checked.data);
    } catch (error) {
      setProblem(errorMessage(error, t("aiNotes.edit.errors.saveFailed")));
      setSaving(false);
    }
  };

  const updateAction = (index: number, patch: Partial<ActionRow>) =>
    setActions((rows) => rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const updateChapter = (index: number, patch: Partial<ChapterRow>) =>
    setChapters((rows) => rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));

  return (
    <form className="space-y-4" onSubmit={(event) => void handleSubmit(event)} aria-label={t("aiNotes.edit.title")}>
      <label className="block space-y-1 text-sm">
        <span className="font-medium">{t("aiNotes.edit.titleLabel")}</span>
        <TextInput value={title} maxLength={200} onChange={(event) => setTitle(event.target.value)} className={fieldLayout} />
      </label>
      <label className="block space-y-1 text-sm">
        <span className="font-medium">{t("aiNotes.summary")}</span>
        <TextArea value={summary} rows={5} onChange={(event) => setSummary(event.target.value)} className={fieldLayout} />
      </label>
      <label className="block space-y-1 text-sm">
        <span className="font-medium">{t("aiNotes.keyPoints")}</span>
        <span className="block text-xs text-slate-600 dark:text-slate-400">{t("aiNotes.edit.onePerLine")}</span>
        <TextArea value={keyPoints} rows={5} onChange={(event) => setKeyPoints(event.target.value)} className={fieldLayout} />
      </label>
      <label className="block space-y-1 text-sm">
        <span className="font-medium">{t("aiNotes.decisions")}</span>
        <span className="block text-xs text-slate-600 dark:text-slate-400">{t("aiNotes.edit.onePerLine")}</span>
        <TextArea value={decisions} rows={3} onChange={(event) => setDecisions(event.target.value)} className={fieldLayout} />
      </label>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t("aiNotes.actionItems")}</legend>
        {actions.map((row, index) => (
          <div
            key={row.key}
            className="grid gap-2 rounded-lg border border-slate-200 p-2 sm:grid-cols-[1fr_10rem_10rem_auto] dark:border-slate-700"
          >
            <TextInput
              aria-label={t("aiNotes.edit.actionText", { number: index + 1 })}
              value={row.text}
              onChange={(event) => updateAction(index, { text: event.target.value })}
              className={fieldLayout}
            />
            <TextInput
              aria-label={t("aiNotes.edit.actionOwner", { number: index + 1 })}
              placeholder={t("aiNotes.edit.ownerPlaceholder")}
              value={row.owner}
              onChange={(event) => updateAction(index, { owner: event.target.value })}
              className={fieldLayout}
            />
            <TextInput
              aria-label={t("aiNotes.edit.actionDue", { number: index + 1 })}
              placeholder={t("aiNotes.edit.duePlaceholder")}
              value={row.due}
              onChange={(event) => updateAction(index, { due: event.target.value })}
              className={fieldLayout}
            />
            <button type="button" className="btn-secondary" onClick={() => setActions((rows) => rows.filter((_, at) => at !== index))}>
              {t("aiNotes.edit.remove")}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn-secondary"
          onClick={() => setActions((rows) => [...rows, { key: ++nextKey.current, text: "", owner: "", due: "" }])}
        >
          {t("aiNotes.edit.addAction")}
        </button>
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t("aiNotes.chapters")}</legend>
        {chapters.map((row, index) => (
          <div
            key={row.key}
            className="grid gap-2 rounded-lg border border-slate-200 p-2 sm:grid-cols-[6rem_1fr_auto] dark:border-slate-700"
          >
            <TextInput
              aria-label={t("aiNotes.edit.chapterTime", { number: index + 1 })}
              value={row.time}
              inputMode="numeric"
              onChange={(event) => updateChapter(index, { time: event.target.value })}
              className={`${fieldLayout} font-mono`}
            />
            <TextInput
              aria-label={t("aiNotes.edit.chapterTitle", { number: index + 1 })}
              value={row.title}
              onChange={(event) => updateChapter(index, { title: event.target.value })}
              className={fieldLayout}
            />
            <button type="button" className="btn-secondary" onClick={() => setChapters((rows) => rows.filter((_, at) => at !== index))}>
              {t("aiNotes.edit.remove")}
            </button>
            <TextArea
              aria-label={t("aiNotes.edit.chapterSummary", { number: index + 1 })}
              value={row.summary}
              rows={2}
              onChange={(event) => updateChapter(index, { summary: event.target.value })}
              className={`${fieldLayout} sm:col-span-3`}
            />
          </div>
        ))}
        <button
          type="button"
          className="btn-secondary"
          onClick={() => setChapters((rows) => [...rows, { key: ++nextKey.current, time: "0:00", title: "", summary: "" }])}
        >
          {t("aiNotes.edit.addChapter")}
        </button>
      </fieldset>
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
      <SaveCancelButtons isSaving={isSaving} onCancel={onCancel} />
    </form>
  );
}
