import { useTranslation } from "react-i18next";
import { FoldersPanel } from "~/app/features/folders/components/folders-panel";
import { NoteFilters } from "~/app/features/notes/components/note-filters";
import { NoteList } from "~/app/features/notes/components/note-list";
import { useListFilters } from "~/app/features/notes/use-list-filters";

/**
 * /notes: every note of the user, newest first, a page at a time, statuses live; searched and filtered
 * from the address; the folders beside it. Kept alive while away (interpretations 11).
 */
export default function NotesPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useListFilters();
  return (
    <div className="space-y-6">
      <title>{`${t("pages.Notes.title")} · Parley`}</title>
      <h1 className="text-2xl font-bold tracking-tight">{t("pages.Notes.title")}</h1>
      <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start">
        <FoldersPanel />
        <div className="min-w-0 space-y-4">
          <NoteFilters filters={filters} onChange={setFilters} />
          <NoteList filters={filters} keepAlive canMove />
        </div>
      </div>
    </div>
  );
}
