/**
 * The single-tour search's start (./tourSearch.ts): each node's neighbour list (its K nearest
 * others, which the moves of ./tourMoves.ts try) and the nearest-neighbour tour from the depot.
 */

/** What the start reads of a tour: its node count and the cost between two nodes. */
export interface TourCosts {
  readonly N: number;
  d(a: number, b: number): number;
}

/** Each node's K nearest others, nearest first (ties: lower node first). */
export function nearestLists(t: TourCosts, K: number): Int32Array {
  const { N } = t;
  const out = new Int32Array(N * K);
  const bestD = new Float64Array(K);
  const bestI = new Int32Array(K);
  for (let a = 0; a < N; a += 1) {
    let size = 0;
    for (let b = 0; b < N; b += 1) {
      if (b === a) continue;
      const db = t.d(a, b);
      if (size === K && db >= (bestD[K - 1] as number)) continue;
      // Insertion into the sorted list of the K nearest so far.
      let i = size < K ? size : K - 1;
      if (size < K) size += 1;
      while (i > 0 && (bestD[i - 1] as number) > db) {
        bestD[i] = bestD[i - 1] as number;
        bestI[i] = bestI[i - 1] as number;
        i -= 1;
      }
      bestD[i] = db;
      bestI[i] = b;
    }
    for (let k = 0; k < K; k += 1) out[a * K + k] = bestI[k] as number;
  }
  return out;
}

/**
 * Nearest neighbour from the depot into `tour`: the neighbour lists `nb` (K per node) first, a
 * full scan when all are used.
 */
export function nearestNeighbourTour(t: TourCosts, K: number, nb: Int32Array, tour: Int32Array): void {
  const { N } = t;
  const used = new Uint8Array(N);
  let cur = 0;
  used[0] = 1;
  tour[0] = 0;
  for (let i = 1; i < N; i += 1) {
    let next = -1;
    for (let k = 0; k < K; k += 1) {
      const c = nb[cur * K + k] as number;
      if (!used[c]) {
        next = c;
        break;
      }
    }
    if (next < 0) {
      let bestD = Infinity;
      for (let c = 0; c < N; c += 1) {
        if (used[c]) continue;
        const dc = t.d(cur, c);
        if (dc < bestD) {
          bestD = dc;
          next = c;
        }
      }
    }
    used[next] = 1;
    tour[i] = next;
    cur = next;
  }
}
