/**
 * The single-tour path of the optimiser (./solver.ts): a plan of one vehicle, no time windows,
 * nothing locked in place, its start and end at one place and symmetric costs — a travelling
 * salesman's tour. The general search (ruin and recreate over cached routes) pays O(length) for
 * every change of a long tour; here the tour is an array with each node's position, and the
 * search is an iterated local search:
 *
 * - local search with neighbour lists (each node's K nearest) and don't-look bits (a queue of the
 *   nodes whose edges changed; a node whose moves all fail leaves the queue):
 *   - 2-opt: edges (a, b) and (c, d) replaced by (a, c) and (b, d), c among a's neighbours;
 *   - or-opt: a stretch of 1–3 stops, read in either direction, moved between two adjacent
 *     stops c–e next to one of its ends, kept or reversed (a pure 3-opt «or» move, made of two
 *     or three 2-opt moves);
 * - perturbation: a «double bridge» kick kept local (two adjacent stretches of a few stops near a
 *   random stop exchange places), then the local search from the six stops it touched;
 * - acceptance: the new tour replaces the current one when it is no longer; otherwise the current
 *   one is restored; after many kicks without a shorter tour, an escape (several bridges at
 *   once, accepted even when longer; the shortest tour is kept apart).
 *
 * A reversal touches the shorter side of the cycle (the tour is a cycle through the depot; which
 * way it is read is fixed only when it is written out). Costs are the instance's `cost` between
 * locations. Every random draw comes from the solver's seeded generator.
 */
import type { Rng } from '../prng';
import type { Instance } from './instance';

/** Below this a change of length is noise, not an improvement. */
const EPS = 1e-7;
/** Neighbours per node tried by the moves. */
const NEIGHBOURS = 10;
/** Longest stretch a kick moves. */
const KICK_SEGMENT = 30;
/** Share of kicks cut between stops close in space (the others: along the tour). */
const SPATIAL_KICKS = 0.5;
/** Kicks without a shorter tour before an escape: at least this many, or so many per node. */
const ESCAPE_MIN = 1000;
const ESCAPE_PER_NODE = 5;
/** Bridges of an escape, per node. */
const ESCAPE_BRIDGES = 0.01;

/**
 * Whether a problem is a single tour the fast path may solve: one vehicle starting and ending at
 * one place, no time windows, shift or duration, no stop locked at a position, every stop fitting
 * the vehicle's capacity together, and a symmetric cost between the places visited.
 */
export function isSingleTour(inst: Instance): boolean {
  if (inst.m !== 1 || inst.n < 5 || inst.timed) return false;
  if ((inst.lastLock[0] as number) > 0) return false;
  if (inst.loc[inst.n] !== inst.loc[inst.n + 1]) return false;
  for (let d = 0; d < inst.dims; d += 1) {
    let s = 0;
    for (let j = 0; j < inst.n; j += 1) s += inst.demand[j * inst.dims + d] as number;
    if (s > (inst.cap[d] as number) + 1e-9) return false;
  }
  const N = inst.n + 1;
  for (let a = 0; a < N; a += 1) {
    const la = inst.loc[a === 0 ? inst.n : a - 1] as number;
    for (let b = a + 1; b < N; b += 1) {
      const lb = inst.loc[b === 0 ? inst.n : b - 1] as number;
      const x = inst.cost[la * inst.size + lb] as number;
      const y = inst.cost[lb * inst.size + la] as number;
      if (Math.abs(x - y) > 1e-9 * Math.max(1, Math.abs(x))) return false;
    }
  }
  return true;
}

/**
 * A tour over N = jobs + 1 nodes: node 0 is the depot, node i (1…n) the instance's job i − 1.
 */
export class TourSearch {
  readonly N: number;
  /** Node at each position of the cycle. */
  readonly tour: Int32Array;
  /** Position of each node. */
  readonly pos: Int32Array;
  /** Length of `tour`. */
  length = 0;
  private readonly lc: Int32Array;
  private readonly cost: Float64Array;
  private readonly size: number;
  private readonly nb: Int32Array;
  private readonly K: number;
  private readonly queue: Int32Array;
  private readonly queued: Uint8Array;
  private qHead = 0;
  private qLen = 0;
  /** The accepted tour (restored when a kick does not pay). */
  private readonly savedTour: Int32Array;
  private readonly savedPos: Int32Array;
  private savedLength = 0;
  /** The shortest tour seen (the accepted one may be longer after an escape). */
  private readonly bestTour: Int32Array;
  /** Length of the shortest tour seen. */
  bestLength = Infinity;
  private sinceBetter = 0;
  /** Escapes made (tests, statistics). */
  escapes = 0;
  private readonly scratch: Int32Array;
  /** Moves applied by the local search (tests, statistics). */
  moves = 0;

