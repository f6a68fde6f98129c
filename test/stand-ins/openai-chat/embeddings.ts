import { createHash } from "node:crypto";
import { z } from "zod";

// `POST /v1/embeddings` of the stand-in: OpenAI's request and answer shapes, with deterministic vectors
// that carry a little meaning, so a test can show a passage found by meaning that shares no word with the
// question. Words are folded to a concept (a few synonyms below, else the word's first 5 letters), and
// each concept adds to one of 64 dimensions chosen by its hash.

const dimensions = 64;
const synonyms: Record<string, string> = {
  ship: "release",
  ships: "release",
  shipping: "release",
  launch: "release",
  launches: "release",
  lanzamiento: "release",
  release: "release",
  cost: "price",
  costs: "price",
  pricing: "price",
  price: "price",
  preço: "price",
  precio: "price",
};
const ignored = new Set([
  "the",
  "a",
  "an",
  "is",
  "are",
  "we",
  "do",
  "does",
  "when",
  "what",
  "will",
  "for",
  "on",
  "of",
  "to",
  "and",
  "next",
]);

export function standInEmbedding(text: string): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (ignored.has(word)) continue;
    const concept = synonyms[word] ?? word.slice(0, 5);
    const slot = createHash("sha256").update(concept).digest().readUInt32BE(0) % dimensions;
    vector[slot] = (vector[slot] ?? 0) + 1;
  }
  return vector;
}

export const embeddingsRequest = z.object({
  model: z.string().min(1),
  input: z.union([z.string(), z.array(z.string()).min(1).max(2048)]),
  encoding_format: z.enum(["float", "base64"]).optional(),
});

/** OpenAI's answer to an embeddings request (floats only: the SDK asks for them when told to). */
export function embeddingsAnswer(body: z.infer<typeof embeddingsRequest>) {
  const inputs = typeof body.input === "string" ? [body.input] : body.input;
  const tokens = inputs.reduce((sum, input) => sum + (input.match(/\S+/g) ?? []).length, 0);
  return {
    object: "list",
    data: inputs.map((input, index) => ({ object: "embedding", index, embedding: standInEmbedding(input) })),
    model: body.model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  };
}
