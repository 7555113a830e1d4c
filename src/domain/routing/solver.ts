/**
 * The optimiser: builds a plan for a routing problem (./model.ts) and improves it until its
 * iteration or time budget is used up, it is cancelled, or it stops improving.
 *
 * 1. Start: each vehicle's given stops in their order, then every other stop at its cheapest
 *    feasible place; local search (./localSearch.ts).
 * 2. Ruin and recreate (./ruinRecreate.ts) under simulated annealing: a candidate replaces the
 *    current plan when its cost < current − T·ln(U), U uniform in (0, 1). Every new best plan is
 *    polished by local search.
 * 3. Cooling cycles: cycle c lasts `firstCycle × 2^c` iterations and cools from
 *    `initialTemperature` to `finalTemperature` (× the instance's typical leg cost), starting from
 *    the best plan so far. The schedule depends only on the iteration number, never on the budget,
 *    so a run with more iterations replays a shorter run with the same seed and continues it:
 *    more time never returns a worse plan.
 *
 * Every random draw comes from one seeded generator (../prng.ts): the same problem, seed and
 * iteration limit give the same plan. `SolverRun.step` runs for a slice of time and returns, so a
 * worker can yield between slices to hear a cancellation, and `best()` is available at any time.
 */
import { createRng, type Rng } from '../prng';
import { compile, UNBOUNDED, type Instance } from './instance';
import { LocalSearch } from './localSearch';
import type { CancelSignal, Plan, PlanRoute, PlanStop, RoutingProblem, SolveProgress, StopReason, UnassignedJob, UnassignedReason } from './model';
import { DEFAULT_RUIN_RECREATE, Editor, type RuinRecreateParams } from './ruinRecreate';
import { cat, SEG, Solution, type Tour, type Snapshot } from './solution';

export interface SearchParams extends RuinRecreateParams {
  /** Starting temperature of each cooling cycle, × the typical leg cost. */
  readonly initialTemperature: number;
  /** Final temperature of each cooling cycle, × the typical leg cost. */
  readonly finalTemperature: number;
  /** Iterations of the first cooling cycle (each next cycle is twice as long); 0 = automatic. */
  readonly firstCycle: number;
  /** Close stops tried per stop by the local search. */
  readonly granularity: number;
  /**
   * Local search on every candidate (`always`), on the re-inserted stops of every candidate and on
   * new best plans (`local`), only on new best plans (`best`), or never; `auto`: `local` when the
   * starting plan's routes are long (more than 50 stops on average, e.g. a travelling salesman: a
   * reversal of a long stretch is out of reach of ruin and recreate), `best` otherwise.
   */
  readonly localSearch: 'auto' | 'always' | 'local' | 'best' | 'never';
}

export const DEFAULT_SEARCH: SearchParams = {
  ...DEFAULT_RUIN_RECREATE,
  initialTemperature: 2,
  finalTemperature: 0.02,
  firstCycle: 0,
  granularity: 20,
  localSearch: 'auto',
};

export interface SolveOptions {
  /** Seed of the random generator (default 1). */
  readonly seed?: number;
  /** Stop after this many ruin-and-recreate iterations. */
  readonly maxIterations?: number;
  /** Stop after this many milliseconds (default 3000 when no iteration limit is given). */
  readonly timeLimitMs?: number;
  /** Stop after this many iterations without a better plan. */
  readonly maxIterationsWithoutImprovement?: number;
  /** Stop when `aborted` becomes true; the best plan so far is returned. */
  readonly signal?: CancelSignal;
  /** Called with the progress at most every `progressIntervalMs` (and once at the end). */
  readonly onProgress?: (progress: SolveProgress) => void;
  readonly progressIntervalMs?: number;
  /** Clock in milliseconds (default performance.now or Date.now). */
  readonly now?: () => number;
  readonly params?: Partial<SearchParams>;
}

