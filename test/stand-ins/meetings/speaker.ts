import { readFileSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import { baseChromiumArgs, defaultChromiumPath } from "../../../src/shared/chromium-args";

// A remote participant that talks over real WebRTC (issue 6): its own Chromium, whose fake microphone plays
// `clipPath` once (--use-file-for-fake-audio-capture=<clip>%noloop) from the moment speak() opens it. The
// speaker page joins the room at once (listed by name on the meeting page) and sends silence until speak().
//   const speaker = await startSpeaker({ baseUrl: standIn.baseUrl, meetingId, name: "Ana", clipPath: clipPath("c6") });
//   await speaker.speak(); // resolves once the whole clip has been sent (needs the bot in the call)

export interface Speaker {
  /** The clip's length, from its WAV header. */
  durationMs: number;
  /** Sends the clip once; resolves when it has been sent. Fails when no meeting page connects within 30 s. */
  speak(): Promise<void>;
  /** Leaves the meeting (the bot sees one participant fewer); the browser stays until close(). */
  leave(): Promise<void>;
  close(): Promise<void>;
}

export interface StartSpeakerOptions {
  /** The stand-in's root, `http://127.0.0.1:<port>`. */
  baseUrl: string;
  meetingId: string;
  name: string;
  /** A PCM WAV file (the speech fixtures: clipPath("c6") from test/support/media-fixtures.ts). */
  clipPath: string;
  executablePath?: string;
}

/** Milliseconds of audio in a PCM WAV file: the data chunk's size over the fmt chunk's byte rate. */
export function wavDurationMs(file: string): number {
  const bytes = readFileSync(file);
  if (bytes.toString("ascii", 0, 4) !== "RIFF" || bytes.toString("ascii", 8, 12) !== "WAVE") throw new Error(`${file} is not a WAV file`);
  let byteRate = 0;
  for (let offset = 12; offset + 8 <= bytes.length; ) {
    const id = bytes.toString("ascii", offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === "fmt ") byteRate = bytes.readUInt32LE(offset + 16);
    if (id === "data") {
      if (!byteRate) throw new Error(`${file} has no fmt chunk before its data`);
      return Math.round((Math.min(size, bytes.length - offset - 8) / byteRate) * 1000);
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error(`${file} has no data chunk`);
}

interface SpeakerWindow {
  __speaker: {
    state: { isJoined: boolean };
    speak(durationMs: number, connectTimeoutMs: number): Promise<void>;
    leave(): Promise<void>;
  };
}

export const meetingBrowserArgs = [
  ...baseChromiumArgs,
  // Chrome leaves out 127.0.0.1 candidates unless told (known-traps.md).
  "--allow-loopback-in-peer-connection",
  "--autoplay-policy=no-user-gesture-required",
];

export async function startSpeaker({
  baseUrl,
  meetingId,
  name,
  clipPath,
  executablePath = defaultChromiumPath,
}: StartSpeakerOptions): Promise<Speaker> {
  const durationMs = wavDurationMs(clipPath);
  const browser: Browser = await chromium.launch({
    executablePath,
    args: [
      ...meetingBrowserArgs,
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-audio-capture=${clipPath}%noloop`,
    ],
    ignoreDefaultArgs: ["--mute-audio"],
  });
  try {
    const page = await browser.newPage();
    const query = new URLSearchParams({ meeting: meetingId, name });
    await page.goto(`${baseUrl.replace(/\/+$/, "")}/__speaker?${query}`);
    await page.waitForFunction(() => (window as unknown as SpeakerWindow).__speaker?.state.isJoined === true);
    return {
      durationMs,
      speak: () =>
        page.evaluate(([ms, timeout]) => (window as unknown as SpeakerWindow).__speaker.speak(ms, timeout), [durationMs, 30_000] as const),
      leave: () => page.evaluate(() => (window as unknown as SpeakerWindow).__speaker.leave()),
      close: () => browser.close(),
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
