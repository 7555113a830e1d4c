/**
 * Ruin and recreate on a working solution, with undo.
 *
 * Ruin: «slack induction by string removals» (Christiaens & Vanden Berghe, 2020): strings of
 * consecutive stops are removed from a few routes that lie near a random seed stop, sometimes
 * keeping a few stops inside the string («split string»). Recreate: greedy cheapest insertion
 * with «blinks» (each position is skipped with a small probability), in an order drawn at random
 * among: random, largest demand first, farthest from the depot first, closest first, tightest
 * window first.
 *
 * Locks: a stop before a route's last position-locked stop is never removed and nothing is
 * inserted there (that would shift the locked stops); a stop locked to a route is only put back
 * into that route, even when that breaks a constraint (the penalty then reports it).
 */
import type { Rng } from '../prng';
import type { Instance } from './instance';
import { cat, SEG, routePenalty, updateTour, type Tour, type Solution } from './solution';

const EPS = 1e-7;

export interface RuinRecreateParams {
  /** Average number of stops removed per ruin. */
  readonly averageRemoved: number;
  /** Longest string removed from one route. */
  readonly maxString: number;
  /** Probability of a split string. */
  readonly splitRate: number;
  /** Probability that an insertion position is skipped. */
  readonly blinkRate: number;
}

export const DEFAULT_RUIN_RECREATE: RuinRecreateParams = { averageRemoved: 10, maxString: 10, splitRate: 0.5, blinkRate: 0.01 };

/** Edits of a working solution that can be undone (routes copied on their first change). */
export class Editor {
  readonly sol: Solution;
  readonly inst: Instance;
  private readonly saved = new Map<number, number[]>();
  private savedUnassigned: number[] | null = null;
  private readonly scratchLoad: Float64Array;
  private readonly classStamp: Int32Array;
  private stamp = 0;
  private readonly routeStamp: Int32Array;
  private readonly routeHits: Int32Array;
  private readonly sortKey: Float64Array;
  private readonly out = new Float64Array(3);
  /**
   * When true, insertions never open an unused route (route elimination: the stops of an emptied
   * route must find room in the others). Stops locked to a route still go to it.
   */
  noNewRoutes = false;

  constructor(sol: Solution) {
    this.sol = sol;
    this.inst = sol.inst;
    this.scratchLoad = new Float64Array(sol.inst.dims);
    this.classStamp = new Int32Array(sol.inst.m);
    this.routeStamp = new Int32Array(sol.inst.m);
    this.routeHits = new Int32Array(sol.inst.m);
    this.sortKey = new Float64Array(sol.inst.n);
  }

  /** Starts recording (drops the previous record). */
  begin(): void {
    this.saved.clear();
    this.savedUnassigned = this.sol.unassigned.slice();
  }

  /** Keeps the changes since `begin`. */
  commit(): void {
    this.saved.clear();
    this.savedUnassigned = null;
  }

  /** Undoes the changes since `begin`. */
  rollback(): void {
    const { sol } = this;
    for (const ri of this.saved.keys()) for (const j of (sol.routes[ri] as Tour).jobs) sol.routeOf[j] = -1;
    for (const [ri, jobs] of this.saved) sol.setRoute(ri, jobs);
    if (this.savedUnassigned) {
      sol.unassigned = this.savedUnassigned;
      for (const j of sol.unassigned) sol.routeOf[j] = -1;
    }
    this.saved.clear();
    this.savedUnassigned = null;
  }

  /** Records a route before its first change. */
  touch(ri: number): void {
    if (!this.saved.has(ri)) this.saved.set(ri, (this.sol.routes[ri] as Tour).jobs.slice());
  }

  /**
   * Replaces a route's jobs (recorded). A job that left the route is marked unassigned unless it
   * was already placed in another route (a move between two routes replaces both, one after the
   * other).
   */
  replace(ri: number, jobs: number[]): void {
    this.touch(ri);
    const { sol } = this;
    for (const j of (sol.routes[ri] as Tour).jobs) if (sol.routeOf[j] === ri) sol.routeOf[j] = -1;
    sol.setRoute(ri, jobs);
  }

  /** Removes sequence indices from..to (inclusive) of a route; returns the removed jobs. */
  removeRange(ri: number, from: number, to: number): number[] {
    this.touch(ri);
    const r = this.sol.routes[ri] as Tour;
    const removed = r.jobs.splice(from - 1, to - from + 1);
    for (const j of removed) this.sol.routeOf[j] = -1;
    this.refresh(ri);
    return removed;
  }

  /** Inserts a job after sequence index p of a route. */
  insert(j: number, ri: number, p: number): void {
    this.touch(ri);
    const r = this.sol.routes[ri] as Tour;
    r.jobs.splice(p, 0, j);
    this.refresh(ri);
  }

  private refresh(ri: number): void {
    const r = this.sol.routes[ri] as Tour;
    updateTour(this.inst, r);
    const { routeOf, posOf } = this.sol;
    for (let i = 0; i < r.jobs.length; i += 1) {
      const j = r.jobs[i] as number;
      routeOf[j] = ri;
      posOf[j] = i + 1;
    }
  }

