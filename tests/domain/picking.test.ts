import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Incidence, Pick } from '../../src/domain/entities/events';
import { incidenceSchema, pickSchema } from '../../src/domain/entities/events';
import type { Order } from '../../src/domain/entities/operation';
import { orderSchema, routeSchema } from '../../src/domain/entities/operation';
import {
  checkForceReady,
  effectivePicks,
  forcedOrderSettlement,
  indexPickingEvents,
  lastUndoablePick,
  orderPickingProgress,
  orderSettlement,
  planSetQuantity,
  progressRatio,
  routePickingProgress,
  routeSettlement,
  undoEventFor,
  undoIdFor,
} from '../../src/domain/picking';
import { checkReachable, MACHINES } from '../../src/domain/status/machines';
import { order as orderFixture, route as routeFixture, T0 } from '../helpers/fixtures';

function orderWith(id: string, lines: [string, string, number][]): Order {
  const o = orderFixture(id, 'pe1', 'r1', 'picking');
  return {
    ...o,
    picking_status: 'pending',
    lines: lines.map(([line_id, product_id, quantity]) => ({ line_id, product_id, name: `Prod ${product_id}`, quantity, unit_price_cents: 100, tax_id: 'iva-10', tax_rate_bp: 1000, picked_quantity: 0 })),
  };
}

let seq = 0;
function pick(orderId: string, lineId: string, productId: string, quantity: number, extra: Partial<Pick> = {}): Pick {
  seq += 1;
  return {
    id: `pk-${seq}`,
    at: T0 + seq * 1000,
    created_by: 'u-operador',
    position: null,
    route_id: 'r1',
    order_id: orderId,
    line_id: lineId,
    product_id: productId,
    delivery_point_id: 'pe1',
    hub: 1,
    quantity,
    scanned_barcode: '',
    ...extra,
  };
}

function incidence(orderId: string, productId: string, quantity: number, kind: Incidence['kind'] = 'picker-product', extra: Partial<Incidence> = {}): Incidence {
  seq += 1;
  return {
    id: `inc-${seq}`,
    at: T0 + seq * 1000,
    created_by: 'u-operador',
    position: null,
    kind,
    type: kind === 'picker-error' ? 'wrong_product' : 'missing',
    order_id: orderId,
    product_id: productId,
    route_id: 'r1',
    delivery_point_id: 'pe1',
    hub: 1,
    quantity,
    note: '',
    photo_file: '',
    ...extra,
  };
}

const at = { userId: 'u-operador', at: T0 + 99_000_000, position: null };

describe('schemas of the picking events (version 1)', () => {
  it('an undo is a valid pick document; older documents without the new fields stay valid', () => {
    const p = pick('o1', 'l1', 'p1', 2);
    expect(pickSchema.safeParse(p).success).toBe(true);
    expect(pickSchema.safeParse(undoEventFor(p, at)).success).toBe(true);
    expect(pickSchema.safeParse({ ...p, undoes: 'bad id!' }).success).toBe(false);
    expect(incidenceSchema.safeParse(incidence('o1', 'p1', 1, 'picker-error', { scanned_barcode: '8410000810004' })).success).toBe(true);
    expect(incidenceSchema.safeParse(incidence('o1', 'p1', 1)).success).toBe(true);
    const r = routeFixture('r1', '', [{ point: 'pe1', orders: ['o1'] }], 'ready');
    expect(routeSchema.safeParse(r).success).toBe(true);
    expect(routeSchema.safeParse({ ...r, ready_reason: 'Falta stock de leche' }).success).toBe(true);
  });
});

