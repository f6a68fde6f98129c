import { useEffect, useMemo, useRef } from "react";
import type { TranscriptSegment } from "~/shared/notes/notes-api";
import { type SegmentEdit, TranscriptSegmentRow } from "./transcript-segment-row";

/** Index of the last item whose start is at or before `time` (-1 before the first). Items are in time order. */
export function indexAt(items: readonly { start: number }[], time: number): number {
  let low = 0;
  let high = items.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((items[middle]?.start ?? 0) <= time) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

// After the user scrolls the transcript by hand, it stops following the player for this long.
const userScrollPauseMs = 4000;

interface TranscriptViewProps {
  segments: TranscriptSegment[];
  /** False for text and documents: no timeline, so no timestamps, highlight or seeking. */
  hasTimes: boolean;
  /** The place the page follows (the player's time); with it the current segment is highlighted. */
  currentTime?: number;
  /** Bumped on every seek: the transcript then scrolls to the place even if the user was scrolling. */
  seekCount?: number;
  onSeek?(seconds: number): void;
  youtubeVideoId?: string | null;
  /** Read-only pages (shared links, demo notes) pass nothing here; the owner's page saves corrections. */
  onSaveSegment?(position: number, edit: SegmentEdit): Promise<void>;
  /** Names the list for assistive technology (it is a focusable scroll area when synced). */
  ariaLabel?: string;
}

/**
 * The transcript, synced with the player when there is one: the segment being said is highlighted and
 * kept in view (unless the user is scrolling the transcript), and a click on a segment or word seeks.
 * The same component serves the owner's page and the public ones (without `onSaveSegment`).
 */
export function TranscriptView({
  segments,
  hasTimes,
  currentTime,
  seekCount = 0,
  onSeek,
  youtubeVideoId,
  onSaveSegment,
  ariaLabel,
}: TranscriptViewProps) {
  const container = useRef<HTMLOListElement>(null);
  const userScrollUntil = useRef(0);
  const lastSeek = useRef(seekCount);
  const isSynced = hasTimes && currentTime !== undefined;
  const active = isSynced ? indexAt(segments, currentTime) : -1;
  const activeSegment = active >= 0 ? segments[active] : undefined;
  const activeWord = useMemo(
    () => (activeSegment?.words && currentTime !== undefined ? indexAt(activeSegment.words, currentTime) : -1),
    [activeSegment, currentTime],
  );
  const isScrollable = isSynced && Boolean(onSeek);

  useEffect(() => {
    const list = container.current;
    if (!list || active < 0) return;
    const hasSeeked = seekCount !== lastSeek.current;
    lastSeek.current = seekCount;
    if (!hasSeeked && Date.now() < userScrollUntil.current) return;
    const row = list.querySelector<HTMLElement>(`[data-position="${segments[active]?.position}"]`);
    if (!row) return;
    if (!isScrollable) {
      if (hasSeeked) row.scrollIntoView({ block: "center" });
      return;
    }
    const rowBox = row.getBoundingClientRect();
    const listBox = list.getBoundingClientRect();
    const isVisible = rowBox.top >= listBox.top && rowBox.bottom <= listBox.bottom;
    if (!isVisible || hasSeeked) list.scrollTop += rowBox.top - listBox.top - listBox.height / 3;
  }, [active, seekCount, segments, isScrollable]);

  const markUserScroll = () => {
    userScrollUntil.current = Date.now() + userScrollPauseMs;
  };

  return (
    <ol
      ref={container}
      data-testid="transcript"
      // A scrolling list must take focus so keyboard users can scroll it (WCAG 2.1.1).
      tabIndex={isScrollable ? 0 : undefined}
      aria-label={ariaLabel}
      className={`space-y-1 ${isScrollable ? "max-h-[60vh] overflow-y-auto overscroll-contain pr-1" : ""}`}
      onWheel={markUserScroll}
      onTouchMove={markUserScroll}
      onPointerDown={(event) => {
        // A press on the list itself (not a row) is its scroll bar.
        if (event.target === event.currentTarget) markUserScroll();
      }}
      onKeyDown={(event) => {
        if (["ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End", " "].includes(event.key)) markUserScroll();
      }}
    >
      {segments.map((segment, index) => (
        <TranscriptSegmentRow
          key={segment.position}
          segment={segment}
          hasTimes={hasTimes}
          isActive={index === active}
          activeWord={index === active ? activeWord : -1}
          onSeek={hasTimes ? onSeek : undefined}
          youtubeVideoId={youtubeVideoId}
          onSave={onSaveSegment}
        />
      ))}
    </ol>
  );
}
