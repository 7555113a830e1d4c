import { describe, expect, it } from 'vitest';
import { checkLoadScan, checkStopScan, routeBoxLabels } from '../../src/domain/picking';
import { order, product, route } from '../helpers/fixtures';

// Order o1 (stop 1): 20 × 1 kg picked → 2 boxes (15 kg a box). Order o2 (stop 2): 6 picked → 1 box.
// Order o3 (stop 2) is not in the device's orders: it has no labels yet.
const p1 = product('p1');
const products = new Map([[p1.id, p1]]);
const o1 = { ...order('o1', 'pe1', 'r1'), lines: [{ ...order('o1', 'pe1', 'r1').lines[0]!, quantity: 20, picked_quantity: 20 }] };
const o2 = order('o2', 'pe2', 'r1');
const r1 = route('r1', 'u-rider1', [
  { point: 'pe1', orders: ['o1'] },
  { point: 'pe2', orders: ['o2', 'o3'] },
]);

describe('the box labels of a route', () => {
  it('lists every box of every order in stop order, sized by what was picked', () => {
    const labels = routeBoxLabels(r1, [o2, o1], products);
    expect(labels.map((l) => [l.code, l.stop_seq])).toEqual([
      ['CB1-1-2-o1', 1],
      ['CB1-2-2-o1', 1],
      ['CB1-1-1-o2', 2],
    ]);
    // Nothing picked of a line: the order still has its one box.
    const empty = { ...o1, lines: [{ ...o1.lines[0]!, picked_quantity: 0 }] };
    expect(routeBoxLabels(r1, [empty], products).map((l) => l.code)).toEqual(['CB1-1-1-o1']);
  });
});

describe('a label scanned at the load-out', () => {
  const expected = routeBoxLabels(r1, [o1, o2], products);

  it('marks a box of the route loaded once', () => {
    const first = checkLoadScan('CB1-2-2-o1', expected, new Set());
    expect(first).toMatchObject({ kind: 'loaded', label: { code: 'CB1-2-2-o1', box: 2, of: 2 } });
    expect(checkLoadScan('CB1-2-2-o1', expected, new Set(['CB1-2-2-o1']))).toMatchObject({ kind: 'again' });
    // What a US-layout wedge scanner types on a Spanish tablet reads as the same box.
    expect(checkLoadScan("CB1'1'1'o2", expected, new Set())).toMatchObject({ kind: 'loaded', label: { code: 'CB1-1-1-o2' } });
  });

  it('refuses a box of another route, a box the order does not have and a broken label', () => {
    expect(checkLoadScan('CB1-1-1-o9', expected, new Set())).toEqual({ kind: 'other-route', read: { order_id: 'o9', box: 1, of: 1 } });
    expect(checkLoadScan('CB1-3-3-o1', expected, new Set())).toEqual({ kind: 'no-such-box', read: { order_id: 'o1', box: 3, of: 3 }, of: 2 });
    expect(checkLoadScan('cb1-0-1-o1', expected, new Set())).toEqual({ kind: 'bad-label' });
  });

  it('leaves product codes to the product count', () => {
    expect(checkLoadScan('8410000810004', expected, new Set())).toEqual({ kind: 'not-label' });
    expect(checkLoadScan('P1', expected, new Set())).toEqual({ kind: 'not-label' });
  });
});

describe('a label scanned at a stop', () => {
  it('names the order of this stop, another stop of the route or another route', () => {
    expect(checkStopScan('CB1-1-1-o3', r1, 2)).toEqual({ kind: 'here', read: { order_id: 'o3', box: 1, of: 1 } });
    expect(checkStopScan('CB1-2-2-o1', r1, 2)).toEqual({ kind: 'other-stop', read: { order_id: 'o1', box: 2, of: 2 }, seq: 1 });
    expect(checkStopScan('CB1-1-1-o9', r1, 2)).toEqual({ kind: 'other-route', read: { order_id: 'o9', box: 1, of: 1 } });
    expect(checkStopScan('CB1-x', r1, 2)).toEqual({ kind: 'bad-label' });
    expect(checkStopScan('8410000810004', r1, 2)).toEqual({ kind: 'not-label' });
  });
});
