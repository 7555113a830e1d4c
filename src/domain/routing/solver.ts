/**
 * The optimiser: builds a plan for a routing problem (./model.ts) and improves it until its
 * iteration or time budget is used up, it is cancelled, or it stops improving.
 *
 * 1. Start: each vehicle's given stops in their order, then every other stop at its cheapest
 *    feasible place; local search (./localSearch.ts).
 * 2. Ruin and recreate (./ruinRecreate.ts) under simulated annealing: a candidate replaces the
 *    current plan when its cost < current − T·ln(U), U uniform in (0, 1). Every new best plan is
 *    polished by local search.
 * 3. Cooling: a run limited by time only (`cooling: 'budget'`, the default) cools once from
 *    `initialTemperature` to `finalTemperature` (× the instance's typical leg cost) over the time
 *    left after route elimination, so it ends cold whatever CPU it gets. A run with an iteration
 *    limit (or `cooling: 'cycles'`) cools in cycles: cycle c lasts `firstCycle × 2^c` iterations,
 *    starting from the best plan so far; that schedule depends only on the iteration number, so a
 *    run with more iterations replays a shorter run with the same seed and continues it.
 *
 * Every random draw comes from one seeded generator (../prng.ts): the same problem, seed and
 * iteration limit give the same plan. `SolverRun.step` runs for a slice of time and returns, so a
 * worker can yield between slices to hear a cancellation, and `best()` is available at any time.
 */
import { createRng, type Rng } from '../prng';
import { compile, type Instance } from './instance';
import { LocalSearch } from './localSearch';
import type { CancelSignal, Plan, RoutingProblem, SolveProgress, StopReason } from './model';
import { Editor } from './ruinRecreate';
import { Solution, type Tour, type Snapshot } from './solution';
import { buildPlan } from './buildPlan';
import { routeLowerBound } from './lowerBound';
import { DEFAULT_SEARCH, type SearchParams, type SolveOptions } from './solveOptions';
import { isSingleTour, TourSearch } from './tourSearch';

export { buildPlan } from './buildPlan';

export { DEFAULT_SEARCH, type SearchParams, type SolveOptions } from './solveOptions';

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
    if (isSingleTour(this.inst)) {
      // A travelling salesman's tour: the iterated local search of ./tourSearch.ts.
      const given = this.inst.initial[0] ?? [];
      this.tour = new TourSearch(this.inst, given.length === this.inst.n ? given : undefined);
      this.tour.optimiseAll();
      this.sol.setRoute(0, this.tour.jobs());
      this.bestRouteCost = this.sol.total() - usedRoutes(this.sol) * this.inst.routeWeight;
    } else this.construct();
    this.currentCost = this.sol.total();
    this.bestCost = this.currentCost;
    this.bestSnap = this.sol.snapshot();
    if (this.inst.n === 0 || this.movableJobs() === 0) this.finish('trivial');
    else if (this.inst.routeWeight > 0) {
      this.absence = new Int32Array(this.inst.n);
      this.elimIterationLimit = Number.isFinite(this.maxIterations) ? Math.floor(ELIMINATION_SHARE * this.maxIterations) : Infinity;
      this.elimTimeLimit = Number.isFinite(this.timeLimitMs) ? ELIMINATION_SHARE * this.timeLimitMs : Infinity;
      this.routesBound = routeLowerBound(problem).routes;
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
    this.syncTour();
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

  /** The single-tour search, when the problem is one (./tourSearch.ts). */
  private readonly tour: TourSearch | null = null;
  /** The tour search found a shorter tour not yet written into the solution. */
  private tourAhead = false;

  /** Writes the tour search's tour into the solution as the best plan. */
  private syncTour(): void {
    if (!this.tour || !this.tourAhead) return;
    this.tourAhead = false;
    const it = this.bestIteration;
    this.sol.setRoute(0, this.tour.bestJobs());
    this.takeBest();
    this.bestIteration = it;
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
    if (pick < 0 || used <= Math.max(1, this.routesBound)) return this.endElimination();
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
  /** No plan serving every stop has fewer routes (./lowerBound.ts): elimination stops there. */
  private routesBound = 0;

  private endElimination(): void {
    this.eliminating = false;
    this.distanceStart = this.now();
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
    this.syncTour();
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

  /** When the search on cost began (after route elimination, or at the start). */
  private distanceStart = -Infinity;

  private temperature(): number {
    if (this.effective.cooling === 'budget' && !Number.isFinite(this.maxIterations) && Number.isFinite(this.timeLimitMs)) {
      // One cooling over the time left: the run ends cold whatever CPU it gets.
      const from = Number.isFinite(this.distanceStart) ? this.distanceStart : this.started;
      const span = this.started + this.timeLimitMs - from;
      const x = span > 0 ? Math.min(1, Math.max(0, (this.now() - from) / span)) : 1;
      return this.t0 * (this.tf / this.t0) ** x;
    }
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
    if (this.tour) {
      this.iteration += 1;
      if (this.tour.kick(this.rng)) {
        this.tourAhead = true;
        this.bestIteration = this.iteration;
      }
      return;
    }
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
