import { describe, expect, it } from 'vitest';
import {
  blockCoordinates,
  checkMatrix,
  createMatrixBuilder,
  DEFAULT_TRAVEL_SETTINGS,
  estimateLeg,
  euclideanMatrix,
  haversineM,
  haversineMatrix,
  matrixFromRows,
  tableBlocks,
} from '../../src/domain/routing/matrix';
// The catalogue words the domain's thrown errors (DomainError) in Spanish.
import '../../src/i18n';

const MADRID = { lat: 40.4168, lng: -3.7038 };
const BARCELONA = { lat: 41.3874, lng: 2.1686 };

describe('offline travel estimate', () => {
  it('haversine distance Madrid–Barcelona is about 505 km', () => {
    const d = haversineM(MADRID.lat, MADRID.lng, BARCELONA.lat, BARCELONA.lng);
    expect(d).toBeGreaterThan(500_000);
    expect(d).toBeLessThan(510_000);
  });

  it('applies the detour factor and the cargo-bike speed (defaults 1.3 and 15 km/h)', () => {
    expect(DEFAULT_TRAVEL_SETTINGS).toEqual({ detourFactor: 1.3, speedKmh: 15 });
    const a = { lat: 40.4, lng: -3.7 };
    const b = { lat: 40.409, lng: -3.7 }; // ~1 km north
    const straight = haversineM(a.lat, a.lng, b.lat, b.lng);
    const leg = estimateLeg(a, b);
    expect(leg.distance).toBeCloseTo(straight * 1.3, 6);
    expect(leg.duration).toBeCloseTo(leg.distance / (15 / 3.6), 6);
    const slow = estimateLeg(a, b, { detourFactor: 1.5, speedKmh: 10 });
    expect(slow.duration / leg.duration).toBeCloseTo((1.5 / 1.3) * 1.5, 6);
  });

  it('builds a symmetric matrix with a zero diagonal', () => {
    const points = [MADRID, { lat: 40.42, lng: -3.7 }, { lat: 40.41, lng: -3.69 }];
    const m = haversineMatrix(points);
    expect(m.size).toBe(3);
    for (let i = 0; i < 3; i += 1) {
      expect(m.durations[i * 3 + i]).toBe(0);
      for (let j = 0; j < 3; j += 1) {
        expect(m.durations[i * 3 + j]).toBe(m.durations[j * 3 + i]);
        expect(m.distances[i * 3 + j]).toBe(m.distances[j * 3 + i]);
      }
    }
    expect(m.distances[1]).toBeCloseTo(estimateLeg(points[0] as typeof MADRID, points[1] as typeof MADRID).distance, 6);
  });

  it('refuses settings out of range, in Spanish', () => {
    expect(() => haversineMatrix([MADRID], { detourFactor: 0.5, speedKmh: 15 })).toThrow('Factor de rodeo no válido');
    expect(() => haversineMatrix([MADRID], { detourFactor: 1.3, speedKmh: 0 })).toThrow('Velocidad no válida');
  });
});

describe('matrix model', () => {
  it('Euclidean matrices: TSPLIB nint rounding or exact', () => {
    const pts = [
      { x: 0, y: 0 },
      { x: 1, y: 1 },
      { x: 3, y: 4 },
    ];
    expect(Array.from(euclideanMatrix(pts, 'nint').distances)).toEqual([0, 1, 5, 1, 0, 4, 5, 4, 0]);
    expect(euclideanMatrix(pts, 'exact').distances[1]).toBeCloseTo(Math.SQRT2, 12);
  });

  it('checks sizes and values, naming the cell', () => {
    expect(() => matrixFromRows([[0, 1], [1]])).toThrow('La fila 2 de la matriz no tiene 2 valores');
    expect(() => matrixFromRows([[0, -1], [1, 0]])).toThrow('fila 1, columna 2');
    expect(() => checkMatrix({ size: 2, durations: new Float64Array(3), distances: new Float64Array(4) })).toThrow('se esperaban 4');
  });
});

describe('OSRM table blocks', () => {
  it('one block when everything fits, n² cells covered exactly once otherwise', () => {
    expect(tableBlocks(0)).toEqual([]);
    expect(tableBlocks(5, 100)).toHaveLength(1);
    for (const [n, max] of [
      [7, 4],
      [101, 100],
      [250, 100],
    ] as const) {
      const blocks = tableBlocks(n, max);
      const seen = new Uint8Array(n * n);
      for (const b of blocks) {
        expect(blockCoordinates(b).indices.length).toBeLessThanOrEqual(max);
        for (const s of b.sources) for (const d of b.destinations) seen[s * n + d] = (seen[s * n + d] as number) + 1;
      }
      expect(seen.every((c) => c === 1)).toBe(true);
    }
  });

  it('a block sends its sources, then the destinations not among them', () => {
    const c = blockCoordinates({ sources: [4, 5], destinations: [5, 6] });
    expect(c).toEqual({ indices: [4, 5, 6], sourcePositions: [0, 1], destinationPositions: [1, 2] });
  });

  it('fills answered cells and keeps the fallback where the answer is null', () => {
    const fallback = matrixFromRows(
      [
        [0, 1, 1],
        [1, 0, 1],
        [1, 1, 0],
      ],
      [
        [0, 10, 10],
        [10, 0, 10],
        [10, 10, 0],
      ],
    );
    const b = createMatrixBuilder(fallback);
    const filled = b.put({ sources: [0, 1], destinations: [2] }, [[7], [null]], [[70], [null]]);
    expect(filled).toBe(1);
    b.put({ sources: [2], destinations: [0] }, [[9]], null);
    const m = b.result();
    expect(m.durations[2]).toBe(7);
    expect(m.distances[2]).toBe(70);
    expect(m.durations[5]).toBe(1);
    expect(m.durations[6]).toBe(9);
    expect(m.distances[6]).toBe(10);
    expect(fallback.durations[2]).toBe(1);
  });
});
