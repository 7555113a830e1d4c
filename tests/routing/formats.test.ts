import { describe, expect, it } from 'vitest';
import { cvrpProblem, parseSolomon, parseTsplib, solomonProblem, tspProblem } from '../../bench/routing-formats';
import { solve } from '../../src/domain/routing/solver';

const TSP = `NAME: square5
TYPE: TSP
COMMENT: four corners and a centre
DIMENSION: 5
EDGE_WEIGHT_TYPE: EUC_2D
NODE_COORD_SECTION
1 0 0
2 0 10
3 10 10
4 10 0
5 5.4 5.4
EOF
`;

const VRP = `NAME : tiny-n4-k2
COMMENT : (test)
TYPE : CVRP
DIMENSION : 4
EDGE_WEIGHT_TYPE : EUC_2D
CAPACITY : 10
NODE_COORD_SECTION
 1 0 0
 2 3 4
 3 -3 4
 4 0 -5
DEMAND_SECTION
1 0
2 6
3 6
4 3
DEPOT_SECTION
 1
 -1
EOF
`;

const SOLOMON = `T3

VEHICLE
NUMBER     CAPACITY
  2         10

CUSTOMER
CUST NO.  XCOORD.   YCOORD.    DEMAND   READY TIME  DUE DATE   SERVICE   TIME

    0      0         0          0          0       100          0
    1      3         4          5          0        10         2
    2      0         5          5         20        30         2
    3      6         8          8          0        50         1
`;

describe('benchmark formats', () => {
  it('TSPLIB: EUC_2D with nint distances; one vehicle from city 1', () => {
    const t = parseTsplib(TSP);
    expect(t).toMatchObject({ name: 'square5', type: 'TSP', dimension: 5, depots: [1] });
    const p = tspProblem(t);
    expect(p.jobs.map((j) => j.id)).toEqual(['2', '3', '4', '5']);
    expect(p.matrix.distances[0 * 5 + 4]).toBe(8); // nint(7.64)
    // The square (40) with the centre between two corners it is 7 from: 40 + 7 + 7 − 10.
    expect(solve(p, { maxIterations: 50 }).summary.distance).toBe(44);
  });

  it('CVRPLIB: capacity, demands and depot', () => {
    const t = parseTsplib(VRP);
    expect(t).toMatchObject({ type: 'CVRP', capacity: 10, depots: [1] });
    const p = cvrpProblem(t, 2);
    expect(p.jobs.map((j) => [j.id, j.demand])).toEqual([
      ['2', [6]],
      ['3', [6]],
      ['4', [3]],
    ]);
    expect(p.vehicles).toHaveLength(2);
    const plan = solve(p, { maxIterations: 50 });
    expect(plan.unassigned).toEqual([]);
    expect(plan.summary.vehiclesUsed).toBe(2);
  });

  it('Solomon: fleet, windows, service times, unrounded distances', () => {
    const s = parseSolomon(SOLOMON);
    expect(s).toMatchObject({ name: 'T3', vehicles: 2, capacity: 10 });
    const p = solomonProblem(s);
    expect(p.jobs[1]).toMatchObject({ id: '2', service: 2, window: { start: 20, end: 30 }, demand: [5] });
    expect(p.vehicles[0]).toMatchObject({ shiftStart: 0, shiftEnd: 100, capacity: [10] });
    expect(p.matrix.distances[1 * 4 + 2]).toBeCloseTo(Math.hypot(3, 1), 12);
  });

  it('says what is wrong with a malformed file', () => {
    expect(() => parseTsplib(TSP.replace('DIMENSION: 5', 'DIMENSION: 6'))).toThrow('NODE_COORD_SECTION tiene 5 nodos; DIMENSION dice 6');
    expect(() => parseTsplib(TSP.replace('EUC_2D', 'GEO'))).toThrow('Solo se admite EDGE_WEIGHT_TYPE EUC_2D');
    expect(() => parseTsplib(VRP.replace('CAPACITY : 10\n', ''))).toThrow('Falta CAPACITY');
    expect(() => parseSolomon(SOLOMON.replace('20        30', '40        30'))).toThrow('DUE DATE antes de READY TIME');
  });
});
