import { useEffect, useState } from "react";
import { ApiError } from "~/app/api/api-client";
import type { MeetingBotView } from "~/shared/meetings/meetings-api";
import { fetchMeetingBot } from "./queries";

export type MeetingBotHolder =
  | { state: "loading" }
  | { state: "success"; details: MeetingBotView }
  /** No bot behind this note (404): the panel shows the status alone. */
  | { state: "missing" }
  | { state: "error" };

// Status changes arrive over the notes SSE and re-read the details at once; the participant count
// changes without a status change, so it is re-read this often while the bot is still in the meeting.
const participantRefreshMs = 15_000;

/** The bot's details for a meeting note, re-read when its status changes (`statusKey`) and while it is active. */
export function useMeetingBot({ noteId, statusKey, isActive }: { noteId: string; statusKey: string; isActive: boolean }): MeetingBotHolder {
  const [holder, setHolder] = useState<MeetingBotHolder>({ state: "loading" });

  // biome-ignore lint/correctness/useExhaustiveDependencies: statusKey is the trigger to read again, not an input.
  useEffect(() => {
    const controller = new AbortController();
    const read = () =>
      fetchMeetingBot(noteId, controller.signal)
        .then((details) => setHolder({ state: "success", details }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          // A failed re-read keeps what is shown; only a first read shows the failure.
          if (error instanceof ApiError && error.status === 404) setHolder({ state: "missing" });
          else setHolder((current) => (current.state === "success" ? current : { state: "error" }));
        });
    void read();
    const timer = isActive ? setInterval(read, participantRefreshMs) : null;
    return () => {
      controller.abort();
      if (timer) clearInterval(timer);
    };
  }, [noteId, statusKey, isActive]);

  return holder;
}
