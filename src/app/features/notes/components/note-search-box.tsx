import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextInput } from "~/app/ui/text-input";

/** Typing pauses this long before the list searches: one request per word, not per key. */
const debounceMs = 300;

/** The notes search field: what is typed reaches `onSearch` after a pause (at once on Enter or clear). */
export function NoteSearchBox({ value, onSearch }: { value: string; onSearch(q: string): void }) {
  const { t } = useTranslation("notes");
  const id = useId();
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(onSearch);
  latest.current = onSearch;

  const sent = useRef(value);

  // The address changed by itself (back, a link): show what it searches. Our own searches coming back
  // are skipped, so a slow round trip never overwrites what was typed since.
  useEffect(() => {
    if (value.trim() !== sent.current.trim()) setText(value);
    sent.current = value;
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);

  const send = (next: string, delay: number) => {
    clearTimeout(timer.current ?? undefined);
    timer.current = setTimeout(() => {
      sent.current = next;
      latest.current(next);
    }, delay);
  };

  return (
    <search className="relative block min-w-0 flex-1">
      <form
        className="relative"
        onSubmit={(event) => {
          event.preventDefault();
          send(text, 0);
        }}
      >
        <label htmlFor={`${id}-q`} className="sr-only">
          {t("list.search.label")}
        </label>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-4-4" />
        </svg>
        <TextInput
          id={`${id}-q`}
          type="search"
          value={text}
          maxLength={200}
          placeholder={t("list.search.placeholder")}
          onChange={(event) => {
            setText(event.target.value);
            send(event.target.value, debounceMs);
          }}
          // Our clear button only: Chromium and Safari draw their own in a search field.
          className="w-full py-2 pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
        />
        {text ? (
          <button
            type="button"
            aria-label={t("list.search.clear")}
            title={t("list.search.clear")}
            onClick={() => {
              setText("");
              send("", 0);
            }}
            className="absolute top-1/2 right-1 -translate-y-1/2 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-4 w-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        ) : null}
      </form>
    </search>
  );
}
