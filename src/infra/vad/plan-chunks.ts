// Groups the speech regions voice activity detection found into chunks an engine transcribes one at a
// time. Cuts fall in the silence between regions; only a region longer than a whole chunk is cut inside
// speech. Each chunk's padding (context for the first and last words) is included in its length, so no
// chunk is ever longer than maxChunkSeconds, and padding never reaches into the neighbouring chunk.

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
}

/** Float sums (0.1 + 0.2) must not push a chunk that fits exactly over the limit. */
const epsilon = 1e-9;

export function planChunks(
  speech: readonly TimeRange[],
  { maxChunkSeconds, paddingSeconds, durationSeconds }: PlanChunksOptions,
): TimeRange[] {
  if (!(maxChunkSeconds > 0) || !(paddingSeconds >= 0) || !(durationSeconds >= 0)) {
    throw new RangeError("planChunks needs maxChunkSeconds > 0, paddingSeconds >= 0 and durationSeconds >= 0");
  }
  // Speech a chunk can hold once both paddings are counted.
  const speechLimit = maxChunkSeconds - 2 * paddingSeconds;
  if (speechLimit <= 0) throw new RangeError("paddingSeconds leaves no room for speech in a chunk");

  const pieces = mergeOverlaps(speech, durationSeconds).flatMap((region) => splitHard(region, speechLimit));
  const groups: TimeRange[] = [];
  for (const piece of pieces) {
    const current = groups[groups.length - 1];
    if (current && piece.end - current.start <= speechLimit + epsilon) current.end = piece.end;
    else groups.push({ ...piece });
  }
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
