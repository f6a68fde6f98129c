import type { NoteSource } from "~/infra/db/notes-schema";
import type { NoteType } from "~/shared/notes/statuses";

/** What a note page can play: the stored original through `<audio>` or `<video>`. */
export interface PlayableMedia {
  kind: "audio" | "video";
  contentType: string;
}

// Types browsers play, by file extension, for uploads whose type the browser did not say.
const typesByExtension: Record<string, string> = {
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  aac: "audio/aac",
  wav: "audio/wav",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  opus: "audio/ogg",
  flac: "audio/flac",
  weba: "audio/webm",
  webm: "video/webm",
  mp4: "video/mp4",
  m4v: "video/mp4",
  mov: "video/quicktime",
  ogv: "video/ogg",
};

function typeOf(mimeType: string | null, fileName: string | null, fallback: string): string {
  const declared = mimeType?.split(";")[0]?.trim().toLowerCase();
  if (declared && /^(audio|video)\/[a-z0-9.+-]+$/.test(declared)) return declared;
  const extension = fileName?.split(".").pop()?.toLowerCase() ?? "";
  return typesByExtension[extension] ?? fallback;
}

/**
 * The note's own media when a person can play it: uploads, browser recordings and meeting recordings
 * with a stored file that the pipeline could read (`active`). Documents, text and YouTube notes have
 * none here: a YouTube note links to the video instead (no third-party embed, interpretations 10).
 */
export function playableMedia(note: {
  type: NoteType;
  source: NoteSource;
  mediaKey: string | null;
  active: boolean;
}): PlayableMedia | null {
  if (!note.mediaKey || !note.active) return null;
  const { source } = note;
  let contentType: string;
  if (source.kind === "upload") contentType = typeOf(source.mimeType, source.fileName, "application/octet-stream");
  else if (source.kind === "recording") contentType = typeOf(source.mimeType, null, "audio/webm");
  else if (source.kind === "meeting") contentType = "audio/webm";
  else return null;
  return { kind: contentType.startsWith("video/") ? "video" : "audio", contentType };
}

/** The YouTube video a note came from, for timestamp links. */
export function youtubeVideoIdOf(source: NoteSource): string | null {
  return source.kind === "youtube" ? source.videoId : null;
}
