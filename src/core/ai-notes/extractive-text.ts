import model from "wink-eng-lite-web-model";
import winkNLP, { type ItemSentence, type ItemToken, type ItsFunction, type WinkMethods } from "wink-nlp";

// Sentences and their terms for the extractive notes (decision 016): English through wink-nlp (sentence
// boundaries, lemmas, parts of speech, stop words), Spanish, Portuguese and anything else through
// Intl.Segmenter with stop-word lists and a light plural fold. Then one ranking for every language:
// TextRank over shared terms, and maximal marginal relevance so the picks do not repeat each other.

export interface TranscriptSentence {
  /** As spoken (trimmed), quoted verbatim by the notes. */
  text: string;
  segmentIndex: number;
  /** Seconds: the start of its segment. */
  start: number;
  speaker: string | null;
  /** Content words, normalised (lemma or folded form), for similarity. */
  terms: string[];
  /** Candidate keywords with the form to show: noun phrases in English, content words elsewhere. */
  keywords: Array<{ key: string; label: string }>;
}

export interface SentenceSegment {
  start: number;
  text: string;
  speaker?: string | null;
}

let english: WinkMethods | null = null;
/** Loaded once per process (~0.1 s). */
function englishNlp(): WinkMethods {
  english ??= winkNLP(model, ["sbd", "pos"]);
  return english;
}

/** Words of speech that carry no topic, in the three languages (wink's stop words cover written English). */
const spokenFillers = [
  "yeah yes okay ok um uh hmm like just really actually basically gonna wanna gotta thing things stuff lot lots kind sort",
  "think know mean guess right well sure also maybe probably something anything everything someone everyone people guys",
  "bueno pues entonces vale bien cosa cosas tipo creo digamos vamos sea claro también algo alguien todos gente verdad",
  "então né tá coisa coisas tipo acho gente pessoal aí beleza ok também alguma alguém todos verdade certo bom",
].join(" ");

const spanishStopwords =
  "a al algo algunas algunos ante antes como con contra cual cuando de del desde donde durante e el ella ellas ellos en entre era eramos eran eres es esa esas ese eso esos esta estaba estaban estamos estan estar estas este esto estos estoy fue fueron fui ha habia han has hasta hay la las le les lo los mas me mi mis mucho muy nada ni no nos nosotros o os otra otro para pero poco por porque que quien se sea ser si sin sobre son su sus tambien te tenemos tener tengo ti tiene tienen todo tu tus un una uno unos usted va vamos van voy y ya yo él está están más qué sí también cómo dónde cuándo aquí ahí eso esto hacer hace hecho puede puedes podemos tiene tienes";
const portugueseStopwords =
  "a ao aos aquela aquele aqui as até com como da das de dela dele deles depois do dos e ela elas ele eles em entre era eram essa esse esta estamos estão estar este estou eu foi fomos for foram há isso isto já la lhe mais mas me mesmo meu minha muito na nas nem no nos nós o os ou para pela pelas pelo pelos por porque qual quando que quem se sem ser seu sua são só também te tem temos tenho ter teu tua um uma uns vai vamos você vocês vou à às é está estava fazer faz feito pode podemos precisa precisamos";

const fillerWords = new Set(spokenFillers.split(" "));
const stopwordsByLanguage: Record<string, Set<string>> = {
  es: new Set(spanishStopwords.split(" ")),
  pt: new Set(portugueseStopwords.split(" ")),
};

/** Spanish and Portuguese plurals folded onto the singular (`reuniones` -> `reunion`), accents kept apart. */
function foldRomance(word: string): string {
  const bare = word.normalize("NFD").replace(/\p{M}/gu, "");
  if (bare.length > 5 && bare.endsWith("es")) return bare.slice(0, -2);
  if (bare.length > 4 && bare.endsWith("s")) return bare.slice(0, -1);
  return bare;
}

/** Sentences of every segment, in order (a segment is never merged with the next: each keeps its start). */
export function splitSentences(segments: readonly SentenceSegment[], language: string): TranscriptSentence[] {
  const base = language.slice(0, 2).toLowerCase();
  return base === "en" ? englishSentences(segments) : segmenterSentences(segments, base);
}

