/**
 * The single-tour path of the optimiser (./solver.ts): a plan of one vehicle, no time windows,
 * nothing locked in place, its start and end at one place and symmetric costs — a travelling
 * salesman's tour. The general search (ruin and recreate over cached routes) pays O(length) for
 * every change of a long tour; here the tour is an array with each node's position, and the
 * search is an iterated local search:
 *
 * - local search (./tourMoves.ts) with neighbour lists (each node's K nearest, ./tourStart.ts)
 *   and don't-look bits (a queue of the nodes whose edges changed; a node whose moves all fail
 *   leaves the queue):
 *   - 2-opt: edges (a, b) and (c, d) replaced by (a, c) and (b, d), c among a's neighbours;
 *   - or-opt: a stretch of 1–3 stops, read in either direction, moved between two adjacent
 *     stops c–e next to one of its ends, kept or reversed (a pure 3-opt «or» move, made of two
 *     or three 2-opt moves);
 * - perturbation (this file): a «double bridge» kick kept local (two adjacent stretches of a
 *   few stops near a random stop exchange places), then the local search from the six stops it
 *   touched;
 * - acceptance: the new tour replaces the current one when it is no longer; otherwise the current
 *   one is restored; after many kicks without a shorter tour, an escape (several bridges at
 *   once, accepted even when longer; the shortest tour is kept apart).
 *
 * Every random draw comes from the solver's seeded generator.
 */
import type { Rng } from '../prng';
import type { Instance } from './instance';
import { EPS, TourMoves } from './tourMoves';

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
 * The iterated local search over a tour (./tourMoves.ts): kicks, acceptance, escapes, and the
 * shortest tour seen.
 */
export class TourSearch extends TourMoves {
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

  constructor(inst: Instance, order?: readonly number[]) {
    super(inst, order);
    const { N } = this;
    this.savedTour = new Int32Array(N);
    this.savedPos = new Int32Array(N);
    this.bestTour = new Int32Array(N);
    this.scratch = new Int32Array(N);
    this.save();
    this.keepBest();
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

  /** Local search from every node (the start); the result becomes the accepted tour. */
  optimiseAll(): void {
    for (let a = 0; a < this.N; a += 1) this.push(a);
    this.drain();
    this.save();
    if (this.length < this.bestLength) this.keepBest();
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
}
