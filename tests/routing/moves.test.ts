import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/domain/prng';
import { checkPlan } from '../../src/domain/routing/check';
import { compile } from '../../src/domain/routing/instance';
import { LocalSearch } from '../../src/domain/routing/localSearch';
import { euclideanMatrix } from '../../src/domain/routing/matrix';
import type { InitialStop, RoutingProblem } from '../../src/domain/routing/model';
import { Editor } from '../../src/domain/routing/ruinRecreate';
import { Solution } from '../../src/domain/routing/solution';
import { randomProblem } from './helpers';

/**
 * A plane with the depot at (0, 0) and one job per point (job i at point i + 1); distance =
 * Euclidean, used as time too. Each vehicle starts with the given job indices.
 */
function setup(points: [number, number][], routes: number[][], options: { capacity?: number; demand?: number[]; windows?: ([number, number] | null)[]; locks?: Record<number, InitialStop['lock']> } = {}) {
  const matrix = euclideanMatrix([{ x: 0, y: 0 }, ...points.map(([x, y]) => ({ x, y }))], 'exact');
  const problem: RoutingProblem = {
    dimensions: ['units'],
    matrix,
    distanceWeight: 0,
    jobs: points.map((_, i) => {
      const w = options.windows?.[i];
      return { id: `j${i}`, location: i + 1, service: 0, demand: [options.demand?.[i] ?? 1], ...(w ? { window: { start: w[0], end: w[1] } } : {}) };
    }),
    vehicles: routes.map((r, k) => ({
      id: `v${k}`,
      start: 0,
      end: 0,
      shiftStart: 0,
      capacity: [options.capacity ?? 100],
      stops: r.map((j) => ({ job: `j${j}`, lock: options.locks?.[j] ?? 'none' })),
    })),
  };
  const inst = compile(problem);
  const sol = new Solution(inst);
  routes.forEach((r, k) => sol.setRoute(k, r.slice()));
  const ed = new Editor(sol);
  const ls = new LocalSearch(ed);
  return { problem, inst, sol, ed, ls, jobs: () => sol.routes.map((r) => r.jobs.slice()) };
}

/**
 * The solution's cached total equals the checker's cost recomputed from scratch, and every stop is
 * once in a route (times are not compared: without departure times the checker picks its own).
 */
function consistent(problem: RoutingProblem, sol: Solution): void {
  const jobId = (j: number): string => (problem.jobs[j] as RoutingProblem['jobs'][number]).id;
  const plan = { routes: sol.routes.map((r, k) => ({ vehicle: (problem.vehicles[k] as RoutingProblem['vehicles'][number]).id, stops: r.jobs.map(jobId) })), unassigned: sol.unassigned.map(jobId) };
  const check = checkPlan(problem, plan);
  expect(check.violations.filter((v) => v.kind !== 'time_window' && v.kind !== 'shift_length' && v.kind !== 'shift_end')).toEqual([]);
  expect(sol.total()).toBeCloseTo(check.totals.cost, 6);
}

