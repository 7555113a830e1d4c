/**
 * The optimiser: builds a plan for a routing problem (./model.ts) and improves it until its
 * iteration or time budget is used up, it is cancelled, or it stops improving.
 *
 * 1. Start: each vehicle's given stops in their order, then every other stop at its cheapest
 *    feasible place; local search (./localSearch.ts). With the objective `min-vehicles`, route
 *    elimination first (./routeElimination.ts).
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
import { Solution, type Snapshot } from './solution';
import { buildPlan } from './buildPlan';
import { routeLowerBound } from './lowerBound';
import { countViolatedRoutes, RouteElimination, usedRoutes } from './routeElimination';
import { DEFAULT_SEARCH, type SearchParams, type SolveOptions } from './solveOptions';
import { isSingleTour, TourSearch } from './tourSearch';

export { buildPlan } from './buildPlan';

export { DEFAULT_SEARCH, type SearchParams, type SolveOptions } from './solveOptions';

const DEFAULT_TIME_LIMIT_MS = 3000;

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
      const run = { inst: this.inst, sol: this.sol, ed: this.ed, ls: this.ls, elapsed: () => this.now() - this.started };
      this.elimination = new RouteElimination(run, { maxIterations: this.maxIterations, timeLimitMs: this.timeLimitMs, routesBound: routeLowerBound(problem).routes });
      this.startAttempt(this.elimination);
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

  // Route elimination (objective `min-vehicles`, ./routeElimination.ts), then the search on cost.
  private eliminating = false;
  private readonly elimination: RouteElimination | null = null;

  /** Empties the next route (none: the elimination ends). */
  private startAttempt(elimination: RouteElimination): void {
    if (elimination.startAttempt(this.bestSnap, this.iteration)) this.eliminating = true;
    else this.endElimination();
  }

  private endElimination(): void {
    this.eliminating = false;
    this.distanceStart = this.now();
    this.ed.noNewRoutes = false;
    this.sol.restore(this.bestSnap);
    this.currentCost = this.bestCost;
    this.cycle = 0;
    this.cycleStart = this.iteration;
  }

  private iterateElimination(elimination: RouteElimination): void {
    this.iteration += 1;
    const step = elimination.iterate(this.rng, this.effective, this.iteration, this.bestSnap);
    if (step === 'placed') this.takeBest();
    if (step === 'end') this.endElimination();
    else if (step !== null) this.startAttempt(elimination);
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
    if (this.eliminating && this.elimination) return this.iterateElimination(this.elimination);
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

/** Solves in one go (tests, benchmarks, the worker's simple path). */
export function solve(problem: RoutingProblem, options: SolveOptions = {}): Plan {
  const run = new SolverRun(problem, options);
  run.step();
  return run.best();
}
