/**
 * Issue 32, Solomon's 2-series: what a time-limited run does once route elimination is over —
 * elimination stops at the lower bound of routes, and the search on distance cools once over the
 * time left (`cooling: 'budget'`), so it ends cold whatever CPU it gets.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPlan } from '../../src/domain/routing/check';
import { euclideanMatrix } from '../../src/domain/routing/matrix';
import type { RoutingProblem } from '../../src/domain/routing/model';
import { SolverRun } from '../../src/domain/routing/solver';
import { randomProblem } from './helpers';

/** What the tests read of a run's state (private fields). */
interface Inside {
  eliminating: boolean;
  temperature(): number;
  t0: number;
  tf: number;
}
const inside = (run: SolverRun): Inside => run as unknown as Inside;

/** A clock the test moves by hand. */
function manualClock(): { now: () => number; set: (t: number) => void } {
  let t = 0;
  return { now: () => t, set: (x) => (t = x) };
}

/** Four stops of demand 6 around the depot, bikes of capacity 12: two routes at the least. */
function twoRouteDay(given: string[][], capacity = 12): RoutingProblem {
  const points = [
    { x: 10, y: 0 },
    { x: 12, y: 2 },
    { x: -10, y: 0 },
    { x: -12, y: 2 },
  ];
  return {
    dimensions: ['kg'],
    matrix: euclideanMatrix([{ x: 0, y: 0 }, ...points], 'exact'),
    distanceWeight: 0,
    objective: 'min-vehicles',
    jobs: points.map((_, i) => ({ id: `j${i}`, location: i + 1, service: 1, demand: [6] })),
    vehicles: given.map((stops, k) => ({ id: `v${k}`, start: 0, end: 0, shiftStart: 0, shiftEnd: 1000, capacity: [capacity], stops: stops.map((job) => ({ job })) })),
  };
}

describe('route elimination stops at the lower bound of routes', () => {
  it('a start already at ⌈demand ÷ capacity⌉ routes goes straight to the distance', () => {
    const run = new SolverRun(twoRouteDay([['j0', 'j1'], ['j2', 'j3'], []]), { seed: 1, maxIterations: 100 });
    expect(inside(run).eliminating).toBe(false);
  });

  it('with a lower bound (bikes of twice the capacity: one route) the same start ends in one route', () => {
    const run = new SolverRun(twoRouteDay([['j0', 'j1'], ['j2', 'j3'], []], 24), { seed: 1, maxIterations: 2000 });
    run.step();
    expect(run.best().summary.vehiclesUsed).toBe(1);
  });
});

describe('a time-limited run cools once over the time left', () => {
  it('starts hot after elimination and ends at the final temperature', () => {
    const clock = manualClock();
    const problem = { ...randomProblem({ seed: 5, jobs: 25, vehicles: 4, dims: 1, windows: true, shifts: false, asymmetric: false, shared: false }), objective: 'cost' as const };
    const run = new SolverRun(problem, { seed: 2, timeLimitMs: 1000, now: clock.now });
    const r = inside(run);
    expect(r.temperature()).toBeCloseTo(r.t0, 9);
    clock.set(500);
    expect(r.temperature()).toBeCloseTo(Math.sqrt(r.t0 * r.tf), 9);
    clock.set(999.999);
    expect(r.temperature()).toBeCloseTo(r.tf, 4);
    clock.set(2000);
    expect(r.temperature()).toBeCloseTo(r.tf, 9);
    expect(run.step()).toBe(true);
  });

  it('a run limited by iterations keeps its iteration-numbered cycles (the clock does not matter)', () => {
    const clock = manualClock();
    const problem = { ...randomProblem({ seed: 5, jobs: 25, vehicles: 4, dims: 1, windows: true, shifts: false, asymmetric: false, shared: false }), objective: 'cost' as const };
    const run = new SolverRun(problem, { seed: 2, maxIterations: 50, timeLimitMs: 1000, now: clock.now });
    const r = inside(run);
    const before = r.temperature();
    clock.set(900);
    expect(r.temperature()).toBe(before);
  });

  it('plans stay feasible and their reported cost is the checker’s (random windowed days, fake clock)', () => {
    fc.assert(
      fc.property(
        fc.record({ seed: fc.integer({ min: 1, max: 1e6 }), jobs: fc.integer({ min: 1, max: 30 }), vehicles: fc.integer({ min: 1, max: 5 }), dims: fc.integer({ min: 0, max: 2 }), windows: fc.constant(true), shifts: fc.boolean(), asymmetric: fc.boolean(), shared: fc.boolean(), minVeh: fc.boolean() }),
        (o) => {
          const problem: RoutingProblem = { ...randomProblem(o), objective: o.minVeh ? 'min-vehicles' : 'cost' };
          // Every reading of the clock is a tenth of a millisecond later: 300 ms is some 3,000 iterations.
          let t = 0;
          const run = new SolverRun(problem, { seed: o.seed, timeLimitMs: 300, now: () => (t += 0.1) });
          run.step();
          const plan = run.best();
          const check = checkPlan(problem, plan, { compareReported: true });
          expect(check.violations).toEqual([]);
          expect(check.totals.cost).toBeCloseTo(plan.summary.cost, 6);
          expect(plan.summary.assigned + plan.unassigned.length).toBe(problem.jobs.length);
        },
      ),
      { numRuns: 25 },
    );
  });
});
