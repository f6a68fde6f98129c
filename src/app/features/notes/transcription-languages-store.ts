import { createLoader, type LoaderSnapshot, useLoader } from "~/app/features/billing/loader-store";
import type { TranscriptionLanguages } from "~/shared/notes/transcription-languages";
import { fetchTranscriptionLanguages } from "./queries";

/**
 * What the server's speech engine transcribes (GET /api/transcription/languages), read once per page
 * load and shared by every language menu: uploads, recordings, the notetaker and onboarding.
 */
export const transcriptionLanguagesLoader = createLoader<TranscriptionLanguages>(
  () => fetchTranscriptionLanguages(),
  "notes:upload.languagesFailed",
);

export function useTranscriptionLanguages(): LoaderSnapshot<TranscriptionLanguages> {
  return useLoader(transcriptionLanguagesLoader);
}
