import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPlan } from '../../src/domain/routing/check';
import { RoutingInputError } from '../../src/domain/routing/instance';
import { matrixFromRows } from '../../src/domain/routing/matrix';
import type { Plan, RoutingProblem, RoutingVehicle, SolveProgress, StopLock } from '../../src/domain/routing/model';
import { solve, SolverRun } from '../../src/domain/routing/solver';
import { randomProblem, type RandomProblemOptions } from './helpers';
// The catalogue words the domain's thrown errors (DomainError) in Spanish.
import '../../src/i18n';

const problemArb = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  jobs: fc.integer({ min: 0, max: 30 }),
  vehicles: fc.integer({ min: 1, max: 4 }),
  dims: fc.integer({ min: 0, max: 3 }),
  windows: fc.boolean(),
  shifts: fc.boolean(),
  asymmetric: fc.boolean(),
  shared: fc.boolean(),
  oversized: fc.boolean(),
}) satisfies fc.Arbitrary<RandomProblemOptions>;

/** Lexicographic quality of a plan: fewer unassigned first, then cost. */
const quality = (p: Plan): [number, number] => [p.unassigned.length, p.summary.cost];
const noWorse = (a: Plan, b: Plan): boolean => a.unassigned.length < b.unassigned.length || (a.unassigned.length === b.unassigned.length && a.summary.cost <= b.summary.cost + 1e-6);

function expectFeasible(problem: RoutingProblem, plan: Plan): void {
  const result = checkPlan(problem, plan, { compareReported: true });
  expect(result.violations).toEqual([]);
  expect(result.totals.cost).toBeCloseTo(plan.summary.cost, 6);
}

describe('optimiser: every plan passes the independent checker', () => {
  it('random instances (windows, shifts, several dimensions, asymmetric, shared places)', () => {
    fc.assert(
      fc.property(problemArb, (o) => {
        const problem = randomProblem(o);
        const plan = solve(problem, { seed: o.seed, maxIterations: 150 });
        expectFeasible(problem, plan);
        expect(plan.routes.map((r) => r.vehicle)).toEqual(problem.vehicles.map((v) => v.id));
        expect(plan.summary.assigned + plan.unassigned.length).toBe(problem.jobs.length);
        if (o.oversized && o.dims > 0 && o.jobs > 0) expect(plan.unassigned).toContainEqual({ job: 'j1', reason: 'capacity' });
      }),
      { numRuns: 60 },
    );
  });

  it('serves every stop when the fleet has room (no windows, ample capacity)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 1, max: 40 }), (seed, jobs) => {
        const problem = randomProblem({ seed, jobs, vehicles: 3, dims: 2, windows: false, shifts: false, asymmetric: false, shared: false });
        const roomy: RoutingProblem = { ...problem, vehicles: problem.vehicles.map((v) => ({ ...v, capacity: v.capacity.map(() => 10_000) })) };
        const plan = solve(roomy, { seed, maxIterations: 50 });
        expect(plan.unassigned).toEqual([]);
        expectFeasible(roomy, plan);
      }),
      { numRuns: 30 },
    );
  });
});