  // ── Insertion ────────────────────────────────────────────────────────────────────────────

  /** Where a job is cheapest to insert: [route, position after which, cost increase], route −1 if nowhere. */
  bestInsertion(j: number, rng: Rng | null, blinkRate: number, out: Float64Array): void {
    const { inst, sol } = this;
    const { loc, size, cost, time, service, early, late, demand, dims, cap, vclass, lastLock } = inst;
    const forced = inst.onlyVehicle[j] as number;
    const lj = loc[j] as number;
    const sj = service[j] as number;
    const ej = early[j] as number;
    const lateJ = late[j] as number;
    let bestDelta = Infinity;
    let bestR = -1;
    let bestP = -1;
    const seenClass = this.classStamp;
    const stamp = ++this.stamp;
    const load = this.scratchLoad;
    const r0 = forced >= 0 ? forced : 0;
    const r1 = forced >= 0 ? forced + 1 : sol.routes.length;
    for (let ri = r0; ri < r1; ri += 1) {
      const r = sol.routes[ri] as Tour;
      const v = r.v;
      const k = r.jobs.length;
      if (k === 0 && this.noNewRoutes && forced < 0) continue;
      if (k === 0 && (vclass[v] as number) >= 0) {
        if (seenClass[vclass[v] as number] === stamp) continue;
        seenClass[vclass[v] as number] = stamp;
      }
      let capOk = true;
      for (let d = 0; d < dims; d += 1) {
        const x = (r.load[d] as number) + (demand[j * dims + d] as number);
        load[d] = x;
        if (x > (cap[v * dims + d] as number) + EPS) capOk = false;
      }
      if (!capOk && forced < 0) continue;
      const fixedCost = k === 0 ? (inst.fixed[v] as number) : 0;
      const from = lastLock[v] as number;
      for (let p = from; p <= k; p += 1) {
        if (rng !== null && blinkRate > 0 && rng.next() < blinkRate) continue;
        const a = p === 0 ? inst.n + 2 * v : (r.jobs[p - 1] as number);
        const b = p === k ? inst.n + 2 * v + 1 : (r.jobs[p] as number);
        const la = loc[a] as number;
        const lb = loc[b] as number;
        const dC = (cost[la * size + lj] as number) + (cost[lj * size + lb] as number) - (cost[la * size + lb] as number) + fixedCost;
        if (forced < 0 && dC >= bestDelta) continue;
        let delta = dC;
        if (inst.timed || !capOk) {
          let D: number;
          let TW: number;
          if (inst.timed) {
            cat(r.preD[p] as number, r.preTW[p] as number, r.preE[p] as number, r.preL[p] as number, time[la * size + lj] as number, sj, 0, ej, lateJ);
            cat(SEG[0]!, SEG[1]!, SEG[2]!, SEG[3]!, time[lj * size + lb] as number, r.sufD[p + 1] as number, r.sufTW[p + 1] as number, r.sufE[p + 1] as number, r.sufL[p + 1] as number);
            D = SEG[0]!;
            TW = SEG[1]!;
          } else {
            D = 0;
            TW = 0;
          }
          const pen = routePenalty(inst, v, D, TW, load, 0);
          const before = k === 0 ? 0 : r.penalty;
          if (forced < 0 && pen > before + EPS) continue;
          delta += pen - before;
        }
        if (delta < bestDelta) {
          bestDelta = delta;
          bestR = ri;
          bestP = p;
        }
      }
    }
    out[0] = bestR;
    out[1] = bestP;
    out[2] = bestDelta;
  }

  /**
   * Inserts the jobs one by one at their cheapest place; those that fit nowhere stay unassigned.
   * Jobs locked to a route go first, so other jobs never take the room they must have.
   */
  recreate(jobs: number[], rng: Rng, params: RuinRecreateParams): void {
    this.orderForInsertion(jobs, rng);
    const only = this.inst.onlyVehicle;
    let forced = 0;
    for (const j of jobs) if ((only[j] as number) >= 0) forced += 1;
    if (forced > 0 && forced < jobs.length) {
      const sorted = jobs.filter((j) => (only[j] as number) >= 0).concat(jobs.filter((j) => (only[j] as number) < 0));
      for (let i = 0; i < jobs.length; i += 1) jobs[i] = sorted[i] as number;
    }
    const out = this.out;
    const left: number[] = [];
    for (const j of jobs) {
      this.bestInsertion(j, rng, params.blinkRate, out);
      // Blinks may have skipped every place that fits: look again without them.
      if ((out[0] as number) < 0 && params.blinkRate > 0) this.bestInsertion(j, null, 0, out);
      const ri = out[0] as number;
      const only = this.inst.onlyVehicle[j] as number;
      if (ri >= 0) this.insert(j, ri, out[1] as number);
      else if (only >= 0) this.insert(j, only, (this.sol.routes[only] as Tour).jobs.length); // never drop a locked stop
      else left.push(j);
    }
    this.sol.unassigned = left;
    for (const j of left) this.sol.routeOf[j] = -1;
  }

