/**
 * A working solution of the solver: one tour per vehicle (`Tour`, the solver's own word, so it is
 * never taken for the route entity or the board's planned route) with cached prefix, suffix and tail
 * segments, so a move's time-window feasibility and cost are known in O(1).
 *
 * Segments follow Vidal et al. (2013, «A hybrid genetic algorithm with adaptive diversity
 * management…»): a sequence σ is summarised by its minimum duration D (travel, service and
 * waiting), its time warp TW (how late it would be, 0 when feasible), and the earliest / latest
 * start E / L of a schedule of duration D. Two summaries concatenate in O(1) (`cat`), so
 * prefix ⊕ inserted stop ⊕ suffix tells whether an insertion keeps every window.
 *
 * Tour objective: leg costs + fixed cost when used + penalties (time warp, excess duration,
 * excess load) that are large enough to act as hard constraints; they only become non-zero when
 * locked stops force an infeasible route.
 */
import type { Instance } from './instance';

/**
 * Output of `cat`: [D, TW, E, L] (a typed array, so the hot loops allocate nothing; module-level
 * number variables would box every double).
 */
export const SEG = new Float64Array(4);

/** σ1 (D1, TW1, E1, L1) then, after a leg of travel time t, σ2 (D2, TW2, E2, L2). */
export function cat(D1: number, TW1: number, E1: number, L1: number, t: number, D2: number, TW2: number, E2: number, L2: number): void {
  const delta = D1 - TW1 + t;
  const dWait = Math.max(E2 - delta - L1, 0);
  const dWarp = Math.max(E1 + delta - L2, 0);
  SEG[0] = D1 + D2 + t + dWait;
  SEG[1] = TW1 + TW2 + dWarp;
  SEG[2] = Math.max(E2 - delta, E1) - dWait;
  SEG[3] = Math.min(L2 - delta, L1) + dWarp;
}

const EPS = 1e-7;

export class Tour {
  readonly v: number;
  /** Job indices in visiting order. */
  jobs: number[] = [];
  /** Capacity (in sequence slots) of the cache arrays. */
  private capacity = 0;
  preD = new Float64Array(0);
  preTW = new Float64Array(0);
  preE = new Float64Array(0);
  preL = new Float64Array(0);
  /** Cost of the legs from the start depot to sequence index i. */
  preC = new Float64Array(0);
  /** Cost of the same legs travelled backwards (for reversals on asymmetric matrices). */
  preRC = new Float64Array(0);
  /** Demand of sequence 0…i, × dims. */
  preLoad = new Float64Array(0);
  sufD = new Float64Array(0);
  sufTW = new Float64Array(0);
  sufE = new Float64Array(0);
  sufL = new Float64Array(0);
  sufC = new Float64Array(0);
  /** Tail i…k without the end depot (k = last job). */
  tailD = new Float64Array(0);
  tailTW = new Float64Array(0);
  tailE = new Float64Array(0);
  tailL = new Float64Array(0);
  tailC = new Float64Array(0);
  /** Number of jobs locked to this vehicle at sequence ≥ i. */
  lockedFrom = new Int32Array(0);
  load: Float64Array;
  /** Penalised objective of the route (0 when empty). */
  cost = 0;
  /** Penalty part of `cost`. */
  penalty = 0;

  constructor(v: number, dims: number) {
    this.v = v;
    this.load = new Float64Array(dims);
  }

  get size(): number {
    return this.jobs.length;
  }

  ensure(slots: number, dims: number): void {
    if (slots <= this.capacity) return;
    const c = Math.max(slots, Math.ceil(this.capacity * 1.5), 8);
    this.capacity = c;
    this.preD = new Float64Array(c);
    this.preTW = new Float64Array(c);
    this.preE = new Float64Array(c);
    this.preL = new Float64Array(c);
    this.preC = new Float64Array(c);
    this.preRC = new Float64Array(c);
    this.preLoad = new Float64Array(c * dims);
    this.sufD = new Float64Array(c);
    this.sufTW = new Float64Array(c);
    this.sufE = new Float64Array(c);
    this.sufL = new Float64Array(c);
    this.sufC = new Float64Array(c);
    this.tailD = new Float64Array(c);
    this.tailTW = new Float64Array(c);
    this.tailE = new Float64Array(c);
    this.tailL = new Float64Array(c);
    this.tailC = new Float64Array(c);
    this.lockedFrom = new Int32Array(c);
  }
}

