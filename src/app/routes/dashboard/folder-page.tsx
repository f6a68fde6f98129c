import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ApiError } from "~/app/api/api-client";
import { FoldersPanel } from "~/app/features/folders/components/folders-panel";
import { folderById, useFolders } from "~/app/features/folders/folders-store";
import { fetchFolder } from "~/app/features/folders/queries";
import { NoteFilters } from "~/app/features/notes/components/note-filters";
import { NoteList } from "~/app/features/notes/components/note-list";
import { hasActiveFilters } from "~/app/features/notes/list-filters";
import { useListFilters } from "~/app/features/notes/use-list-filters";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { EmptyState } from "~/app/ui/empty-state";
import { Spinner } from "~/app/ui/spinner";
import type { FolderView } from "~/shared/folders/folders-api";

type Holder = { state: "loading" } | { state: "success"; folder: FolderView } | { state: "missing" } | { state: "error" };

/** /folder/{folderId}: the folder's notes with the notes list's search and filters; not found when not the user's. */
export default function FolderPage() {
  const { t } = useTranslation();
  const { t: tn } = useTranslation("notes");
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const { folderId = "" } = useParams();
  const [holder, setHolder] = useState<Holder>({ state: "loading" });
  const [filters, setFilters] = useListFilters();
  const folders = useFolders();

  useEffect(() => {
    const controller = new AbortController();
    setHolder({ state: "loading" });
    fetchFolder(folderId, controller.signal).then(
      (folder) => setHolder({ state: "success", folder }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const isMissing = error instanceof ApiError && (error.status === 404 || error.status === 400);
        setHolder({ state: isMissing ? "missing" : "error" });
      },
    );
    return () => controller.abort();
  }, [folderId]);

  // The shared folder list is fresher (renamed in the panel); a folder deleted there leaves this page.
  const known = folderById(folders.items, folderId);
  const isDeletedHere = holder.state === "success" && folders.state === "success" && !known;
  useEffect(() => {
    if (isDeletedHere) navigate(to("/notes"), { replace: true });
  }, [isDeletedHere, navigate, to]);
  const listFilters = useMemo(() => ({ ...filters, folderId }), [filters, folderId]);

  if (holder.state === "loading") {
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  }
  if (holder.state === "missing" || holder.state === "error") {
    const isMissing = holder.state === "missing";
    return (
      <div className="space-y-6">
        <title>{`${isMissing ? tn("folders.page.notFoundTitle") : t("pages.Folder.title")} · Parley`}</title>
        <EmptyState
          title={isMissing ? tn("folders.page.notFoundTitle") : t("pages.Folder.title")}
          body={isMissing ? tn("folders.page.notFoundBody") : tn("folders.page.loadFailed")}
          action={
            <Link to={to("/notes")} className="btn-secondary">
              {tn("folders.page.allNotes")}
            </Link>
          }
        />
      </div>
    );
  }
  const folder = known ?? holder.folder;
  return (
    <div className="space-y-6">
      <title>{`${folder.name} · Parley`}</title>
      <div className="space-y-1">
        <Link to={to("/notes")} className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          ← {tn("folders.page.allNotes")}
        </Link>
        <h1 className="text-2xl font-bold tracking-tight break-words">{folder.name}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">{tn("folders.noteCount", { count: folder.noteCount })}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start">
        <FoldersPanel />
        <div className="min-w-0 space-y-4">
          <NoteFilters
            filters={{ ...filters, folderId: null }}
            onChange={(next) => setFilters({ ...next, folderId: null })}
            hasFolderFilter={false}
          />
          <NoteList
            filters={listFilters}
            keepAlive
            canMove
            isFiltered={hasActiveFilters(filters)}
            empty={{ title: t("pages.Folder.emptyTitle"), body: t("pages.Folder.emptyBody") }}
          />
        </div>
      </div>
    </div>
  );
}
