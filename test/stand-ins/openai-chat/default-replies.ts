import { type JsonSchema, resolveRef, schemaErrors } from "./json-schema-check";

// What the chat stand-in answers when no reply is scripted: deterministic, made only of words found in the
// request (nothing invented), so a test can predict it.
// - JSON requests: an object valid against the requested schema; strings are the prompt's sentences in
//   order, nullable values are null, arrays hold one item (minItems when more), numbers their minimum;
//   a string property named `start` (a chapter's start) is the prompt's first [mm:ss] stamp, when it has one.
// - Text requests: the numbered passage (`[3] ...`) in the prompt that shares the most words with the
//   user's question, answered as `<passage text> [3]`, which is how a grounded answer cites its source.

export interface PromptMessage {
  role: string;
  content: string;
}

const isSchema = (value: unknown): value is JsonSchema => typeof value === "object" && value !== null && !Array.isArray(value);

/** Sentences of the last user message (passage markers and timestamps dropped), the material of a JSON answer. */
export function promptSentences(messages: PromptMessage[]): string[] {
  const lastUser = [...messages].reverse().find((message) => message.role === "user") ?? messages[messages.length - 1];
  const sentences = (lastUser?.content ?? "")
    .split(/\n+|(?<=[.!?])\s+/)
    .map((sentence) => sentence.replace(/^\s*(\[\d+\]|\[?\d{1,2}:\d{2}(:\d{2})?\]?|[-*])\s*/, "").trim())
    .filter((sentence) => /\p{L}/u.test(sentence));
  return sentences.length > 0 ? sentences : ["stand-in answer"];
}

/** The `[mm:ss]` / `[h:mm:ss]` stamps that start the last user message's lines, in order. */
export function promptStamps(messages: PromptMessage[]): string[] {
  const lastUser = [...messages].reverse().find((message) => message.role === "user") ?? messages[messages.length - 1];
  return [...(lastUser?.content ?? "").matchAll(/^\s*\[(\d{1,2}:\d{2}(?::\d{2})?)\]/gm)].map((match) => match[1] ?? "");
}

/** A value for `schema` built from `sentences` (and `stamps`); throws when the result would not validate (a schema this cannot fill). */
export function defaultJsonReply(schema: JsonSchema, sentences: string[], stamps: string[] = []): unknown {
  let next = 0;
  const sentence = () => sentences[next++ % sentences.length] ?? "stand-in answer";
  const build = (node: JsonSchema): unknown => {
    const resolved = resolveRef(node, schema);
    if ("const" in resolved) return resolved.const;
    if (Array.isArray(resolved.enum)) return resolved.enum[0];
    if (Array.isArray(resolved.anyOf)) {
      const branches = resolved.anyOf.filter(isSchema);
      if (branches.some((branch) => branch.type === "null")) return null;
      return branches[0] ? build(branches[0]) : null;
    }
    const types = Array.isArray(resolved.type) ? resolved.type : [resolved.type];
    if (types.includes("null")) return null;
    switch (types[0]) {
      case "object": {
        const properties = isSchema(resolved.properties) ? resolved.properties : {};
        return Object.fromEntries(
          Object.entries(properties).map(([name, inner]) => {
            if (name === "start" && stamps[0] && isSchema(inner) && inner.type === "string") return [name, stamps[0]];
            return [name, isSchema(inner) ? build(inner) : null];
          }),
        );
      }
      case "array": {
        const min = typeof resolved.minItems === "number" ? resolved.minItems : 0;
        const max = typeof resolved.maxItems === "number" ? resolved.maxItems : Number.POSITIVE_INFINITY;
        const count = Math.min(Math.max(min, 1), max);
        return Array.from({ length: count }, () => (isSchema(resolved.items) ? build(resolved.items) : null));
      }
      case "string": {
        let text = sentence();
        const minLength = typeof resolved.minLength === "number" ? resolved.minLength : 0;
        while (text.length < minLength) text = `${text} ${sentence()}`;
        return typeof resolved.maxLength === "number" ? text.slice(0, resolved.maxLength) : text;
      }
      case "integer":
      case "number":
        return typeof resolved.minimum === "number" ? resolved.minimum : 0;
      case "boolean":
        return false;
      default:
        return null;
    }
  };
  const value = build(schema);
  const errors = schemaErrors(value, schema);
  if (errors.length > 0) throw new Error(`the stand-in's default answer does not fit the schema: ${errors.join("; ")}`);
  return value;
}

export interface Passage {
  marker: number;
  text: string;
}

/** Passages written as `[n] text` at the start of a line (continued until a blank line or the next marker). */
export function findPassages(messages: PromptMessage[]): Passage[] {
  const passages: Passage[] = [];
  for (const message of messages) {
    if (message.role === "assistant") continue;
    let current: Passage | null = null;
    for (const line of message.content.split("\n")) {
      const marked = /^\s*\[(\d+)\]\s*(.*)$/.exec(line);
      if (marked) {
        current = { marker: Number(marked[1]), text: (marked[2] ?? "").trim() };
        passages.push(current);
      } else if (!line.trim()) {
        current = null;
      } else if (current) {
        current.text = `${current.text} ${line.trim()}`.trim();
      }
    }
  }
  return passages;
}

/** Words too common to say which passage a question is about (en, es, pt). */
const stopwords = new Set(
  (
    "the and for are was were what when where which who why how did does do you your our with this that from have has had " +
    "about into will would can could there their they them then than not but all any its it's " +
    "que los las del por para con una uno como qué cuál cuándo dónde quién fue son está esta este " +
    "não nao uma com como qual quando onde quem foi são está esta este pelo pela dos das"
  ).split(" "),
);

const wordsOf = (text: string): Set<string> =>
  new Set((text.toLowerCase().match(/\p{L}[\p{L}\p{N}'-]*/gu) ?? []).filter((word) => word.length >= 3 && !stopwords.has(word)));

/** The grounded answer to the last user question, or null when the prompt has no numbered passages. */
export function passageAnswer(messages: PromptMessage[]): string | null {
  const passages = findPassages(messages);
  if (passages.length === 0) return null;
  const lastUser = [...messages].reverse().find((message) => message.role === "user");
  const question = wordsOf(
    (lastUser?.content ?? "")
      .split("\n")
      .filter((line) => !/^\s*\[\d+\]/.test(line))
      .join("\n"),
  );
  let best = passages[0] as Passage;
  let bestScore = -1;
  for (const passage of passages) {
    const words = wordsOf(passage.text);
    let score = 0;
    for (const word of question) if (words.has(word)) score++;
    if (score > bestScore) {
      best = passage;
      bestScore = score;
    }
  }
  return `${best.text} [${best.marker}]`;
}

/** The text answer: the best passage, else the first sentence of the question (never an invented fact). */
export function defaultTextReply(messages: PromptMessage[]): string {
  return passageAnswer(messages) ?? promptSentences(messages)[0] ?? "stand-in answer";
}