/** Node at sequence index i of route r (0 = start depot, size + 1 = end depot). */
export function nodeAt(inst: Instance, r: Tour, i: number): number {
  if (i === 0) return inst.n + 2 * r.v;
  if (i > r.jobs.length) return inst.n + 2 * r.v + 1;
  return r.jobs[i - 1] as number;
}

/**
 * Penalty of a route with these totals: each broken constraint costs `wViolation` (more than
 * leaving a job out, so a plan never trades a broken constraint for one more served stop) plus an
 * amount growing with how far it is broken (so the search can still reduce it).
 */
export function routePenalty(inst: Instance, v: number, D: number, TW: number, load: Float64Array, loadOffset: number): number {
  let p = 0;
  if (TW > EPS) p += inst.wViolation + inst.wTime * TW;
  const over = D - inst.maxDur[v]!;
  if (over > EPS) p += inst.wViolation + inst.wTime * over;
  const dims = inst.dims;
  for (let d = 0; d < dims; d += 1) {
    const ex = load[loadOffset + d]! - inst.cap[v * dims + d]!;
    if (ex > EPS) p += inst.wViolation + (inst.wLoad * ex) / inst.loadScale[d]!;
  }
  return p;
}

/** Recomputes every cache of a route from its jobs. O(size × dims); time summaries only when timed. */
export function updateTour(inst: Instance, r: Tour): void {
  const k = r.jobs.length;
  const dims = inst.dims;
  const slots = k + 2;
  r.ensure(slots, dims);
  const { loc, time, cost, service, early, late, demand, size, timed, onlyVehicle } = inst;
  const jobs = r.jobs;
  const start = inst.n + 2 * r.v;
  const end = start + 1;
  const { preD, preTW, preE, preL, preC, preRC, preLoad, sufD, sufTW, sufE, sufL, sufC, tailD, tailTW, tailE, tailL, tailC, lockedFrom } = r;
  const last = slots - 1;

  // Prefixes.
  preD[0] = service[start]!;
  preTW[0] = 0;
  preE[0] = early[start]!;
  preL[0] = late[start]!;
  preC[0] = 0;
  preRC[0] = 0;
  for (let d = 0; d < dims; d += 1) preLoad[d] = 0;
  let lp = loc[start]!;
  for (let i = 1; i < slots; i += 1) {
    const x = i === last ? end : jobs[i - 1]!;
    const lx = loc[x]!;
    const a = lp * size + lx;
    if (timed) {
      cat(preD[i - 1]!, preTW[i - 1]!, preE[i - 1]!, preL[i - 1]!, time[a]!, service[x]!, 0, early[x]!, late[x]!);
      preD[i] = SEG[0]!;
      preTW[i] = SEG[1]!;
      preE[i] = SEG[2]!;
      preL[i] = SEG[3]!;
    }
    preC[i] = preC[i - 1]! + cost[a]!;
    preRC[i] = preRC[i - 1]! + cost[lx * size + lp]!;
    for (let d = 0; d < dims; d += 1) preLoad[i * dims + d] = preLoad[(i - 1) * dims + d]! + demand[x * dims + d]!;
    lp = lx;
  }
  // Suffixes (with the end depot) and tails (without it).
  sufD[last] = service[end]!;
  sufTW[last] = 0;
  sufE[last] = early[end]!;
  sufL[last] = late[end]!;
  sufC[last] = 0;
  lockedFrom[last] = 0;
  let ln = loc[end]!;
  for (let i = last - 1; i >= 0; i -= 1) {
    const x = i === 0 ? start : jobs[i - 1]!;
    const lx = loc[x]!;
    const a = lx * size + ln;
    if (timed) {
      cat(service[x]!, 0, early[x]!, late[x]!, time[a]!, sufD[i + 1]!, sufTW[i + 1]!, sufE[i + 1]!, sufL[i + 1]!);
      sufD[i] = SEG[0]!;
      sufTW[i] = SEG[1]!;
      sufE[i] = SEG[2]!;
      sufL[i] = SEG[3]!;
    }
    sufC[i] = sufC[i + 1]! + cost[a]!;
    lockedFrom[i] = lockedFrom[i + 1]! + (i >= 1 && onlyVehicle[x]! >= 0 ? 1 : 0);
    ln = lx;
  }
  // Tails: tail[k + 1] is empty (never concatenated).
  tailD[k + 1] = 0;
  tailTW[k + 1] = 0;
  tailE[k + 1] = -1e15;
  tailL[k + 1] = 1e15;
  tailC[k + 1] = 0;
  if (k >= 1) {
    const lastJob = jobs[k - 1]!;
    tailD[k] = service[lastJob]!;
    tailTW[k] = 0;
    tailE[k] = early[lastJob]!;
    tailL[k] = late[lastJob]!;
    tailC[k] = 0;
    for (let i = k - 1; i >= 1; i -= 1) {
      const x = jobs[i - 1]!;
      const y = jobs[i]!;
      const a = loc[x]! * size + loc[y]!;
      if (timed) {
        cat(service[x]!, 0, early[x]!, late[x]!, time[a]!, tailD[i + 1]!, tailTW[i + 1]!, tailE[i + 1]!, tailL[i + 1]!);
        tailD[i] = SEG[0]!;
        tailTW[i] = SEG[1]!;
        tailE[i] = SEG[2]!;
        tailL[i] = SEG[3]!;
      }
      tailC[i] = tailC[i + 1]! + cost[a]!;
    }
  }
  for (let d = 0; d < dims; d += 1) r.load[d] = preLoad[last * dims + d]!;
  if (k === 0) {
    r.cost = 0;
    r.penalty = 0;
  } else {
    r.penalty = routePenalty(inst, r.v, timed ? preD[last]! : 0, timed ? preTW[last]! : 0, preLoad, last * dims);
    r.cost = preC[last]! + inst.fixed[r.v]! + r.penalty;
  }
}

