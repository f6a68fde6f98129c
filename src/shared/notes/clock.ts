/**
 * A moment in the media as a clock: `m:ss` under an hour (`mm:ss` with `padMinutes`), `h:mm:ss` above.
 * One formatter for the transcript on screen, chapters, citations and what the language model reads.
 */
export function formatClock(seconds: number, { padMinutes = false }: { padMinutes?: boolean } = {}): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, "0");
  if (hours > 0) return `${hours}:${String(minutes).padStart(2, "0")}:${rest}`;
  return `${padMinutes ? String(minutes).padStart(2, "0") : minutes}:${rest}`;
}
