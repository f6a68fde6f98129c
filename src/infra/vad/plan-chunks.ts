// Groups the speech regions voice activity detection found into chunks an engine transcribes one at a
// time. Cuts fall in the silence between regions; only a region longer than a whole chunk is cut inside
// speech. Each chunk's padding (context for the first and last words) is included in its length, so no
// chunk is ever longer than maxChunkSeconds, and padding never reaches into the neighbouring chunk.
// The first chunks may be held shorter (firstChunkSeconds, then twice as long each, up to maxChunkSeconds):
// the first settles once voice detection has heard about that much, so the engine starts after ~60 s of
// listening instead of a whole ten-minute chunk, and each next one settles while the engine is still on
// the one before, as long as detection runs at least twice as fast as the engine (decision 014).

export interface TimeRange {
  start: number;
  end: number;
}

export interface PlanChunksOptions {
  /** Longest chunk, padding included (an engine's window or an upload limit). */
  maxChunkSeconds: number;
  /** Silence kept on each side of a chunk's speech, where there is silence to keep. */
  paddingSeconds: number;
  durationSeconds: number;
  /**
   * Longest first chunk, padding included, when it should be shorter than the rest (the engine starts on
   * it sooner); chunk n may then be `growth`^n times as long, up to maxChunkSeconds. A region longer than
   * its chunk's limit still goes whole into one chunk (up to maxChunkSeconds): the cut stays in a
   * silence. Absent: every chunk up to maxChunkSeconds.
   */
  firstChunkSeconds?: number;
}

/** Float sums (0.1 + 0.2) must not push a chunk that fits exactly over the limit. */
const epsilon = 1e-9;
/**
 * How much longer each chunk may be than the one before, from firstChunkSeconds up to maxChunkSeconds:
 * detection must hear the next chunk while the engine transcribes this one (decision 014 measured it
 * only ~2x faster than Whisper tiny.en on a loaded 2-core machine, ~13x on a quiet one).
 */
const growth = 2;

export function planChunks(speech: readonly TimeRange[], options: PlanChunksOptions): TimeRange[] {
  return padGroups(groupSpeech(speech, options), options);
}

/**
 * The chunks of `planChunks` that no region found later can change, while voice detection is still
 * listening: the pipeline starts the engine on them early. A later region may join the last region found
 * so far (touching or overlapping it), which changes how that region is cut into pieces, so a group is
 * settled only when it holds earlier regions alone and no piece starting where the last region starts
 * could still join it. Planning is thereby the same whatever the detector's timing: every answer is a
 * prefix of the plan of all regions, so a resumed job plans exactly the chunks whose checkpoints the
 * first one left (issue 23).
 */
export function planSettledChunks(
  speech: readonly TimeRange[],
  options: PlanChunksOptions,
  { isComplete }: { isComplete: boolean },
): TimeRange[] {
  const groups = groupSpeech(speech, options);
  if (isComplete) return padGroups(groups, options);
  const last = mergeOverlaps(speech, options.durationSeconds).at(-1);
  if (!last) return [];
  let settled = groups.filter((group) => group.end < last.start).length;
  const closing = groups[settled - 1];
  // Any piece of the last region ends after it starts: a group starting within one chunk of it may take one.
  if (closing && last.start - closing.start <= speechLimitsOf(options)(settled - 1) + epsilon) settled -= 1;
  return padGroups(groups, options).slice(0, settled);
}

/** Speech a chunk can hold once both paddings are counted. */
function speechLimitOf({ maxChunkSeconds, paddingSeconds, durationSeconds }: PlanChunksOptions): number {
  if (!(maxChunkSeconds > 0) || !(paddingSeconds >= 0) || !(durationSeconds >= 0)) {
    throw new RangeError("planChunks needs maxChunkSeconds > 0, paddingSeconds >= 0 and durationSeconds >= 0");
  }
  const speechLimit = maxChunkSeconds - 2 * paddingSeconds;
  if (speechLimit <= 0) throw new RangeError("paddingSeconds leaves no room for speech in a chunk");
  return speechLimit;
}

/** Speech chunk `index` can hold: the first ones may hold less (firstChunkSeconds), never more than maxChunkSeconds. */
function speechLimitsOf(options: PlanChunksOptions): (index: number) => number {
  const speechLimit = speechLimitOf(options);
  const { firstChunkSeconds, paddingSeconds } = options;
  if (firstChunkSeconds === undefined) return () => speechLimit;
  if (!(firstChunkSeconds - 2 * paddingSeconds > 0)) throw new RangeError("paddingSeconds leaves no room for speech in the first chunk");
  return (index) => Math.min(firstChunkSeconds * growth ** index - 2 * paddingSeconds, speechLimit);
}

/** Pieces of speech joined greedily, in order, while a group's speech fits its chunk (the first ones may be shorter). */
function groupSpeech(speech: readonly TimeRange[], options: PlanChunksOptions): TimeRange[] {
  const speechLimit = speechLimitOf(options);
  const limitOf = speechLimitsOf(options);
  const pieces = mergeOverlaps(speech, options.durationSeconds).flatMap((region) => splitHard(region, speechLimit));
  const groups: TimeRange[] = [];
  for (const piece of pieces) {
    const current = groups[groups.length - 1];
    if (current && piece.end - current.start <= limitOf(groups.length - 1) + epsilon) current.end = piece.end;
    else groups.push({ ...piece });
  }
  return groups;
}

function padGroups(groups: readonly TimeRange[], { paddingSeconds, durationSeconds }: PlanChunksOptions): TimeRange[] {
  return groups.map((group, index) => {
    const previous = groups[index - 1];
    const next = groups[index + 1];
    // Padding stops halfway into the silence shared with a neighbour, so chunks never overlap.
    const floor = previous ? (previous.end + group.start) / 2 : 0;
    const ceiling = next ? (group.end + next.start) / 2 : durationSeconds;
    return { start: Math.max(floor, group.start - paddingSeconds), end: Math.min(ceiling, group.end + paddingSeconds) };
  });
}

/** Sorted, clamped to [0, duration], empty regions dropped, overlapping or touching ones joined. */
function mergeOverlaps(speech: readonly TimeRange[], durationSeconds: number): TimeRange[] {
  const clamped = speech
    .map((region) => ({ start: Math.max(0, region.start), end: Math.min(durationSeconds, region.end) }))
    .filter((region) => region.end > region.start)
    .sort((a, b) => a.start - b.start);
  const merged: TimeRange[] = [];
  for (const region of clamped) {
    const last = merged[merged.length - 1];
    if (last && region.start <= last.end) last.end = Math.max(last.end, region.end);
    else merged.push(region);
  }
  return merged;
}

/** A region longer than the limit becomes equal pieces (no tiny tail piece for the engine). */
function splitHard(region: TimeRange, limit: number): TimeRange[] {
  const length = region.end - region.start;
  if (length <= limit + epsilon) return [region];
  const count = Math.ceil(length / limit - epsilon);
  const size = length / count;
  return Array.from({ length: count }, (_, index) => ({
    start: region.start + index * size,
    end: index === count - 1 ? region.end : region.start + (index + 1) * size,
  }));
}
