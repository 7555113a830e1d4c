import { describe, expect, it } from 'vitest';
import { checkPlan, type PlanToCheck } from '../../src/domain/routing/check';
import { matrixFromRows } from '../../src/domain/routing/matrix';
import type { RoutingProblem } from '../../src/domain/routing/model';
import { domainText } from '../../src/i18n/domain';

/** Hub 0 and three places 10 apart (a triangle of 10s). */
const matrix = matrixFromRows(
  [
    [0, 10, 10, 10],
    [10, 0, 10, 10],
    [10, 10, 0, 10],
    [10, 10, 10, 0],
  ],
  [
    [0, 100, 100, 100],
    [100, 0, 100, 100],
    [100, 100, 0, 100],
    [100, 100, 100, 0],
  ],
);

const problem: RoutingProblem = {
  dimensions: ['kg', 'l'],
  matrix,
  jobs: [
    { id: 'a', location: 1, service: 5, window: { start: 0, end: 100 }, demand: [10, 1] },
    { id: 'b', location: 2, service: 5, window: { start: 50, end: 60 }, demand: [10, 1] },
    { id: 'c', location: 3, service: 5, demand: [10, 1] },
  ],
  vehicles: [
    { id: 'v1', start: 0, end: 0, shiftStart: 0, shiftEnd: 200, maxDuration: 150, capacity: [25, 10] },
    { id: 'v2', start: 0, end: 0, shiftStart: 0, shiftEnd: 200, capacity: [100, 10], stops: [{ job: 'c', lock: 'position' }] },
  ],
  distanceWeight: 0.01,
};

const kinds = (plan: PlanToCheck): string[] => checkPlan(problem, plan).violations.map((v) => v.kind);

describe('checker: recomputes the schedule from scratch', () => {
  it('accepts a feasible plan and recomputes times, waiting, distance and cost', () => {
    const result = checkPlan(problem, {
      routes: [
        { vehicle: 'v1', start: { location: 0, time: 0 }, end: { location: 0 }, stops: ['a', 'b'] },
        { vehicle: 'v2', stops: ['c'] },
      ],
    });
    expect(result.violations).toEqual([]);
    expect(result.ok).toBe(true);
    const v1 = result.routes[0];
    // a: arrive 10, serve until 15; b: arrive 25, wait until 50, serve until 55; hub at 65.
    expect(v1?.stops.map((s) => [s.arrival, s.start, s.waiting, s.departure])).toEqual([
      [10, 10, 0, 15],
      [25, 50, 25, 55],
    ]);
    expect(v1).toMatchObject({ departure: 0, arrival: 65, travelTime: 30, distance: 300, duration: 65, waiting: 25, load: [20, 2] });
    expect(v1?.cost).toBeCloseTo(30 + 0.01 * 300);
    expect(result.totals.vehiclesUsed).toBe(2);
  });

  it('without a departure time, leaves at the shift start or later so as not to wait at the first stop', () => {
    const result = checkPlan(problem, { routes: [{ vehicle: 'v1', stops: ['b', 'a'] }, { vehicle: 'v2', stops: ['c'] }] });
    expect(result.routes[0]?.departure).toBe(40);
    expect(result.routes[0]?.stops[0]?.waiting).toBe(0);
  });
});