function englishSentences(segments: readonly SentenceSegment[]): TranscriptSentence[] {
  const nlp = englishNlp();
  const its = nlp.its;
  // wink-nlp's typings declare `its.lemma` with another signature than the token helpers it works with.
  const lemmaOf = its.lemma as unknown as ItsFunction<string>;
  const out: TranscriptSentence[] = [];
  segments.forEach((segment, segmentIndex) => {
    const doc = nlp.readDoc(segment.text);
    doc.sentences().each((sentence: ItemSentence) => {
      const text = sentence.out().trim();
      if (!/\p{L}/u.test(text)) return;
      const terms: string[] = [];
      const keywords: TranscriptSentence["keywords"] = [];
      let phrase: string[] = [];
      let phraseKey: string[] = [];
      let endsInNoun = false;
      const closePhrase = () => {
        // A noun phrase ends in a noun ("mobile release", "payments bug"); a lone adjective is not a topic.
        if (endsInNoun && phrase.length <= 3) keywords.push({ key: phraseKey.join(" "), label: phrase.join(" ") });
        phrase = [];
        phraseKey = [];
        endsInNoun = false;
      };
      sentence.tokens().each((token: ItemToken) => {
        const normal = String(token.out(its.normal));
        const lemma = String(token.out(lemmaOf));
        const pos = String(token.out(its.pos));
        const isContent = token.out(its.type) === "word" && !token.out(its.stopWordFlag) && normal.length >= 3 && !fillerWords.has(normal);
        if (isContent) terms.push(lemma);
        if ((pos === "NOUN" || pos === "PROPN") && isContent) {
          phrase.push(pos === "PROPN" ? String(token.out()) : normal);
          phraseKey.push(lemma);
          endsInNoun = true;
        } else if (pos === "ADJ" && isContent && phrase.length === 0) {
          phrase.push(normal);
          phraseKey.push(lemma);
        } else {
          closePhrase();
        }
      });
      closePhrase();
      out.push({ text, segmentIndex, start: segment.start, speaker: segment.speaker ?? null, terms, keywords });
    });
  });
  return out;
}