describe('picked quantities from events', () => {
  const o = orderWith('o1', [
    ['l1', 'p1', 6],
    ['l2', 'p2', 3],
  ]);

  it('sums the picks of each line; an undo cancels its pick once', () => {
    const a = pick('o1', 'l1', 'p1', 4);
    const b = pick('o1', 'l1', 'p1', 2);
    const c = pick('o1', 'l2', 'p2', 1);
    const undoB = undoEventFor(b, at);
    let p = orderPickingProgress(o, indexPickingEvents([a, b, c]));
    expect(p.lines.map((l) => [l.picked, l.state])).toEqual([
      [6, 'picked'],
      [1, 'partial'],
    ]);
    expect(p).toMatchObject({ lines_done: 1, lines_total: 2, units_total: 9, units_picked: 7, complete: false, picking_status: 'in_progress' });
    p = orderPickingProgress(o, indexPickingEvents([a, b, c, undoB, { ...undoB }, undoEventFor(b, { ...at, userId: 'u-other' })]));
    expect(p.lines[0]).toMatchObject({ picked: 4, remaining: 2, state: 'partial' });
    expect(p.lines[0]?.picks.map((x) => x.id)).toEqual([a.id]);
  });

  it('ignores an undo of an undo, an undo naming another line, and a pick of another product', () => {
    const a = pick('o1', 'l1', 'p1', 2);
    const u = undoEventFor(a, at);
    const undoOfUndo = { ...pick('o1', 'l1', 'p1', 2), undoes: u.id };
    const wrongLine = { ...pick('o1', 'l2', 'p2', 2), undoes: a.id, id: 'x-wrong-line' };
    const wrongProduct = pick('o1', 'l1', 'p9', 5);
    const p = orderPickingProgress(o, indexPickingEvents([a, u, undoOfUndo, wrongLine, wrongProduct]));
    expect(p.lines[0]?.picked).toBe(0);
    expect(effectivePicks([a, u, undoOfUndo, wrongLine, wrongProduct]).map((x) => x.id)).toEqual([wrongProduct.id]);
  });

  it('flags a line picked over its quantity and never caps it', () => {
    const p = orderPickingProgress(o, indexPickingEvents([pick('o1', 'l1', 'p1', 6), pick('o1', 'l1', 'p1', 2), pick('o1', 'l2', 'p2', 3)]));
    expect(p.lines[0]).toMatchObject({ picked: 8, over: 2, state: 'over', remaining: 0 });
    expect(p).toMatchObject({ over_lines: 1, units_over: 2, units_picked: 9, complete: false, picking_status: 'in_progress' });
  });

  it('a picking incidence covers what is not picked, in line order, never more', () => {
    const twoOfP1 = orderWith('o2', [
      ['l1', 'p1', 3],
      ['l2', 'p1', 2],
      ['l3', 'p3', 1],
    ]);
    const events = indexPickingEvents(
      [pick('o2', 'l1', 'p1', 2), pick('o2', 'l3', 'p3', 1)],
      [incidence('o2', 'p1', 2), incidence('o2', 'p1', 5), incidence('o2', 'p1', 1, 'picker-error'), incidence('o2', 'p1', 1, 'delivery-product')],
    );
    const p = orderPickingProgress(twoOfP1, events);
    expect(p.lines.map((l) => [l.picked, l.short, l.state])).toEqual([
      [2, 1, 'short'],
      [0, 2, 'short'],
      [1, 0, 'picked'],
    ]);
    expect(p).toMatchObject({ complete: true, picking_status: 'incomplete', units_short: 3, incidences: 2, errors: 1 });
    expect(progressRatio(p)).toBe(1);
  });

  it('route progress: stops in order, missing orders, complete only when every order is', () => {
    const o1 = orderWith('o1', [['l1', 'p1', 2]]);
    const o2 = orderWith('o2', [['l1', 'p1', 1]]);
    const r = routeFixture('r1', 'u-rider1', [{ point: 'pe1', orders: ['o1'] }, { point: 'pe2', orders: ['o2', 'o3'] }], 'picking');
    const idx = indexPickingEvents([pick('o1', 'l1', 'p1', 2), pick('o2', 'l1', 'p1', 1)]);
    const p = routePickingProgress(r, [o1, o2], idx);
    expect(p.missing_orders).toEqual(['o3']);
    expect(p.stops.map((s) => [s.seq, s.complete, s.units_picked])).toEqual([
      [1, true, 2],
      [2, false, 1],
    ]);
    expect(p.complete).toBe(false);
    const full = routePickingProgress({ ...r, stops: r.stops.map((s) => ({ ...s, order_ids: s.order_ids.filter((x) => x !== 'o3') })) }, [o1, o2], idx);
    expect(full.complete).toBe(true);
    expect(routePickingProgress({ ...r, stops: [] }, [], idx).complete).toBe(false);
  });
});

