import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiBaseUrl } from "~/app/api/csrf-token";
import { useLocale } from "~/app/i18n/use-locale";
import { useCloseOnOutside } from "~/app/ui/use-close-on-outside";
import type { ExportContent, ExportFormat } from "~/shared/exports/exports-api";

const documentFormats = ["pdf", "docx", "md", "txt"] as const satisfies readonly ExportFormat[];
const subtitleFormats = ["srt", "vtt"] as const satisfies readonly ExportFormat[];
const contents = ["all", "notes", "transcript"] as const satisfies readonly ExportContent[];

/**
 * The download address. A link cannot send the app's Accept-Language, so the page's language goes in
 * `lang`; the browser's time zone dates the file the way the reader sees the note.
 */
function exportHref(noteId: string, format: ExportFormat, content: ExportContent, lang: string): string {
  const query = new URLSearchParams({ format, lang });
  if (format !== "srt" && format !== "vtt") query.set("content", content);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone) query.set("tz", zone);
  return `${apiBaseUrl()}/api/notes/${encodeURIComponent(noteId)}/export?${query}`;
}

/** The menu's focusable entries, in order (content choices, then the format links). */
function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? [...menu.querySelectorAll<HTMLElement>('[role="menuitem"], [role="menuitemradio"]')] : [];
}

/**
 * "Export" button with a menu of the six formats (ARIA menu button: arrows, Home/End, Escape and a
 * click outside close it). Documents can hold the AI notes, the transcript or both; subtitles are the
 * timed transcript. Each entry is a download link to GET /api/notes/{id}/export.
 */
export function ExportMenu({
  noteId,
  hasTranscript,
  hasNotes,
  hasTimeline = true,
}: {
  noteId: string;
  hasTranscript: boolean;
  hasNotes: boolean;
  /** False for pasted text and documents (no times): subtitles are not offered. */
  hasTimeline?: boolean;
}) {
  const { t } = useTranslation("notes");
  const locale = useLocale();
  const [isOpen, setOpen] = useState(false);
  const [content, setContent] = useState<ExportContent>("all");
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const hintId = useId();
  // Without AI notes every document is the transcript (with the note's title and facts).
  const chosen: ExportContent = hasNotes ? content : "transcript";

  useEffect(() => {
    if (isOpen) menuItems(menu.current)[0]?.focus();
  }, [isOpen]);
  useCloseOnOutside(isOpen, root, (reason) => {
    setOpen(false);
    if (reason === "escape" && root.current?.contains(document.activeElement)) button.current?.focus();
  });

  const close = (shouldFocusButton: boolean) => {
    setOpen(false);
    if (shouldFocusButton) button.current?.focus();
  };

  const handleMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = menuItems(menu.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => items[(next + items.length) % items.length]?.focus();
    if (event.key === "Tab") close(false);
    else if (event.key === "ArrowDown") focusAt(index + 1);
    else if (event.key === "ArrowUp") focusAt(index - 1);
    else if (event.key === "Home") focusAt(0);
    else if (event.key === "End") focusAt(items.length - 1);
    else if (event.key === " " && document.activeElement instanceof HTMLAnchorElement) document.activeElement.click();
    else return;
    if (event.key !== "Tab") event.preventDefault();
  };

  const itemClass =
    "flex w-full items-center rounded-md px-3 py-2.5 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 focus:outline-none sm:py-2 dark:hover:bg-slate-800 dark:focus:bg-slate-800";
  const groupLabelClass = "px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400";
  const formatLink = (format: ExportFormat, linkContent: ExportContent) => (
    <a
      key={format}
      role="menuitem"
      tabIndex={-1}
      href={exportHref(noteId, format, linkContent, locale)}
      download=""
      className={itemClass}
      onClick={() => close(true)}
    >
      {t(`export.formats.${format}`)}
    </a>
  );

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className="btn-secondary disabled:cursor-not-allowed disabled:opacity-50"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        aria-describedby={hasTranscript ? undefined : hintId}
        disabled={!hasTranscript}
        onClick={() => setOpen((open) => !open)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !isOpen) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {t("export.menu.button")}
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      {hasTranscript ? null : (
        <span id={hintId} className="sr-only">
          {t("export.menu.noTranscript")}
        </span>
      )}
      {isOpen ? (
        // On a phone the menu is a sheet along the bottom of the screen, never cut off by the edges.
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={t("export.menu.label")}
          tabIndex={-1}
          onKeyDown={handleMenuKeyDown}
          className="fixed inset-x-3 bottom-3 z-30 max-h-[80vh] overflow-y-auto rounded-xl border border-slate-200 bg-white p-2 shadow-lg sm:absolute sm:inset-x-auto sm:bottom-auto sm:left-0 sm:top-full sm:mt-2 sm:w-72 dark:border-slate-700 dark:bg-slate-900"
        >
          {hasNotes ? (
            <fieldset aria-label={t("export.menu.include")}>
              <p aria-hidden="true" className={groupLabelClass}>
                {t("export.menu.include")}
              </p>
              {contents.map((option) => (
                <div
                  key={option}
                  role="menuitemradio"
                  aria-checked={content === option}
                  tabIndex={-1}
                  className={`${itemClass} cursor-pointer gap-2`}
                  onClick={() => setContent(option)}
                  onKeyDown={(event) => {
                    if (event.key === "Enter" || event.key === " ") {
                      event.preventDefault();
                      event.stopPropagation();
                      setContent(option);
                    }
                  }}
                >
                  <span
                    aria-hidden="true"
                    className={`inline-block h-3.5 w-3.5 shrink-0 rounded-full border ${
                      content === option ? "border-4 border-indigo-600 dark:border-indigo-400" : "border-slate-400"
                    }`}
                  />
                  {t(`export.content.${option}`)}
                </div>
              ))}
            </fieldset>
          ) : null}
          {hasNotes ? <hr className="my-2 border-slate-200 dark:border-slate-700" /> : null}
          <fieldset aria-label={t("export.menu.documents")}>
            <p aria-hidden="true" className={groupLabelClass}>
              {t("export.menu.documents")}
            </p>
            {documentFormats.map((format) => formatLink(format, chosen))}
          </fieldset>
          <hr className="my-2 border-slate-200 dark:border-slate-700" />
          <fieldset aria-label={t("export.menu.subtitles")}>
            <p aria-hidden="true" className={groupLabelClass}>
              {t("export.menu.subtitles")}
            </p>
            {hasTimeline ? (
              subtitleFormats.map((format) => formatLink(format, "transcript"))
            ) : (
              <div role="menuitem" aria-disabled="true" tabIndex={-1} className={`${itemClass} text-slate-600 dark:text-slate-400`}>
                {t("export.menu.noTimeline")}
              </div>
            )}
          </fieldset>
        </div>
      ) : null}
    </div>
  );
}