describe('optimiser: locked stops', () => {
  it('a locked stop never moves: position locks keep their place, route locks their vehicle', () => {
    fc.assert(
      fc.property(problemArb, fc.integer({ min: 0, max: 1e6 }), (o, lockSeed) => {
        const problem = randomProblem({ ...o, jobs: Math.max(o.jobs, 4) });
        const first = solve(problem, { seed: o.seed, maxIterations: 60 });
        // Lock some stops of the first plan where they are.
        let x = lockSeed;
        const next = (): number => {
          x = (x * 1103515245 + 12345) % 2147483648;
          return x / 2147483648;
        };
        const vehicles: RoutingVehicle[] = problem.vehicles.map((v, k) => {
          const route = first.routes[k];
          const stops = (route?.stops ?? []).map((s) => {
            const r = next();
            const lock: StopLock = r < 0.25 ? 'position' : r < 0.5 ? 'route' : 'none';
            return { job: s.job, lock };
          });
          return { ...v, stops };
        });
        const locked: RoutingProblem = { ...problem, vehicles };
        const plan = solve(locked, { seed: o.seed + 1, maxIterations: 120 });
        expectFeasible(locked, plan);
        vehicles.forEach((v, k) => {
          const jobs = (plan.routes[k]?.stops ?? []).map((s) => s.job);
          (v.stops ?? []).forEach((s, i) => {
            if (s.lock === 'position') expect(jobs[i]).toBe(s.job);
            if (s.lock === 'route') expect(jobs).toContain(s.job);
          });
        });
      }),
      { numRuns: 40 },
    );
  });

  it('keeps a locked stop even when it breaks its window, and reports it', () => {
    const problem: RoutingProblem = {
      dimensions: [],
      matrix: matrixFromRows([
        [0, 10, 10],
        [10, 0, 10],
        [10, 10, 0],
      ]),
      jobs: [
        { id: 'a', location: 1, service: 0, window: { start: 0, end: 5 }, demand: [] },
        { id: 'b', location: 2, service: 0, demand: [] },
      ],
      vehicles: [{ id: 'v', start: 0, end: 0, shiftStart: 0, capacity: [], stops: [{ job: 'a', lock: 'route' }] }],
    };
    const plan = solve(problem, { seed: 1, maxIterations: 20 });
    expect(plan.routes[0]?.stops.map((s) => s.job)).toEqual(['a', 'b']);
    const check = checkPlan(problem, plan);
    expect(check.violations.map((v) => v.kind)).toEqual(['time_window']);
    expect(check.violations[0]?.amount).toBeCloseTo(5);
  });
});