describe('undo and typed quantities', () => {
  it('undoes the latest effective pick matching the filter, with a deterministic id', () => {
    const a = pick('o1', 'l1', 'p1', 1, { created_by: 'u-a' });
    const b = pick('o1', 'l1', 'p1', 1, { created_by: 'u-b' });
    const c = pick('o1', 'l2', 'p2', 1, { created_by: 'u-a' });
    expect(lastUndoablePick([a, b, c], { order_id: 'o1', line_id: 'l1' })?.id).toBe(b.id);
    expect(lastUndoablePick([a, b, c], { created_by: 'u-a' })?.id).toBe(c.id);
    expect(lastUndoablePick([a, b, c, undoEventFor(b, at)], { line_id: 'l1' })?.id).toBe(a.id);
    expect(lastUndoablePick([], {})).toBeNull();
    expect(undoIdFor('abc')).toBe('undo-abc');
    const long = 'x'.repeat(64);
    expect(undoIdFor(long)).toMatch(/^undo-[0-9a-f]{16}$/);
    expect(undoIdFor(long)).toBe(undoIdFor(long));
    expect(undoIdFor(long)).not.toBe(undoIdFor(`${'x'.repeat(63)}y`));
  });

  it('a typed quantity becomes undos of the latest picks and one pick of the rest', () => {
    const picks = [pick('o1', 'l1', 'p1', 3), pick('o1', 'l1', 'p1', 2)];
    const line = { picked: 5, picks };
    expect(planSetQuantity(line, 7)).toEqual({ undo: [], pick: 2 });
    expect(planSetQuantity(line, 4)).toEqual({ undo: [picks[1]], pick: 1 });
    expect(planSetQuantity(line, 3)).toEqual({ undo: [picks[1]], pick: 0 });
    expect(planSetQuantity(line, 0)).toEqual({ undo: [picks[1], picks[0]], pick: 0 });
    expect(() => planSetQuantity(line, -1)).toThrow();
  });
});

