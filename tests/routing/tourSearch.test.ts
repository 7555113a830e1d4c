import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/domain/prng';
import { checkPlan } from '../../src/domain/routing/check';
import { compile } from '../../src/domain/routing/instance';
import { euclideanMatrix } from '../../src/domain/routing/matrix';
import type { RoutingProblem } from '../../src/domain/routing/model';
import { solve } from '../../src/domain/routing/solver';
import { isSingleTour, TourSearch } from '../../src/domain/routing/tourSearch';

/** One vehicle from the depot (point 0) through every other point; Euclidean, unrounded. */
function tspOf(points: readonly (readonly [number, number])[], extra: Partial<RoutingProblem> = {}): RoutingProblem {
  const matrix = euclideanMatrix(points.map(([x, y]) => ({ x, y })), 'exact');
  return {
    dimensions: [],
    matrix,
    jobs: points.slice(1).map((_, i) => ({ id: `j${i}`, location: i + 1, service: 0, demand: [] })),
    vehicles: [{ id: 'v', start: 0, end: 0, capacity: [] }],
    distanceWeight: 0,
    ...extra,
  };
}

/** The checker's length of the tour the search holds (jobs in its visiting order). */
function checkerLength(problem: RoutingProblem, ts: TourSearch): number {
  const plan = { routes: [{ vehicle: 'v', stops: ts.jobs().map((j) => `j${j}`) }], unassigned: [] };
  const check = checkPlan(problem, plan);
  expect(check.violations).toEqual([]);
  return check.totals.cost;
}

/** Each node once, and `pos` the inverse of `tour`. */
function wellFormed(ts: TourSearch): void {
  const seen = new Set<number>();
  for (let i = 0; i < ts.N; i += 1) {
    const node = ts.tour[i] as number;
    seen.add(node);
    expect(ts.pos[node]).toBe(i);
  }
  expect(seen.size).toBe(ts.N);
}

const pointsArb = (min: number, max: number) => fc.array(fc.tuple(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 1000 })), { minLength: min, maxLength: max });

function shuffledOrder(n: number, seed: number): number[] {
  return createRng(seed).shuffle(Array.from({ length: n }, (_, i) => i));
}

