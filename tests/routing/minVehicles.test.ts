/**
 * Issue 32: the fewest-vehicles objective («Mínimo de repartidores»), its route elimination and
 * the lower bound of routes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/domain/prng';
import { checkPlan } from '../../src/domain/routing/check';
import { compile, type Instance } from '../../src/domain/routing/instance';
import { LocalSearch } from '../../src/domain/routing/localSearch';
import { routeLowerBound } from '../../src/domain/routing/lowerBound';
import { euclideanMatrix, matrixFromRows } from '../../src/domain/routing/matrix';
import type { Plan, RoutingProblem, RoutingVehicle, StopLock } from '../../src/domain/routing/model';
import { DEFAULT_RUIN_RECREATE, Editor } from '../../src/domain/routing/ruinRecreate';
import { Solution } from '../../src/domain/routing/solution';
import { buildPlan, solve } from '../../src/domain/routing/solver';
import { randomProblem } from './helpers';
import '../../src/i18n';

const minVeh = (p: RoutingProblem): RoutingProblem => ({ ...p, objective: 'min-vehicles' });

function expectFeasible(problem: RoutingProblem, plan: Plan): void {
  const result = checkPlan(problem, plan, { compareReported: true });
  expect(result.violations).toEqual([]);
  // The cost the plan reports is the problem's cost (no route weight), as the checker recomputes it.
  expect(result.totals.cost).toBeCloseTo(plan.summary.cost, 6);
  expect(result.totals.vehiclesUsed).toBe(plan.summary.vehiclesUsed);
}

const used = (sol: Solution): number => sol.routes.filter((r) => r.jobs.length > 0).length;

/**
 * The checker's verdict on a working solution, scheduled as the solver returns it (buildPlan):
 * its violations, its cost recomputed, and whether the cost the plan reports matches.
 */
function checkerCost(inst: Instance, sol: Solution): { cost: number; violations: number } {
  const plan = buildPlan(inst, sol.snapshot(), { seed: 1, iterations: 0, bestIteration: 0, elapsedMs: 0, stopReason: 'iterations' });
  const check = checkPlan(inst.problem, plan, { compareReported: true });
  expect(check.totals.cost).toBeCloseTo(plan.summary.cost, 6);
  return { cost: check.totals.cost, violations: check.violations.length };
}

