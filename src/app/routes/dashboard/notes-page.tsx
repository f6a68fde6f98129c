import { useTranslation } from "react-i18next";
import { NoteList } from "../../features/notes/components/note-list";

/** /notes: every note of the user, newest first, fetched a page at a time, statuses live. */
export default function NotesPage() {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <title>{`${t("pages.Notes.title")} · Parley`}</title>
      <h1 className="text-2xl font-bold tracking-tight">{t("pages.Notes.title")}</h1>
      <NoteList />
    </div>
  );
}
