import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";

// The scripted meetings of bench/eval-ai/meetings/*.json (written for this benchmark, no one else's
// recordings): who says what, and the answer key. Line numbers in the key count from 0.

const keywords = z
  .array(z.string().min(1))
  .min(1)
  .describe("every entry must be in the found text; `a|b` means either (accents and case folded)");

export const meetingScriptSchema = z.object({
  id: z.string(),
  language: z.enum(["en", "es", "pt"]),
  title: z.string(),
  /** The day the meeting took place: "by Thursday" resolves against it. */
  meetingDate: z.iso.date(),
  /** espeak-ng voice (`en-us+f3`), pitch 0-99 and words per minute, one per speaker. */
  speakers: z.record(
    z.string(),
    z.object({ voice: z.string(), pitch: z.number().int().min(0).max(99), speed: z.number().int().min(80).max(260) }),
  ),
  lines: z.array(z.object({ speaker: z.string(), text: z.string().min(1) })).min(4),
  decisions: z.array(z.object({ summary: z.string(), line: z.number().int().min(0), keywords })),
  actionItems: z.array(z.object({ summary: z.string(), owner: z.string(), due: z.iso.date(), line: z.number().int().min(0), keywords })),
  questions: z.array(z.object({ question: z.string(), lines: z.array(z.number().int().min(0)).min(1) })),
});
export type MeetingScript = z.infer<typeof meetingScriptSchema>;

export const meetingsDir = path.resolve(import.meta.dirname, "meetings");

export async function loadMeetings(only?: string): Promise<MeetingScript[]> {
  const files = (await readdir(meetingsDir)).filter((name) => name.endsWith(".json")).sort();
  const meetings: MeetingScript[] = [];
  for (const file of files) {
    const script = meetingScriptSchema.parse(JSON.parse(await readFile(path.join(meetingsDir, file), "utf8")));
    if (only && !script.id.startsWith(only) && script.language !== only) continue;
    for (const line of script.lines)
      if (!script.speakers[line.speaker]) throw new Error(`${file}: ${line.speaker} has no voice in "speakers"`);
    const lineCount = script.lines.length;
    for (const item of [...script.decisions, ...script.actionItems])
      if (item.line >= lineCount) throw new Error(`${file}: the key names line ${item.line} of ${lineCount}`);
    meetings.push(script);
  }
  return meetings;
}