const DEFAULT_TIME_LIMIT_MS = 3000;
/** Share of the iteration or time budget route elimination may use. */
const ELIMINATION_SHARE = 0.6;
/** Iterations one route gets to be emptied: at least this many, or so many per job. */
const ELIMINATION_MIN_ATTEMPT = 2000;
const ELIMINATION_ATTEMPT_PER_JOB = 30;
/** Routes that may fail to be emptied in a row before the elimination ends. */
const ELIMINATION_FAILURES = 2;

function defaultClock(): () => number {
  const perf = (globalThis as { performance?: { now(): number } }).performance;
  return perf ? () => perf.now() : () => Date.now();
}

/** One optimisation run, advanced in slices. */
export class SolverRun {
  readonly inst: Instance;
  private readonly sol: Solution;
  private readonly ed: Editor;
  private readonly ls: LocalSearch;
  private readonly rng: Rng;
  private readonly params: SearchParams;
  /** The parameters in use (`auto` resolved after the start). */
  private effective: SearchParams;
  private readonly now: () => number;
  private readonly started: number;
  private readonly maxIterations: number;
  private readonly timeLimitMs: number;
  private readonly stallLimit: number;
  private readonly signal: CancelSignal | undefined;
  private readonly onProgress: ((p: SolveProgress) => void) | undefined;
  private readonly progressIntervalMs: number;
  private lastProgress = -Infinity;
  private iteration = 0;
  private bestIteration = 0;
  private currentCost: number;
  private bestCost: number;
  private bestSnap: Snapshot;
  private cycle = 0;
  private cycleStart = 0;
  private readonly firstCycle: number;
  private cancelled = false;
  private stopReason: StopReason | null = null;
  private elapsedAtStop = 0;
  private readonly t0: number;
  private readonly tf: number;

  constructor(problem: RoutingProblem, options: SolveOptions = {}) {
    this.now = options.now ?? defaultClock();
    this.started = this.now();
    this.params = { ...DEFAULT_SEARCH, ...options.params };
    this.effective = this.params;
    this.inst = compile(problem, Math.max(40, this.params.granularity));
    this.rng = createRng(options.seed ?? 1);
    this.maxIterations = options.maxIterations ?? Infinity;
    this.timeLimitMs = options.timeLimitMs ?? (options.maxIterations === undefined ? DEFAULT_TIME_LIMIT_MS : Infinity);
    this.stallLimit = options.maxIterationsWithoutImprovement ?? Infinity;
    this.signal = options.signal;
    this.onProgress = options.onProgress;
    this.progressIntervalMs = options.progressIntervalMs ?? 200;
    this.firstCycle = this.params.firstCycle > 0 ? this.params.firstCycle : Math.max(500, 10 * this.inst.n);
    this.t0 = this.params.initialTemperature * this.inst.refCost;
    this.tf = this.params.finalTemperature * this.inst.refCost;

    this.sol = new Solution(this.inst);
    this.ed = new Editor(this.sol);
    this.ls = new LocalSearch(this.ed, this.params.granularity);
    this.construct();
    this.currentCost = this.sol.total();
    this.bestCost = this.currentCost;
    this.bestSnap = this.sol.snapshot();
    if (this.inst.n === 0 || this.movableJobs() === 0) this.finish('trivial');
    else if (this.inst.routeWeight > 0) {
      this.absence = new Int32Array(this.inst.n);
      this.elimIterationLimit = Number.isFinite(this.maxIterations) ? Math.floor(ELIMINATION_SHARE * this.maxIterations) : Infinity;
      this.elimTimeLimit = Number.isFinite(this.timeLimitMs) ? ELIMINATION_SHARE * this.timeLimitMs : Infinity;
      this.startAttempt();
    }
  }

  /** True once the run has stopped. */
  get done(): boolean {
    return this.stopReason !== null;
  }

  /** Asks the run to stop at the next iteration (the best plan so far is kept). */
  cancel(): void {
    this.cancelled = true;
  }

  /** Runs iterations until the run stops or `sliceMs` has passed; returns `done`. */
  step(sliceMs = Infinity): boolean {
    if (this.done) return true;
    const sliceEnd = this.now() + sliceMs;
    for (;;) {
      const reason = this.shouldStop();
      if (reason) {
        this.finish(reason);
        return true;
      }
      this.iterate();
      const t = this.now();
      if (t - this.lastProgress >= this.progressIntervalMs) this.report(t);
      if (t >= sliceEnd) return false;
    }
  }

