import { ApiError } from "~/app/api/api-client";
import { formProblem } from "~/app/features/shell/error-message";

// What a refused send of the notetaker says (the send form, and "Send again" on a meeting note).

export interface SendProblem {
  message: string;
  /** 409 BOT_ALREADY_IN_MEETING: the note of the bot already on its way to this meeting. */
  existingNoteId: string | null;
}

/**
 * The server's answer to a refused send, as text for the user; none for a plan-limit 402, which the
 * dashboard answers with the paywall or the upgrade request.
 */
export function sendProblemOf(error: unknown, fallback: string): SendProblem | null {
  const message = formProblem(error, fallback);
  if (message === null) return null;
  const existing = error instanceof ApiError && error.errorCode === "BOT_ALREADY_IN_MEETING" ? error.body.noteId : null;
  return { message, existingNoteId: typeof existing === "string" && existing ? existing : null };
}
