import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "~/app/features/shell/error-message";
import { FormMessage } from "~/app/ui/form-message";
import { SelectInput } from "~/app/ui/select-input";

/**
 * Merges one speaker into another of the same note (issue 19: the diarizer split one person in two).
 * The server merges by renaming: every segment of `from` takes the other speaker's name.
 */
export function SpeakerMergeForm({
  from,
  speakers,
  onMerge,
  onDone,
}: {
  from: string;
  speakers: string[];
  onMerge(from: string, to: string): Promise<void>;
  onDone(): void;
}) {
  const { t } = useTranslation("notes");
  const others = speakers.filter((speaker) => speaker !== from);
  const [target, setTarget] = useState(others[0] ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!target) return onDone();
    setSaving(true);
    setProblem(null);
    try {
      await onMerge(from, target);
      onDone();
    } catch (error) {
      setProblem(errorMessage(error, t("page.speakers.errors.mergeFailed")));
      setSaving(false);
    }
  };
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={(event) => void handleSubmit(event)}>
      <label className="flex min-w-0 flex-col gap-1 text-sm">
        <span>{t("page.speakers.mergeInto", { name: from })}</span>
        <SelectInput value={target} onChange={(event) => setTarget(event.target.value)} className="w-full p-2 sm:w-64">
          {others.map((speaker) => (
            <option key={speaker} value={speaker}>
              {speaker}
            </option>
          ))}
        </SelectInput>
      </label>
      <button type="submit" className="btn-primary" disabled={isSaving || !target}>
        {isSaving ? t("page.saving") : t("page.speakers.mergeApply")}
      </button>
      <button type="button" className="btn-secondary" onClick={onDone} disabled={isSaving}>
        {t("page.cancel")}
      </button>
      <p className="w-full text-xs text-slate-600 dark:text-slate-400">{t("page.speakers.mergeHint", { name: from, target })}</p>
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
    </form>
  );
}
