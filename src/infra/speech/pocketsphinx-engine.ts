import { spawn } from "node:child_process";
import { constants } from "node:fs";
import { access } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { MediaError } from "../media/ffmpeg";
import { readWavInfo } from "../media/wav-file";
import { lowerChildPriority } from "../priority/child-priority";
import { type SpeechEngine, SpeechEngineError, type TranscribedSegment, type TranscribedWord } from "./speech-engine";

// CMU pocketsphinx from Debian (packages pocketsphinx + pocketsphinx-en-us): the low-quality English
// fallback that needs no weights download (models README: WER 31-36% on real speech, word times).
// Debian bookworm ships 5prealpha, whose CLI is `pocketsphinx_continuous` (the JSON-printing
// `pocketsphinx` command arrived in 5.0): `-time yes` prints each utterance's text, then one line per
// word `word start end posterior`, between `<s>` and `</s>`. The file is passed by name: `-infile
// /dev/stdin` fails when spawned from Node (known-traps).

const defaultBinary = "pocketsphinx_continuous";
/** Where pocketsphinx-en-us installs the model; the binary has these paths compiled in as its defaults. */
export const debianEnUsModelDir = "/usr/share/pocketsphinx/model/en-us";

export interface PocketsphinxOptions {
  /** The CLI, a name looked up in PATH or a path (default `pocketsphinx_continuous`). */
  binary?: string;
  /** A model directory holding `en-us/` (acoustic model), `en-us.lm.bin` and `cmudict-en-us.dict`. */
  modelDir?: string;
}

async function findExecutable(binary: string): Promise<string | null> {
  const candidates = binary.includes("/") ? [binary] : (process.env.PATH ?? "").split(path.delimiter).map((dir) => path.join(dir, binary));
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here; the next PATH entry may have it
    }
  }
  return null;
}

/** True when the CLI and the US English model are installed (both Debian packages). */
export async function isPocketsphinxAvailable(options: PocketsphinxOptions = {}): Promise<boolean> {
  if (!(await findExecutable(options.binary ?? defaultBinary))) return false;
  const modelDir = options.modelDir ?? debianEnUsModelDir;
  try {
    await access(path.join(modelDir, "en-us", "mdef"), constants.R_OK);
    await access(path.join(modelDir, "cmudict-en-us.dict"), constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

/** "en", "en-US", "en_gb" are English; undefined and "auto" mean "whatever it is", which here is English. */
function isEnglish(language: string | undefined): boolean {
  if (!language || language === "auto") return true;
  return language.toLowerCase().split(/[-_]/)[0] === "en";
}

export function createPocketsphinxEngine(options: PocketsphinxOptions = {}): SpeechEngine {
  const binary = options.binary ?? defaultBinary;
  const modelArgs = options.modelDir
    ? [
        "-hmm",
        path.join(options.modelDir, "en-us"),
        "-lm",
        path.join(options.modelDir, "en-us.lm.bin"),
        "-dict",
        path.join(options.modelDir, "cmudict-en-us.dict"),
      ]
    : [];
  return {
    id: "pocketsphinx:en-us",
    languages: ["en"],
    hasWordTimes: true,
    async transcribe(wavPath, { language, signal }) {
      if (!isEnglish(language))
        throw new SpeechEngineError("LANGUAGE_NOT_SUPPORTED", false, `pocketsphinx has an English model only, not ${language}`);
      signal?.throwIfAborted();
      let durationSeconds: number;
      try {
        const info = await readWavInfo(wavPath);
        if (info.sampleRate !== 16_000 || info.channels !== 1 || info.bitsPerSample !== 16) {
          throw new MediaError(
            "CORRUPT",
            `needs 16 kHz mono 16-bit PCM, got ${info.sampleRate} Hz, ${info.channels} ch, ${info.bitsPerSample} bit`,
          );
        }
        durationSeconds = info.durationSeconds;
      } catch (error) {
        if (error instanceof MediaError) throw new SpeechEngineError("BAD_AUDIO", false, error.message);
        throw error;
      }
      const segments = await runPocketsphinx(binary, [...modelArgs, "-infile", wavPath, "-time", "yes"], signal);
      return { language: "en", durationSeconds, segments };
    },
  };
}

function runPocketsphinx(binary: string, args: string[], signal: AbortSignal | undefined): Promise<TranscribedSegment[]> {
  return new Promise((resolve, reject) => {
    // An abort during the WAV check has already fired: no listener added below would hear it.
    if (signal?.aborted) return reject(signal.reason);
    const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
    lowerChildPriority(child);
    const parser = createUtteranceParser();
    // Word lines are parsed as they come: a long recording is never held as one string.
    createInterface({ input: child.stdout }).on("line", parser.push);
    // pocketsphinx logs a lot to stderr (per utterance); only the tail explains a failure.
    let stderr = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-4_000);
    });
    const onAbort = () => child.kill("SIGKILL");
    signal?.addEventListener("abort", onAbort, { once: true });
    child.on("error", (error: NodeJS.ErrnoException) => {
      signal?.removeEventListener("abort", onAbort);
      if (error.code === "ENOENT")
        reject(
          new SpeechEngineError(
            "ENGINE_UNAVAILABLE",
            false,
            `${binary} is not installed (apt-get install pocketsphinx pocketsphinx-en-us)`,
          ),
        );
      else reject(new SpeechEngineError("ENGINE_FAILED", false, error.message));
    });
    // "close" (not "exit") waits for stdout to end, so every word line has been parsed.
    child.on("close", (code) => {
      signal?.removeEventListener("abort", onAbort);
      if (signal?.aborted) reject(signal.reason);
      else if (code !== 0) reject(new SpeechEngineError("ENGINE_FAILED", false, `pocketsphinx exited with ${code}: ${lastLines(stderr)}`));
      else resolve(parser.segments());
    });
  });
}

function lastLines(text: string): string {
  return text.trim().split("\n").slice(-3).join(" | ");
}

/** `word start end posterior`; a word may carry a pronunciation variant: `can(2)`. */
const wordLine = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/;
/** Markers and fillers that are not words: <s>, </s>, <sil>, [NOISE], ++BREATH++. */
const nonWord = /^(<[^>]*>|\[[^\]]*\]|\+\+.*\+\+)$/;

/**
 * Builds segments from `-time yes` output. The text line before each utterance is ignored: the word lines
 * carry the same words with times. An utterance runs from `<s>` to `</s>`; one that recognised no word
 * (only silence or noise) yields no segment.
 */
export function createUtteranceParser(): { push: (line: string) => void; segments: () => TranscribedSegment[] } {
  const segments: TranscribedSegment[] = [];
  let words: TranscribedWord[] = [];
  const close = () => {
    const first = words[0];
    const last = words[words.length - 1];
    if (first && last) segments.push({ start: first.start, end: last.end, text: words.map((word) => word.word).join(" "), words });
    words = [];
  };
  return {
    push(line) {
      const match = wordLine.exec(line.trim());
      if (!match) return;
      const [, token = "", start, end, posterior] = match;
      if (token === "<s>") close();
      if (token === "</s>") return close();
      if (nonWord.test(token)) return;
      words.push({
        word: token.replace(/\(\d+\)$/, ""),
        start: Number(start),
        end: Number(end),
        probability: Math.min(1, Number(posterior)),
      });
    },
    segments() {
      close();
      return segments;
    },
  };
}
