import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ActionCardHeader } from "~/app/features/notes/components/action-card-header";
import { LanguageSelect } from "~/app/features/notes/components/language-select";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { TextInput } from "~/app/ui/text-input";
import { meetingLinkHint } from "../meeting-link-hint";
import { sendMeetingBot } from "../queries";
import { type SendProblem, sendProblemOf } from "../send-problem";
import { SendProblemMessage } from "./send-problem-message";

/**
 * Paste a Zoom, Google Meet or Teams link and the notetaker joins it (issue 6): the Home card and the
 * shell's dialog use this one form. The link is recognised as it is typed; the server checks it again.
 */
export function SendBotForm({ variant, onSent }: { variant: "card" | "dialog"; onSent?(): void }) {
  const { t } = useTranslation("meetings");
  const id = useId();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const [url, setUrl] = useState("");
  const [language, setLanguage] = useState("");
  const [problem, setProblem] = useState<SendProblem | null>(null);
  const [isPending, setPending] = useState(false);
  /** Send was pressed with no link: the line under the field asks for one. */
  const [isSubmittedEmpty, setSubmittedEmpty] = useState(false);
  const hint = meetingLinkHint(url);
  const isMissing = hint.kind === "empty" && isSubmittedEmpty;
  const input = useRef<HTMLInputElement>(null);
  // In the dialog the link field takes focus at once (the user came to paste a link).
  useEffect(() => {
    if (variant === "dialog") input.current?.focus();
  }, [variant]);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (hint.kind !== "recognized") {
      // The line under the field says what is wrong with the link (once: no second copy above the form).
      setProblem(null);
      setSubmittedEmpty(hint.kind === "empty");
      input.current?.focus();
      return;
    }
    setProblem(null);
    setPending(true);
    try {
      const sent = await sendMeetingBot({ url: url.trim(), language: language || null });
      onSent?.();
      navigate(to(`/note/${sent.noteId}`));
    } catch (error) {
      setPending(false);
      setProblem(sendProblemOf(error, t("send.failed")));
    }
  };

  const isCard = variant === "card";
  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      className={isCard ? "card space-y-4" : "space-y-4"}
      aria-labelledby={isCard ? `${id}-title` : undefined}
      aria-label={isCard ? undefined : t("send.title")}
    >
      {isCard ? <ActionCardHeader id={`${id}-title`} title={t("send.title")} description={t("send.description")} /> : null}
      {!isCard ? <p className="text-sm text-slate-600 dark:text-slate-400">{t("send.description")}</p> : null}
      {problem ? <SendProblemMessage problem={problem} onOpenExisting={onSent} /> : null}
      <div className="space-y-1">
        <label htmlFor={`${id}-url`} className="block text-sm font-medium">
          {t("send.urlLabel")}
        </label>
        <TextInput
          ref={input}
          id={`${id}-url`}
          type="url"
          inputMode="url"
          autoComplete="off"
          value={url}
          placeholder="https://meet.google.com/abc-defg-hij"
          aria-describedby={`${id}-hint`}
          aria-invalid={hint.kind === "unrecognized" || isMissing ? true : undefined}
          onChange={(event) => {
            setUrl(event.target.value);
            setSubmittedEmpty(false);
          }}
          className="w-full px-3 py-2"
        />
        <p
          id={`${id}-hint`}
          aria-live="polite"
          data-testid="meeting-link-hint"
          data-kind={hint.kind}
          className={`min-h-5 text-sm ${hint.kind === "recognized" ? "break-all text-emerald-700 dark:text-emerald-300" : "text-amber-700 dark:text-amber-300"}`}
        >
          {hint.kind === "recognized"
            ? t("send.recognized", { platform: t(`platforms.${hint.platform}`), meetingId: hint.meetingId })
            : hint.kind === "unrecognized"
              ? t("send.notRecognized")
              : isMissing
                ? t("send.required")
                : ""}
        </p>
      </div>
      <LanguageSelect id={`${id}-language`} value={language} onChange={setLanguage} />
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={isPending}>
        {isPending ? t("send.submitting") : t("send.submit")}
      </button>
    </form>
  );
}