describe('status changes the events call for', () => {
  const o = orderWith('o1', [['l1', 'p1', 2]]);
  const r = routeFixture('r1', '', [{ point: 'pe1', orders: ['o1'] }], 'planned');

  it('a first pick starts the route; the last line done makes it ready and the order picked', () => {
    const some = indexPickingEvents([pick('o1', 'l1', 'p1', 1)]);
    expect(routeSettlement(r, routePickingProgress(r, [o], some))).toBe('picking');
    expect(routeSettlement(r, routePickingProgress(r, [o], indexPickingEvents([])))).toBeNull();
    expect(orderSettlement({ ...o, status: 'planned' }, orderPickingProgress(o, some), true)).toEqual({ status: 'picking', picking_status: 'in_progress' });

    const all = indexPickingEvents([pick('o1', 'l1', 'p1', 2)]);
    const picking = { ...r, status: 'picking' as const };
    expect(routeSettlement(picking, routePickingProgress(r, [o], all))).toBe('ready');
    const changes = orderSettlement(o, orderPickingProgress(o, all), true);
    expect(changes).toEqual({ status: 'picked', picking_status: 'picked', lines: [{ ...o.lines[0], picked_quantity: 2 }] });
    // Nothing moves once the route is ready, or for an order already on its way.
    expect(orderSettlement(o, orderPickingProgress(o, all), false)).toBeNull();
    expect(orderSettlement({ ...o, status: 'out_for_delivery' }, orderPickingProgress(o, all), true)).toBeNull();
    expect(routeSettlement({ ...r, status: 'ready' }, routePickingProgress(r, [o], all))).toBeNull();
  });

  it('an undo reopens a picked order while its route is in picking', () => {
    const p = pick('o1', 'l1', 'p1', 2);
    const idx = indexPickingEvents([p, undoEventFor(p, at)]);
    expect(orderSettlement({ ...o, status: 'picked', picking_status: 'picked' }, orderPickingProgress(o, idx), true)).toEqual({ status: 'picking', picking_status: 'in_progress' });
  });

  it('over-picked lines keep the route in picking', () => {
    const idx = indexPickingEvents([pick('o1', 'l1', 'p1', 3)]);
    expect(routeSettlement({ ...r, status: 'picking' }, routePickingProgress(r, [o], idx))).toBeNull();
  });

  it('the cache of picked quantities never breaks the order schema (over-picks are capped there only)', () => {
    const idx = indexPickingEvents([pick('o1', 'l1', 'p1', 3)]);
    const forced = forcedOrderSettlement(o, orderPickingProgress(o, idx));
    expect(forced?.lines?.[0]?.picked_quantity).toBe(2);
    expect(orderSchema.safeParse({ ...o, ...forced }).success).toBe(true);
  });

  it('forcing ready needs a reason and a route still being picked', () => {
    expect(checkForceReady({ status: 'picking' }, '  ok ')).toEqual({ ok: false, code: 'reason_too_short' });
    expect(checkForceReady({ status: 'picking' }, 'x'.repeat(501))).toEqual({ ok: false, code: 'reason_too_long' });
    expect(checkForceReady({ status: 'ready' }, 'Sin stock de pan')).toEqual({ ok: false, code: 'route_not_pickable' });
    expect(checkForceReady({ status: 'planned' }, '  Sin stock de pan ')).toEqual({ ok: true, reason: 'Sin stock de pan' });
    const half = orderPickingProgress(o, indexPickingEvents([pick('o1', 'l1', 'p1', 1)]));
    expect(forcedOrderSettlement(o, half)).toEqual({ status: 'picked', picking_status: 'incomplete', lines: [{ ...o.lines[0], picked_quantity: 1 }] });
  });

  it('every change it asks for is a step operators may take (state machines)', () => {
    for (const [from, to] of [
      ['planned', 'picking'],
      ['planned', 'ready'],
      ['picking', 'ready'],
    ] as const) {
      expect(checkReachable(MACHINES.route, from, to, 'operator').ok, `${from}→${to}`).toBe(true);
    }
    for (const [from, to] of [
      ['planned', 'picked'],
      ['picking', 'picked'],
      ['picked', 'picking'],
    ] as const) {
      expect(checkReachable(MACHINES.order, from, to, 'operator').ok, `${from}→${to}`).toBe(true);
    }
    for (const [from, to] of [
      ['pending', 'picked'],
      ['pending', 'incomplete'],
      ['incomplete', 'picked'],
      ['in_progress', 'picked'],
      ['picked', 'in_progress'],
    ] as const) {
      expect(checkReachable(MACHINES.picking, from, to, 'operator').ok, `${from}→${to}`).toBe(true);
    }
  });
});

// ── Property tests: two tablets, any interleaving, any duplication ──────────────────────────

const ORDERS = [orderWith('o1', [['l1', 'p1', 4], ['l2', 'p2', 2]]), orderWith('o2', [['l1', 'p1', 3], ['l2', 'p3', 1], ['l3', 'p1', 2]])];
const LINES = ORDERS.flatMap((o) => o.lines.map((l) => ({ order: o.id, line: l.line_id, product: l.product_id })));
const ROUTE = routeFixture('r1', 'u-rider1', [{ point: 'pe1', orders: ['o1'] }, { point: 'pe2', orders: ['o2'] }], 'picking');

type Action = { readonly kind: 'pick'; readonly line: number; readonly qty: number; readonly device: number } | { readonly kind: 'undo'; readonly target: number; readonly device: number } | { readonly kind: 'short'; readonly line: number; readonly qty: number; readonly device: number };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('pick' as const), line: fc.nat(LINES.length - 1), qty: fc.integer({ min: 1, max: 3 }), device: fc.nat(1) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('undo' as const), target: fc.nat(40), device: fc.nat(1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('short' as const), line: fc.nat(LINES.length - 1), qty: fc.integer({ min: 1, max: 2 }), device: fc.nat(1) }) },
);

