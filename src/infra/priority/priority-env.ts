import { z } from "zod";

// How far below the process that starts them its CPU-heavy children run (issue 21, bench:load). The
// server's env schema spreads this shape in.

export const priorityEnvShape = {
  /**
   * Niceness added to transcription's child processes (whisper.cpp, ffmpeg, pocketsphinx, yt-dlp, speaker
   * diarization), as `nice -n` does: on one host the web's answers come first and the jobs take what is
   * left of the CPU. 0 runs them at the web's own priority (a machine that only runs workers).
   */
  JOB_NICENESS: z.coerce.number().int().min(0).max(19).default(10),
};
