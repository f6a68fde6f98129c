import { useTranslation } from "react-i18next";
import { AdminNotesList } from "~/app/features/admin-notes/components/admin-notes-list";

/** /admin/notes (issue 20), for the IS_ADMIN role: every account's notes, filtered, failures first on request. */
export default function AdminNotesPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <title>{`${t("pages.AdminNotes.title")} · Parley`}</title>
      <h1 className="text-2xl font-semibold">{t("pages.AdminNotes.title")}</h1>
      <AdminNotesList />
    </div>
  );
}
