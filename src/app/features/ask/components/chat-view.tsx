import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "~/app/ui/spinner";
import { TextInput } from "~/app/ui/text-input";
import { useAskChat } from "../use-ask-chat";
import { AnswerText } from "./answer-text";
import { CitationLink } from "./citation-link";

/**
 * A chat with the AI about the user's notes (all of them, or one with `noteId`): the history, the answer
 * streaming in, its sources, and the question box.
 */
export function ChatView({
  threadId,
  noteId,
  onThreadCreated,
  onSeek,
}: {
  threadId: string | null;
  noteId?: string;
  onThreadCreated?: (threadId: string) => void;
  onSeek?: (seconds: number) => void;
}) {
  const { t } = useTranslation("notes");
  const chat = useAskChat({ threadId, noteId, onThreadCreated });
  const [question, setQuestion] = useState("");
  const end = useRef<HTMLDivElement>(null);
  const lastContent = chat.messages[chat.messages.length - 1]?.content;

  useEffect(() => {
    if (lastContent !== undefined) end.current?.scrollIntoView?.({ block: "nearest" });
  }, [lastContent]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = question.trim();
    if (!text || chat.state === "answering") return;
    setQuestion("");
    void chat.ask(text);
  };

  return (
    <div className="flex min-h-0 flex-col gap-3">
      <div className="space-y-4" aria-live="polite" data-testid="chat-messages">
        {chat.state === "loading" ? (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        ) : null}
        {chat.failed === "load" ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {t("ask.loadFailed")}
          </p>
        ) : null}
        {chat.state !== "loading" && chat.messages.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{noteId ? t("ask.emptyNote") : t("ask.emptyAll")}</p>
        ) : null}
        {chat.messages.map((message) =>
          message.role === "user" ? (
            <div key={message.id} className="ml-auto max-w-[85%] rounded-2xl bg-indigo-600 px-4 py-2 text-white">
              <p className="whitespace-pre-wrap break-words">{message.content}</p>
            </div>
          ) : (
            <article
              key={message.id}
              className="max-w-[95%] space-y-2 rounded-2xl bg-slate-100 px-4 py-3 dark:bg-slate-800"
              data-testid="chat-answer"
            >
              {message.engine === "extractive" ? (
                <p className="text-xs font-medium uppercase tracking-wide text-amber-700 dark:text-amber-300">{t("ask.extractiveLabel")}</p>
              ) : null}
              {message.content ? (
                <AnswerText content={message.content} citations={message.citations} onSeek={onSeek} noteId={noteId} />
              ) : message.engine ? (
                <p>{t("ask.nothingFound")}</p>
              ) : (
                <Spinner size="sm" />
              )}
              {message.citations.length > 0 ? (
                <div className="space-y-1">
                  <p className="text-xs font-semibold text-slate-500 dark:text-slate-400">{t("ask.sources")}</p>
                  {message.citations.map((citation, index) => (
                    <CitationLink
                      key={`${citation.noteId}-${citation.position}`}
                      citation={citation}
                      label={String(index + 1)}
                      onSeek={onSeek}
                      noteId={noteId}
                    />
                  ))}
                </div>
              ) : null}
            </article>
          ),
        )}
        {chat.failed === "answer" ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {t("ask.answerFailed")}
          </p>
        ) : null}
        <div ref={end} />
      </div>
      <form onSubmit={handleSubmit} className="flex gap-2">
        <label className="sr-only" htmlFor={noteId ? `ask-${noteId}` : "ask-all"}>
          {t("ask.questionLabel")}
        </label>
        <TextInput
          id={noteId ? `ask-${noteId}` : "ask-all"}
          className="min-w-0 flex-1 px-3 py-2"
          value={question}
          maxLength={2000}
          placeholder={noteId ? t("ask.placeholderNote") : t("ask.placeholderAll")}
          onChange={(event) => setQuestion(event.target.value)}
        />
        <button type="submit" className="btn-primary" disabled={chat.state === "answering" || question.trim().length === 0}>
          {chat.state === "answering" ? t("ask.answering") : t("ask.send")}
        </button>
      </form>
    </div>
  );
}