describe('optimiser: reproducible and monotone in its budget', () => {
  it('the same seed and iteration limit give the same plan', () => {
    const problem = randomProblem({ seed: 7, jobs: 40, vehicles: 4, dims: 2, windows: true, shifts: true, asymmetric: true, shared: true });
    const a = solve(problem, { seed: 3, maxIterations: 300 });
    const b = solve(problem, { seed: 3, maxIterations: 300 });
    expect(b.routes).toEqual(a.routes);
    expect(b.unassigned).toEqual(a.unassigned);
  });

  it('more iterations never give a worse plan than fewer, for a fixed seed', () => {
    fc.assert(
      fc.property(problemArb, fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 300 }), (o, short, extra) => {
        const problem = randomProblem(o);
        const a = solve(problem, { seed: o.seed, maxIterations: short });
        const b = solve(problem, { seed: o.seed, maxIterations: short + extra });
        expect(noWorse(b, a), `${quality(b).join('/')} vs ${quality(a).join('/')}`).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('a run stepped in slices ends where one uninterrupted run ends', () => {
    const problem = randomProblem({ seed: 11, jobs: 30, vehicles: 3, dims: 1, windows: true, shifts: false, asymmetric: false, shared: false });
    const whole = solve(problem, { seed: 5, maxIterations: 200 });
    const run = new SolverRun(problem, { seed: 5, maxIterations: 200 });
    let slices = 0;
    while (!run.step(0)) slices += 1;
    expect(slices).toBeGreaterThan(10);
    expect(run.best().routes).toEqual(whole.routes);
  });
});

describe('optimiser: cancellation and progress', () => {
  it('stops when cancelled and returns its best plan so far, which is valid', () => {
    const problem = randomProblem({ seed: 5, jobs: 60, vehicles: 5, dims: 2, windows: true, shifts: true, asymmetric: false, shared: false });
    const signal = { aborted: false };
    const seen: SolveProgress[] = [];
    const plan = solve(problem, {
      seed: 1,
      maxIterations: 1_000_000,
      signal,
      progressIntervalMs: 0,
      onProgress: (p) => {
        seen.push(p);
        if (p.iterations >= 25) signal.aborted = true;
      },
    });
    expect(plan.stats.stopReason).toBe('cancelled');
    expect(plan.stats.iterations).toBe(25);
    expectFeasible(problem, plan);
    // Progress: iterations grow, the best cost never rises.
    for (let i = 1; i < seen.length; i += 1) {
      expect((seen[i] as SolveProgress).iterations).toBeGreaterThanOrEqual((seen[i - 1] as SolveProgress).iterations);
      expect((seen[i] as SolveProgress).bestUnassigned * 1e9 + (seen[i] as SolveProgress).bestCost).toBeLessThanOrEqual((seen[i - 1] as SolveProgress).bestUnassigned * 1e9 + (seen[i - 1] as SolveProgress).bestCost + 1e-6);
    }
    expect(seen.at(-1)?.fraction).toBe(1);
  });

  it('cancel() on a run stops it between slices', () => {
    const problem = randomProblem({ seed: 9, jobs: 30, vehicles: 3, dims: 1, windows: false, shifts: false, asymmetric: false, shared: false });
    const run = new SolverRun(problem, { seed: 1, maxIterations: 1_000_000 });
    run.step(0);
    run.cancel();
    expect(run.step()).toBe(true);
    expect(run.best().stats.stopReason).toBe('cancelled');
  });

  it('stops after a number of iterations without improvement', () => {
    const problem = randomProblem({ seed: 2, jobs: 8, vehicles: 2, dims: 1, windows: false, shifts: false, asymmetric: false, shared: false });
    const plan = solve(problem, { seed: 1, maxIterations: 100_000, maxIterationsWithoutImprovement: 50 });
    expect(plan.stats.stopReason).toBe('stagnation');
    expect(plan.stats.iterations - plan.stats.bestIteration).toBe(50);
  });
});

describe('optimiser: quality on small instances', () => {
  it('finds the optimal tour of small TSPs (brute force)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 3, max: 7 }), fc.boolean(), (seed, jobs, asymmetric) => {
        const problem = randomProblem({ seed, jobs, vehicles: 1, dims: 0, windows: false, shifts: false, asymmetric, shared: false });
        const plan = solve(problem, { seed, maxIterations: 300 });
        expect(plan.summary.cost).toBeCloseTo(bruteForceTour(problem), 6);
      }),
      { numRuns: 25 },
    );
  });

  it('waits for a window instead of arriving early, and orders stops by their windows', () => {
    const problem: RoutingProblem = {
      dimensions: [],
      matrix: matrixFromRows([
        [0, 10, 10],
        [10, 0, 1],
        [10, 1, 0],
      ]),
      jobs: [
        { id: 'late', location: 1, service: 5, window: { start: 100, end: 120 }, demand: [] },
        { id: 'early', location: 2, service: 5, window: { start: 0, end: 30 }, demand: [] },
      ],
      vehicles: [{ id: 'v', start: 0, end: 0, shiftStart: 0, shiftEnd: 500, capacity: [] }],
    };
    const plan = solve(problem, { seed: 1, maxIterations: 20 });
    const route = plan.routes[0];
    expect(route?.stops.map((s) => s.job)).toEqual(['early', 'late']);
    expect(route?.stops[1]?.start).toBe(100);
    expect(route?.stops[1]?.waiting).toBeGreaterThan(0);
    // Leaves the hub at the start of the shift (the first window is open): slack for delays.
    expect(route?.start.time).toBe(0);
    expect(route?.stops[0]?.arrival).toBe(10);
    expect(route?.end.time).toBe(115);
  });

  it('leaves later rather than waiting at the first stop', () => {
    const problem: RoutingProblem = {
      dimensions: [],
      matrix: matrixFromRows([
        [0, 10],
        [10, 0],
      ]),
      jobs: [{ id: 'a', location: 1, service: 2, window: { start: 60, end: 90 }, demand: [] }],
      vehicles: [{ id: 'v', start: 0, end: 0, shiftStart: 0, shiftEnd: 500, capacity: [] }],
    };
    const route = solve(problem, { maxIterations: 5 }).routes[0];
    expect(route?.start.time).toBe(50);
    expect(route?.stops[0]).toMatchObject({ arrival: 60, start: 60, waiting: 0, departure: 62 });
    expect(route?.duration).toBe(22);
  });

  it('explains why stops are left out', () => {
    const problem: RoutingProblem = {
      dimensions: ['kg'],
      matrix: matrixFromRows([
        [0, 10, 10, 10, 10],
        [10, 0, 10, 10, 10],
        [10, 10, 0, 10, 10],
        [10, 10, 10, 0, 10],
        [10, 10, 10, 10, 0],
      ]),
      jobs: [
        { id: 'heavy', location: 1, service: 0, demand: [500] },
        { id: 'too-early', location: 2, service: 0, window: { start: 0, end: 5 }, demand: [1] },
        { id: 'fits', location: 3, service: 0, demand: [90] },
        { id: 'no-room', location: 4, service: 0, demand: [90] },
      ],
      vehicles: [{ id: 'v', start: 0, end: 0, shiftStart: 0, shiftEnd: 1000, capacity: [100] }],
    };
    const plan = solve(problem, { seed: 1, maxIterations: 20 });
    const reasons = Object.fromEntries(plan.unassigned.map((u) => [u.job, u.reason]));
    expect(reasons.heavy).toBe('capacity');
    expect(reasons['too-early']).toBe('time_window');
    expect(Object.values(reasons).filter((r) => r === 'no_room')).toHaveLength(1);
    expectFeasible(problem, plan);
  });

  it('reports a stop longer than the shift as shift_length', () => {
    const problem: RoutingProblem = {
      dimensions: [],
      matrix: matrixFromRows([
        [0, 10],
        [10, 0],
      ]),
      jobs: [{ id: 'long', location: 1, service: 100, demand: [] }],
      vehicles: [{ id: 'v', start: 0, end: 0, maxDuration: 60, capacity: [] }],
    };
    expect(solve(problem, { maxIterations: 5 }).unassigned).toEqual([{ job: 'long', reason: 'shift_length' }]);
  });

  it('returns an empty plan for no stops, and every stop unassigned for no vehicles', () => {
    const empty = randomProblem({ seed: 1, jobs: 0, vehicles: 2, dims: 1, windows: false, shifts: false, asymmetric: false, shared: false });
    const plan = solve(empty);
    expect(plan.stats.stopReason).toBe('trivial');
    expect(plan.routes.every((r) => r.stops.length === 0)).toBe(true);
    const noFleet: RoutingProblem = { ...randomProblem({ seed: 1, jobs: 3, vehicles: 1, dims: 1, windows: false, shifts: false, asymmetric: false, shared: false }), vehicles: [] };
    const plan2 = solve(noFleet, { maxIterations: 5 });
    expect(plan2.unassigned.map((u) => u.reason)).toEqual(['no_vehicle', 'no_vehicle', 'no_vehicle']);
  });
});