  constructor(inst: Instance, order?: readonly number[]) {
    const N = inst.n + 1;
    this.N = N;
    this.lc = new Int32Array(N);
    this.lc[0] = inst.loc[inst.n] as number;
    for (let j = 0; j < inst.n; j += 1) this.lc[j + 1] = inst.loc[j] as number;
    this.cost = inst.cost;
    this.size = inst.size;
    this.K = Math.min(NEIGHBOURS, N - 1);
    this.nb = this.nearest();
    this.tour = new Int32Array(N);
    this.pos = new Int32Array(N);
    this.queue = new Int32Array(N);
    this.queued = new Uint8Array(N);
    this.savedTour = new Int32Array(N);
    this.savedPos = new Int32Array(N);
    this.bestTour = new Int32Array(N);
    this.scratch = new Int32Array(N);
    if (order && order.length === inst.n) {
      this.tour[0] = 0;
      order.forEach((j, i) => (this.tour[i + 1] = j + 1));
    } else this.nearestNeighbourTour();
    for (let i = 0; i < N; i += 1) this.pos[this.tour[i] as number] = i;
    this.length = this.measure();
    this.save();
    this.keepBest();
  }

  d(a: number, b: number): number {
    return this.cost[(this.lc[a] as number) * this.size + (this.lc[b] as number)] as number;
  }

  succ(a: number): number {
    const p = (this.pos[a] as number) + 1;
    return this.tour[p === this.N ? 0 : p] as number;
  }

  pred(a: number): number {
    const p = this.pos[a] as number;
    return this.tour[p === 0 ? this.N - 1 : p - 1] as number;
  }

  /** The tour's length, summed afresh. */
  measure(): number {
    let s = 0;
    for (let i = 0; i < this.N; i += 1) s += this.d(this.tour[i] as number, this.tour[i + 1 === this.N ? 0 : i + 1] as number);
    return s;
  }

  /** The jobs of the current tour in visiting order from the depot (instance job indices). */
  jobs(): number[] {
    return this.read(this.tour);
  }

  /** The jobs of the shortest tour seen, in visiting order from the depot. */
  bestJobs(): number[] {
    return this.read(this.bestTour);
  }

  private read(tour: Int32Array): number[] {
    const out: number[] = [];
    const start = tour.indexOf(0);
    // Read the way that starts with the cheaper first leg (both ways cost the same).
    const fwd = (i: number): number => tour[(start + i) % this.N] as number;
    const bwd = (i: number): number => tour[(start - i + this.N) % this.N] as number;
    for (let i = 1; i < this.N; i += 1) out.push(fwd(i) - 1);
    if (this.N > 2 && this.d(0, bwd(1)) < this.d(0, fwd(1))) out.reverse();
    return out;
  }

  // ── Local search ─────────────────────────────────────────────────────────────────────────

  /** Local search from every node (the start); the result becomes the accepted tour. */
  optimiseAll(): void {
    for (let a = 0; a < this.N; a += 1) this.push(a);
    this.drain();
    this.save();
    if (this.length < this.bestLength) this.keepBest();
  }

  /** Runs the moves from the queued nodes until none improves. */
  drain(): void {
    while (this.qLen > 0) {
      const a = this.queue[this.qHead] as number;
      this.qHead = this.qHead + 1 === this.N ? 0 : this.qHead + 1;
      this.qLen -= 1;
      this.queued[a] = 0;
      while (this.twoOptFrom(a) || this.orOptFrom(a)) {
        // The move queued its endpoints, a among them; keep improving around a.
      }
    }
  }

  push(a: number): void {
    if (this.queued[a]) return;
    this.queued[a] = 1;
    let at = this.qHead + this.qLen;
    if (at >= this.N) at -= this.N;
    this.queue[at] = a;
    this.qLen += 1;
  }