  progress(): SolveProgress {
    const elapsed = (this.done ? this.elapsedAtStop : this.now() - this.started);
    const fraction = this.done
      ? 1
      : Math.min(1, Math.max(Number.isFinite(this.maxIterations) ? this.iteration / this.maxIterations : 0, Number.isFinite(this.timeLimitMs) ? elapsed / this.timeLimitMs : 0));
    return {
      iterations: this.iteration,
      elapsedMs: elapsed,
      fraction,
      bestCost: this.bestRouteCost,
      bestUnassigned: this.bestSnap.unassigned.length,
      bestViolations: this.bestViolations,
    };
  }

  private bestViolations = 0;
  /** Cost of the best plan's routes (no penalties). */
  private bestRouteCost = 0;

  // Route elimination (objective `min-vehicles`), after «slack induction by string removals»'s
  // fleet minimisation: a route of the best plan is emptied, and ruin and recreate that never
  // opens a route tries to place its stops in the others. A candidate is kept when it leaves
  // fewer stops out, or stops that were left out less often (each stop counts the iterations it
  // spent out: the search learns which stops are hard to place and places them first). When every
  // stop is placed, the plan has one route less: it becomes the best and the next route is tried.
  // After `ELIMINATION_FAILURES` routes could not be emptied in their budget (or the phase's share
  // of the budget is used up), the search goes on with the cost (annealing) from the best plan.
  private eliminating = false;
  private absence: Int32Array = new Int32Array(0);
  private attemptStart = 0;
  private attemptFailures = 0;
  private elimIterationLimit = Infinity;
  private elimTimeLimit = Infinity;
  /** Routes already tried and failed in this phase (their vehicles). */
  private readonly failedRoutes = new Set<number>();

  /** Empties the smallest used route not yet tried (none: the elimination ends). */
  private startAttempt(): void {
    const { sol, ed, inst } = this;
    if (this.bestSnap.unassigned.length > 0 || countViolatedRoutes(sol) > 0) return this.endElimination();
    let pick = -1;
    let used = 0;
    for (let ri = 0; ri < sol.routes.length; ri += 1) {
      const r = sol.routes[ri] as Tour;
      if (r.jobs.length === 0) continue;
      used += 1;
      if ((inst.vclass[r.v] as number) < 0 || this.failedRoutes.has(ri)) continue;
      if (pick < 0 || r.jobs.length < (sol.routes[pick] as Tour).jobs.length) pick = ri;
    }
    if (pick < 0 || used <= 1) return this.endElimination();
    ed.begin();
    const k = (sol.routes[pick] as Tour).jobs.length;
    const out = ed.removeRange(pick, 1, k);
    ed.commit();
    sol.unassigned = sol.unassigned.concat(out);
    ed.noNewRoutes = true;
    this.eliminating = true;
    this.attemptStart = this.iteration;
    this.currentElimRoute = pick;
  }

  private currentElimRoute = -1;

  private endElimination(): void {
    this.eliminating = false;
    this.ed.noNewRoutes = false;
    this.sol.restore(this.bestSnap);
    this.currentCost = this.bestCost;
    this.cycle = 0;
    this.cycleStart = this.iteration;
  }

  private absenceOf(jobs: readonly number[]): number {
    let s = 0;
    for (const j of jobs) s += this.absence[j] as number;
    return s;
  }

