/**
 * A lower bound on the number of routes a problem needs (issue 32): the planning board shows
 * «N rutas (mínimo posible: M)» so the operator sees how close a proposal is to the minimum.
 *
 * - Capacity, per dimension: ⌈total demand ÷ the largest capacity of any vehicle⌉ (a dimension
 *   without a finite capacity gives no bound).
 * - Time windows: stops no single route can visit together (neither one after the other fits
 *   their windows) each need a route of their own; a greedy set of pairwise incompatible stops
 *   (a clique of the incompatibility graph) is a valid bound, not always the best one.
 *
 * Only stops some vehicle can serve on its own count (any plan leaves the others out).
 * Pure and O(n²) in the number of jobs (1,000 stops: a million pair checks, a few milliseconds).
 */
import type { RoutingProblem } from './model';

export interface RouteLowerBound {
  /** The bound: the largest of the others, at least 1 when there is any job. */
  readonly routes: number;
  /** ⌈total demand ÷ largest capacity⌉ per dimension (0 when the dimension is unbounded). */
  readonly byDimension: readonly number[];
  /** Size of a set of stops no two of which fit one route (0 without time windows). */
  readonly byTimeWindows: number;
}

/** Capacities this large stand for «no limit» (the day planner uses Number.MAX_VALUE). */
const UNLIMITED = 1e300;
const EPS = 1e-9;

export function routeLowerBound(full: RoutingProblem): RouteLowerBound {
  // Only the stops some vehicle can serve on its own: the others are left out by any plan.
  const problem: RoutingProblem = { ...full, jobs: full.jobs.filter((j) => servable(full, j)) };
  const dims = problem.dimensions.length;
  const jobs = problem.jobs;
  const byDimension: number[] = [];
  for (let d = 0; d < dims; d += 1) {
    let largest = 0;
    for (const v of problem.vehicles) {
      const c = v.capacity[d] ?? 0;
      if (Number.isFinite(c) && c < UNLIMITED) largest = Math.max(largest, c);
      else largest = Infinity;
    }
    let total = 0;
    for (const j of jobs) {
      const q = j.demand[d] ?? 0;
      // A stop larger than every vehicle is left out: it does not count.
      if (q <= largest + EPS) total += q;
    }
    byDimension.push(largest > 0 && Number.isFinite(largest) ? Math.max(0, Math.ceil(total / largest - EPS)) : 0);
  }
  const byTimeWindows = timeWindowBound(problem);
  const any = jobs.length > 0 ? 1 : 0;
  return { routes: Math.max(any, byTimeWindows, ...byDimension), byDimension, byTimeWindows };
}

/** Whether some vehicle can serve the job alone: its demand fits, and hub → stop → hub fits the windows, shift and length. */
function servable(problem: RoutingProblem, j: RoutingProblem['jobs'][number]): boolean {
  const { matrix } = problem;
  const t = (a: number, b: number): number => matrix.durations[a * matrix.size + b] as number;
  return problem.vehicles.some((v) => {
    if (j.demand.some((q, d) => q > (v.capacity[d] ?? 0) + EPS)) return false;
    const leave = v.shiftStart ?? -Infinity;
    const arrive = leave + t(v.start, j.location);
    if (arrive > (j.window?.end ?? Infinity) + EPS) return false;
    const begin = Math.max(arrive, j.window?.start ?? -Infinity);
    const back = begin + j.service + t(j.location, v.end);
    if (back > (v.shiftEnd ?? Infinity) + EPS) return false;
    return t(v.start, j.location) + j.service + t(j.location, v.end) <= (v.maxDuration ?? Infinity) + EPS;
  });
}

/** Greedy clique of stops that cannot share a route because of their windows. */
function timeWindowBound(problem: RoutingProblem): number {
  const { jobs, matrix } = problem;
  const n = jobs.length;
  if (n === 0 || !jobs.some((j) => j.window)) return 0;
  const size = matrix.size;
  const dur = matrix.durations;
  const early = (i: number): number => jobs[i]?.window?.start ?? -Infinity;
  const late = (i: number): number => jobs[i]?.window?.end ?? Infinity;
  // The latest any vehicle may be back, and the quickest way back from each place.
  const shiftEnd = Math.max(...problem.vehicles.map((v) => v.shiftEnd ?? Infinity));
  const back = (loc: number): number => Math.min(...problem.vehicles.map((v) => dur[loc * size + v.end] as number));
  const home = jobs.map((j) => back(j.location));
  // i then j is possible when, starting i at its earliest, j is reached in its window and the
  // vehicle can still get back in its shift.
  const follows = (i: number, j: number): boolean => {
    const a = jobs[i] as RoutingProblem['jobs'][number];
    const b = jobs[j] as RoutingProblem['jobs'][number];
    const reach = early(i) + a.service + (dur[a.location * size + b.location] as number);
    if (reach > late(j) + EPS) return false;
    return Math.max(reach, early(j)) + b.service + (home[j] as number) <= shiftEnd + EPS;
  };
  const clash = (i: number, j: number): boolean => !follows(i, j) && !follows(j, i);
  const degree = new Int32Array(n);
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) {
      if (clash(i, j)) {
        degree[i] = (degree[i] as number) + 1;
        degree[j] = (degree[j] as number) + 1;
      }
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).filter((i) => (degree[i] as number) > 0);
  order.sort((a, b) => (degree[b] as number) - (degree[a] as number) || a - b);
  const clique: number[] = [];
  for (const i of order) if (clique.every((k) => clash(i, k))) clique.push(i);
  return clique.length;
}
