import { useCallback, useEffect, useRef, useState } from "react";

/** spec (issue 5): playback speeds offered next to the player. */
export const playbackRates = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/**
 * The place in the note that the page follows: the media element's time while there is media, else a
 * cursor that seeking moves (text notes, demo notes), so the transcript highlights the same way.
 */
export interface Player {
  /** Given to the `<audio>`/`<video>` element by MediaPlayer. */
  attach(element: HTMLMediaElement | null): void;
  currentTime: number;
  isPlaying: boolean;
  rate: number;
  setRate(rate: number): void;
  /** Moves to `seconds`; with media, playback starts there (a click on a word means "play from here"). */
  seek(seconds: number): void;
  /** Bumped on every seek, so the transcript scrolls to the place even when the user was scrolling. */
  seekCount: number;
}

// The highlight needs about ten updates a second; more would re-render the transcript for nothing.
const tickSeconds = 0.1;

export function usePlayer({ initialTime = null }: { initialTime?: number | null } = {}): Player {
  const element = useRef<HTMLMediaElement | null>(null);
  const pendingStart = useRef<number | null>(initialTime);
  /** True while the browser looks for the end of a media file whose head gives no duration. */
  const resolvingLength = useRef(false);
  const [currentTime, setCurrentTime] = useState(initialTime ?? 0);
  const [isPlaying, setPlaying] = useState(false);
  const [rate, setRateState] = useState(1);
  const [seekCount, setSeekCount] = useState(initialTime === null ? 0 : 1);
  const [media, setMedia] = useState<HTMLMediaElement | null>(null);

  const attach = useCallback((next: HTMLMediaElement | null) => {
    element.current = next;
    setMedia(next);
  }, []);

  useEffect(() => {
    if (!media) return;
    resolvingLength.current = false;
    let frame = 0;
    const read = () => {
      if (resolvingLength.current) return;
      setCurrentTime((previous) => (Math.abs(previous - media.currentTime) >= tickSeconds ? media.currentTime : previous));
    };
    const loop = () => {
      read();
      frame = requestAnimationFrame(loop);
    };
    const onPlay = () => {
      setPlaying(true);
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(loop);
    };
    const onPause = () => {
      setPlaying(false);
      cancelAnimationFrame(frame);
      read();
    };
    const startAtPending = () => {
      // `?t=` from a citation link: start there once the browser knows the media's length.
      if (pendingStart.current !== null) {
        media.currentTime = pendingStart.current;
        pendingStart.current = null;
      }
    };
    const onLoaded = () => {
      // A WebM written by a MediaRecorder and never remuxed (a note stored before remuxing) has no
      // duration in its head: the controls would show no length and the bar could not seek. A seek far
      // past the end makes the browser find the real end; the place is put back once it knows it.
      if (media.duration === Number.POSITIVE_INFINITY) {
        if (!resolvingLength.current) {
          resolvingLength.current = true;
          pendingStart.current ??= media.currentTime;
          media.currentTime = Number.MAX_SAFE_INTEGER;
        }
        return;
      }
      startAtPending();
    };
    const onDurationChange = () => {
      if (!resolvingLength.current || !Number.isFinite(media.duration)) return;
      resolvingLength.current = false;
      startAtPending();
    };
    const onRate = () => setRateState(media.playbackRate);
    media.addEventListener("play", onPlay);
    media.addEventListener("pause", onPause);
    media.addEventListener("ended", onPause);
    media.addEventListener("seeked", read);
    media.addEventListener("timeupdate", read);
    media.addEventListener("loadedmetadata", onLoaded);
    media.addEventListener("ratechange", onRate);
    media.addEventListener("durationchange", onDurationChange);
    if (media.readyState >= 1) onLoaded();
    return () => {
      cancelAnimationFrame(frame);
      media.removeEventListener("play", onPlay);
      media.removeEventListener("pause", onPause);
      media.removeEventListener("ended", onPause);
      media.removeEventListener("seeked", read);
      media.removeEventListener("timeupdate", read);
      media.removeEventListener("loadedmetadata", onLoaded);
      media.removeEventListener("ratechange", onRate);
      media.removeEventListener("durationchange", onDurationChange);
    };
  }, [media]);

  const seek = useCallback((seconds: number) => {
    const target = Math.max(0, seconds);
    setCurrentTime(target);
    setSeekCount((count) => count + 1);
    const current = element.current;
    if (!current) return;
    if (current.readyState >= 1 && !resolvingLength.current) current.currentTime = target;
    else pendingStart.current = target;
    // A browser may refuse to play (autoplay rules); the place is still set, and the controls still work.
    current.play().catch(() => {});
  }, []);

  const setRate = useCallback((next: number) => {
    setRateState(next);
    if (element.current) element.current.playbackRate = next;
  }, []);

  return { attach, currentTime, isPlaying, rate, setRate, seek, seekCount };
}
