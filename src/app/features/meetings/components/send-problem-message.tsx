import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocalizedPath } from "~/app/i18n/use-locale";
import { FormMessage } from "~/app/ui/form-message";
import type { SendProblem } from "../send-problem";

/** A refused send of the notetaker, with a link to the note of the bot already on its way (409). */
export function SendProblemMessage({ problem, onOpenExisting }: { problem: SendProblem; onOpenExisting?(): void }) {
  const { t } = useTranslation("meetings");
  const to = useLocalizedPath();
  return (
    <FormMessage kind="error">
      {problem.message}
      {problem.existingNoteId ? (
        <>
          {" "}
          <Link
            to={to(`/note/${problem.existingNoteId}`)}
            onClick={() => onOpenExisting?.()}
            className="font-medium underline underline-offset-2"
          >
            {t("send.openExisting")}
          </Link>
        </>
      ) : null}
    </FormMessage>
  );
}