describe('local search moves (each applied only when it is allowed and improves)', () => {
  it('2-opt reverses a crossing stretch of one route', () => {
    // A square visited 0 → (0,10) → (10,0) → (10,10) → 0 crosses itself.
    const { ls, jobs, problem, sol } = setup(
      [
        [0, 10],
        [10, 0],
        [10, 10],
      ],
      [[0, 1, 2]],
    );
    expect(ls.twoOpt(0, 2, 3)).toBe(true);
    expect(jobs()).toEqual([[0, 2, 1]]);
    consistent(problem, sol);
    expect(ls.twoOpt(0, 2, 3)).toBe(false); // now it would make things worse
  });

  it('or-opt moves a stretch inside its route, reversed when that is shorter', () => {
    const { ls, jobs, problem, sol } = setup(
      [
        [10, 0],
        [30, 0],
        [20, 0],
        [40, 0],
      ],
      [[0, 1, 2, 3]],
    );
    expect(ls.relocateIntra(0, 3, 1, 1, false)).toBe(true); // (20,0) after (10,0)
    expect(jobs()).toEqual([[0, 2, 1, 3]]);
    consistent(problem, sol);
    const rev = setup(
      [
        [10, 0],
        [40, 0],
        [30, 0],
        [20, 0],
        [50, 0],
      ],
      [[0, 1, 2, 3, 4]],
    );
    expect(rev.ls.relocateIntra(0, 3, 2, 1, true)).toBe(true); // (30,0),(20,0) reversed after (10,0)
    expect(rev.jobs()).toEqual([[0, 3, 2, 1, 4]]);
    consistent(rev.problem, rev.sol);
  });

  it('relocate moves a stop to the route that passes by it, unless it does not fit', () => {
    const points: [number, number][] = [
      [-10, 0],
      [10, 0],
      [11, 1],
    ];
    const { ls, jobs, problem, sol } = setup(points, [[0, 2], [1]]);
    expect(ls.relocateInter(0, 2, 1, 1, 1, false)).toBe(true);
    expect(jobs()).toEqual([[0], [1, 2]]);
    expect(Array.from(sol.routes[1]?.load ?? [])).toEqual([2]);
    consistent(problem, sol);
    const full = setup([...points, [12, 0]], [[0, 2], [1, 3]], { capacity: 2 });
    // The other route is full: moving the stop there would overload it.
    expect(full.ls.relocateInter(0, 2, 1, 1, 1, false)).toBe(false);
    expect(full.jobs()).toEqual([
      [0, 2],
      [1, 3],
    ]);
  });

  it('exchange swaps two stops between routes when capacity blocks relocation', () => {
    const { ls, jobs, problem, sol } = setup(
      [
        [-10, 0],
        [10, 0],
        [-11, 0],
        [11, 0],
      ],
      [
        [0, 1],
        [2, 3],
      ],
      { capacity: 2 },
    );
    expect(ls.relocateInter(0, 2, 1, 1, 2, false)).toBe(false); // no room
    expect(ls.swapInter(0, 2, 1, 1)).toBe(true);
    expect(jobs()).toEqual([
      [0, 2],
      [1, 3],
    ]);
    consistent(problem, sol);
  });

  it('2-opt* exchanges the tails of two routes', () => {
    const { ls, jobs, problem, sol } = setup(
      [
        [-10, 1],
        [10, 20],
        [10, 1],
        [-10, 20],
      ],
      [
        [0, 1],
        [2, 3],
      ],
    );
    expect(ls.twoOptStar(0, 1, 1, 1)).toBe(true);
    expect(jobs()).toEqual([
      [0, 3],
      [2, 1],
    ]);
    consistent(problem, sol);
  });

  it('keeps windows: a move that would make a stop late is refused', () => {
    const { ls, jobs } = setup(
      [
        [0, 10],
        [10, 0],
        [10, 10],
      ],
      [[0, 1, 2]],
      { windows: [null, [0, 25], null] },
    );
    // Reversing would reach (10,0) at 10 + 10 + 10 = 30 > 25.
    expect(ls.twoOpt(0, 2, 3)).toBe(false);
    expect(jobs()).toEqual([[0, 1, 2]]);
  });

  it('respects locks: a position-locked stop keeps its place, a route-locked one its route', () => {
    const pts: [number, number][] = [
      [0, 10],
      [10, 0],
      [10, 10],
    ];
    const pos = setup(pts, [[0, 1, 2]], { locks: { 1: 'position' } });
    expect(pos.ls.twoOpt(0, 2, 3)).toBe(false);
    expect(pos.ls.swapIntra(0, 2, 3)).toBe(false);
    const route = setup([[-10, 0], [10, 0], [11, 1]], [[0, 2], [1]], { locks: { 2: 'route' } });
    expect(route.ls.relocateInter(0, 2, 1, 1, 1, false)).toBe(false);
    expect(route.ls.swapInter(0, 2, 1, 1)).toBe(false);
    expect(route.ls.twoOptStar(0, 1, 1, 1)).toBe(false);
  });

  it('never makes a solution worse and keeps its cached costs right (random solutions)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.boolean(), fc.boolean(), (seed, windows, asymmetric) => {
        const problem = randomProblem({ seed, jobs: 25, vehicles: 3, dims: 2, windows, shifts: false, asymmetric, shared: true });
        const relaxed: RoutingProblem = { ...problem, vehicles: problem.vehicles.map((v) => ({ ...v, capacity: v.capacity.map(() => 1e6) })), jobs: problem.jobs.map(({ window: _w, ...j }) => j) };
        const inst = compile(windows ? problem : relaxed);
        const sol = new Solution(inst);
        // A random assignment (windows may be broken: the penalties then count).
        const rng = createRng(seed);
        const routes: number[][] = [[], [], []];
        for (let j = 0; j < inst.n; j += 1) (routes[rng.int(0, 2)] as number[]).push(j);
        routes.forEach((r, k) => sol.setRoute(k, r));
        const before = sol.total();
        const ls = new LocalSearch(new Editor(sol));
        ls.run(rng);
        expect(sol.total()).toBeLessThanOrEqual(before + 1e-6);
        if (sol.penalty() === 0) consistent(windows ? problem : relaxed, sol);
        for (const r of sol.routes) r.jobs.forEach((j, i) => expect([sol.routeOf[j], sol.posOf[j]]).toEqual([sol.routes.indexOf(r), i + 1]));
      }),
      { numRuns: 40 },
    );
  });
});

