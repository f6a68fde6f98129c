// How the engine ids stored beside a transcript (`notes.transcript_engine`) and notes (`ai_notes.engine`)
// read on the note page and in its exports (issue 19: say which engine did what). Engine names are proper
// nouns, the same in every language; the sentences around them are translated (notes catalog `engines.`).

/** What each engine id prefix is called. */
const engineNames: Record<string, string> = {
  "whisper-cpp": "whisper.cpp",
  pocketsphinx: "pocketsphinx",
  "openai-compatible": "OpenAI-compatible",
};

/** The transcript's engine and model as people say them ("whisper.cpp · base"); null when it is not a speech engine. */
export function speechEngineLabel(id: string): string | null {
  if (id === "youtube-captions" || id === "unavailable") return null;
  const [prefix = id, model] = splitId(id);
  const engine = engineNames[prefix] ?? prefix;
  // whisper.cpp model files are `ggml-<size>.bin`: the size is the model people know.
  const shown = prefix === "whisper-cpp" && model ? model.replace(/^ggml-/, "").replace(/\.bin$/, "") : model;
  return shown ? `${engine} · ${shown}` : engine;
}

/** The language model as people say it: the endpoint's model name, or the GGUF file without `.gguf`. */
export function languageModelLabel(id: string): string {
  const [, model] = splitId(id);
  return (model ?? id).replace(/\.gguf$/i, "");
}

/** Which engine line a note shows; each kind is a message of the notes catalog's `engines.` group. */
export type TranscriptEngineLine = { kind: "transcribedBy"; engine: string } | { kind: "fromCaptions" } | null;
export type NotesEngineLine = { kind: "notesBy"; model: string } | { kind: "notesExtractive" } | { kind: "notesFallback" };

export function transcriptEngineLine(id: string | null): TranscriptEngineLine {
  if (!id) return null;
  if (id === "youtube-captions") return { kind: "fromCaptions" };
  const engine = speechEngineLabel(id);
  return engine ? { kind: "transcribedBy", engine } : null;
}

export function notesEngineLine(notes: { engine: string; isExtractive: boolean; fallbackReason: string | null }): NotesEngineLine {
  if (notes.fallbackReason) return { kind: "notesFallback" };
  if (notes.isExtractive) return { kind: "notesExtractive" };
  return { kind: "notesBy", model: languageModelLabel(notes.engine) };
}

function splitId(id: string): [string, string | undefined] {
  const colon = id.indexOf(":");
  return colon < 0 ? [id, undefined] : [id.slice(0, colon), id.slice(colon + 1) || undefined];
}
