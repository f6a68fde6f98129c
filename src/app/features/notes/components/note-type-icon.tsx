import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { NoteType } from "~/shared/notes/statuses";

// One outline icon per note source (24 px grid, drawn with the text colour), so a row says at a glance
// where a note came from.
const shapes: Record<NoteType, ReactNode> = {
  // A video camera: a meeting the bot joined.
  meeting: (
    <>
      <rect x="3" y="6" width="12" height="12" rx="2" />
      <path d="M15 10l6-3v10l-6-3z" />
    </>
  ),
  // A microphone: recorded in the browser.
  recording: (
    <>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
    </>
  ),
  // An upload arrow into a tray: an uploaded audio or video file.
  file: <path d="M12 15V4m0 0l-4 4m4-4l4 4M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />,
  // A page with a folded corner and lines: a document.
  document: (
    <>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5M9 13h6M9 17h6" />
    </>
  ),
  // Lines of text: pasted text.
  text: <path d="M4 6h16M4 10h16M4 14h10M4 18h7" />,
  // A play button in a rounded screen: a YouTube video.
  youtube: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" />
      <path d="M10 9l5 3-5 3z" />
    </>
  ),
};

/** The note type's icon, named for screen readers with the type's label (`isDecorative` beside the label's text). */
export function NoteTypeIcon({
  type,
  className = "h-5 w-5",
  isDecorative = false,
}: {
  type: NoteType;
  className?: string;
  isDecorative?: boolean;
}) {
  const { t } = useTranslation("notes");
  const label = t(`note.types.${type}`);
  const common = {
    "data-note-type": type,
    viewBox: "0 0 24 24",
    fill: "none",
    stroke: "currentColor",
    strokeWidth: 1.8,
    strokeLinecap: "round",
    strokeLinejoin: "round",
    className: `shrink-0 ${className}`,
  } as const;
  if (isDecorative) {
    return (
      <svg aria-hidden="true" {...common}>
        {shapes[type]}
      </svg>
    );
  }
  return (
    <svg role="img" aria-label={label} {...common}>
      <title>{label}</title>
      {shapes[type]}
    </svg>
  );
}
