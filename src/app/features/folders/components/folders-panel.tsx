import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { errorMessage } from "~/app/features/shell/error-message";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { pushAlert } from "~/app/ui/alert-store";
import { confirm } from "~/app/ui/confirm-store";
import { Spinner } from "~/app/ui/spinner";
import type { FolderView } from "~/shared/folders/folders-api";
import { addFolder, changeFolderName, reloadFolders, removeFolder, useFolders } from "../folders-store";
import { FolderNameForm } from "./folder-name-form";

/** Wide screens show the panel open beside the list; a phone starts with it folded under its heading. */
const isWide = () => typeof window !== "undefined" && window.matchMedia("(min-width: 768px)").matches;

/** The user's folders with their note counts: open one, create, rename, delete (its notes are kept). */
export function FoldersPanel() {
  const { t } = useTranslation("notes");
  const id = useId();
  const folders = useFolders();
  const [isOpen, setOpen] = useState(isWide);
  const [renaming, setRenaming] = useState<string | null>(null);
  // Counts change as notes move elsewhere (the note page, another tab): re-read on each visit.
  useEffect(() => {
    void reloadFolders();
  }, []);

  return (
    <details
      open={isOpen}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="group rounded-xl border border-slate-200 dark:border-slate-800"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-3 text-sm font-semibold [&::-webkit-details-marker]:hidden">
        <span id={`${id}-title`} className="flex-1">
          {t("folders.title")}
        </span>
        {folders.state === "success" ? (
          <span className="rounded-full bg-slate-100 px-2 text-xs font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            {folders.items.length}
          </span>
        ) : null}
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-4 w-4 text-slate-500 transition-transform group-open:rotate-180"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M6 9l6 6 6-6" />
        </svg>
      </summary>
      <div className="space-y-3 border-t border-slate-200 px-2 py-3 dark:border-slate-800">
        {folders.state === "loading" || folders.state === "idle" ? (
          <div className="flex justify-center py-2">
            <Spinner size="sm" />
          </div>
        ) : null}
        {folders.state === "error" ? (
          <div role="alert" className="space-y-2 px-2 text-sm">
            <p>{t("folders.loadFailed")}</p>
            <button type="button" className="btn-secondary px-3 py-1" onClick={() => void reloadFolders()}>
              {t("folders.retry")}
            </button>
          </div>
        ) : null}
        {folders.state === "success" && folders.items.length === 0 ? (
          <p className="px-2 text-sm text-slate-600 dark:text-slate-400">{t("folders.empty")}</p>
        ) : null}
        {folders.items.length > 0 ? (
          <ul aria-labelledby={`${id}-title`} className="space-y-1">
            {folders.items.map((folder) =>
              renaming === folder.id ? (
                <li key={folder.id} className="px-2">
                  <FolderNameForm
                    label={t("folders.rename.label", { name: folder.name })}
                    submitText={t("folders.rename.submit")}
                    initialName={folder.name}
                    cancelText={t("folders.rename.cancel")}
                    onCancel={() => setRenaming(null)}
                    onSubmit={async (name) => {
                      await changeFolderName(folder.id, name);
                      setRenaming(null);
                    }}
                  />
                </li>
              ) : (
                <FolderRow key={folder.id} folder={folder} onRename={() => setRenaming(folder.id)} />
              ),
            )}
          </ul>
        ) : null}
        <div className="px-2">
          <FolderNameForm
            label={t("folders.create.label")}
            submitText={t("folders.create.submit")}
            pendingText={t("folders.create.submitting")}
            onSubmit={addFolder}
          />
        </div>
      </div>
    </details>
  );
}

function FolderRow({ folder, onRename }: { folder: FolderView; onRename(): void }) {
  const { t } = useTranslation("notes");
  const to = useLocalizedPath();

  const handleDelete = async () => {
    const isConfirmed = await confirm({
      title: t("folders.delete.title", { name: folder.name }),
      message: t("folders.delete.message", { count: folder.noteCount }),
      confirmText: t("folders.delete.confirm"),
      cancelText: t("folders.delete.cancel"),
    });
    if (!isConfirmed) return;
    try {
      await removeFolder(folder.id);
      pushAlert({ type: "success", message: { key: "notes:folders.delete.done" } });
    } catch (error) {
      pushAlert({ type: "error", message: errorMessage(error, t("folders.failed")) });
    }
  };

  return (
    <li className="flex items-center gap-1">
      <NavLink
        to={to(`/folder/${folder.id}`)}
        className={({ isActive }) =>
          `flex min-w-0 flex-1 items-center justify-between gap-2 rounded-lg px-2 py-1.5 text-sm ${isActive ? "bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300" : "hover:bg-slate-100 dark:hover:bg-slate-800"}`
        }
      >
        <span className="min-w-0 truncate">{folder.name}</span>
        <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">{t("folders.noteCount", { count: folder.noteCount })}</span>
      </NavLink>
      <IconButton label={t("folders.rename.action", { name: folder.name })} onClick={onRename}>
        <path d="M4 20h4L19 9l-4-4L4 16zM14 6l4 4" />
      </IconButton>
      <IconButton label={t("folders.delete.action", { name: folder.name })} onClick={() => void handleDelete()}>
        <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
      </IconButton>
    </li>
  );
}

function IconButton({ label, onClick, children }: { label: string; onClick(): void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="shrink-0 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-4 w-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {children}
      </svg>
    </button>
  );
}
