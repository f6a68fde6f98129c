import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "~/app/features/shell/error-message";
import { FormMessage } from "~/app/ui/form-message";
import { TextInput } from "~/app/ui/text-input";
import { SpeakerMergeForm } from "./speaker-merge-form";

/**
 * The note's speakers; the owner renames one everywhere at once (1-80 characters), or merges one into
 * another (the same call: renaming to a name the note already has joins the two).
 */
export function SpeakerList({ speakers, onRename }: { speakers: string[]; onRename?(from: string, to: string): Promise<void> }) {
  const { t } = useTranslation("notes");
  const [editing, setEditing] = useState<{ speaker: string; action: "rename" | "merge" } | null>(null);
  if (speakers.length === 0) return null;
  return (
    <div className="space-y-2" data-testid="speakers">
      <h3 className="text-sm font-semibold">{t("page.speakers.title")}</h3>
      <ul className="flex flex-wrap gap-2">
        {speakers.map((speaker) => (
          <li
            key={speaker}
            className="flex items-center gap-1 rounded-full border border-slate-200 px-3 py-1 text-sm dark:border-slate-700"
          >
            <span data-testid="speaker-name">{speaker}</span>
            {onRename ? (
              <button
                type="button"
                className="ml-1 text-xs text-indigo-700 hover:underline dark:text-indigo-300"
                aria-label={t("page.speakers.renameLabel", { name: speaker })}
                onClick={() => setEditing({ speaker, action: "rename" })}
              >
                {t("page.speakers.rename")}
              </button>
            ) : null}
            {onRename && speakers.length > 1 ? (
              <button
                type="button"
                className="ml-1 text-xs text-indigo-700 hover:underline dark:text-indigo-300"
                aria-label={t("page.speakers.mergeLabel", { name: speaker })}
                onClick={() => setEditing({ speaker, action: "merge" })}
              >
                {t("page.speakers.merge")}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {editing?.action === "rename" && onRename ? (
        <RenameForm key={editing.speaker} from={editing.speaker} onRename={onRename} onDone={() => setEditing(null)} />
      ) : null}
      {editing?.action === "merge" && onRename ? (
        <SpeakerMergeForm
          key={editing.speaker}
          from={editing.speaker}
          speakers={speakers}
          onMerge={onRename}
          onDone={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}

function RenameForm({ from, onRename, onDone }: { from: string; onRename(from: string, to: string): Promise<void>; onDone(): void }) {
  const { t } = useTranslation("notes");
  const [name, setName] = useState(from);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const to = name.trim();
    if (!to) return setProblem(t("page.speakers.errors.required"));
    if (to.length > 80) return setProblem(t("page.speakers.errors.tooLong"));
    if (to === from) return onDone();
    setSaving(true);
    setProblem(null);
    try {
      await onRename(from, to);
      onDone();
    } catch (error) {
      setProblem(errorMessage(error, t("page.speakers.errors.failed")));
      setSaving(false);
    }
  };
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={(event) => void handleSubmit(event)}>
      <label className="flex min-w-0 flex-col gap-1 text-sm">
        <span>{t("page.speakers.newName", { name: from })}</span>
        <TextInput value={name} maxLength={80} onChange={(event) => setName(event.target.value)} className="w-full p-2 sm:w-64" />
      </label>
      <button type="submit" className="btn-primary" disabled={isSaving}>
        {isSaving ? t("page.saving") : t("page.speakers.apply")}
      </button>
      <button type="button" className="btn-secondary" onClick={onDone} disabled={isSaving}>
        {t("page.cancel")}
      </button>
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
    </form>
  );
}
