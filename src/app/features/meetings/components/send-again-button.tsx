import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { FormMessage } from "~/app/ui/form-message";
import { sendMeetingBot } from "../queries";
import { type SendProblem, sendProblemOf } from "../send-problem";

/**
 * "Send again" on a meeting note whose notetaker ended for a cause that can go away (issue 17): the same
 * meeting link through the send flow (POST /api/meetings/bots, its limits and its one-bot-per-meeting
 * rule), in the note's language; the new note opens, as after any send.
 */
export function SendAgainButton({ meetingUrl, language }: { meetingUrl: string; language: string | null }) {
  const { t } = useTranslation("meetings");
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<SendProblem | null>(null);
  const [isPending, setPending] = useState(false);

  const handleSend = async () => {
    setProblem(null);
    setPending(true);
    try {
      const sent = await sendMeetingBot({ url: meetingUrl, language });
      navigate(to(`/note/${sent.noteId}`));
    } catch (error) {
      setPending(false);
      setProblem(sendProblemOf(error, t("send.failed")));
    }
  };

  return (
    <div className="space-y-2">
      {problem ? (
        <FormMessage kind="error">
          {problem.message}
          {problem.existingNoteId ? (
            <>
              {" "}
              <Link to={to(`/note/${problem.existingNoteId}`)} className="font-medium underline underline-offset-2">
                {t("send.openExisting")}
              </Link>
            </>
          ) : null}
        </FormMessage>
      ) : null}
      <button type="button" className="btn-primary" onClick={() => void handleSend()} disabled={isPending}>
        {isPending ? t("panel.sendingAgain") : t("panel.sendAgain")}
      </button>
    </div>
  );
}
