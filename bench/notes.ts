import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { generateNotes } from "../src/core/ai-notes/generate-notes";
import type { NotesSegment } from "../src/core/ai-notes/transcript-chunks";
import type { LanguageModel } from "../src/infra/llm/language-model";
import { createLlamaModel } from "../src/infra/llm/llama-model";
import { createOpenAiChatModel } from "../src/infra/llm/openai-chat-model";

// `npm run bench:notes` (issue 5): time and peak memory to write AI notes for transcripts of 5, 30 and 60
// minutes with each engine available here: extractive (always), a local GGUF through node-llama-cpp
// (SmolLM2-135M from scripts/models/fetch-smollm2.sh, or BENCH_LLM_FILE for another GGUF), and an
// OpenAI-compatible endpoint when BENCH_LLM_BASE_URL is set (BENCH_LLM_MODEL, BENCH_LLM_API_KEY).
// BENCH_MINUTES=5,30 picks lengths. Transcripts are built from the meeting fixture sentences, about 150
// words a minute with two speakers, like a real meeting.
const minutesList = (process.env.BENCH_MINUTES ?? "5,30,60").split(",").map(Number);
const contextTokens = Number(process.env.BENCH_LLM_CONTEXT ?? 8192);

function transcript(minutes: number): NotesSegment[] {
  const speech = path.resolve("..", "shared", "fixtures", "speech");
  const sentences = ["c11", "c1", "c2", "c3", "c4", "c5", "c6"]
    .map((name) => readFileSync(path.join(speech, `${name}.txt`), "utf8").trim())
    .join(" ")
    .split(/(?<=[.?!])\s+/)
    .filter(Boolean);
  const segments: NotesSegment[] = [];
  let time = 0;
  for (let index = 0; time < minutes * 60; index++) {
    const text = sentences[index % sentences.length] as string;
    const seconds = text.split(/\s+/).length / 2.5; // 150 words a minute
    segments.push({ start: time, end: time + seconds, text, speaker: index % 3 === 0 ? "Sarah" : "Tom" });
    time += seconds;
  }
  return segments;
}

const engines: { name: string; model: () => LanguageModel | null }[] = [{ name: "extractive", model: () => null }];
const ggufFile = process.env.BENCH_LLM_FILE ?? path.resolve(".cache", "models", "SmolLM2-135M-Instruct.Q4_1.gguf");
if (existsSync(ggufFile)) {
  engines.push({
    name: `llama ${path.basename(ggufFile)}`,
    model: () => createLlamaModel({ fileName: path.basename(ggufFile), resolvePath: async () => ggufFile, contextTokens }),
  });
}
if (process.env.BENCH_LLM_BASE_URL) {
  const baseUrl = process.env.BENCH_LLM_BASE_URL;
  engines.push({
    name: `openai ${process.env.BENCH_LLM_MODEL ?? "gpt-4o-mini"}`,
    model: () =>
      createOpenAiChatModel({
        baseUrl,
        apiKey: process.env.BENCH_LLM_API_KEY,
        model: process.env.BENCH_LLM_MODEL ?? "gpt-4o-mini",
        contextTokens,
      }),
  });
}

for (const engine of engines) {
  const model = engine.model();
  for (const minutes of minutesList) {
    const segments = transcript(minutes);
    const words = segments.reduce((sum, segment) => sum + segment.text.split(/\s+/).length, 0);
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 100);
    const started = performance.now();
    let calls = 0;
    const outcome = await generateNotes({
      model,
      segments,
      language: "en",
      template: "general_meeting",
      onProgress: async () => {
        calls += 1;
      },
    }).then(
      (notes) => `${notes.content.actionItems.length} action items, ${notes.content.chapters.length} chapters`,
      // A model too small to follow the schema fails here as it would in the job: report it, go on.
      (error: unknown) => `FAILED after ${calls} calls: ${error instanceof Error ? error.message.slice(0, 120) : String(error)}`,
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    process.stdout.write(
      `${engine.name.padEnd(44)} ${String(minutes).padStart(3)} min (${words} words): ${seconds.toFixed(1)} s, ` +
        `peak RSS ${(peak / 1024 / 1024).toFixed(0)} MB, ${outcome}\n`,
    );
  }
  await model?.close();
}
