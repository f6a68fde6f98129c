// Agglomerative clustering of speaker embeddings by cosine distance (decision 025). sherpa-onnx clusters
// inside its own diarizer (FastClustering, same idea: a distance threshold when the number of speakers is
// unknown); this is the reference the tests pin the behaviour to, and what an engine that only gives
// embeddings (an embedding extractor over VAD regions) clusters with.

export interface ClusterOptions {
  /** Two clusters merge while their average cosine distance is below this (0 = same direction, 2 = opposite). */
  threshold: number;
  /** When the number of speakers is known: merge until exactly this many remain, whatever the threshold. */
  numClusters?: number;
}

export function cosineDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new RangeError(`embeddings of different sizes: ${a.length} and ${b.length}`);
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index++) {
    const x = a[index] ?? 0;
    const y = b[index] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  // A silent window's zero vector is like nothing: as far from everything as can be.
  if (normA === 0 || normB === 0) return 1;
  return 1 - dot / Math.sqrt(normA * normB);
}

/**
 * Average-linkage clustering: every embedding starts alone, the two closest clusters merge, again and again.
 * Returns one label per embedding, numbered 0, 1, ... in order of first appearance (the first embedding is 0).
 */
export function clusterEmbeddings(embeddings: readonly ArrayLike<number>[], options: ClusterOptions): number[] {
  const count = embeddings.length;
  if (count === 0) return [];
  const target = options.numClusters !== undefined ? Math.max(1, Math.min(count, Math.floor(options.numClusters))) : undefined;
  // Pairwise distances between clusters, kept up to date with the Lance-Williams average-linkage rule.
  const distance: Float64Array[] = embeddings.map((a) => Float64Array.from(embeddings, (b) => cosineDistance(a, b)));
  const size = new Array<number>(count).fill(1);
  const alive = new Array<boolean>(count).fill(true);
  const owner = Array.from({ length: count }, (_, index) => index);
  let clusters = count;
  while (clusters > 1) {
    let best = Number.POSITIVE_INFINITY;
    let first = -1;
    let second = -1;
    for (let i = 0; i < count; i++) {
      if (!alive[i]) continue;
      const row = distance[i] as Float64Array;
      for (let j = i + 1; j < count; j++) {
        if (alive[j] && (row[j] as number) < best) {
          best = row[j] as number;
          first = i;
          second = j;
        }
      }
    }
    const mustMerge = target !== undefined && clusters > target;
    const mayMerge = target === undefined && best < options.threshold;
    if (!(mustMerge || mayMerge)) break;
    const sizeFirst = size[first] as number;
    const sizeSecond = size[second] as number;
    for (let k = 0; k < count; k++) {
      if (!alive[k] || k === first || k === second) continue;
      const merged =
        ((distance[first] as Float64Array)[k] as number) * sizeFirst + ((distance[second] as Float64Array)[k] as number) * sizeSecond;
      const average = merged / (sizeFirst + sizeSecond);
      (distance[first] as Float64Array)[k] = average;
      (distance[k] as Float64Array)[first] = average;
    }
    size[first] = sizeFirst + sizeSecond;
    alive[second] = false;
    for (let k = 0; k < count; k++) if (owner[k] === second) owner[k] = first;
    clusters--;
  }
  // Number clusters by first appearance, so labels read "Speaker 1" for whoever spoke first.
  const numbering = new Map<number, number>();
  return owner.map((root) => {
    const known = numbering.get(root);
    if (known !== undefined) return known;
    numbering.set(root, numbering.size);
    return numbering.size - 1;
  });
}
