import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ChatView } from "~/app/features/ask/components/chat-view";
import { ThreadList } from "~/app/features/ask/components/thread-list";
import { deleteThread, fetchThreads } from "~/app/features/ask/queries";
import { confirm } from "~/app/ui/confirm-store";
import type { ChatThreadView } from "~/shared/ask/ask-api";

/** /ask-ai: chat with the AI across all of the user's notes; earlier chats are kept (`?thread=` opens one). */
export default function AskAiPage() {
  const { t } = useTranslation();
  const { t: tn } = useTranslation("notes");
  const [params, setParams] = useSearchParams();
  const threadId = params.get("thread");
  const [threads, setThreads] = useState<ChatThreadView[]>([]);
  // A new key only when the person picks a chat: adopting the chat an answer just created keeps the view.
  const [chatKey, setChatKey] = useState(0);

  const reload = useCallback(() => {
    fetchThreads(null)
      .then(setThreads)
      .catch(() => setThreads([]));
  }, []);
  useEffect(reload, [reload]);

  const open = useCallback(
    (id: string | null) => {
      setChatKey((key) => key + 1);
      setParams(id ? { thread: id } : {}, { replace: false });
    },
    [setParams],
  );
  const handleCreated = useCallback(
    (id: string) => {
      setParams({ thread: id }, { replace: true });
      reload();
    },
    [reload, setParams],
  );
  const handleDelete = async (id: string) => {
    const isConfirmed = await confirm({
      title: tn("ask.deleteTitle"),
      message: tn("ask.deleteMessage"),
      confirmText: tn("ask.deleteConfirm"),
    });
    if (!isConfirmed) return;
    // Leave the open chat before it is gone, and without a remount: a view remounted while the address
    // still names the chat would ask for its messages once more and get a 404.
    if (id === threadId) setParams({}, { replace: false });
    await deleteThread(id);
    reload();
  };

  return (
    <div className="space-y-6">
      <title>{`${t("pages.AskAi.title")} · Parley`}</title>
      <h1 className="text-2xl font-bold tracking-tight">{t("pages.AskAi.title")}</h1>
      <div className="grid gap-6 md:grid-cols-[16rem_1fr]">
        <ThreadList
          threads={threads}
          activeId={threadId}
          onSelect={open}
          onNew={() => open(null)}
          onDelete={(id) => void handleDelete(id)}
        />
        <section className="card min-w-0">
          <ChatView key={chatKey} threadId={threadId} onThreadCreated={handleCreated} />
        </section>
      </div>
    </div>
  );
}