function segmenterSentences(segments: readonly SentenceSegment[], base: string): TranscriptSentence[] {
  const locale = Intl.Segmenter.supportedLocalesOf([base]).length > 0 ? base : "en";
  const sentencer = new Intl.Segmenter(locale, { granularity: "sentence" });
  const stopwords = stopwordsByLanguage[base] ?? new Set<string>();
  const out: TranscriptSentence[] = [];
  segments.forEach((segment, segmentIndex) => {
    for (const { segment: piece } of sentencer.segment(segment.text)) {
      const text = piece.trim();
      if (!/\p{L}/u.test(text)) continue;
      const terms: string[] = [];
      const keywords: TranscriptSentence["keywords"] = [];
      for (const word of text.match(/\p{L}[\p{L}\p{N}'-]*/gu) ?? []) {
        const lower = word.toLowerCase();
        if (lower.length < 3 || stopwords.has(lower) || fillerWords.has(lower)) continue;
        const key = foldRomance(lower);
        terms.push(key);
        // Longer words name topics more often than short ones in speech ("presupuesto", "lançamento").
        if (lower.length >= 5) keywords.push({ key, label: word === word.toUpperCase() ? word : lower });
      }
      out.push({ text, segmentIndex, start: segment.start, speaker: segment.speaker ?? null, terms, keywords });
    }
  });
  return out;
}

/**
 * TextRank: sentences are nodes, edges weigh shared terms (normalised by length, as in Mihalcea & Tarau),
 * scores from 30 power iterations. Built through an inverted index, so cost grows with shared terms, not N².
 * Terms found in more than a third of the sentences link everything and say nothing: they are left out.
 */
export function rankSentences(sentences: readonly TranscriptSentence[]): number[] {
  const count = sentences.length;
  if (count === 0) return [];
  const postings = new Map<string, number[]>();
  sentences.forEach((sentence, index) => {
    for (const term of new Set(sentence.terms)) {
      const list = postings.get(term);
      if (list) list.push(index);
      else postings.set(term, [index]);
    }
  });
  const edges: Array<Map<number, number>> = sentences.map(() => new Map());
  const ceiling = Math.max(2, Math.ceil(count / 3));
  for (const list of postings.values()) {
    if (list.length < 2 || list.length > ceiling) continue;
    for (let a = 0; a < list.length; a++) {
      for (let b = a + 1; b < list.length; b++) {
        const i = list[a] as number;
        const j = list[b] as number;
        edges[i]?.set(j, (edges[i]?.get(j) ?? 0) + 1);
        edges[j]?.set(i, (edges[j]?.get(i) ?? 0) + 1);
      }
    }
  }
  const lengthNorm = sentences.map((sentence) => Math.log(2 + new Set(sentence.terms).size));
  for (let i = 0; i < count; i++) {
    for (const [j, shared] of edges[i] ?? []) edges[i]?.set(j, shared / ((lengthNorm[i] ?? 1) + (lengthNorm[j] ?? 1)));
  }
  const outWeight = edges.map((row) => [...row.values()].reduce((sum, weight) => sum + weight, 0));
  let scores = new Array<number>(count).fill(1);
  const damping = 0.85;
  for (let iteration = 0; iteration < 30; iteration++) {
    const next = new Array<number>(count).fill(1 - damping);
    for (let i = 0; i < count; i++) {
      const total = outWeight[i] ?? 0;
      if (total === 0) continue;
      for (const [j, weight] of edges[i] ?? []) next[j] = (next[j] ?? 0) + damping * (scores[i] ?? 0) * (weight / total);
    }
    scores = next;
  }
  return scores;
}

/** Jaccard overlap of two sentences' terms. */
export function termOverlap(a: readonly string[], b: readonly string[]): number {
  const left = new Set(a);
  const right = new Set(b);
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const term of left) if (right.has(term)) shared++;
  return shared / (left.size + right.size - shared);
}

/**
 * Maximal marginal relevance: picks `count` of `candidates` (indexes into sentences), each time the one
 * with the best mix of its own score and distance from what is already picked. Ties go to the earlier one.
 */
export function pickDiverse(
  sentences: readonly TranscriptSentence[],
  scores: readonly number[],
  candidates: readonly number[],
  count: number,
  lambda = 0.7,
): number[] {
  const top = Math.max(...candidates.map((index) => scores[index] ?? 0), 1e-9);
  const picked: number[] = [];
  const left = [...candidates];
  while (picked.length < count && left.length > 0) {
    let bestAt = 0;
    let best = Number.NEGATIVE_INFINITY;
    left.forEach((index, at) => {
      const similarity = Math.max(0, ...picked.map((other) => termOverlap(sentences[index]?.terms ?? [], sentences[other]?.terms ?? [])));
      const value = lambda * ((scores[index] ?? 0) / top) - (1 - lambda) * similarity;
      if (value > best) {
        best = value;
        bestAt = at;
      }
    });
    const [chosen] = left.splice(bestAt, 1);
    if (chosen !== undefined) picked.push(chosen);
  }
  return picked;
}

/**
 * Keywords of `sentences`, best first: how often each appears, times how distinctive it is against
 * `background` (document frequency over other parts; none = the whole text counts alone). The label shown
 * is the form used most often.
 */
export function topKeywords(sentences: readonly TranscriptSentence[], count: number, idf?: (key: string) => number): string[] {
  const stats = new Map<string, { count: number; first: number; labels: Map<string, number> }>();
  sentences.forEach((sentence, index) => {
    for (const { key, label } of sentence.keywords) {
      const entry = stats.get(key) ?? { count: 0, first: index, labels: new Map<string, number>() };
      entry.count += 1;
      entry.labels.set(label, (entry.labels.get(label) ?? 0) + 1);
      stats.set(key, entry);
    }
  });
  // A phrase of two words is a better title than either word alone.
  const weight = (key: string) => (key.includes(" ") ? 1.5 : 1) * (idf ? idf(key) : 1);
  const entries = [...stats.entries()];
  const repeated = entries.filter(([, entry]) => entry.count >= 2 || stats.size < 8);
  // A short recording may say nothing twice: its first-said topics still title it better than its first words.
  const ranked = (repeated.length > 0 ? repeated : entries).sort(
    ([keyA, a], [keyB, b]) => b.count * weight(keyB) - a.count * weight(keyA) || a.first - b.first,
  );
  const chosen: string[] = [];
  const covered = new Set<string>();
  for (const [key, entry] of ranked) {
    const words = key.split(" ");
    // "release" adds nothing once "mobile release" is in.
    if (words.every((word) => covered.has(word))) continue;
    const label = [...entry.labels.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? key;
    chosen.push(label);
    for (const word of words) covered.add(word);
    if (chosen.length === count) break;
  }
  return chosen;
}
