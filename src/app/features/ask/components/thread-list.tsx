import { useTranslation } from "react-i18next";
import type { ChatThreadView } from "~/shared/ask/ask-api";

/** The user's earlier chats (history), newest first; the chosen one is marked. */
export function ThreadList({
  threads,
  activeId,
  onSelect,
  onNew,
  onDelete,
}: {
  threads: ChatThreadView[];
  activeId: string | null;
  onSelect(threadId: string): void;
  onNew(): void;
  onDelete(threadId: string): void;
}) {
  const { t } = useTranslation("notes");
  return (
    <nav aria-label={t("ask.history")} className="space-y-2">
      <button type="button" className="btn-secondary w-full" onClick={onNew}>
        {t("ask.newChat")}
      </button>
      <ul className="space-y-1">
        {threads.map((thread) => (
          <li key={thread.id} className="flex items-center gap-1">
            <button
              type="button"
              aria-current={thread.id === activeId ? "true" : undefined}
              className={`min-w-0 flex-1 truncate rounded-lg px-3 py-2 text-left text-sm ${
                thread.id === activeId ? "bg-indigo-100 font-medium dark:bg-indigo-900" : "hover:bg-slate-100 dark:hover:bg-slate-800"
              }`}
              onClick={() => onSelect(thread.id)}
            >
              {thread.title}
            </button>
            <button
              type="button"
              className="rounded p-2 text-slate-500 hover:text-red-700"
              aria-label={t("ask.deleteChat", { title: thread.title })}
              onClick={() => onDelete(thread.id)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