  /** First improving 2-opt move with a as an endpoint, applied; false if none. */
  twoOptFrom(a: number): boolean {
    const { K, nb } = this;
    for (let side = 0; side < 2; side += 1) {
      const b = side === 0 ? this.succ(a) : this.pred(a);
      const dab = this.d(a, b);
      for (let k = 0; k < K; k += 1) {
        const c = nb[a * K + k] as number;
        const dac = this.d(a, c);
        if (dac >= dab - EPS) break;
        const e = side === 0 ? this.succ(c) : this.pred(c);
        if (c === b || e === a) continue;
        const delta = dac + this.d(b, e) - dab - this.d(c, e);
        if (delta < -EPS) {
          this.twoOptMove(a, b, c, e);
          this.length += delta;
          this.moves += 1;
          this.push(a);
          this.push(b);
          this.push(c);
          this.push(e);
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Replaces edges (a, b) and (c, e) by (a, c) and (b, e), where b follows a and e follows c in
   * the same direction of the cycle (either). Reverses the shorter side.
   */
  twoOptMove(a: number, b: number, c: number, e: number): void {
    if (this.succ(a) === b) this.reversePath(b, c);
    else this.reversePath(a, e);
  }

  /** Reverses the path from node i forwards to node j (or, the same cycle, the rest). */
  private reversePath(i: number, j: number): void {
    const { N, tour, pos } = this;
    let pi = pos[i] as number;
    let pj = pos[j] as number;
    let len = pj - pi;
    if (len < 0) len += N;
    len += 1;
    if (2 * len > N) {
      // The complement: from after j to before i.
      const ni = pj + 1 === N ? 0 : pj + 1;
      const nj = pi === 0 ? N - 1 : pi - 1;
      pi = ni;
      pj = nj;
      len = N - len;
    }
    for (let k = len >> 1; k > 0; k -= 1) {
      const x = tour[pi] as number;
      const y = tour[pj] as number;
      tour[pi] = y;
      pos[y] = pi;
      tour[pj] = x;
      pos[x] = pj;
      pi = pi + 1 === N ? 0 : pi + 1;
      pj = pj === 0 ? N - 1 : pj - 1;
    }
  }

  /** First improving or-opt move of a stretch that starts at a; false if none. */
  orOptFrom(a: number): boolean {
    const { N, K, nb } = this;
    for (let L = 1; L <= 3 && L + 3 <= N; L += 1) {
      for (let dir = 0; dir < 2; dir += 1) {
        const fwd = dir === 0;
        const s1 = a;
        const s2 = L >= 2 ? (fwd ? this.succ(s1) : this.pred(s1)) : s1;
        const sL = L === 3 ? (fwd ? this.succ(s2) : this.pred(s2)) : s2;
        const p = fwd ? this.pred(s1) : this.succ(s1);
        const nx = fwd ? this.succ(sL) : this.pred(sL);
        const removeGain = this.d(p, s1) + this.d(sL, nx) - this.d(p, nx);
        if (removeGain <= EPS) continue;
        for (let end = 0; end < 2; end += 1) {
          const x = end === 0 ? s1 : sL;
          const other = end === 0 ? sL : s1;
          for (let k = 0; k < K; k += 1) {
            const c = nb[x * K + k] as number;
            const dc = this.d(c, x);
            if (dc >= removeGain - EPS) break;
            if (c === s1 || c === s2 || c === sL || c === p) continue;
            for (let side = 0; side < 2; side += 1) {
              const e = side === 0 ? this.succ(c) : this.pred(c);
              if (e === s1 || e === s2 || e === sL || e === p) continue;
              const delta = dc + this.d(other, e) - this.d(c, e) - removeGain;
              if (delta < -EPS) {
                this.orMove(s1, sL, p, nx, c, e, x, fwd);
                this.length += delta;
                this.moves += 1;
                this.push(p);
                this.push(nx);
                this.push(s1);
                this.push(sL);
                this.push(c);
                this.push(e);
                return true;
              }
            }
          }
        }
      }
    }
    return false;
  }

  /**
   * Moves the stretch s1…sL (p before s1, nx after sL, read `forward` or backward) between the
   * adjacent nodes c and e, with c next to `x` (s1 or sL): two or three 2-opt moves.
   */
  orMove(s1: number, sL: number, p: number, nx: number, c: number, e: number, x: number, forward: boolean): void {
    // Read the cycle in the direction p → s1 … sL → nx; u–w is the edge c–e in that direction.
    const u = (forward ? this.succ(c) : this.pred(c)) === e ? c : e;
    const w = u === c ? e : c;
    this.twoOptMove(p, s1, u, w); // p u … nx sL … s1 w
    if (u !== nx) this.twoOptMove(p, u, nx, sL); // p nx … u sL … s1 w
    if (s1 !== sL && !((c === u && x === sL) || (c === w && x === s1))) this.twoOptMove(u, sL, s1, w); // u s1 … sL w
  }

  // ── Iterated local search ────────────────────────────────────────────────────────────────

  /**
   * One iteration: a local double bridge, the local search around it, and acceptance (the
   * tour is kept when it is no longer than the accepted one). Returns true when it is shorter.
   */
  kick(rng: Rng): boolean {
    if (this.N >= 8 && rng.next() < SPATIAL_KICKS) this.spatialBridge(rng);
    else this.segmentBridge(rng);
    this.drain();
    if (this.length <= this.savedLength + EPS) this.save();
    else this.restore();
    if (this.length < this.bestLength - EPS) {
      this.keepBest();
      return true;
    }
    this.sinceBetter += 1;
    if (this.sinceBetter >= Math.max(ESCAPE_MIN, ESCAPE_PER_NODE * this.N)) this.escape(rng);
    return false;
  }

  /**
   * Out of a trap: after many kicks without a shorter tour, several bridges at once, the local
   * search, and the result accepted even when longer (the best tour stays kept apart).
   */
  private escape(rng: Rng): void {
    const kicks = Math.max(2, Math.round(this.N * ESCAPE_BRIDGES));
    for (let k = 0; k < kicks; k += 1) this.segmentBridge(rng);
    this.drain();
    this.save();
    this.sinceBetter = 0;
    this.escapes += 1;
  }

  private keepBest(): void {
    this.bestTour.set(this.tour);
    this.bestLength = this.length;
    this.sinceBetter = 0;
  }

  /**
   * Double bridge between three stops close in space (a random stop and two of its neighbours):
   * cut after each, the two stretches between the cuts exchange places.
   */
  private spatialBridge(rng: Rng): void {
    const { K, nb, pos } = this;
    const x = rng.int(0, this.N - 1);
    const y = nb[x * K + rng.int(0, K - 1)] as number;
    let z = nb[x * K + rng.int(0, K - 1)] as number;
    if (z === y) z = nb[y * K + rng.int(0, K - 1)] as number;
    if (z === x || z === y) return this.segmentBridge(rng);
    // Positions of the three cuts in cycle order from x.
    const px = pos[x] as number;
    const rel = (n: number): number => ((pos[n] as number) - px + this.N) % this.N;
    const [, b, c] = [x, y, z].sort((m, n) => rel(m) - rel(n)) as [number, number, number];
    const l1 = rel(b);
    const l2 = rel(c) - l1;
    if (l1 === 0 || l2 === 0 || l1 + l2 >= this.N - 1) return this.segmentBridge(rng);
    this.bridge(px, l1, l2);
  }

  /** Double bridge of two adjacent stretches of up to KICK_SEGMENT stops near a random stop. */
  private segmentBridge(rng: Rng): void {
    const maxSeg = Math.max(1, Math.min(KICK_SEGMENT, Math.floor((this.N - 2) / 2)));
    this.bridge(rng.int(0, this.N - 1), rng.int(1, maxSeg), rng.int(1, maxSeg));
  }

  /** The l1 stops after position `base` and the l2 after them exchange places. */
  private bridge(base: number, l1: number, l2: number): void {
    const { N, tour, pos, scratch } = this;
    const at = (i: number): number => (base + i) % N;
    const a = tour[base] as number;
    const b1 = tour[at(1)] as number;
    const bL = tour[at(l1)] as number;
    const c1 = tour[at(l1 + 1)] as number;
    const cL = tour[at(l1 + l2)] as number;
    const dn = tour[at(l1 + l2 + 1)] as number;
    const delta = this.d(a, c1) + this.d(cL, b1) + this.d(bL, dn) - this.d(a, b1) - this.d(bL, c1) - this.d(cL, dn);
    let m = 0;
    for (let i = l1 + 1; i <= l1 + l2; i += 1) scratch[m++] = tour[at(i)] as number;
    for (let i = 1; i <= l1; i += 1) scratch[m++] = tour[at(i)] as number;
    for (let i = 0; i < m; i += 1) {
      const p = at(i + 1);
      const node = scratch[i] as number;
      tour[p] = node;
      pos[node] = p;
    }
    this.length += delta;
    this.push(a);
    this.push(b1);
    this.push(bL);
    this.push(c1);
    this.push(cL);
    this.push(dn);
  }

  private save(): void {
    this.savedTour.set(this.tour);
    this.savedPos.set(this.pos);
    this.savedLength = this.length;
  }

  private restore(): void {
    this.tour.set(this.savedTour);
    this.pos.set(this.savedPos);
    this.length = this.savedLength;
  }

  // ── Start ────────────────────────────────────────────────────────────────────────────────

  /** Each node's K nearest others, nearest first (ties: lower node first). */
  private nearest(): Int32Array {
    const { N, K } = this;
    const out = new Int32Array(N * K);
    const bestD = new Float64Array(K);
    const bestI = new Int32Array(K);
    for (let a = 0; a < N; a += 1) {
      let size = 0;
      for (let b = 0; b < N; b += 1) {
        if (b === a) continue;
        const db = this.d(a, b);
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

  /** Nearest neighbour from the depot: the neighbour lists first, a full scan when all are used. */
  private nearestNeighbourTour(): void {
    const { N, K, nb, tour } = this;
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
          const dc = this.d(cur, c);
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
}
