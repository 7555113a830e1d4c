/**
 * Local search over a working solution: granular (each stop is only tried next to its closest
 * stops), first improvement, until no move improves.
 *
 * Moves, for a stop u and a close stop v:
 * - relocate: u, or u with its next one or two stops (or-opt), after v or before v;
 * - exchange: u and v swap places;
 * - 2-opt*: two routes swap their tails so that u is followed by v (or v by u);
 * - 2-opt: within one route, reverse the stretch between u and v;
 * and u alone into an unused vehicle.
 *
 * Inter-route moves are evaluated in O(1) with the routes' prefix / suffix / tail segments;
 * intra-route moves compute the cost change in O(1) and check the windows (O(length)) only when
 * the cost improves. Locks: a move may not touch a sequence index at or before a route's last
 * position-locked stop unless it keeps every locked stop where it is (exchanges and moves inside
 * the stretch between two locked stops do); a stop locked to a route never leaves it.
 *
 * Shared helpers live in ./moveKit.ts, the moves within one tour in ./intraMoves.ts.
 */
import type { Rng } from '../prng';
import type { Editor } from './ruinRecreate';
import { cat, SEG, nodeAt, type Tour } from './solution';
import { GAIN } from './moveKit';
import { IntraMoves } from './intraMoves';

export class LocalSearch extends IntraMoves {
  /** Neighbours tried per stop. */
  granularity: number;

  constructor(editor: Editor, granularity = 20) {
    super(editor);
    this.granularity = granularity;
  }

  /**
   * Improves until no move helps (or `maxPasses` passes); true when anything changed. With
   * `only`, just those stops are tried as the moved stop u (after a ruin and recreate: the
   * re-inserted stops).
   */
  run(rng: Rng, maxPasses = 100, only?: readonly number[]): boolean {
    const { inst, sol } = this;
    const order: number[] = [];
    if (only) order.push(...only);
    else for (let j = 0; j < inst.n; j += 1) order.push(j);
    let changed = false;
    const G = Math.min(this.granularity, inst.neighbourCount);
    for (let pass = 0; pass < maxPasses; pass += 1) {
      let improved = false;
      for (let i = order.length - 1; i > 0; i -= 1) {
        const k = Math.floor(rng.next() * (i + 1));
        const t = order[i] as number;
        order[i] = order[k] as number;
        order[k] = t;
      }
      for (const u of order) {
        if ((sol.routeOf[u] as number) < 0) continue;
        for (let g = 0; g < G; g += 1) {
          const v = inst.neighbours[u * inst.neighbourCount + g] as number;
          if ((sol.routeOf[v] as number) < 0 || (sol.routeOf[u] as number) < 0) continue;
          if (this.tryPair(u, v)) improved = true;
        }
        if (this.tryEmpty(u)) improved = true;
      }
      if (!improved) break;
      changed = true;
    }
    return changed;
  }

  private tryPair(u: number, v: number): boolean {
    const { sol } = this;
    const ru = sol.routeOf[u] as number;
    const rv = sol.routeOf[v] as number;
    const iu = sol.posOf[u] as number;
    const iv = sol.posOf[v] as number;
    if (ru !== rv) {
      for (let len = 1; len <= 3; len += 1) {
        if (this.relocateInter(ru, iu, len, rv, iv, false)) return true;
        if (this.relocateInter(ru, iu, len, rv, iv - 1, false)) return true;
        if (len > 1 && this.relocateInter(ru, iu, len, rv, iv - 1, true)) return true;
      }
      if (this.swapInter(ru, iu, rv, iv)) return true;
      if (this.twoOptStar(ru, iu, rv, iv - 1)) return true;
      if (this.twoOptStar(ru, iu - 1, rv, iv)) return true;
      return false;
    }
    for (let len = 1; len <= 3; len += 1) {
      if (this.relocateIntra(ru, iu, len, iv, false)) return true;
      if (this.relocateIntra(ru, iu, len, iv - 1, false)) return true;
      if (len > 1 && this.relocateIntra(ru, iu, len, iv - 1, true)) return true;
    }
    if (this.swapIntra(ru, iu, iv)) return true;
    if (iu < iv) {
      if (this.twoOpt(ru, iu + 1, iv)) return true;
    } else if (this.twoOpt(ru, iv, iu - 1)) return true;
    return false;
  }

  // ── Inter-route moves ────────────────────────────────────────────────────────────────────
  // Each move applies itself and returns true only when it is allowed (locks, vehicles) and
  // lowers the objective; otherwise it changes nothing and returns false.

