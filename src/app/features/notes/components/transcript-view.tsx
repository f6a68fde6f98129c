import type { TranscriptSegment } from "../queries";

/** m:ss under an hour, h:mm:ss above (the transcript's timestamps). */
export function formatTimestamp(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/** The transcript as paragraphs, with each segment's start time when the note has a timeline. */
export function TranscriptView({ segments, hasTimes }: { segments: TranscriptSegment[]; hasTimes: boolean }) {
  return (
    <div className="space-y-3 leading-relaxed" data-testid="transcript">
      {segments.map((segment) => (
        <p key={segment.position} className="break-words">
          {hasTimes ? (
            <span className="mr-2 font-mono text-xs text-slate-500 dark:text-slate-400">{formatTimestamp(segment.start)}</span>
          ) : null}
          {segment.speaker ? <strong className="mr-2">{segment.speaker}</strong> : null}
          {segment.text}
        </p>
      ))}
    </div>
  );
}
