import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ApiError } from "~/app/api/api-client";
import { ActionCardHeader } from "~/app/features/notes/components/action-card-header";
import { LanguageSelect } from "~/app/features/notes/components/language-select";
import { formProblem } from "~/app/features/shell/error-message";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { FormMessage } from "~/app/ui/form-message";
import { TextInput } from "~/app/ui/text-input";
import { meetingLinkHint } from "../meeting-link-hint";
import { sendMeetingBot } from "../queries";

interface Problem {
  message: string;
  /** 409 BOT_ALREADY_IN_MEETING: the note of the bot already on its way to this meeting. */
  existingNoteId: string | null;
}

/**
 * The server's answer to a refused send, as text for the user (the typed link stays in the field); none for
 * a plan-limit 402, which the dashboard answers with the paywall or the upgrade request.
 */
function problemOf(error: unknown, fallback: string): Problem | null {
  const message = formProblem(error, fallback);
  if (message === null) return null;
  const existing = error instanceof ApiError && error.errorCode === "BOT_ALREADY_IN_MEETING" ? error.body.noteId : null;
  return { message, existingNoteId: typeof existing === "string" && existing ? existing : null };
}

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
  const [problem, setProblem] = useState<Problem | null>(null);
  const [isPending, setPending] = useState(false);
  const hint = meetingLinkHint(url);
  const input = useRef<HTMLInputElement>(null);
  // In the dialog the link field takes focus at once (the user came to paste a link).
  useEffect(() => {
    if (variant === "dialog") input.current?.focus();
  }, [variant]);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (hint.kind !== "recognized") {
      setProblem({ message: t("send.notRecognized"), existingNoteId: null });
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
      setProblem(problemOf(error, t("send.failed")));
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
      {problem ? (
        <FormMessage kind="error">
          {problem.message}
          {problem.existingNoteId ? (
            <>
              {" "}
              <Link
                to={to(`/note/${problem.existingNoteId}`)}
                onClick={() => onSent?.()}
                className="font-medium underline underline-offset-2"
              >
                {t("send.openExisting")}
              </Link>
            </>
          ) : null}
        </FormMessage>
      ) : null}
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
          aria-invalid={hint.kind === "unrecognized" ? true : undefined}
          onChange={(event) => setUrl(event.target.value)}
          className="w-full px-3 py-2"
        />
        <p
          id={`${id}-hint`}
          aria-live="polite"
          data-testid="meeting-link-hint"
          data-kind={hint.kind}
          className={`min-h-5 break-all text-sm ${hint.kind === "unrecognized" ? "text-amber-700 dark:text-amber-300" : "text-emerald-700 dark:text-emerald-300"}`}
        >
          {hint.kind === "recognized"
            ? t("send.recognized", { platform: t(`platforms.${hint.platform}`), meetingId: hint.meetingId })
            : hint.kind === "unrecognized"
              ? t("send.notRecognized")
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