  private iterateElimination(): void {
    const { sol, ed, rng } = this;
    const params = this.effective;
    this.iteration += 1;
    const beforeCount = sol.unassigned.length;
    const beforeAbsence = this.absenceOf(sol.unassigned);
    ed.begin();
    const removed = ed.ruin(rng, params);
    ed.recreate(removed.concat(sol.unassigned), rng, params);
    const count = sol.unassigned.length;
    if (count < beforeCount || this.absenceOf(sol.unassigned) < beforeAbsence) ed.commit();
    else ed.rollback();
    for (const j of sol.unassigned) this.absence[j] = (this.absence[j] as number) + 1;
    if (sol.unassigned.length === 0 && countViolatedRoutes(sol) === 0) {
      // One route less: polish, keep as the best, try the next.
      ed.noNewRoutes = false;
      ed.begin();
      this.ls.run(rng);
      ed.commit();
      this.takeBest();
      this.failedRoutes.clear();
      this.attemptFailures = 0;
      this.startAttempt();
      return;
    }
    const attemptBudget = Math.max(ELIMINATION_MIN_ATTEMPT, ELIMINATION_ATTEMPT_PER_JOB * this.inst.n);
    const overTime = this.now() - this.started >= this.elimTimeLimit;
    if (this.iteration - this.attemptStart >= attemptBudget || this.iteration >= this.elimIterationLimit || overTime) {
      this.failedRoutes.add(this.currentElimRoute);
      this.attemptFailures += 1;
      this.sol.restore(this.bestSnap);
      if (this.attemptFailures >= ELIMINATION_FAILURES || this.iteration >= this.elimIterationLimit || overTime) this.endElimination();
      else this.startAttempt();
    }
  }

  private takeBest(): void {
    const { sol } = this;
    this.currentCost = sol.total();
    this.bestCost = this.currentCost;
    this.bestSnap = sol.snapshot();
    this.bestIteration = this.iteration;
    this.bestViolations = countViolatedRoutes(sol);
    this.bestRouteCost = this.currentCost - sol.unassigned.length * this.inst.wUnassigned - sol.penalty() - usedRoutes(sol) * this.inst.routeWeight;
  }

  /** The best plan found so far. */
  best(): Plan {
    const elapsed = this.done ? this.elapsedAtStop : this.now() - this.started;
    return buildPlan(this.inst, this.bestSnap, {
      seed: this.rng.seed,
      iterations: this.iteration,
      bestIteration: this.bestIteration,
      elapsedMs: elapsed,
      stopReason: this.stopReason ?? 'cancelled',
    });
  }

  // ── Internals ────────────────────────────────────────────────────────────────────────────

  private movableJobs(): number {
    let movable = 0;
    for (let j = 0; j < this.inst.n; j += 1) if ((this.inst.lockPos[j] as number) < 0) movable += 1;
    return movable;
  }

  private shouldStop(): StopReason | null {
    if (this.cancelled || this.signal?.aborted) return 'cancelled';
    if (this.iteration >= this.maxIterations) return 'iterations';
    if (this.iteration - this.bestIteration >= this.stallLimit) return 'stagnation';
    if (Number.isFinite(this.timeLimitMs) && this.now() - this.started >= this.timeLimitMs) return 'time';
    return null;
  }

  private finish(reason: StopReason): void {
    this.stopReason = reason;
    this.elapsedAtStop = this.now() - this.started;
    this.report(this.now(), true);
  }

  private report(t: number, force = false): void {
    if (!this.onProgress) return;
    if (!force && t - this.lastProgress < this.progressIntervalMs) return;
    this.lastProgress = t;
    this.onProgress(this.progress());
  }

  private construct(): void {
    const { inst, sol, ed, rng } = this;
    const placed = new Uint8Array(inst.n);
    inst.initial.forEach((jobs, v) => {
      sol.setRoute(v, jobs.slice());
      for (const j of jobs) placed[j] = 1;
    });
    const rest: number[] = [];
    for (let j = 0; j < inst.n; j += 1) if (!placed[j]) rest.push(j);
    ed.begin();
    ed.recreate(rest, rng, { ...this.params, blinkRate: 0 });
    this.ls.run(rng);
    ed.commit();
    this.bestViolations = countViolatedRoutes(sol);
    this.bestRouteCost = sol.total() - sol.unassigned.length * this.inst.wUnassigned - sol.penalty() - usedRoutes(sol) * this.inst.routeWeight;
    if (this.params.localSearch === 'auto') {
      let used = 0;
      let assigned = 0;
      for (const r of sol.routes) {
        if (r.jobs.length > 0) used += 1;
        assigned += r.jobs.length;
      }
      this.effective = { ...this.params, localSearch: used > 0 && assigned / used > 50 ? 'local' : 'best' };
    }
  }

