import { Suspense, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CloseButton } from "~/app/ui/close-button";
import { Spinner } from "~/app/ui/spinner";
import { SendBotForm } from "./send-bot-form";

/** The form inside the dialog: it reads the meetings and notes catalogs, which pages outside Home and the note load on open. */
function SendBotDialogBody({ onDone }: { onDone(): void }) {
  useTranslation(["meetings", "notes"]);
  return <SendBotForm variant="dialog" onSent={onDone} />;
}

// Measured in Chromium with the Portuguese switcher and a long user name: the header fills 390 px exactly,
// so below `sm` the button moves into the mobile menu (the layout renders one of each, CSS shows one);
// from `sm` it is an icon in the header, and its "Send bot" text fits from `md`.
const triggerClasses = {
  header:
    "hidden shrink-0 items-center gap-2 whitespace-nowrap rounded-lg border border-slate-300 px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:inline-flex dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800",
  menu: "flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:hidden dark:text-slate-300 dark:hover:bg-slate-800",
} as const;

/**
 * The shell's "Send bot to a meeting" button and its modal dialog (issue 6), on every dashboard page.
 * A native modal <dialog>: the page behind is inert (focus stays inside), Escape closes it, and focus
 * returns to the button. `onSent` runs once the bot is on its way (the mobile menu closes then).
 */
export function SendBotDialog({ placement, onSent }: { placement: "header" | "menu"; onSent?(): void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);

  // Opened before the form mounts, so the form's first field can take focus inside the open dialog.
  const handleOpen = () => {
    dialog.current?.showModal();
    setOpen(true);
  };
  const handleClose = () => dialog.current?.close();
  const handleSent = () => {
    handleClose();
    onSent?.();
  };

  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        // The header shows "Send bot", the start of the full name, so voice control finds it by what it shows.
        aria-label={placement === "header" ? t("shell.sendBot") : undefined}
        onClick={handleOpen}
        className={triggerClasses[placement]}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8">
          <rect x="3" y="6" width="12" height="12" rx="2" />
          <path d="M15 10l6-3v10l-6-3z" />
        </svg>
        {placement === "header" ? <span className="hidden md:inline">{t("shell.sendBotShort")}</span> : <span>{t("shell.sendBot")}</span>}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onClose={() => {
          setOpen(false);
          trigger.current?.focus();
        }}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <div className="space-y-4 p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-semibold">
              {t("shell.sendBot")}
            </h2>
            <CloseButton label={t("ui.close")} onClick={handleClose} />
          </div>
          {isOpen ? (
            <Suspense
              fallback={
                <div className="flex justify-center py-6">
                  <Spinner size="md" />
                </div>
              }
            >
              <SendBotDialogBody onDone={handleSent} />
            </Suspense>
          ) : null}
        </div>
      </dialog>
    </>
  );
}
