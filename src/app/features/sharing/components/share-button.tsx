import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "~/app/features/shell/error-message";
import { FormMessage } from "~/app/ui/form-message";
import { revokeShare, shareNote, shareUrl } from "../queries";

/**
 * "Share" and its dialog: turn the public link on (the same link every time until it is turned off),
 * copy it, or turn it off (the old address then shows nothing).
 */
export function ShareButton({
  noteId,
  shareId,
  onChanged,
}: {
  noteId: string;
  shareId: string | null;
  onChanged(shareId: string | null): void;
}) {
  const { t } = useTranslation("notes");
  const dialog = useRef<HTMLDialogElement>(null);
  const [isOpen, setOpen] = useState(false);
  const [isPending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (isOpen && !element.open) element.showModal();
    if (!isOpen && element.open) element.close();
  }, [isOpen]);

  const run = async (action: () => Promise<void>, failure: string) => {
    setPending(true);
    setProblem(null);
    setNotice(null);
    try {
      await action();
    } catch (error) {
      setProblem(errorMessage(error, failure));
    } finally {
      setPending(false);
    }
  };
  const handleCreate = () =>
    run(async () => {
      const answer = await shareNote(noteId);
      onChanged(answer.shareId);
    }, t("share.errors.createFailed"));
  const handleRevoke = () =>
    run(async () => {
      await revokeShare(noteId);
      onChanged(null);
      setNotice(t("share.revoked"));
    }, t("share.errors.revokeFailed"));
  const handleCopy = () =>
    run(async () => {
      if (!shareId) return;
      await navigator.clipboard.writeText(shareUrl(shareId));
      setNotice(t("share.copied"));
    }, t("share.errors.copyFailed"));

  return (
    <>
      <button
        type="button"
        className="btn-secondary"
        onClick={() => {
          setProblem(null);
          setNotice(null);
          setOpen(true);
        }}
      >
        {shareId ? t("share.buttonShared") : t("share.button")}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="share-dialog-title"
        onClose={() => setOpen(false)}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <h2 id="share-dialog-title" className="text-lg font-semibold">
          {t("share.title")}
        </h2>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{shareId ? t("share.isShared") : t("share.isPrivate")}</p>
        {shareId ? (
          <label className="mt-4 block space-y-1 text-sm">
            <span className="font-medium">{t("share.linkLabel")}</span>
            <input
              readOnly
              value={shareUrl(shareId)}
              onFocus={(event) => event.target.select()}
              className="w-full rounded-lg border border-slate-300 bg-slate-50 p-2 font-mono text-xs dark:border-slate-600 dark:bg-slate-800"
            />
          </label>
        ) : null}
        <div className="mt-4 space-y-2">
          {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
          {notice ? <FormMessage kind="notice">{notice}</FormMessage> : null}
        </div>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          {shareId ? (
            <>
              <button type="button" className="btn-secondary" onClick={() => void handleRevoke()} disabled={isPending}>
                {t("share.revoke")}
              </button>
              <button type="button" className="btn-primary" onClick={() => void handleCopy()} disabled={isPending}>
                {t("share.copy")}
              </button>
            </>
          ) : (
            <button type="button" className="btn-primary" onClick={() => void handleCreate()} disabled={isPending}>
              {t("share.create")}
            </button>
          )}
          <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
            {t("share.close")}
          </button>
        </div>
      </dialog>
    </>
  );
}
