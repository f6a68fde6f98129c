import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { AdminNotesList } from "~/app/features/admin-notes/components/admin-notes-list";

/** /admin/user/{userId}/notes (issue 20): one account's notes for admins, headed by its e-mail. */
export default function AdminUserNotesPage() {
  const { t } = useTranslation();
  const { userId = "" } = useParams();
  const [email, setEmail] = useState<string | null>(null);
  const onOwnerEmail = useCallback((value: string | null) => setEmail(value), []);
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <title>{`${t("pages.AdminUserNotes.title")} · Parley`}</title>
      <h1 className="break-all text-2xl font-semibold">{email ?? t("pages.AdminUserNotes.title")}</h1>
      <AdminNotesList userId={userId} onOwnerEmail={onOwnerEmail} />
    </div>
  );
}
