/**
 * The single-tour search's tour and its local search (./tourSearch.ts runs the kicks around it):
 * the tour is an array with each node's position, over N = jobs + 1 nodes (node 0 the depot, node
 * i the instance's job i − 1).
 *
 * - neighbour lists (each node's K nearest, ./tourStart.ts) and don't-look bits (a queue of the
 *   nodes whose edges changed; a node whose moves all fail leaves the queue);
 * - 2-opt: edges (a, b) and (c, d) replaced by (a, c) and (b, d), c among a's neighbours;
 * - or-opt: a stretch of 1–3 stops, read in either direction, moved between two adjacent stops
 *   c–e next to one of its ends, kept or reversed (a pure 3-opt «or» move, made of two or three
 *   2-opt moves).
 *
 * A reversal touches the shorter side of the cycle (the tour is a cycle through the depot; which
 * way it is read is fixed only when it is written out). Costs are the instance's `cost` between
 * locations.
 */
import type { Instance } from './instance';
import { nearestLists, nearestNeighbourTour } from './tourStart';

/** Below this a change of length is noise, not an improvement. */
export const EPS = 1e-7;
/** Neighbours per node tried by the moves. */
const NEIGHBOURS = 10;

/**
 * A tour over N = jobs + 1 nodes: node 0 is the depot, node i (1…n) the instance's job i − 1.
 * It starts as `order` (instance job indices) or, without one, the nearest-neighbour tour.
 */
export class TourMoves {
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
  protected readonly nb: Int32Array;
  protected readonly K: number;
  private readonly queue: Int32Array;
  private readonly queued: Uint8Array;
  private qHead = 0;
  private qLen = 0;
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
    this.nb = nearestLists(this, this.K);
    this.tour = new Int32Array(N);
    this.pos = new Int32Array(N);
    this.queue = new Int32Array(N);
    this.queued = new Uint8Array(N);
    if (order && order.length === inst.n) {
      this.tour[0] = 0;
      order.forEach((j, i) => (this.tour[i + 1] = j + 1));
    } else nearestNeighbourTour(this, this.K, this.nb, this.tour);
    for (let i = 0; i < N; i += 1) this.pos[this.tour[i] as number] = i;
    this.length = this.measure();
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
}
