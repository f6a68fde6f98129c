import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { AdminNoteDetailView } from "~/app/features/admin-notes/components/admin-note-detail";
import { fetchAdminNote } from "~/app/features/admin-notes/queries";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { Spinner } from "~/app/ui/spinner";
import type { AdminNoteDetail } from "~/shared/admin/admin-notes-api";

/** /admin/note/{ownerId}/{id} (issue 20): a user's note read-only for admins, with retries of a failed part. */
export default function AdminNotePage() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { ownerId = "", id = "" } = useParams();
  const [detail, setDetail] = useState<AdminNoteDetail | null>(null);
  const [hasFailed, setFailed] = useState(false);
  const load = useCallback(
    (signal?: AbortSignal) =>
      fetchAdminNote(ownerId, id, signal).then(setDetail, () => {
        if (!signal?.aborted) setFailed(true);
      }),
    [ownerId, id],
  );
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);
  const reload = useCallback(() => void load(), [load]);
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <title>{`${t("pages.AdminNote.title")} · Parley`}</title>
      <Link className="text-sm text-indigo-700 underline dark:text-indigo-300" to={to(`/admin/user/${ownerId}/notes`)}>
        {t("adminNotes.userNotes")}
      </Link>
      <h1 className="break-words text-2xl font-semibold">
        {detail ? detail.note.data.title || t("adminNotes.untitled") : t("pages.AdminNote.title")}
      </h1>
      {hasFailed && <p role="alert">{t("pages.AdminNote.emptyTitle")}</p>}
      {!detail && !hasFailed && <Spinner />}
      {detail && <AdminNoteDetailView detail={detail} onChanged={reload} />}
    </div>
  );
}