/** The working solution: routes, where each job is, and the jobs left out. */
export class Solution {
  readonly inst: Instance;
  readonly routes: Tour[];
  /** Route of each job (−1: unassigned). */
  readonly routeOf: Int32Array;
  /** Sequence index of each job in its route. */
  readonly posOf: Int32Array;
  unassigned: number[] = [];

  constructor(inst: Instance) {
    this.inst = inst;
    this.routes = Array.from({ length: inst.m }, (_, v) => new Tour(v, inst.dims));
    this.routeOf = new Int32Array(inst.n).fill(-1);
    this.posOf = new Int32Array(inst.n);
    for (const r of this.routes) updateTour(inst, r);
  }

  /** Sets a route's jobs and refreshes its caches and the jobs' positions. */
  setRoute(ri: number, jobs: number[]): void {
    const r = this.routes[ri] as Tour;
    r.jobs = jobs;
    updateTour(this.inst, r);
    for (let i = 0; i < jobs.length; i += 1) {
      const j = jobs[i] as number;
      this.routeOf[j] = ri;
      this.posOf[j] = i + 1;
    }
  }

  /** Objective: routes plus the penalty of every job left out. */
  total(): number {
    let s = 0;
    for (const r of this.routes) s += r.cost;
    return s + this.unassigned.length * this.inst.wUnassigned;
  }

  penalty(): number {
    let s = 0;
    for (const r of this.routes) s += r.penalty;
    return s;
  }

  /** Copy of the routes' jobs and of the unassigned list. */
  snapshot(): Snapshot {
    return { routes: this.routes.map((r) => r.jobs.slice()), unassigned: this.unassigned.slice() };
  }

  restore(s: Snapshot): void {
    this.routeOf.fill(-1);
    s.routes.forEach((jobs, ri) => this.setRoute(ri, jobs.slice()));
    this.unassigned = s.unassigned.slice();
  }
}

export interface Snapshot {
  readonly routes: readonly (readonly number[])[];
  readonly unassigned: readonly number[];
}
