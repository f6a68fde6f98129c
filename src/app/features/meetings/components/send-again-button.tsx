import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { sendMeetingBot } from "../queries";
import { type SendProblem, sendProblemOf } from "../send-problem";
import { SendProblemMessage } from "./send-problem-message";

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
      {problem ? <SendProblemMessage problem={problem} /> : null}
      <button type="button" className="btn-primary" onClick={() => void handleSend()} disabled={isPending}>
        {isPending ? t("panel.sendingAgain") : t("panel.sendAgain")}
      </button>
    </div>
  );
}
