import type { Page } from "playwright-core";
import { z } from "zod";
import { audioTapProcessorName, audioTapWorkletSource } from "./audio-tap-worklet";
import { type PageCaptureApi, type PageCaptureConfig, pageCaptureScript } from "./capture-init-script";
import { createWavFile, type WavFile } from "./wav-file";

// Node's side of the in-page capture (capture-init-script.ts): receives per-source levels, the 16 kHz PCM
// of the mix (written to a WAV the runner may use) and the recorder's webm chunks, and keeps the audio
// facts the runner needs: when remote audio first flowed, when someone last spoke, whether any voice
// was heard at all.

/** RMS of a 100 ms block above which a source counts as sending audio (Opus comfort noise sits below). */
export const flowingRms = 0.000_3;
/** RMS above which a source counts as speaking (about -40 dBFS: quiet speech is well above it). */
export const speechRms = 0.01;

const config: PageCaptureConfig = {
  workletSource: audioTapWorkletSource,
  processorName: audioTapProcessorName,
  reportBinding: "__parleyCaptureReport",
  chunkBinding: "__parleyRecorderChunk",
  apiName: "__parleyCapture",
  reportEveryMs: 500,
};

// The page is the platform's, and anything in it could call our bindings: validate what arrives.
const reportSchema = z.object({
  at: z.number(),
  levels: z.array(z.object({ id: z.string().max(200), rms: z.array(z.number().nonnegative()).max(1_000) })).max(500),
  ended: z.array(z.string().max(200)).max(500),
  pcm: z.string().max(2_000_000),
});
const chunkSchema = z.object({ index: z.number().int().nonnegative(), data: z.string().max(50_000_000) });

export interface PageCapture {
  /** The 16 kHz mono WAV of the mix, since the page loaded. */
  readonly pcmPath: string;
  /** When a remote source first carried sound (ms since the epoch); null while none has. */
  readonly firstAudioAt: number | null;
  readonly lastSpeechAt: number | null;
  /** Any source went over the speech threshold (false = admitted but no audio). */
  readonly hasVoice: boolean;
  /** Sources (remote audio tracks) seen so far. */
  readonly sourceCount: number;
  /** When the recorder started (ms since the epoch); null before. */
  readonly recorderStartedAt: number | null;
  /** The recorder's chunks received and not yet taken, in order. */
  takeChunks(): Uint8Array[];
  startRecorder(page: Page): Promise<number>;
  /** Stops the recorder; the last chunks are in takeChunks() when this resolves. */
  stopRecorder(page: Page): Promise<void>;
  close(): Promise<void>;
}

/** Exposes the bindings and adds the init script: call before the first navigation. */
export async function installPageCapture(page: Page, pcmPath: string): Promise<PageCapture> {
  const wav: WavFile = await createWavFile(pcmPath, 16_000);
  const sources = new Set<string>();
  let chunks: Uint8Array[] = [];
  let nextChunk = 0;
  let firstAudioAt: number | null = null;
  let lastSpeechAt: number | null = null;
  let recorderStartedAt: number | null = null;

  await page.exposeBinding(config.reportBinding, (_source, payload: unknown) => {
    const parsed = reportSchema.safeParse(payload);
    if (!parsed.success) return;
    // The page's clock and ours are the same machine's; Node's receipt time is what the timers compare.
    const at = Date.now();
    for (const { id, rms } of parsed.data.levels) {
      sources.add(id);
      if (firstAudioAt === null && rms.some((value) => value > flowingRms)) firstAudioAt = at;
      if (rms.some((value) => value > speechRms)) lastSpeechAt = at;
    }
    if (parsed.data.pcm.length > 0) wav.append(Buffer.from(parsed.data.pcm, "base64"));
  });
  await page.exposeBinding(config.chunkBinding, (_source, payload: unknown) => {
    const parsed = chunkSchema.safeParse(payload);
    // Chunks come chained from the page; one out of order would corrupt the webm, so it is refused.
    if (!parsed.success || parsed.data.index !== nextChunk) return;
    nextChunk += 1;
    chunks.push(new Uint8Array(Buffer.from(parsed.data.data, "base64")));
  });
  await page.addInitScript({ content: pageCaptureScript(config) });

  const api = (page: Page, method: keyof PageCaptureApi) =>
    page.evaluate<number | undefined, { apiName: string; method: keyof PageCaptureApi }>(
      async ({ apiName, method }) => {
        const capture = (window as unknown as Record<string, PageCaptureApi | undefined>)[apiName];
        if (!capture) throw new Error("the capture script is not in this page");
        return (await capture[method]()) ?? undefined;
      },
      { apiName: config.apiName, method },
    );

  return {
    pcmPath,
    get firstAudioAt() {
      return firstAudioAt;
    },
    get lastSpeechAt() {
      return lastSpeechAt;
    },
    get hasVoice() {
      return lastSpeechAt !== null;
    },
    get sourceCount() {
      return sources.size;
    },
    get recorderStartedAt() {
      return recorderStartedAt;
    },
    takeChunks() {
      const taken = chunks;
      chunks = [];
      return taken;
    },
    async startRecorder(page) {
      const startedAt = await api(page, "startRecorder");
      recorderStartedAt = typeof startedAt === "number" ? startedAt : Date.now();
      return recorderStartedAt;
    },
    async stopRecorder(page) {
      if (recorderStartedAt === null) return;
      await api(page, "stopRecorder");
    },
    close: () => wav.close(),
  };
}

/** Groups recorder chunks (1 s each) into upload parts of about five seconds; part 0 holds the webm header. */
export function createRecordingParts(chunksPerPart = 5) {
  let pending: Uint8Array[] = [];
  let nextIndex = 0;
  const join = (list: Uint8Array[]) => {
    const bytes = new Uint8Array(list.reduce((sum, chunk) => sum + chunk.length, 0));
    let offset = 0;
    for (const chunk of list) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    return bytes;
  };
  return {
    push(list: Uint8Array[]) {
      pending.push(...list);
    },
    /** Full parts ready to upload, numbered in order. */
    takeReady(): { index: number; bytes: Uint8Array }[] {
      const parts: { index: number; bytes: Uint8Array }[] = [];
      while (pending.length >= chunksPerPart) {
        parts.push({ index: nextIndex++, bytes: join(pending.splice(0, chunksPerPart)) });
      }
      return parts;
    },
    /** Whatever is left, as the last part (null when nothing is). */
    takeRest(): { index: number; bytes: Uint8Array } | null {
      if (pending.length === 0) return null;
      const bytes = join(pending);
      pending = [];
      return { index: nextIndex++, bytes };
    },
    get count() {
      return nextIndex;
    },
  };
}