  private temperature(): number {
    let length = this.firstCycle * 2 ** this.cycle;
    if (this.iteration - this.cycleStart >= length) {
      // New cycle: restart from the best plan.
      this.cycle += 1;
      this.cycleStart = this.iteration;
      length *= 2;
      this.sol.restore(this.bestSnap);
      this.currentCost = this.bestCost;
    }
    const x = (this.iteration - this.cycleStart) / length;
    return this.t0 * (this.tf / this.t0) ** x;
  }

  private iterate(): void {
    if (this.eliminating) return this.iterateElimination();
    const { sol, ed, rng } = this;
    const params = this.effective;
    const T = this.temperature();
    this.iteration += 1;
    ed.begin();
    const removed = ed.ruin(rng, params);
    const jobs = removed.concat(sol.unassigned);
    ed.recreate(jobs, rng, params);
    if (params.localSearch === 'always') this.ls.run(rng);
    else if (params.localSearch === 'local') this.ls.run(rng, 100, jobs);
    const cost = sol.total();
    const threshold = this.currentCost - T * Math.log(1 - rng.next());
    if (cost < threshold) {
      ed.commit();
      this.currentCost = cost;
      if (cost < this.bestCost - 1e-9 * Math.max(1, Math.abs(this.bestCost))) {
        if (params.localSearch === 'best' || params.localSearch === 'local') {
          ed.begin();
          this.ls.run(rng);
          ed.commit();
          this.currentCost = sol.total();
        }
        this.takeBest();
      }
    } else {
      ed.rollback();
    }
  }
}

function usedRoutes(sol: Solution): number {
  let c = 0;
  for (const r of sol.routes) if (r.jobs.length > 0) c += 1;
  return c;
}

function countViolatedRoutes(sol: Solution): number {
  let c = 0;
  for (const r of sol.routes) if (r.penalty > 0) c += 1;
  return c;
}

/** Solves in one go (tests, benchmarks, the worker's simple path). */
export function solve(problem: RoutingProblem, options: SolveOptions = {}): Plan {
  const run = new SolverRun(problem, options);
  run.step();
  return run.best();
}

// ── Plans ────────────────────────────────────────────────────────────────────────────────────

/** Builds the plan of a snapshot: schedules from the earliest departure that needs no extra waiting. */
export function buildPlan(inst: Instance, snap: Snapshot, stats: Plan['stats']): Plan {
  const p = inst.problem;
  const sol = new Solution(inst);
  sol.restore(snap);
  const routes: PlanRoute[] = sol.routes.map((r) => planRoute(inst, r));
  const unassigned: UnassignedJob[] = snap.unassigned
    .slice()
    .sort((a, b) => a - b)
    .map((j) => ({ job: (p.jobs[j] as { id: string }).id, reason: unassignedReason(inst, j) }));
  let cost = 0;
  let travelTime = 0;
  let distance = 0;
  let duration = 0;
  let waiting = 0;
  let used = 0;
  let assigned = 0;
  for (const r of routes) {
    cost += r.cost;
    travelTime += r.travelTime;
    distance += r.distance;
    duration += r.duration;
    waiting += r.waiting;
    if (r.stops.length > 0) used += 1;
    assigned += r.stops.length;
  }
  return {
    routes,
    unassigned,
    summary: { cost, travelTime, distance, duration, waiting, vehiclesUsed: used, assigned, unassigned: unassigned.length },
    stats,
  };
}

