import { Fragment, type MouseEvent, memo, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "~/app/features/shell/error-message";
import { FormMessage } from "~/app/ui/form-message";
import { TextArea } from "~/app/ui/text-area";
import { TextInput } from "~/app/ui/text-input";
import type { TranscriptSegment } from "~/shared/notes/notes-api";
import { formatTimestamp } from "../format-time";
import { SaveCancelButtons } from "./save-cancel-buttons";

export interface SegmentEdit {
  text?: string;
  speaker?: string | null;
}

interface SegmentRowProps {
  segment: TranscriptSegment;
  hasTimes: boolean;
  isActive: boolean;
  /** Index of the word being said in the active segment, -1 for none. */
  activeWord: number;
  /** Seeking (the player, or the highlight cursor); absent in a read-only page without media. */
  onSeek?(seconds: number): void;
  /** YouTube notes: timestamps open the video at that moment instead. */
  youtubeVideoId?: string | null;
  /** Present when the viewer may correct the transcript. */
  onSave?(position: number, edit: SegmentEdit): Promise<void>;
}

const speakerColors = [
  "text-indigo-700 dark:text-indigo-300",
  "text-emerald-700 dark:text-emerald-300",
  "text-amber-700 dark:text-amber-300",
  "text-rose-700 dark:text-rose-300",
  "text-sky-700 dark:text-sky-300",
];

/** A speaker keeps one colour through the transcript (a hash of the name, no list to maintain). */
function speakerColor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return speakerColors[hash % speakerColors.length] ?? "";
}

/** One transcript segment: its time (seek or open the video there), speaker, words, and inline correction. */
export const TranscriptSegmentRow = memo(function TranscriptSegmentRow({
  segment,
  hasTimes,
  isActive,
  activeWord,
  onSeek,
  youtubeVideoId,
  onSave,
}: SegmentRowProps) {
  const { t } = useTranslation("notes");
  const [isEditing, setEditing] = useState(false);
  const time = formatTimestamp(segment.start);

  // A click on the text plays from the clicked word (words carry their times), else from the segment;
  // the timestamp button is the keyboard way to do the same. Selecting text to copy does not seek.
  const handleTextClick = (event: MouseEvent<HTMLElement>) => {
    if (!onSeek || !hasTimes) return;
    if (window.getSelection()?.toString()) return;
    const start = (event.target as HTMLElement).dataset.start;
    onSeek(start !== undefined ? Number(start) : segment.start);
  };

  const words = segment.words?.length && hasTimes ? segment.words : null;
  return (
    <li
      data-position={segment.position}
      aria-current={isActive ? "true" : undefined}
      className={`group rounded-lg px-2 py-2 transition-colors ${isActive ? "bg-indigo-50 dark:bg-indigo-950/60" : ""}`}
    >
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        {hasTimes ? (
          youtubeVideoId ? (
            <a
              href={`https://www.youtube.com/watch?v=${encodeURIComponent(youtubeVideoId)}&t=${Math.floor(segment.start)}s`}
              target="_blank"
              rel="noopener noreferrer"
              className="font-mono text-xs text-indigo-700 hover:underline dark:text-indigo-300"
              aria-label={t("page.transcript.openVideoAt", { time })}
            >
              {time}
            </a>
          ) : onSeek ? (
            <button
              type="button"
              className="rounded font-mono text-xs text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300"
              aria-label={t("page.transcript.playFrom", { time })}
              onClick={() => onSeek(segment.start)}
            >
              {time}
            </button>
          ) : (
            <span className="font-mono text-xs text-slate-500 dark:text-slate-400">{time}</span>
          )
        ) : null}
        {segment.speaker ? <strong className={`text-sm ${speakerColor(segment.speaker)}`}>{segment.speaker}</strong> : null}
        {onSave && !isEditing ? (
          <button
            type="button"
            className="ml-auto rounded px-1 text-xs text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-400 dark:hover:text-slate-100"
            aria-label={hasTimes ? t("page.transcript.editAt", { time }) : t("page.transcript.edit")}
            onClick={() => setEditing(true)}
          >
            {t("page.transcript.editShort")}
          </button>
        ) : null}
      </div>
      {isEditing && onSave ? (
        <SegmentEditor segment={segment} onSave={onSave} onDone={() => setEditing(false)} />
      ) : (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the timestamp button before the text is the keyboard control for seeking.
        <p className={`mt-1 break-words leading-relaxed ${onSeek && hasTimes ? "cursor-pointer" : ""}`} onClick={handleTextClick}>
          {words
            ? words.map((word, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a segment's words never reorder; two can share a start time.
                <Fragment key={index}>
                  {index > 0 ? " " : null}
                  <span
                    data-start={word.start}
                    className={isActive && index === activeWord ? "rounded bg-indigo-200 dark:bg-indigo-800" : undefined}
                  >
                    {word.word.trim()}
                  </span>
                </Fragment>
              ))
            : segment.text}
        </p>
      )}
    </li>
  );
});

function SegmentEditor({
  segment,
  onSave,
  onDone,
}: {
  segment: TranscriptSegment;
  onSave(position: number, edit: SegmentEdit): Promise<void>;
  onDone(): void;
}) {
  const { t } = useTranslation("notes");
  const [text, setText] = useState(segment.text);
  const [speaker, setSpeaker] = useState(segment.speaker ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const textId = `segment-${segment.position}-text`;
  const speakerId = `segment-${segment.position}-speaker`;

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const nextText = text.trim();
    const nextSpeaker = speaker.trim() || null;
    if (!nextText) return setProblem(t("page.transcript.errors.textRequired"));
    if (nextSpeaker && nextSpeaker.length > 80) return setProblem(t("page.speakers.errors.tooLong"));
    const edit: SegmentEdit = {};
    if (nextText !== segment.text) edit.text = nextText;
    if (nextSpeaker !== segment.speaker) edit.speaker = nextSpeaker;
    if (edit.text === undefined && edit.speaker === undefined) return onDone();
    setSaving(true);
    setProblem(null);
    try {
      await onSave(segment.position, edit);
      onDone();
    } catch (error) {
      setProblem(errorMessage(error, t("page.transcript.errors.saveFailed")));
      setSaving(false);
    }
  };

  return (
    <form className="mt-2 space-y-2" onSubmit={(event) => void handleSubmit(event)}>
      <label htmlFor={textId} className="block text-xs font-medium">
        {t("page.transcript.textLabel")}
      </label>
      <TextArea
        id={textId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={Math.min(8, Math.max(2, Math.ceil(text.length / 70)))}
        className="w-full p-2"
      />
      <label htmlFor={speakerId} className="block text-xs font-medium">
        {t("page.transcript.speakerLabel")}
      </label>
      <TextInput
        id={speakerId}
        value={speaker}
        maxLength={80}
        onChange={(event) => setSpeaker(event.target.value)}
        className="w-full p-2 sm:w-64"
      />
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
      <SaveCancelButtons isSaving={isSaving} onCancel={onDone} />
    </form>
  );
}