describe('single-tour search (tourSearch.ts)', () => {
  it('takes only problems that are one symmetric tour without windows or position locks', () => {
    const pts: [number, number][] = [
      [0, 0],
      [1, 5],
      [4, 2],
      [6, 6],
      [3, 9],
      [8, 1],
    ];
    const base = tspOf(pts);
    expect(isSingleTour(compile(base))).toBe(true);
    const withWindow: RoutingProblem = { ...base, jobs: base.jobs.map((j, i) => (i === 0 ? { ...j, window: { start: 0, end: 100 } } : j)) };
    expect(isSingleTour(compile(withWindow))).toBe(false);
    const twoVehicles: RoutingProblem = { ...base, vehicles: [...base.vehicles, { id: 'w', start: 0, end: 0, capacity: [] }] };
    expect(isSingleTour(compile(twoVehicles))).toBe(false);
    const locked: RoutingProblem = { ...base, vehicles: [{ ...(base.vehicles[0] as RoutingProblem['vehicles'][number]), stops: [{ job: 'j2', lock: 'position' }] }] };
    expect(isSingleTour(compile(locked))).toBe(false);
    const durations = Float64Array.from(base.matrix.durations);
    durations[1] = (durations[1] as number) + 3; // 0 → 1 now longer than 1 → 0
    const asymmetric: RoutingProblem = { ...base, matrix: { ...base.matrix, durations } };
    expect(isSingleTour(compile(asymmetric))).toBe(false);
    const overfull: RoutingProblem = { ...base, dimensions: ['kg'], jobs: base.jobs.map((j) => ({ ...j, demand: [3] })), vehicles: [{ id: 'v', start: 0, end: 0, capacity: [10] }] };
    expect(isSingleTour(compile(overfull))).toBe(false);
  });

  it('2-opt: each applied move shortens the tour by what it reports, and the checker agrees', () => {
    fc.assert(
      fc.property(pointsArb(6, 40), fc.integer({ min: 1, max: 1e6 }), (pts, seed) => {
        const problem = tspOf(pts);
        const ts = new TourSearch(compile(problem), shuffledOrder(pts.length - 1, seed));
        for (let a = 0; a < ts.N; a += 1) {
          const before = ts.length;
          if (ts.twoOptFrom(a)) expect(ts.length).toBeLessThan(before);
          else expect(ts.length).toBe(before);
          wellFormed(ts);
          expect(ts.length).toBeCloseTo(ts.measure(), 6);
        }
        expect(ts.length).toBeCloseTo(checkerLength(problem, ts), 6);
      }),
      { numRuns: 60 },
    );
  });

  it('or-opt: each applied move shortens the tour by what it reports, and the checker agrees', () => {
    fc.assert(
      fc.property(pointsArb(6, 40), fc.integer({ min: 1, max: 1e6 }), (pts, seed) => {
        const problem = tspOf(pts);
        const ts = new TourSearch(compile(problem), shuffledOrder(pts.length - 1, seed));
        for (let a = 0; a < ts.N; a += 1) {
          const before = ts.length;
          if (ts.orOptFrom(a)) expect(ts.length).toBeLessThan(before);
          else expect(ts.length).toBe(before);
          wellFormed(ts);
          expect(ts.length).toBeCloseTo(ts.measure(), 6);
        }
        expect(ts.length).toBeCloseTo(checkerLength(problem, ts), 6);
      }),
      { numRuns: 60 },
    );
  });

  it('or-opt moves a stretch of three, reversed, to where it belongs', () => {
    // On a line (x = 0 the depot, 10 … 60 the stops) visited 0, 10, 50, 40, 30, 20, 60: the
    // stretch 50-40-30 sits between 10 and 20, reversed.
    const pts: [number, number][] = [0, 10, 20, 30, 40, 50, 60].map((x) => [x, 0]);
    const problem = tspOf(pts);
    // Jobs are points 1…6 (job i = point i + 1): order 10, 50, 40, 30, 20, 60.
    const ts = new TourSearch(compile(problem), [0, 4, 3, 2, 1, 5]);
    const before = ts.length;
    let moved = false;
    for (let a = 0; a < ts.N && !moved; a += 1) moved = ts.orOptFrom(a);
    expect(moved).toBe(true);
    expect(ts.length).toBeLessThan(before);
    expect(ts.length).toBeCloseTo(checkerLength(problem, ts), 9);
    ts.optimiseAll();
    expect(ts.length).toBeCloseTo(120, 9); // out along the line and back
  });

  it('orMove puts the stretch between the given stops in either orientation', () => {
    fc.assert(
      fc.property(pointsArb(8, 30), fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 1, max: 3 }), fc.boolean(), fc.boolean(), (pts, seed, L, forward, atStart) => {
        const problem = tspOf(pts);
        const ts = new TourSearch(compile(problem), shuffledOrder(pts.length - 1, seed));
        const rng = createRng(seed);
        const step = (x: number): number => (forward ? ts.succ(x) : ts.pred(x));
        const back = (x: number): number => (forward ? ts.pred(x) : ts.succ(x));
        const s1 = rng.int(0, ts.N - 1);
        const seg = [s1];
        while (seg.length < L) seg.push(step(seg[seg.length - 1] as number));
        const sL = seg[seg.length - 1] as number;
        const p = back(s1);
        const nx = step(sL);
        const candidates = Array.from({ length: ts.N }, (_, i) => i).filter((c) => !seg.includes(c) && c !== p && !seg.includes(ts.succ(c)) && ts.succ(c) !== p);
        if (candidates.length === 0) return;
        const c = rng.pick(candidates);
        const e = ts.succ(c);
        const x = atStart ? s1 : sL;
        const other = atStart ? sL : s1;
        const expected = ts.length - ts.d(p, s1) - ts.d(sL, nx) + ts.d(p, nx) - ts.d(c, e) + ts.d(c, x) + ts.d(other, e);
        ts.orMove(s1, sL, p, nx, c, e, x, forward);
        wellFormed(ts);
        expect(ts.measure()).toBeCloseTo(expected, 6);
        // c next to x, e next to the other end, p next to nx, the stretch in one piece.
        expect([ts.succ(c), ts.pred(c)]).toContain(x);
        expect([ts.succ(e), ts.pred(e)]).toContain(other);
        expect([ts.succ(p), ts.pred(p)]).toContain(nx);
        if (L === 3) expect([ts.succ(seg[1] as number), ts.pred(seg[1] as number)].sort()).toEqual([s1, sL].sort());
      }),
      { numRuns: 150 },
    );
  });

  it('kicks never lose the shortest tour, and the lengths they report are the checker’s', () => {
    fc.assert(
      fc.property(pointsArb(8, 60), fc.integer({ min: 1, max: 1e6 }), (pts, seed) => {
        const problem = tspOf(pts);
        const ts = new TourSearch(compile(problem));
        ts.optimiseAll();
        const rng = createRng(seed);
        // Enough kicks for escapes (after 1,000 without a shorter tour) on the smaller instances.
        for (let k = 0; k < 1500; k += 1) {
          const before = ts.bestLength;
          const better = ts.kick(rng);
          expect(ts.bestLength).toBeLessThanOrEqual(before);
          expect(better).toBe(ts.bestLength < before - 1e-7);
          if (k % 100 === 0) {
            wellFormed(ts);
            expect(ts.length).toBeCloseTo(ts.measure(), 6);
          }
        }
        expect(ts.length).toBeCloseTo(checkerLength(problem, ts), 6);
        const plan = { routes: [{ vehicle: 'v', stops: ts.bestJobs().map((j) => `j${j}`) }], unassigned: [] };
        expect(checkPlan(problem, plan).totals.cost).toBeCloseTo(ts.bestLength, 6);
      }),
      { numRuns: 20 },
    );
  });

  it('escapes a trap: after many kicks without a shorter tour the accepted tour may get longer, the best stays', () => {
    const rng = createRng(4);
    const pts: [number, number][] = Array.from({ length: 40 }, () => [rng.int(0, 1000), rng.int(0, 1000)]);
    const ts = new TourSearch(compile(tspOf(pts)));
    ts.optimiseAll();
    for (let k = 0; k < 5000; k += 1) ts.kick(rng);
    expect(ts.escapes).toBeGreaterThan(0);
    expect(ts.bestLength).toBeLessThanOrEqual(ts.length + 1e-9);
  });

  it('solves points on a circle, given in a scrambled order, to the polygon (the optimum)', () => {
    const n = 60;
    const order = createRng(7).shuffle(Array.from({ length: n }, (_, i) => i));
    const pts: [number, number][] = order.map((i) => [Math.round(1000 * Math.cos((2 * Math.PI * i) / n)), Math.round(1000 * Math.sin((2 * Math.PI * i) / n))]);
    const problem = tspOf(pts);
    let polygon = 0;
    const byAngle = pts.map((p, k) => [p, order[k] as number] as const).sort((a, b) => a[1] - b[1]);
    for (let k = 0; k < n; k += 1) {
      const [a] = byAngle[k] as (typeof byAngle)[number];
      const [b] = byAngle[(k + 1) % n] as (typeof byAngle)[number];
      polygon += Math.hypot(a[0] - b[0], a[1] - b[1]);
    }
    const plan = solve(problem, { seed: 3, maxIterations: 2000 });
    const check = checkPlan(problem, plan, { compareReported: true });
    expect(check.violations).toEqual([]);
    expect(plan.summary.distance).toBeCloseTo(polygon, 6);
    expect(plan.stats.iterations).toBe(2000);
  });

  it('same seed and iterations, same tour; more iterations never a longer one', () => {
    const rng = createRng(11);
    const pts: [number, number][] = Array.from({ length: 120 }, () => [rng.int(0, 1000), rng.int(0, 1000)]);
    const problem = tspOf(pts);
    const a = solve(problem, { seed: 5, maxIterations: 300 });
    const b = solve(problem, { seed: 5, maxIterations: 300 });
    const c = solve(problem, { seed: 5, maxIterations: 1500 });
    expect(b.routes[0]?.stops.map((s) => s.job)).toEqual(a.routes[0]?.stops.map((s) => s.job));
    expect(c.summary.distance).toBeLessThanOrEqual(a.summary.distance + 1e-9);
  });
});
