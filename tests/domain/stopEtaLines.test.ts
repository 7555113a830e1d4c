import { describe, expect, it } from 'vitest';
import { etaOfRouteDocs, madridTimeMs } from '../../src/domain/tracking/fromEntities';
import { stopEtaLines } from '../../src/domain/tracking/stopEtaLines';

const DATE = '2026-11-20'; // a fixed day, never «today»
const MIN = 60_000;

describe('stopEtaLines (the rider’s own stop list)', () => {
  it('gives each remaining stop its Madrid time and whole minutes late, rounded up', () => {
    const at = madridTimeMs(DATE, '10:42');
    const lines = stopEtaLines([
      { seq: 2, orderIds: ['a'], etaMs: at, lateByMs: 0 },
      { seq: 3, orderIds: ['b'], etaMs: at + 20 * MIN, lateByMs: 7 * MIN + 1 },
    ]);
    expect(lines.get(2)).toEqual({ at: '10:42', lateMin: 0 });
    expect(lines.get(3)).toEqual({ at: '11:02', lateMin: 8 });
    expect(lines.has(1)).toBe(false);
  });

  it('leaves out an ETA that is not a number', () => {
    expect(stopEtaLines([{ seq: 1, orderIds: ['a'], etaMs: Number.NaN, lateByMs: 0 }]).size).toBe(0);
  });

  it('from the documents: a completed stop has none, a remaining one is never before now and is flagged when after its window', () => {
    const route = {
      date: DATE,
      planned_start: '09:00',
      stops: [
        { seq: 1, delivery_point_id: 'p1', order_ids: ['o1'], eta: '09:15' },
        { seq: 2, delivery_point_id: 'p2', order_ids: ['o2'], eta: '09:30' },
      ],
    };
    const orders = [
      { id: 'o1', window_start: '09:00', window_end: '10:00' },
      { id: 'o2', window_start: '09:00', window_end: '09:40' },
    ];
    const points = [
      { id: 'p1', lat: 41.39, lng: 2.16 },
      { id: 'p2', lat: 41.4, lng: 2.17 },
    ];
    const nowMs = madridTimeMs(DATE, '10:05');
    const etas = etaOfRouteDocs({ route, orders, points, hub: { lat: 41.38, lng: 2.15 }, events: [{ order_id: 'o1', kind: 'delivered', at: madridTimeMs(DATE, '09:20') }], position: null, nowMs });
    const lines = stopEtaLines(etas);
    expect(lines.has(1)).toBe(false);
    const second = lines.get(2);
    expect(second).toBeDefined();
    expect(madridTimeMs(DATE, second?.at ?? '00:00')).toBeGreaterThanOrEqual(nowMs - MIN);
    expect(second?.lateMin).toBeGreaterThanOrEqual(25);
  });
});