describe('checker: finds every kind of violation', () => {
  it('a late service start, by how much', () => {
    const result = checkPlan(problem, { routes: [{ vehicle: 'v1', start: { time: 0 }, stops: ['a', 'c', 'b'] }, { vehicle: 'v2', stops: [] }] });
    // a 10–15, c 25–30, b arrives 40: waits to 50. On time. Leaving at 40 instead: b at 80 → 20 late.
    expect(result.violations.filter((v) => v.kind === 'time_window')).toEqual([]);
    const late = checkPlan(problem, { routes: [{ vehicle: 'v1', start: { time: 40 }, stops: ['a', 'c', 'b'] }, { vehicle: 'v2', stops: [] }] });
    const tw = late.violations.find((v) => v.kind === 'time_window');
    expect(tw).toMatchObject({ job: 'b', vehicle: 'v1', amount: 20 });
    expect(tw && domainText(tw.message)).toContain('«b»');
  });

  it('capacity in every dimension', () => {
    const result = checkPlan(problem, { routes: [{ vehicle: 'v1', stops: ['a', 'b', 'c'] }, { vehicle: 'v2', stops: [] }] });
    const cap = result.violations.filter((v) => v.kind === 'capacity');
    expect(cap).toHaveLength(1);
    expect(cap[0]).toMatchObject({ dimension: 'kg', amount: 5 });
  });

  it('shift start, shift end and shift length', () => {
    expect(kinds({ routes: [{ vehicle: 'v1', start: { time: -5 }, stops: ['a'] }, { vehicle: 'v2', stops: ['c'] }], unassigned: ['b'] })).toContain('shift_start');
    const end = checkPlan(problem, { routes: [{ vehicle: 'v1', start: { time: 190 }, stops: ['a'] }, { vehicle: 'v2', stops: ['c'] }], unassigned: ['b'] });
    expect(end.violations.find((v) => v.kind === 'shift_end')?.amount).toBe(15);
    const long: RoutingProblem = { ...problem, vehicles: [{ ...(problem.vehicles[0] as RoutingProblem['vehicles'][number]), maxDuration: 20 }, problem.vehicles[1] as RoutingProblem['vehicles'][number]] };
    const result = checkPlan(long, { routes: [{ vehicle: 'v1', start: { time: 0 }, stops: ['a'] }, { vehicle: 'v2', stops: ['c'] }], unassigned: ['b'] });
    expect(result.violations.map((v) => [v.kind, v.amount])).toEqual([['shift_length', 5]]);
  });

  it('each job exactly once, or listed as unassigned (not both)', () => {
    expect(kinds({ routes: [{ vehicle: 'v1', stops: ['a'] }, { vehicle: 'v2', stops: ['c'] }] })).toEqual(['missing_job']);
    expect(kinds({ routes: [{ vehicle: 'v1', stops: ['a', 'a'] }, { vehicle: 'v2', stops: ['c'] }], unassigned: ['b'] })).toContain('duplicate_job');
    expect(kinds({ routes: [{ vehicle: 'v1', stops: ['a', 'b'] }, { vehicle: 'v2', stops: ['c'] }], unassigned: ['b'] })).toEqual(['assigned_and_unassigned']);
    expect(kinds({ routes: [{ vehicle: 'v1', stops: ['a', 'zz'] }, { vehicle: 'v2', stops: ['c'] }], unassigned: ['b'] })).toEqual(['unknown_job']);
  });

  it('vehicles: unknown, or with two routes', () => {
    expect(kinds({ routes: [{ vehicle: 'v9', stops: ['a'] }, { vehicle: 'v2', stops: ['c'] }], unassigned: ['b'] })).toEqual(['unknown_vehicle', 'missing_job']);
    expect(kinds({ routes: [{ vehicle: 'v1', stops: ['a'] }, { vehicle: 'v1', stops: ['b'] }, { vehicle: 'v2', stops: ['c'] }] })).toEqual(['duplicate_vehicle', 'missing_job']);
  });

  it('a route that does not start or end at its depot', () => {
    expect(kinds({ routes: [{ vehicle: 'v1', start: { location: 2 }, stops: ['a'] }, { vehicle: 'v2', stops: ['c'] }], unassigned: ['b'] })).toEqual(['depot']);
    expect(kinds({ routes: [{ vehicle: 'v1', end: { location: 1 }, stops: ['a'] }, { vehicle: 'v2', stops: ['c'] }], unassigned: ['b'] })).toEqual(['depot']);
  });

  it('locked stops: off their route, or out of their position', () => {
    expect(kinds({ routes: [{ vehicle: 'v1', stops: ['a', 'c'] }, { vehicle: 'v2', stops: ['b'] }] })).toEqual(['lock_route']);
    expect(kinds({ routes: [{ vehicle: 'v1', stops: ['a'] }, { vehicle: 'v2', stops: ['b', 'c'] }] })).toEqual(['lock_position']);
    expect(kinds({ routes: [{ vehicle: 'v1', stops: ['a'] }, { vehicle: 'v2', stops: ['b'] }], unassigned: ['c'] })).toEqual(['lock_route']);
  });

  it('with compareReported: a plan that reports numbers its routes do not give', () => {
    const plan: PlanToCheck = {
      routes: [
        { vehicle: 'v1', start: { time: 0 }, end: { time: 65 }, travelTime: 30, distance: 300, duration: 65, cost: 33, stops: [{ job: 'a', arrival: 10, start: 10 }, { job: 'b', arrival: 25, start: 50 }] },
        { vehicle: 'v2', stops: ['c'] },
      ],
    };
    expect(checkPlan(problem, plan, { compareReported: true }).violations).toEqual([]);
    const wrong: PlanToCheck = { routes: [{ ...(plan.routes[0] as PlanToCheck['routes'][number]), distance: 250, stops: [{ job: 'a', arrival: 9 }, 'b'] }, plan.routes[1] as PlanToCheck['routes'][number]] };
    const v = checkPlan(problem, wrong, { compareReported: true }).violations;
    expect(v.map((x) => x.kind)).toEqual(['report_mismatch', 'report_mismatch']);
    expect(checkPlan(problem, wrong).violations).toEqual([]);
  });
});