  /** Moves the `len` stops from sequence index s of route ra to after sequence index p of route rb (reversed with `rev`). */
  relocateInter(ra: number, s: number, len: number, rb: number, p: number, rev: boolean): boolean {
    const { inst, sol } = this;
    const A = sol.routes[ra] as Tour;
    const B = sol.routes[rb] as Tour;
    const ka = A.jobs.length;
    if (s + len - 1 > ka || p < 0) return false;
    if (s <= (inst.lastLock[A.v] as number) || p < (inst.lastLock[B.v] as number)) return false;
    // First and last stop of the segment as it will be visited.
    const first = A.jobs[rev ? s + len - 2 : s - 1] as number;
    const last = A.jobs[rev ? s - 1 : s + len - 2] as number;
    const aPrev = nodeAt(inst, A, s - 1);
    const aNext = nodeAt(inst, A, s + len);
    const bPrev = nodeAt(inst, B, p);
    const bNext = nodeAt(inst, B, p + 1);
    const segC = rev ? (A.preRC[s + len - 1] as number) - (A.preRC[s] as number) : (A.preC[s + len - 1] as number) - (A.preC[s] as number);
    const aEmpty = len === ka;
    // Quick bound on the cost first (penalties only add, unless there are some to remove).
    const cA = aEmpty ? 0 : (A.preC[s - 1] as number) + this.c(aPrev, aNext) + (A.sufC[s + len] as number);
    const cB = (B.preC[p] as number) + this.c(bPrev, first) + segC + this.c(last, bNext) + (B.sufC[p + 1] as number);
    const before = A.cost + B.cost;
    const fixedA = aEmpty ? 0 : (inst.fixed[A.v] as number);
    const fixedB = inst.fixed[B.v] as number;
    if (A.penalty + B.penalty === 0 && cA + fixedA + cB + fixedB - before > -GAIN) return false;
    const dims = inst.dims;
    const seg = this.segLoad;
    seg.fill(0);
    for (let i = 0; i < len; i += 1) {
      const x = A.jobs[s - 1 + i] as number;
      if (!this.allowed(x, B.v)) return false;
      for (let d = 0; d < dims; d += 1) seg[d] = (seg[d] as number) + (inst.demand[x * dims + d] as number);
    }
    for (let d = 0; d < dims; d += 1) {
      this.loadA[d] = (A.load[d] as number) - (seg[d] as number);
      this.loadB[d] = (B.load[d] as number) + (seg[d] as number);
    }
    let objA = 0;
    if (!aEmpty) {
      let D = 0;
      let TW = 0;
      if (inst.timed) {
        cat(A.preD[s - 1] as number, A.preTW[s - 1] as number, A.preE[s - 1] as number, A.preL[s - 1] as number, this.t(aPrev, aNext), A.sufD[s + len] as number, A.sufTW[s + len] as number, A.sufE[s + len] as number, A.sufL[s + len] as number);
        D = SEG[0]!;
        TW = SEG[1]!;
      }
      objA = this.objective(A.v, cA, D, TW, this.loadA, false);
    }
    let D = 0;
    let TW = 0;
    if (inst.timed) {
      // The moved segment's own summary (first, then its other stops as they will be visited).
      this.extend(inst.service[first] as number, 0, inst.early[first] as number, inst.late[first] as number, first, A.jobs, rev ? s + len - 3 : s, rev ? -1 : 1, len - 1);
      cat(B.preD[p] as number, B.preTW[p] as number, B.preE[p] as number, B.preL[p] as number, this.t(bPrev, first), SEG[0]!, SEG[1]!, SEG[2]!, SEG[3]!);
      cat(SEG[0]!, SEG[1]!, SEG[2]!, SEG[3]!, this.t(last, bNext), B.sufD[p + 1] as number, B.sufTW[p + 1] as number, B.sufE[p + 1] as number, B.sufL[p + 1] as number);
      D = SEG[0]!;
      TW = SEG[1]!;
    }
    const objB = this.objective(B.v, cB, D, TW, this.loadB, false);
    if (objA + objB - before > -GAIN) return false;
    const moved = A.jobs.slice(s - 1, s - 1 + len);
    if (rev) moved.reverse();
    const newA = A.jobs.slice(0, s - 1).concat(A.jobs.slice(s - 1 + len));
    const newB = B.jobs.slice(0, p).concat(moved, B.jobs.slice(p));
    return this.replaceBoth(ra, newA, rb, newB);
  }
  swapInter(ra: number, ia: number, rb: number, ib: number): boolean {
    const { inst, sol } = this;
    const A = sol.routes[ra] as Tour;
    const B = sol.routes[rb] as Tour;
    const u = A.jobs[ia - 1] as number;
    const v = B.jobs[ib - 1] as number;
    if ((inst.lockPos[u] as number) >= 0 || (inst.lockPos[v] as number) >= 0) return false;
    if (!this.allowed(u, B.v) || !this.allowed(v, A.v)) return false;
    const aPrev = nodeAt(inst, A, ia - 1);
    const aNext = nodeAt(inst, A, ia + 1);
    const bPrev = nodeAt(inst, B, ib - 1);
    const bNext = nodeAt(inst, B, ib + 1);
    const cA = (A.preC[ia - 1] as number) + this.c(aPrev, v) + this.c(v, aNext) + (A.sufC[ia + 1] as number);
    const cB = (B.preC[ib - 1] as number) + this.c(bPrev, u) + this.c(u, bNext) + (B.sufC[ib + 1] as number);
    const before = A.cost + B.cost;
    const fixed = (inst.fixed[A.v] as number) + (inst.fixed[B.v] as number);
    if (A.penalty + B.penalty === 0 && cA + cB + fixed - before > -GAIN) return false;
    const dims = inst.dims;
    for (let d = 0; d < dims; d += 1) {
      const du = inst.demand[u * dims + d] as number;
      const dv = inst.demand[v * dims + d] as number;
      this.loadA[d] = (A.load[d] as number) - du + dv;
      this.loadB[d] = (B.load[d] as number) - dv + du;
    }
    let DA = 0;
    let TWA = 0;
    let DB = 0;
    let TWB = 0;
    if (inst.timed) {
      cat(A.preD[ia - 1] as number, A.preTW[ia - 1] as number, A.preE[ia - 1] as number, A.preL[ia - 1] as number, this.t(aPrev, v), inst.service[v] as number, 0, inst.early[v] as number, inst.late[v] as number);
      cat(SEG[0]!, SEG[1]!, SEG[2]!, SEG[3]!, this.t(v, aNext), A.sufD[ia + 1] as number, A.sufTW[ia + 1] as number, A.sufE[ia + 1] as number, A.sufL[ia + 1] as number);
      DA = SEG[0]!;
      TWA = SEG[1]!;
      cat(B.preD[ib - 1] as number, B.preTW[ib - 1] as number, B.preE[ib - 1] as number, B.preL[ib - 1] as number, this.t(bPrev, u), inst.service[u] as number, 0, inst.early[u] as number, inst.late[u] as number);
      cat(SEG[0]!, SEG[1]!, SEG[2]!, SEG[3]!, this.t(u, bNext), B.sufD[ib + 1] as number, B.sufTW[ib + 1] as number, B.sufE[ib + 1] as number, B.sufL[ib + 1] as number);
      DB = SEG[0]!;
      TWB = SEG[1]!;
    }
    const after = this.objective(A.v, cA, DA, TWA, this.loadA, false) + this.objective(B.v, cB, DB, TWB, this.loadB, false);
    if (after - before > -GAIN) return false;
    const newA = A.jobs.slice();
    const newB = B.jobs.slice();
    newA[ia - 1] = v;
    newB[ib - 1] = u;
    return this.replaceBoth(ra, newA, rb, newB);
  }