describe('ruin and recreate with undo', () => {
  it('keeps every stop in exactly one place, and rollback restores the solution exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.boolean(), (seed, windows) => {
        const problem = randomProblem({ seed, jobs: 30, vehicles: 4, dims: 2, windows, shifts: windows, asymmetric: false, shared: true, oversized: true });
        const inst = compile(problem);
        const sol = new Solution(inst);
        const ed = new Editor(sol);
        const rng = createRng(seed);
        const all = Array.from({ length: inst.n }, (_, j) => j);
        ed.begin();
        ed.recreate(all, rng, { averageRemoved: 10, maxString: 10, splitRate: 0.5, blinkRate: 0.01 });
        ed.commit();
        const bookkeeping = (): void => {
          const seen = new Set<number>();
          sol.routes.forEach((r, ri) =>
            r.jobs.forEach((j, i) => {
              expect(seen.has(j)).toBe(false);
              seen.add(j);
              expect([sol.routeOf[j], sol.posOf[j]]).toEqual([ri, i + 1]);
            }),
          );
          for (const j of sol.unassigned) {
            expect(seen.has(j)).toBe(false);
            expect(sol.routeOf[j]).toBe(-1);
            seen.add(j);
          }
          expect(seen.size).toBe(inst.n);
        };
        bookkeeping();
        const ls = new LocalSearch(ed);
        for (let k = 0; k < 20; k += 1) {
          const before = sol.snapshot();
          const cost = sol.total();
          ed.begin();
          const removed = ed.ruin(rng, { averageRemoved: 10, maxString: 10, splitRate: 0.5, blinkRate: 0.01 });
          ed.recreate(removed.concat(sol.unassigned), rng, { averageRemoved: 10, maxString: 10, splitRate: 0.5, blinkRate: 0.01 });
          ls.run(rng, 100, removed);
          bookkeeping();
          if (rng.chance(0.5)) {
            ed.rollback();
            expect(sol.snapshot()).toEqual(before);
            expect(sol.total()).toBeCloseTo(cost, 6);
            bookkeeping();
          } else ed.commit();
        }
      }),
      { numRuns: 25 },
    );
  });
});
