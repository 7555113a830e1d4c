import { describe, expect, it } from 'vitest';
import { appendChanges, recordsChanges, routeChanges, type ChangeLabels } from '../../src/domain/routing/changes';
import { MAX_ROUTE_CHANGES, routeSchema, type Route, type RouteChange } from '../../src/domain/entities/operation';

const labels: ChangeLabels = {
  rider: (id) => (id === '' ? '' : `Rider ${id}`),
  bike: (id) => (id === '' ? '' : `BIKE-${id}`),
  point: (id) => `Punto ${id}`,
};
const author = { id: 'u-op', name: 'Olga Operadora' };

const base: Route = {
  id: 'r1',
  code: 'R-20261201-H1-1',
  name: 'Ruta 1',
  hub: 1,
  date: '2026-12-01',
  rider_id: 'u-r1',
  bike_id: 'b1',
  status: 'planned',
  status_id: '',
  stops: [
    { seq: 1, delivery_point_id: 'pa', order_ids: ['o1'], eta: '09:00' },
    { seq: 2, delivery_point_id: 'pb', order_ids: ['o2', 'o3'], eta: '09:20' },
    { seq: 3, delivery_point_id: 'pc', order_ids: ['o4'], eta: '09:40' },
  ],
  planned_start: '08:30',
  distance_m: 5000,
  cancel_reason: '',
  updated_at: 1,
};
const kinds = (c: readonly RouteChange[]) => c.map((x) => x.kind);

describe('the record of changes of a published route', () => {
  it('records nothing for a draft, and records its publication', () => {
    const draft = { ...base, status: 'draft' as const };
    expect(routeChanges(draft, { ...draft, rider_id: 'u-r2', stops: [] }, labels, author, 5)).toEqual([]);
    expect(recordsChanges(draft, draft)).toBe(false);
    expect(routeChanges(draft, base, labels, author, 5)).toEqual([{ at: 5, by: 'u-op', by_name: 'Olga Operadora', kind: 'status', from: 'draft', to: 'planned' }]);
  });

  it('names the rider and bike before and after, the start time, and nothing for ETAs or distance', () => {
    const after = { ...base, rider_id: 'u-r2', bike_id: '', planned_start: '09:00', distance_m: 9000, stops: base.stops.map((s) => ({ ...s, eta: '11:11' })) };
    expect(routeChanges(base, after, labels, author, 7)).toEqual([
      { at: 7, by: 'u-op', by_name: 'Olga Operadora', kind: 'rider', from: 'Rider u-r1', to: 'Rider u-r2' },
      { at: 7, by: 'u-op', by_name: 'Olga Operadora', kind: 'bike', from: 'BIKE-b1', to: '' },
      { at: 7, by: 'u-op', by_name: 'Olga Operadora', kind: 'planned_start', from: '08:30', to: '09:00' },
    ]);
  });

  it('names stops added and removed, orders of a stop changed, and a new order of the stops', () => {
    const after = {
      ...base,
      stops: [
        { seq: 1, delivery_point_id: 'pc', order_ids: ['o4'], eta: '09:00' },
        { seq: 2, delivery_point_id: 'pb', order_ids: ['o2'], eta: '09:20' },
        { seq: 3, delivery_point_id: 'pd', order_ids: ['o9'], eta: '09:40' },
      ],
    };
    const c = routeChanges(base, after, labels, author, 9);
    expect(kinds(c)).toEqual(['stop_removed', 'stop_orders', 'stop_added', 'stops_order']);
    expect(c[0]).toMatchObject({ point: 'Punto pa', from: '1' });
    expect(c[1]).toMatchObject({ point: 'Punto pb', from: '2', to: '1' });
    expect(c[2]).toMatchObject({ point: 'Punto pd', to: '3' });
    // Removing a stop alone is not a new order of the others.
    expect(kinds(routeChanges(base, { ...base, stops: base.stops.slice(1) }, labels, author, 9))).toEqual(['stop_removed']);
  });

  it('records a cancellation, not each stop it lost', () => {
    const c = routeChanges(base, { ...base, status: 'cancelled' as const, stops: [] }, labels, author, 3);
    expect(kinds(c)).toEqual(['status']);
  });

  it('keeps the latest entries, and every entry fits the route schema', () => {
    const one = routeChanges(base, { ...base, name: 'x'.repeat(120) }, labels, { id: 'u-op', name: ' ' }, 1);
    expect(one[0]?.by_name, 'a blank name is the id').toBe('u-op');
    const many = appendChanges(undefined, Array.from({ length: MAX_ROUTE_CHANGES + 5 }, (_, i) => ({ ...(one[0] as RouteChange), at: i })));
    expect(many).toHaveLength(MAX_ROUTE_CHANGES);
    expect(many[0]?.at).toBe(5);
    expect(routeSchema.safeParse({ ...base, changes: many }).success).toBe(true);
    expect(routeSchema.safeParse({ ...base, changes: [...many, many[0]] }).success, 'the schema caps the record').toBe(false);
  });
});