  /** Into SEG: the time segment of X up to position x, then Y's tail after y (first…last), then X's end node. */
  private joinTail(X: Tour, x: number, cut: number, Y: Tour, y: number, first: number, last: number, end: number, tailEmpty: boolean): void {
    const { inst } = this;
    if (tailEmpty) {
      cat(X.preD[x] as number, X.preTW[x] as number, X.preE[x] as number, X.preL[x] as number, this.t(cut, end), inst.service[end] as number, 0, inst.early[end] as number, inst.late[end] as number);
      return;
    }
    cat(X.preD[x] as number, X.preTW[x] as number, X.preE[x] as number, X.preL[x] as number, this.t(cut, first), Y.tailD[y + 1] as number, Y.tailTW[y + 1] as number, Y.tailE[y + 1] as number, Y.tailL[y + 1] as number);
    cat(SEG[0]!, SEG[1]!, SEG[2]!, SEG[3]!, this.t(last, end), inst.service[end] as number, 0, inst.early[end] as number, inst.late[end] as number);
  }

  /** Route ra keeps sequence 0…i and takes rb's jobs after j; rb keeps 0…j and takes ra's jobs after i. */
  twoOptStar(ra: number, i: number, rb: number, j: number): boolean {
    const { inst, sol } = this;
    const A = sol.routes[ra] as Tour;
    const B = sol.routes[rb] as Tour;
    const ka = A.jobs.length;
    const kb = B.jobs.length;
    if (i < 0 || j < 0 || i > ka || j > kb) return false;
    if (i === ka && j === kb) return false;
    if (i < (inst.lastLock[A.v] as number) || j < (inst.lastLock[B.v] as number)) return false;
    if ((A.lockedFrom[i + 1] as number) > 0 || (B.lockedFrom[j + 1] as number) > 0) return false;
    const endA = inst.n + 2 * A.v + 1;
    const endB = inst.n + 2 * B.v + 1;
    const aCut = nodeAt(inst, A, i);
    const bCut = nodeAt(inst, B, j);
    const aTailEmpty = i === ka;
    const bTailEmpty = j === kb;
    const aFirst = aTailEmpty ? -1 : (A.jobs[i] as number);
    const bFirst = bTailEmpty ? -1 : (B.jobs[j] as number);
    const aLast = aTailEmpty ? -1 : (A.jobs[ka - 1] as number);
    const bLast = bTailEmpty ? -1 : (B.jobs[kb - 1] as number);
    const newAEmpty = i === 0 && bTailEmpty;
    const newBEmpty = j === 0 && aTailEmpty;
    const cA = newAEmpty ? 0 : (A.preC[i] as number) + (bTailEmpty ? this.c(aCut, endA) : this.c(aCut, bFirst) + (B.tailC[j + 1] as number) + this.c(bLast, endA));
    const cB = newBEmpty ? 0 : (B.preC[j] as number) + (aTailEmpty ? this.c(bCut, endB) : this.c(bCut, aFirst) + (A.tailC[i + 1] as number) + this.c(aLast, endB));
    const before = A.cost + B.cost;
    const fixed = (newAEmpty ? 0 : (inst.fixed[A.v] as number)) + (newBEmpty ? 0 : (inst.fixed[B.v] as number));
    if (A.penalty + B.penalty === 0 && cA + cB + fixed - before > -GAIN) return false;
    const dims = inst.dims;
    for (let d = 0; d < dims; d += 1) {
      const aHead = A.preLoad[i * dims + d] as number;
      const bHead = B.preLoad[j * dims + d] as number;
      this.loadA[d] = aHead + (B.load[d] as number) - bHead;
      this.loadB[d] = bHead + (A.load[d] as number) - aHead;
    }
    let DA = 0;
    let TWA = 0;
    let DB = 0;
    let TWB = 0;
    if (inst.timed) {
      if (!newAEmpty) {
        this.joinTail(A, i, aCut, B, j, bFirst, bLast, endA, bTailEmpty);
        DA = SEG[0]!;
        TWA = SEG[1]!;
      }
      if (!newBEmpty) {
        this.joinTail(B, j, bCut, A, i, aFirst, aLast, endB, aTailEmpty);
        DB = SEG[0]!;
        TWB = SEG[1]!;
      }
    }
    const after = this.objective(A.v, cA, DA, TWA, this.loadA, newAEmpty) + this.objective(B.v, cB, DB, TWB, this.loadB, newBEmpty);
    if (after - before > -GAIN) return false;
    const newA = A.jobs.slice(0, i).concat(B.jobs.slice(j));
    const newB = B.jobs.slice(0, j).concat(A.jobs.slice(i));
    return this.replaceBoth(ra, newA, rb, newB);
  }

  /** Moves stop u alone into an unused vehicle (one of each kind). */
  private tryEmpty(u: number): boolean {
    const { inst, sol } = this;
    const ra = sol.routeOf[u] as number;
    const seen = new Set<number>();
    for (let rb = 0; rb < sol.routes.length; rb += 1) {
      const B = sol.routes[rb] as Tour;
      if (rb === ra || B.jobs.length > 0) continue;
      const cls = inst.vclass[B.v] as number;
      if (cls >= 0) {
        if (seen.has(cls)) continue;
        seen.add(cls);
      }
      if (this.relocateInter(ra, sol.posOf[u] as number, 1, rb, 0, false)) return true;
    }
    return false;
  }
}