/** What two tablets record: each its own events, with ids made on the device. */
function record(actions: readonly Action[]): { events: { device: number; pick?: Pick; incidence?: Incidence }[]; model: Map<string, number> } {
  const events: { device: number; pick?: Pick; incidence?: Incidence }[] = [];
  const picks: Pick[] = [];
  let n = 0;
  for (const a of actions) {
    n += 1;
    if (a.kind === 'pick') {
      const l = LINES[a.line] as (typeof LINES)[number];
      const p = { ...pick(l.order, l.line, l.product, a.qty), id: `d${a.device}-${n}`, at: T0 + n };
      picks.push(p);
      events.push({ device: a.device, pick: p });
    } else if (a.kind === 'undo') {
      const target = picks[a.target % Math.max(1, picks.length)];
      if (!target) continue;
      events.push({ device: a.device, pick: { ...undoEventFor(target, { userId: `u-${a.device}`, at: T0 + n, position: null }) } });
    } else {
      const l = LINES[a.line] as (typeof LINES)[number];
      events.push({ device: a.device, incidence: { ...incidence(l.order, l.product, a.qty), id: `i${a.device}-${n}`, at: T0 + n } });
    }
  }
  // The reference model: units of each line = picks never undone (however often undone).
  const undone = new Set(events.flatMap((e) => (e.pick?.undoes ? [e.pick.undoes] : [])));
  const model = new Map<string, number>();
  for (const p of picks) if (!undone.has(p.id)) model.set(`${p.order_id}/${p.line_id}`, (model.get(`${p.order_id}/${p.line_id}`) ?? 0) + p.quantity);
  return { events, model };
}

function progressOf(events: readonly { pick?: Pick; incidence?: Incidence }[]) {
  const idx = indexPickingEvents(
    events.flatMap((e) => (e.pick ? [e.pick] : [])),
    events.flatMap((e) => (e.incidence ? [e.incidence] : [])),
  );
  return routePickingProgress(ROUTE, ORDERS, idx);
}

describe('two tablets picking one route (property tests)', () => {
  it('any interleaving and any duplication of the same events gives the same progress', () => {
    fc.assert(
      fc.property(fc.array(actionArb, { maxLength: 40 }), fc.integer(), fc.array(fc.nat(200), { maxLength: 30 }), (actions, seed, dupIdx) => {
        const { events } = record(actions);
        const reference = progressOf(events);
        // Sync order: shuffled by the seed, with some events delivered more than once.
        const shuffled = fc.sample(fc.shuffledSubarray(events, { minLength: events.length, maxLength: events.length }), { seed, numRuns: 1 })[0] ?? events;
        const duplicated = [...shuffled, ...dupIdx.flatMap((i) => (events.length === 0 ? [] : [events[i % events.length] as (typeof events)[number]]))];
        expect(progressOf(duplicated)).toEqual(reference);
        expect(progressOf([...events].reverse())).toEqual(reference);
      }),
      { numRuns: 300 },
    );
  });

  it('no pick lost, none counted twice: each line holds exactly the picks never undone', () => {
    fc.assert(
      fc.property(fc.array(actionArb, { maxLength: 40 }), (actions) => {
        const { events, model } = record(actions);
        // Device A sees its own events, B its own; after syncing each sees the union (with overlaps).
        const a = events.filter((e) => e.device === 0);
        const b = events.filter((e) => e.device === 1);
        const merged = progressOf([...b, ...a, ...a.slice(0, 3)]);
        for (const o of merged.orders) {
          for (const l of o.lines) expect(l.picked, `${o.order_id}/${l.line_id}`).toBe(model.get(`${o.order_id}/${l.line_id}`) ?? 0);
        }
        // Over-picks are flagged with the exact excess.
        for (const o of merged.orders) for (const l of o.lines) expect(l.over).toBe(Math.max(0, l.picked - l.quantity));
        expect(merged.units_picked + merged.units_over).toBe([...model.values()].reduce((x, y) => x + y, 0));
      }),
      { numRuns: 300 },
    );
  });

  it('the route is complete exactly when every line is picked or covered, none over', () => {
    fc.assert(
      fc.property(fc.array(actionArb, { maxLength: 60 }), (actions) => {
        const p = progressOf(record(actions).events);
        const lines = p.orders.flatMap((o) => o.lines);
        const expected = lines.every((l) => l.picked <= l.quantity && l.picked + l.short >= l.quantity);
        expect(p.complete).toBe(expected);
        expect(routeSettlement(ROUTE, p)).toBe(expected ? 'ready' : null);
      }),
      { numRuns: 300 },
    );
  });
});
