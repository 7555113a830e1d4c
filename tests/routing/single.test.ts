import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPlan } from '../../src/domain/routing/check';
import { euclideanMatrix } from '../../src/domain/routing/matrix';
import type { RoutingProblem, StopLock } from '../../src/domain/routing/model';
import { orderStops } from '../../src/domain/routing/single';
import { randomProblem } from './helpers';
// The catalogue words the domain's thrown errors (DomainError) in Spanish.
import '../../src/i18n';

describe('ordering one route (TSP with time windows)', () => {
  it('orders the stops along a line, from the hub and back, only its own stops', () => {
    const matrix = euclideanMatrix([{ x: 0, y: 0 }, { x: 30, y: 0 }, { x: 10, y: 0 }, { x: 20, y: 0 }, { x: 5, y: 5 }], 'exact');
    const problem: RoutingProblem = {
      dimensions: [],
      matrix,
      distanceWeight: 0,
      jobs: [
        { id: 'far', location: 1, service: 1, demand: [] },
        { id: 'near', location: 2, service: 1, demand: [] },
        { id: 'mid', location: 3, service: 1, demand: [] },
        { id: 'other', location: 4, service: 1, demand: [] },
      ],
      vehicles: [
        { id: 'v', start: 0, end: 0, shiftStart: 0, capacity: [], stops: [{ job: 'far' }, { job: 'near' }, { job: 'mid' }] },
        { id: 'w', start: 0, end: 0, capacity: [], stops: [{ job: 'other' }] },
      ],
    };
    const { route } = orderStops(problem, 'v', { maxIterations: 50 });
    expect(route.stops.map((s) => s.job)).toEqual(['near', 'mid', 'far']);
    expect(route.start).toEqual({ location: 0, time: 0 });
    expect(route.end).toEqual({ location: 0, time: 63 });
    expect(() => orderStops(problem, 'nope')).toThrow('No existe el vehículo «nope»');
  });

  it('keeps position-locked stops in place and every stop on the route; waits for windows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 2, max: 15 }), (seed, n) => {
        const base = randomProblem({ seed, jobs: n, vehicles: 1, dims: 1, windows: true, shifts: false, asymmetric: true, shared: false });
        const locks: StopLock[] = base.jobs.map((_, i) => (i % 4 === 1 ? 'position' : 'none'));
        const problem: RoutingProblem = { ...base, vehicles: [{ ...(base.vehicles[0] as RoutingProblem['vehicles'][number]), capacity: [1e6], stops: base.jobs.map((j, i) => ({ job: j.id, lock: locks[i] as StopLock })) }] };
        const { route } = orderStops(problem, 'v1', { seed, maxIterations: 60 });
        expect(route.stops.map((s) => s.job).sort()).toEqual(base.jobs.map((j) => j.id).sort());
        base.jobs.forEach((j, i) => {
          if (locks[i] === 'position') expect(route.stops[i]?.job).toBe(j.id);
        });
        for (const s of route.stops) expect(s.start).toBeGreaterThanOrEqual(s.arrival);
        // Whatever is late, the checker agrees with the reported schedule.
        const check = checkPlan(problem, { routes: [route] }, { compareReported: true });
        expect(check.violations.filter((v) => v.kind !== 'time_window')).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });
});
