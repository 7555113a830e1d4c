/**
 * Route elimination (objective `min-vehicles`), the optimiser's first phase (./solver.ts), after
 * «slack induction by string removals»'s fleet minimisation: a route of the best plan is emptied,
 * and ruin and recreate that never opens a route tries to place its stops in the others. A
 * candidate is kept when it leaves fewer stops out, or stops that were left out less often (each
 * stop counts the iterations it spent out: the search learns which stops are hard to place and
 * places them first). When every stop is placed, the plan has one route less: it becomes the best
 * and the next route is tried. After `ELIMINATION_FAILURES` routes could not be emptied in their
 * budget (or the phase's share of the budget is used up), the search goes on with the cost
 * (annealing) from the best plan.
 */
import type { Rng } from '../prng';
import type { Instance } from './instance';
import type { LocalSearch } from './localSearch';
import type { Editor } from './ruinRecreate';
import type { Solution, Snapshot, Tour } from './solution';
import type { SearchParams } from './solveOptions';

/** Share of the iteration or time budget route elimination may use. */
const ELIMINATION_SHARE = 0.6;
/** Iterations one route gets to be emptied: at least this many, or so many per job. */
const ELIMINATION_MIN_ATTEMPT = 2000;
const ELIMINATION_ATTEMPT_PER_JOB = 30;
/** Routes that may fail to be emptied in a row before the elimination ends. */
const ELIMINATION_FAILURES = 2;

/**
 * What an iteration of the phase leads to: `placed`, every stop of the emptied route found a
 * place (the plan, polished, has one route less: the run keeps it as the best and tries the
 * next); `next`, the route could not be emptied in its budget (the best plan is restored: try
 * the next); `end`, the phase is over (the best plan is restored); null, go on.
 */
export type EliminationStep = 'placed' | 'next' | 'end' | null;

/** The phase's state: the route being emptied, the routes that failed, each stop's absence. */
export class RouteElimination {
  private readonly inst: Instance;
  private readonly sol: Solution;
  private readonly ed: Editor;
  private readonly ls: LocalSearch;
  /** Time since the run started (ms). */
  private readonly elapsed: () => number;
  private readonly absence: Int32Array;
  private attemptStart = 0;
  private attemptFailures = 0;
  private readonly elimIterationLimit: number;
  private readonly elimTimeLimit: number;
  /** Routes already tried and failed in this phase (their vehicles). */
  private readonly failedRoutes = new Set<number>();
  private currentElimRoute = -1;
  /** No plan serving every stop has fewer routes (./lowerBound.ts): elimination stops there. */
  private readonly routesBound: number;

  constructor(
    run: { inst: Instance; sol: Solution; ed: Editor; ls: LocalSearch; elapsed: () => number },
    limits: { maxIterations: number; timeLimitMs: number; routesBound: number },
  ) {
    this.inst = run.inst;
    this.sol = run.sol;
    this.ed = run.ed;
    this.ls = run.ls;
    this.elapsed = run.elapsed;
    this.absence = new Int32Array(this.inst.n);
    this.elimIterationLimit = Number.isFinite(limits.maxIterations) ? Math.floor(ELIMINATION_SHARE * limits.maxIterations) : Infinity;
    this.elimTimeLimit = Number.isFinite(limits.timeLimitMs) ? ELIMINATION_SHARE * limits.timeLimitMs : Infinity;
    this.routesBound = limits.routesBound;
  }

  /**
   * Empties the smallest used route of the best plan `best` not yet tried, at iteration
   * `iteration`; false when there is none (the elimination ends).
   */
  startAttempt(best: Snapshot, iteration: number): boolean {
    const { sol, ed, inst } = this;
    if (best.unassigned.length > 0 || countViolatedRoutes(sol) > 0) return false;
    let pick = -1;
    let used = 0;
    for (let ri = 0; ri < sol.routes.length; ri += 1) {
      const r = sol.routes[ri] as Tour;
      if (r.jobs.length === 0) continue;
      used += 1;
      if ((inst.vclass[r.v] as number) < 0 || this.failedRoutes.has(ri)) continue;
      if (pick < 0 || r.jobs.length < (sol.routes[pick] as Tour).jobs.length) pick = ri;
    }
    if (pick < 0 || used <= Math.max(1, this.routesBound)) return false;
    ed.begin();
    const k = (sol.routes[pick] as Tour).jobs.length;
    const out = ed.removeRange(pick, 1, k);
    ed.commit();
    sol.unassigned = sol.unassigned.concat(out);
    ed.noNewRoutes = true;
    this.attemptStart = iteration;
    this.currentElimRoute = pick;
    return true;
  }

  private absenceOf(jobs: readonly number[]): number {
    let s = 0;
    for (const j of jobs) s += this.absence[j] as number;
    return s;
  }

  /** Iteration `iteration` of the phase (the run has counted it); `best` is the best plan. */
  iterate(rng: Rng, params: SearchParams, iteration: number, best: Snapshot): EliminationStep {
    const { sol, ed } = this;
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
      // One route less: polish; the run keeps it as the best and tries the next.
      ed.noNewRoutes = false;
      ed.begin();
      this.ls.run(rng);
      ed.commit();
      this.failedRoutes.clear();
      this.attemptFailures = 0;
      return 'placed';
    }
    const attemptBudget = Math.max(ELIMINATION_MIN_ATTEMPT, ELIMINATION_ATTEMPT_PER_JOB * this.inst.n);
    const overTime = this.elapsed() >= this.elimTimeLimit;
    if (iteration - this.attemptStart >= attemptBudget || iteration >= this.elimIterationLimit || overTime) {
      this.failedRoutes.add(this.currentElimRoute);
      this.attemptFailures += 1;
      sol.restore(best);
      return this.attemptFailures >= ELIMINATION_FAILURES || iteration >= this.elimIterationLimit || overTime ? 'end' : 'next';
    }
    return null;
  }
}

/** Routes of `sol` with at least one stop. */
export function usedRoutes(sol: Solution): number {
  let c = 0;
  for (const r of sol.routes) if (r.jobs.length > 0) c += 1;
  return c;
}

/** Routes of `sol` that break a constraint. */
export function countViolatedRoutes(sol: Solution): number {
  let c = 0;
  for (const r of sol.routes) if (r.penalty > 0) c += 1;
  return c;
}