  private orderForInsertion(jobs: number[], rng: Rng): void {
    const { inst } = this;
    const kind = rng.weighted<number>(inst.timed ? [[0, 4], [1, 4], [2, 2], [3, 1], [4, 2]] : [[0, 4], [1, 4], [2, 2], [3, 1]]);
    if (kind === 0) {
      for (let i = jobs.length - 1; i > 0; i -= 1) {
        const k = Math.floor(rng.next() * (i + 1));
        const t = jobs[i] as number;
        jobs[i] = jobs[k] as number;
        jobs[k] = t;
      }
      return;
    }
    const key = this.sortKey;
    for (const j of jobs) {
      let value: number;
      if (kind === 1) {
        value = 0;
        for (let d = 0; d < inst.dims; d += 1) value += (inst.demand[j * inst.dims + d] as number) / (inst.loadScale[d] as number);
        value = -value;
      } else if (kind === 2 || kind === 3) {
        const v = Math.max(0, inst.onlyVehicle[j] as number);
        const depot = inst.loc[inst.n + 2 * v] as number;
        const c = inst.cost[depot * inst.size + (inst.loc[j] as number)] as number;
        value = kind === 2 ? -c : c;
      } else {
        value = (inst.late[j] as number) - (inst.early[j] as number);
      }
      key[j] = value;
    }
    jobs.sort((a, b) => (key[a] as number) - (key[b] as number) || a - b);
  }

  // ── Ruin ─────────────────────────────────────────────────────────────────────────────────

  /** Removes strings of stops near a random stop; returns the removed jobs. */
  ruin(rng: Rng, params: RuinRecreateParams): number[] {
    const { inst, sol } = this;
    const removed: number[] = [];
    let assigned = 0;
    let used = 0;
    for (const r of sol.routes) {
      if (r.jobs.length > 0) {
        used += 1;
        assigned += r.jobs.length;
      }
    }
    if (assigned === 0) return removed;
    const lsMax = Math.min(params.maxString, assigned / used);
    const ksMax = (4 * params.averageRemoved) / (1 + lsMax) - 1;
    const ks = Math.floor(rng.float(1, ksMax + 1));
    // Seed: a random assigned job.
    let seed = -1;
    for (let tries = 0; tries < 20 && seed < 0; tries += 1) {
      const j = Math.floor(rng.next() * inst.n);
      if ((sol.routeOf[j] as number) >= 0) seed = j;
    }
    if (seed < 0) {
      for (let j = 0; j < inst.n; j += 1) if ((sol.routeOf[j] as number) >= 0) seed = j;
    }
    const stamp = ++this.stamp;
    let ruinedCount = 0;
    const K = inst.neighbourCount;
    // With fewer routes than strings (a single route: a TSP), a route gives several strings.
    const perRoute = Math.max(1, Math.ceil(ks / used));
    for (let k = -1; k < K && ruinedCount < ks; k += 1) {
      const c = k < 0 ? seed : (inst.neighbours[seed * K + k] as number);
      const ri = sol.routeOf[c] as number;
      if (ri < 0) continue;
      if (this.routeStamp[ri] !== stamp) {
        this.routeStamp[ri] = stamp;
        this.routeHits[ri] = 0;
      }
      if ((this.routeHits[ri] as number) >= perRoute) continue;
      const r = sol.routes[ri] as Tour;
      const lo = (inst.lastLock[r.v] as number) + 1;
      const pos = sol.posOf[c] as number;
      const tail = r.jobs.length - lo + 1;
      if (pos < lo || tail <= 0) continue;
      const ltMax = Math.min(tail, lsMax);
      let lt = Math.floor(rng.float(1, ltMax + 1));
      lt = Math.max(1, Math.min(lt, tail));
      this.routeHits[ri] = (this.routeHits[ri] as number) + 1;
      ruinedCount += 1;
      if (lt < tail && rng.next() < params.splitRate) {
        // Split string: a string of lt + m stops, m of them (consecutive) kept.
        let m = 1;
        while (lt + m < tail && rng.next() < 0.5) m += 1;
        const len = lt + m;
        const first = this.stringStart(rng, pos, len, lo, r.jobs.length);
        const keepAt = first + Math.floor(rng.next() * (len - m + 1));
        const drop: number[] = [];
        for (let i = first; i < first + len; i += 1) if (i < keepAt || i >= keepAt + m) drop.push(r.jobs[i - 1] as number);
        const keep = r.jobs.filter((j) => !drop.includes(j));
        for (const j of drop) sol.routeOf[j] = -1;
        this.replace(ri, keep);
        removed.push(...drop);
      } else {
        const first = this.stringStart(rng, pos, lt, lo, r.jobs.length);
        removed.push(...this.removeRange(ri, first, first + lt - 1));
      }
    }
    return removed;
  }

  /** First index of a string of `len` stops containing `pos`, inside [lo, k]. */
  private stringStart(rng: Rng, pos: number, len: number, lo: number, k: number): number {
    const min = Math.max(lo, pos - len + 1);
    const max = Math.min(pos, k - len + 1);
    return max <= min ? Math.max(lo, Math.min(min, max)) : min + Math.floor(rng.next() * (max - min + 1));
  }
}