describe('«Mínimo de repartidores»: plans pass the independent checker', () => {
  it('random instances: feasible, every stop accounted for, reported cost = the checker’s', () => {
    fc.assert(
      fc.property(
        fc.record({ seed: fc.integer({ min: 1, max: 1e6 }), jobs: fc.integer({ min: 0, max: 30 }), vehicles: fc.integer({ min: 1, max: 5 }), dims: fc.integer({ min: 0, max: 3 }), windows: fc.boolean(), shifts: fc.boolean(), asymmetric: fc.boolean(), shared: fc.boolean() }),
        (o) => {
          const problem = minVeh(randomProblem(o));
          const plan = solve(problem, { seed: o.seed, maxIterations: 300 });
          expectFeasible(problem, plan);
          expect(plan.summary.assigned + plan.unassigned.length).toBe(problem.jobs.length);
          if (plan.unassigned.length === 0) expect(plan.summary.vehiclesUsed).toBeGreaterThanOrEqual(routeLowerBound(problem).routes);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('locked stops hold while routes are eliminated', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.boolean(), (seed, windows) => {
        const problem = minVeh(randomProblem({ seed, jobs: 20, vehicles: 5, dims: 2, windows, shifts: false, asymmetric: false, shared: false }));
        const first = solve({ ...problem, objective: 'cost' }, { seed, maxIterations: 50 });
        const rng = createRng(seed);
        const vehicles: RoutingVehicle[] = problem.vehicles.map((v, k) => ({
          ...v,
          stops: (first.routes[k]?.stops ?? []).map((s) => {
            const r = rng.next();
            const lock: StopLock = r < 0.15 ? 'position' : r < 0.3 ? 'route' : 'none';
            return { job: s.job, lock };
          }),
        }));
        const locked: RoutingProblem = { ...problem, vehicles };
        const plan = solve(locked, { seed, maxIterations: 400 });
        const check = checkPlan(locked, plan, { compareReported: true });
        expect(check.totals.cost).toBeCloseTo(plan.summary.cost, 6);
        vehicles.forEach((v, k) => {
          const jobs = (plan.routes[k]?.stops ?? []).map((s) => s.job);
          (v.stops ?? []).forEach((s, i) => {
            if (s.lock === 'position') expect(jobs[i]).toBe(s.job);
            if (s.lock === 'route') expect(jobs).toContain(s.job);
          });
        });
      }),
      { numRuns: 25 },
    );
  });

  it('empties routes a cost-only plan keeps: one route can serve what six riders were given', () => {
    // Twelve stops around the depot, six riders each starting with two of them (a warm start).
    const points = Array.from({ length: 12 }, (_, i) => ({ x: 50 + 30 * Math.cos((i * Math.PI) / 6), y: 50 + 30 * Math.sin((i * Math.PI) / 6) }));
    const matrix = euclideanMatrix([{ x: 50, y: 50 }, ...points], 'exact');
    const problem: RoutingProblem = {
      dimensions: ['units'],
      matrix,
      distanceWeight: 0,
      objective: 'min-vehicles',
      jobs: points.map((_, i) => ({ id: `j${i}`, location: i + 1, service: 5, demand: [1] })),
      vehicles: Array.from({ length: 6 }, (_, k) => ({ id: `v${k}`, start: 0, end: 0, shiftStart: 0, shiftEnd: 1000, capacity: [12], stops: [{ job: `j${2 * k}` }, { job: `j${2 * k + 1}` }] })),
    };
    const plan = solve(problem, { seed: 3, maxIterations: 3000 });
    expectFeasible(problem, plan);
    expect(plan.unassigned).toEqual([]);
    expect(plan.summary.vehiclesUsed).toBe(1);
    expect(routeLowerBound(problem).routes).toBe(1);
  });

  it('uses no more riders than the cost objective on windowed instances, and fewer on some', () => {
    let fewer = 0;
    for (let seed = 1; seed <= 6; seed += 1) {
      const base = randomProblem({ seed, jobs: 40, vehicles: 10, dims: 1, windows: true, shifts: false, asymmetric: false, shared: false });
      const roomy: RoutingProblem = { ...base, vehicles: base.vehicles.map((v) => ({ ...v, capacity: [1000] })) };
      const byCost = solve({ ...roomy, objective: 'cost' }, { seed, maxIterations: 1500 });
      const byRiders = solve(minVeh(roomy), { seed, maxIterations: 1500 });
      expectFeasible(minVeh(roomy), byRiders);
      expect(byRiders.unassigned.length).toBeLessThanOrEqual(byCost.unassigned.length);
      expect(byRiders.summary.vehiclesUsed).toBeLessThanOrEqual(byCost.summary.vehiclesUsed);
      if (byRiders.summary.vehiclesUsed < byCost.summary.vehiclesUsed) fewer += 1;
    }
    expect(fewer).toBeGreaterThan(0);
  });
});

describe('moves under the route weight', () => {
  it('local search and ruin-and-recreate without new routes keep a feasible plan feasible; cost less the route weight = the checker’s', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.boolean(), (seed, windows) => {
        const problem = minVeh(randomProblem({ seed, jobs: 25, vehicles: 5, dims: 2, windows, shifts: windows, asymmetric: false, shared: true }));
        const inst = compile(problem);
        expect(inst.routeWeight).toBeGreaterThan(0);
        const sol = new Solution(inst);
        const ed = new Editor(sol);
        const ls = new LocalSearch(ed);
        const rng = createRng(seed);
        ed.begin();
        ed.recreate(Array.from({ length: inst.n }, (_, j) => j), rng, DEFAULT_RUIN_RECREATE);
        ls.run(rng);
        ed.commit();
        const start = checkerCost(inst, sol);
        expect(sol.total() - used(sol) * inst.routeWeight - sol.unassigned.length * inst.wUnassigned).toBeCloseTo(start.cost, 6);
        if (start.violations > 0) return;
        for (let k = 0; k < 15; k += 1) {
          const routesBefore = used(sol);
          const unassignedBefore = sol.unassigned.length;
          ed.noNewRoutes = true;
          ed.begin();
          const removed = ed.ruin(rng, DEFAULT_RUIN_RECREATE);
          ed.recreate(removed.concat(sol.unassigned), rng, DEFAULT_RUIN_RECREATE);
          // No route was opened; whatever did not fit is left out, never placed where it breaks a constraint.
          expect(used(sol)).toBeLessThanOrEqual(routesBefore);
          const after = checkerCost(inst, sol);
          expect(after.violations).toBe(0);
          expect(sol.total() - used(sol) * inst.routeWeight - sol.unassigned.length * inst.wUnassigned).toBeCloseTo(after.cost, 6);
          if (sol.unassigned.length > unassignedBefore) ed.rollback();
          else ed.commit();
          ed.noNewRoutes = false;
          ed.begin();
          ls.run(rng);
          ed.commit();
          const polished = checkerCost(inst, sol);
          expect(polished.violations).toBe(0);
          expect(used(sol)).toBeLessThanOrEqual(routesBefore);
          expect(sol.total() - used(sol) * inst.routeWeight - sol.unassigned.length * inst.wUnassigned).toBeCloseTo(polished.cost, 6);
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('lower bound of routes', () => {
  const square = (n: number): RoutingProblem['matrix'] => matrixFromRows(Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 0 : 10))));

  it('is ⌈total demand ÷ largest capacity⌉ per dimension, the largest of them', () => {
    const problem: RoutingProblem = {
      dimensions: ['weight', 'volume'],
      matrix: square(6),
      jobs: Array.from({ length: 5 }, (_, i) => ({ id: `j${i}`, location: i + 1, service: 0, demand: [30, 10] })),
      vehicles: [
        { id: 'a', start: 0, end: 0, capacity: [100, 20] },
        { id: 'b', start: 0, end: 0, capacity: [40, 25] },
      ],
    };
    // weight 150 ÷ 100 → 2; volume 50 ÷ 25 → 2.
    expect(routeLowerBound(problem)).toEqual({ routes: 2, byDimension: [2, 2], byTimeWindows: 0 });
    const heavy = { ...problem, jobs: problem.jobs.map((j) => ({ ...j, demand: [30, 26] })) };
    // Each 26 l stop fits no bike: any plan leaves them out, so none counts.
    expect(routeLowerBound(heavy)).toEqual({ routes: 0, byDimension: [0, 0], byTimeWindows: 0 });
    // A stop whose window closes before a rider could reach it counts in no bound either.
    const late: RoutingProblem = { ...problem, vehicles: problem.vehicles.map((v) => ({ ...v, shiftStart: 100 })), jobs: problem.jobs.map((j, i) => (i < 3 ? { ...j, window: { start: 0, end: 50 } } : j)) };
    expect(routeLowerBound(late).byDimension).toEqual([1, 1]);
  });

  it('gives no bound for an unlimited dimension, and 0 routes for no stops', () => {
    const problem: RoutingProblem = {
      dimensions: ['boxes'],
      matrix: square(3),
      jobs: [
        { id: 'a', location: 1, service: 0, demand: [5] },
        { id: 'b', location: 2, service: 0, demand: [5] },
      ],
      vehicles: [{ id: 'v', start: 0, end: 0, capacity: [Number.MAX_VALUE] }],
    };
    expect(routeLowerBound(problem)).toEqual({ routes: 1, byDimension: [0], byTimeWindows: 0 });
    expect(routeLowerBound({ ...problem, jobs: [] }).routes).toBe(0);
  });

  it('counts stops whose windows no single route can join', () => {
    // Three stops 10 apart, each served in [0, 5] with 10 of service: no two fit one route.
    const problem: RoutingProblem = {
      dimensions: [],
      matrix: square(5),
      jobs: [
        ...[1, 2, 3].map((i) => ({ id: `t${i}`, location: i, service: 10, window: { start: 0, end: 5 }, demand: [] })),
        { id: 'free', location: 4, service: 10, demand: [] },
      ],
      vehicles: [{ id: 'v', start: 0, end: 0, capacity: [] }],
    };
    expect(routeLowerBound(problem)).toEqual({ routes: 3, byDimension: [], byTimeWindows: 3 });
    const plan = solve({ ...problem, vehicles: Array.from({ length: 4 }, (_, k) => ({ id: `v${k}`, start: 0, end: 0, capacity: [] })), objective: 'min-vehicles' }, { seed: 1, maxIterations: 200 });
    expect(plan.unassigned).toEqual([]);
    expect(plan.summary.vehiclesUsed).toBe(3);
  });

  it('never exceeds the routes of a feasible plan that serves every stop (random instances)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.boolean(), fc.integer({ min: 0, max: 3 }), (seed, windows, dims) => {
        const problem = minVeh(randomProblem({ seed, jobs: 25, vehicles: 8, dims, windows, shifts: false, asymmetric: false, shared: true }));
        const plan = solve(problem, { seed, maxIterations: 100 });
        if (plan.unassigned.length > 0 || !checkPlan(problem, plan).ok) return;
        expect(routeLowerBound(problem).routes).toBeLessThanOrEqual(plan.summary.vehiclesUsed);
      }),
      { numRuns: 40 },
    );
  });
});
