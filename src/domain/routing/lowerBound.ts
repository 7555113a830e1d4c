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
 * A stop larger than every vehicle counts in no capacity bound (it is left out anyway).
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

export function routeLowerBound(problem: RoutingProblem): RouteLowerBound {
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

/** Greedy clique of stops that cannot share a route because of their windows. */
function timeWindowBound(problem: RoutingProblem): number {
  const { jobs, matrix } = problem;
  const n = jobs.length;
  if (n === 0 || !jobs.some((j) => j.window)) return 0;
  const size = matrix.size;
  const dur = matrix.durations;
  const early = (i: number): number => jobs[i]?.window?.start ?? -Infinity;
  const late = (i: number): number => jobs[i]?.window?.end ?? Infinity;
  // i then j is possible when service at i can start at its earliest and j still be reached in time.
  const follows = (i: number, j: number): boolean => {
    const a = jobs[i] as RoutingProblem['jobs'][number];
    const b = jobs[j] as RoutingProblem['jobs'][number];
    return early(i) + a.service + (dur[a.location * size + b.location] as number) <= late(j) + EPS;
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