describe('optimiser: input errors', () => {
  it('rejects a malformed problem with Spanish messages naming the place', () => {
    const problem = randomProblem({ seed: 1, jobs: 3, vehicles: 1, dims: 1, windows: false, shifts: false, asymmetric: false, shared: false });
    const bad: RoutingProblem = {
      ...problem,
      jobs: [
        { ...(problem.jobs[0] as RoutingProblem['jobs'][number]), location: 99 },
        { ...(problem.jobs[1] as RoutingProblem['jobs'][number]), window: { start: 10, end: 5 } },
        { ...(problem.jobs[2] as RoutingProblem['jobs'][number]), id: 'j1' },
      ],
      vehicles: [{ ...(problem.vehicles[0] as RoutingVehicle), capacity: [1, 2], stops: [{ job: 'nope' }] }],
    };
    let error: unknown;
    try {
      solve(bad, { maxIterations: 1 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RoutingInputError);
    const issues = (error as RoutingInputError).issues.join('\n');
    expect(issues).toContain('parada 1 («j1»): ubicación 99 fuera de la matriz');
    expect(issues).toContain('la franja termina antes de empezar');
    expect(issues).toContain('id repetido');
    expect(issues).toContain('la capacidad debe tener 1 valor');
    expect(issues).toContain('no existe la parada «nope»');
  });
});

function bruteForceTour(p: RoutingProblem): number {
  const n = p.matrix.size;
  const c = (a: number, b: number): number => (p.matrix.durations[a * n + b] as number) + (p.distanceWeight ?? 0.001) * (p.matrix.distances[a * n + b] as number);
  const locs = p.jobs.map((j) => j.location);
  let best = Infinity;
  const permute = (rest: number[], at: number, acc: number): void => {
    if (acc >= best) return;
    if (rest.length === 0) {
      best = Math.min(best, acc + c(at, 0));
      return;
    }
    rest.forEach((x, i) => permute(rest.filter((_, k) => k !== i), x, acc + c(at, x)));
  };
  permute(locs, 0, 0);
  return best;
}

describe('optimiser: progress figures', () => {
  it('reports the best plan’s route cost, unassigned stops and broken constraints', () => {
    const problem = randomProblem({ seed: 21, jobs: 25, vehicles: 3, dims: 2, windows: true, shifts: true, asymmetric: false, shared: false });
    const run = new SolverRun(problem, { seed: 1, maxIterations: 80 });
    run.step();
    const plan = run.best();
    const p = run.progress();
    expect(p).toMatchObject({ iterations: 80, fraction: 1, bestUnassigned: plan.unassigned.length, bestViolations: 0 });
    expect(p.bestCost).toBeCloseTo(plan.summary.cost, 6);
  });
});