function planRoute(inst: Instance, r: Tour): PlanRoute {
  const p = inst.problem;
  const vehicle = p.vehicles[r.v] as RoutingProblem['vehicles'][number];
  const { loc, size, time, dist, service, early } = inst;
  const k = r.jobs.length;
  const startNode = inst.n + 2 * r.v;
  const endNode = startNode + 1;
  if (k === 0) {
    const t = vehicle.shiftStart ?? 0;
    return {
      vehicle: vehicle.id,
      start: { location: vehicle.start, time: t },
      end: { location: vehicle.end, time: t },
      stops: [],
      travelTime: 0,
      distance: 0,
      duration: 0,
      waiting: 0,
      service: 0,
      load: Array.from({ length: inst.dims }, () => 0),
      cost: 0,
    };
  }
  // Departure: when the first stop's window opens (no waiting there), but late enough that the
  // route fits its maximum duration, and never after E, the earliest start of a minimum-duration
  // schedule (so no stop is late that the solver found on time).
  let departure = vehicle.shiftStart ?? 0;
  const first = r.jobs[0] as number;
  const open = (early[first] as number) - (time[(loc[startNode] as number) * size + (loc[first] as number)] as number);
  if (open > departure && open > -UNBOUNDED / 2) departure = open;
  if (inst.timed) {
    const E = r.preE[k + 1] as number;
    const slack = Math.max(0, (inst.maxDur[r.v] as number) - (r.preD[k + 1] as number));
    if (E > -UNBOUNDED / 2) departure = Math.min(E, Math.max(departure, E - slack));
  }
  let t = departure;
  let prev = startNode;
  let travelTime = 0;
  let distance = 0;
  let waiting = 0;
  let serviceSum = 0;
  const stops: PlanStop[] = [];
  for (const j of r.jobs) {
    const a = (loc[prev] as number) * size + (loc[j] as number);
    travelTime += time[a] as number;
    distance += dist[a] as number;
    const arrival = t + (time[a] as number);
    const start = Math.max(arrival, early[j] as number);
    const wait = start - arrival;
    waiting += wait;
    serviceSum += service[j] as number;
    const departureJ = start + (service[j] as number);
    stops.push({ job: (p.jobs[j] as { id: string }).id, location: loc[j] as number, arrival, start, waiting: wait, departure: departureJ });
    t = departureJ;
    prev = j;
  }
  const a = (loc[prev] as number) * size + (loc[endNode] as number);
  travelTime += time[a] as number;
  distance += dist[a] as number;
  const end = t + (time[a] as number);
  return {
    vehicle: vehicle.id,
    start: { location: vehicle.start, time: departure },
    end: { location: vehicle.end, time: end },
    stops,
    travelTime,
    distance,
    duration: end - departure,
    waiting,
    service: serviceSum,
    load: Array.from(r.load),
    cost: (r.preC[k + 1] as number) + (inst.fixed[r.v] as number) - inst.routeWeight,
  };
}

/** Why a job could not be placed (see UnassignedReason). */
function unassignedReason(inst: Instance, j: number): UnassignedReason {
  const { dims, demand, cap, loc, size, time, service, early, late } = inst;
  const only = inst.onlyVehicle[j] as number;
  let anyVehicle = false;
  let capacityOk = false;
  let windowFail = false;
  for (let v = 0; v < inst.m; v += 1) {
    if (only >= 0 && v !== only) continue;
    anyVehicle = true;
    let fits = true;
    for (let d = 0; d < dims; d += 1) {
      if ((demand[j * dims + d] as number) > (cap[v * dims + d] as number) + 1e-7) fits = false;
    }
    if (!fits) continue;
    capacityOk = true;
    const s = inst.n + 2 * v;
    const e = s + 1;
    cat(service[s] as number, 0, early[s] as number, late[s] as number, time[(loc[s] as number) * size + (loc[j] as number)] as number, service[j] as number, 0, early[j] as number, late[j] as number);
    cat(SEG[0]!, SEG[1]!, SEG[2]!, SEG[3]!, time[(loc[j] as number) * size + (loc[e] as number)] as number, service[e] as number, 0, early[e] as number, late[e] as number);
    if (SEG[1]! > 1e-7) {
      windowFail = true;
      continue;
    }
    if (SEG[0]! > (inst.maxDur[v] as number) + 1e-7) continue;
    return 'no_room';
  }
  if (!anyVehicle) return 'no_vehicle';
  if (!capacityOk) return 'capacity';
  return windowFail ? 'time_window' : 'shift_length';
}
