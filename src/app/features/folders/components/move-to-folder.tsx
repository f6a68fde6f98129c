import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "~/app/features/shell/error-message";
import { FormMessage } from "~/app/ui/form-message";
import { SelectInput } from "~/app/ui/select-input";
import { TextInput } from "~/app/ui/text-input";
import type { NoteView } from "~/shared/notes/notes-api";
import { addFolder, fileNote, folderById, useFolders } from "../folders-store";

const newFolderValue = "__new";

/**
 * Files a note: a select of the user's folders, "no folder" and "new folder…" (which asks for a name,
 * creates the folder and moves the note there). `label` names the select when several share a page.
 */
export function MoveToFolder({
  noteId,
  folderId,
  onMoved,
  label,
}: {
  noteId: string;
  folderId: string | null;
  onMoved?: (note: NoteView) => void;
  label?: string;
}) {
  const { t } = useTranslation("notes");
  const id = useId();
  const folders = useFolders();
  const [current, setCurrent] = useState(folderId);
  const [isNaming, setNaming] = useState(false);
  const [name, setName] = useState("");
  const [isPending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  // The note moved elsewhere (another tab, the event stream): follow it.
  useEffect(() => setCurrent(folderId), [folderId]);

  const move = async (target: string | null, targetName: string | null) => {
    setPending(true);
    setProblem(null);
    setDone(null);
    try {
      const note = await fileNote(noteId, target);
      setCurrent(note.data.folderId);
      setDone(targetName ? t("folders.move.moved", { name: targetName }) : t("folders.move.movedOut"));
      onMoved?.(note);
    } catch (error) {
      setProblem(errorMessage(error, t("folders.failed")));
    } finally {
      setPending(false);
    }
  };

  const handleChange = (value: string) => {
    if (value === newFolderValue) {
      setNaming(true);
      setProblem(null);
      return;
    }
    void move(value || null, folderById(folders.items, value)?.name ?? null);
  };

  const handleCreate = async (event: React.FormEvent) => {
    event.preventDefault();
    setPending(true);
    setProblem(null);
    try {
      const folder = await addFolder(name);
      setNaming(false);
      setName("");
      await move(folder.id, folder.name);
    } catch (error) {
      setProblem(errorMessage(error, t("folders.failed")));
      setPending(false);
    }
  };

  const isCurrentKnown = current === null || folders.items.some((folder) => folder.id === current);
  return (
    <div className="min-w-0 space-y-2">
      <div className="flex min-w-0 items-center gap-2">
        <label htmlFor={`${id}-folder`} className={label ? "sr-only" : "text-sm font-medium"}>
          {label ?? t("folders.move.label")}
        </label>
        <SelectInput
          id={`${id}-folder`}
          value={isNaming ? newFolderValue : (current ?? "")}
          disabled={isPending}
          onChange={(event) => handleChange(event.target.value)}
          className="min-w-0 max-w-full truncate px-2 py-1"
        >
          <option value="">{t("folders.move.none")}</option>
          {isCurrentKnown ? null : <option value={current ?? ""}>…</option>}
          {folders.items.map((folder) => (
            <option key={folder.id} value={folder.id}>
              {folder.name}
            </option>
          ))}
          <option value={newFolderValue}>{t("folders.move.new")}</option>
        </SelectInput>
      </div>
      {isNaming ? (
        <form noValidate onSubmit={handleCreate} className="flex flex-wrap items-center gap-2">
          <label htmlFor={`${id}-name`} className="sr-only">
            {t("folders.move.newName")}
          </label>
          <TextInput
            id={`${id}-name`}
            value={name}
            // Focused at once: the person just asked for a new folder; the name is what comes next.
            autoFocus
            placeholder={t("folders.move.newName")}
            onChange={(event) => setName(event.target.value)}
            className="min-w-0 flex-1 px-2 py-1"
          />
          <button type="submit" className="btn-primary px-3 py-1" disabled={isPending}>
            {t("folders.move.create")}
          </button>
          <button
            type="button"
            className="btn-secondary px-3 py-1"
            onClick={() => {
              setNaming(false);
              setProblem(null);
            }}
          >
            {t("folders.move.cancel")}
          </button>
        </form>
      ) : null}
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
      <p role="status" className="sr-only">
        {done}
      </p>
    </div>
  );
}
