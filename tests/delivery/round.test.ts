import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  checkDeliveredLines,
  collect,
  decodeSummary,
  deliveryEventId,
  encodeSummary,
  fullDelivery,
  loadDifferences,
  loadOut,
  orderOutcome,
  roundSummary,
  routeProgress,
} from '../../src/domain/delivery';
import type { DeliveryEvent } from '../../src/domain/entities/events';
import { domainText } from '../../src/i18n/domain';
import type { Order } from '../../src/domain/entities/operation';
import { openLocalDatabase, type CbDatabase } from '../../src/data/database';
import { AppStore } from '../../src/data/appStore';
import { Outbox } from '../../src/data/outbox';
import { Writer } from '../../src/data/writes';
import { confirmDelivery, confirmLoadOut, recordFailure, reportIncidence } from '../../src/data/round';
import type { DataEngine } from '../../src/data/engine';
import { UploadQueue } from '../../src/data/uploadQueue';
import { deliveryEvent, order, route } from '../helpers/fixtures';

function twoLineOrder(): Order {
  const o = order('o1', 'pe1', 'r1', 'out_for_delivery');
  return {
    ...o,
    lines: [
      { line_id: 'l1', product_id: 'p1', name: 'Leche', quantity: 6, unit_price_cents: 120, tax_id: 'iva-4', tax_rate_bp: 400, picked_quantity: 6 },
      { line_id: 'l2', product_id: 'p2', name: 'Pan', quantity: 3, unit_price_cents: 250, tax_id: 'iva-10', tax_rate_bp: 1000, picked_quantity: 3 },
    ],
  };
}

describe('partial-delivery rules', () => {
  const o = twoLineOrder();
  it('a full delivery is «delivered»; any line short makes it partial', () => {
    expect(checkDeliveredLines(o, fullDelivery(o))).toEqual({ ok: true, kind: 'delivered' });
    const short = fullDelivery(o).map((l) => (l.line_id === 'l2' ? { ...l, delivered: 1, refused: 2 } : l));
    expect(checkDeliveredLines(o, short)).toEqual({ ok: true, kind: 'partial' });
  });

  it('refuses more units than the order carries, and nothing delivered at all', () => {
    const over = fullDelivery(o).map((l) => (l.line_id === 'l1' ? { ...l, delivered: 6, refused: 1 } : l));
    const r = checkDeliveredLines(o, over);
    expect(r.ok).toBe(false);
    expect(!r.ok && domainText(r.message)).toMatch(/Línea 1 \(Leche\).*superan las 6/);
    const none = fullDelivery(o).map((l) => ({ ...l, delivered: 0 }));
    const nothing = checkDeliveredLines(o, none);
    expect(!nothing.ok && domainText(nothing.message)).toBe('No se entrega ninguna unidad: registra una entrega fallida');
    expect(checkDeliveredLines(o, [{ line_id: 'zz', product_id: 'p', delivered: 1, refused: 0 }]).ok).toBe(false);
  });

  it('only what was picked can be handed over', () => {
    const picked = { ...o, lines: o.lines.map((l) => (l.line_id === 'l1' ? { ...l, picked_quantity: 4 } : l)) };
    expect(fullDelivery(picked).find((l) => l.line_id === 'l1')?.delivered).toBe(4);
    expect(checkDeliveredLines(picked, fullDelivery(picked))).toEqual({ ok: true, kind: 'partial' });
  });

  it('the summary URL hint round-trips, and bad parts are ignored', () => {
    const lines = fullDelivery(o).map((l) => (l.line_id === 'l2' ? { ...l, delivered: 1, refused: 2 } : l));
    expect(encodeSummary(lines)).toBe('l1-6.l2-1r2');
    expect(decodeSummary(o, encodeSummary(lines))).toEqual(lines);
    expect(decodeSummary(o, 'garbage.l1-x.zz-3')).toEqual(fullDelivery(o));
  });
});

describe('amounts due and change', () => {
  const o = twoLineOrder();
  it('charges delivered lines × price + taxes (rounded per rate)', () => {
    // 6 × 1,20 € at 4 % = 7,20 + 0,29; 3 × 2,50 € at 10 % = 7,50 + 0,75 → 15,74 €
    const r = collect(o, fullDelivery(o), 'card', 0);
    expect(r).toEqual({ ok: true, value: { method: 'card', due_cents: 1574, collected_cents: 1574, change_cents: 0 } });
    const partial = fullDelivery(o).map((l) => (l.line_id === 'l2' ? { ...l, delivered: 1 } : l));
    const p = collect(o, partial, 'transfer', 0);
    // 7,20 + 0,29 + 2,50 + 0,25 = 10,24 €
    expect(p.ok && p.value.due_cents).toBe(1024);
  });

  it('gives change in cash and refuses too little', () => {
    expect(collect(o, fullDelivery(o), 'cash', 2000)).toEqual({ ok: true, value: { method: 'cash', due_cents: 1574, collected_cents: 2000, change_cents: 426 } });
    const short = collect(o, fullDelivery(o), 'cash', 1500);
    expect(short.ok).toBe(false);
    expect(!short.ok && domainText(short.message)).toMatch(/menor que el importe a cobrar/);
  });

  it('collects nothing at the door on account', () => {
    expect(collect(o, fullDelivery(o), 'on_account', 0)).toEqual({ ok: true, value: { method: 'on_account', due_cents: 1574, collected_cents: 0, change_cents: 0 } });
  });
});

describe('round progress and summary', () => {
  const r = route('r1', 'u-rider1', [{ point: 'pe1', orders: ['o1', 'o2'] }, { point: 'pe2', orders: ['o3'] }], 'in_progress');
  const ev = (id: string, orderId: string, kind: DeliveryEvent['kind'], at: number, extra: Partial<DeliveryEvent> = {}): DeliveryEvent => ({
    ...deliveryEvent(id, order(orderId, 'pe1', 'r1'), 'u-rider1', kind),
    at,
    ...extra,
  });

  it('a later delivery beats an earlier failure, never the other way round', () => {
    expect(orderOutcome('o1', [ev('a', 'o1', 'failed', 1), ev('b', 'o1', 'delivered', 2)])).toBe('delivered');
    expect(orderOutcome('o1', [ev('b', 'o1', 'delivered', 2), ev('a', 'o1', 'failed', 3)])).toBe('delivered');
    expect(orderOutcome('o1', [])).toBe('pending');
  });

  it('counts stops and the cash to hand over (change returned)', () => {
    const events = [
      ev('d1', 'o1', 'delivered', 1),
      ev('d2', 'o2', 'partial', 2),
      ev('c1', 'o1', 'collected', 3, { payment_method: 'cash', amount_due_cents: 1000, amount_collected_cents: 2000, change_cents: 1000 }),
      ev('c2', 'o2', 'collected', 4, { payment_method: 'card', amount_due_cents: 500, amount_collected_cents: 500 }),
    ];
    const p = routeProgress(r, events);
    expect(p.visited).toBe(1);
    expect(p.next?.seq).toBe(2);
    expect(p.stops[0]?.state).toBe('partial');
    const s = roundSummary(r, events, []);
    expect(s).toMatchObject({ delivered: 1, partial: 1, failed: 0, pending: 1, cash_cents: 1000, other_cents: 500 });
  });

  it('load-out adds picked units per product and reports differences', () => {
    const o1 = twoLineOrder();
    const o2 = { ...order('o2', 'pe1', 'r1'), lines: [{ ...o1.lines[0]!, line_id: 'x', quantity: 2, picked_quantity: 2 }] };
    const lines = loadOut([o1, o2]);
    expect(lines).toEqual([
      { product_id: 'p1', name: 'Leche', expected: 8 },
      { product_id: 'p2', name: 'Pan', expected: 3 },
    ]);
    expect(loadDifferences(lines, { p1: 7 })).toEqual([{ product_id: 'p1', name: 'Leche', expected: 8, received: 7 }]);
  });
});

describe('double-submit guard (data layer)', () => {
  let db: CbDatabase;
  let store: AppStore;
  let engine: DataEngine;
  const actor = { userId: 'u-rider1', role: 'rider' as const };

  beforeEach(async () => {
    db = await openLocalDatabase({ name: `dbl${Date.now()}${Math.random().toString(36).slice(2)}`, storage: { kind: 'memory' }, collections: ['orders', 'routes', 'deliveries', 'payments', 'incidences', 'receipts'] });
    store = new AppStore(`app-${Math.random().toString(36).slice(2)}`);
    const outbox = new Outbox(store);
    const uploads = new UploadQueue(store);
    // The parts of the engine the round needs: database, writer and upload queue.
    engine = { db, writer: new Writer(db, outbox), queueUpload: (p: string, b: Blob, c: string) => uploads.enqueue(p, b, c), uploads } as unknown as DataEngine;
    await db.routes.insert(route('r1', 'u-rider1', [{ point: 'pe1', orders: ['o1'] }], 'in_progress'));
    await db.orders.insert(twoLineOrder());
  });
  afterEach(async () => {
    await db.remove();
    await store.close();
  });

  it('pressing «Confirmar entrega» twice writes one delivery, one signature, one collection, one upload', async () => {
    const o = twoLineOrder();
    const r = route('r1', 'u-rider1', [{ point: 'pe1', orders: ['o1'] }], 'in_progress');
    const c = collect(o, fullDelivery(o), 'cash', 2000);
    if (!c.ok) throw new Error(domainText(c.message));
    const input = {
      order: o,
      route: r,
      lines: fullDelivery(o),
      kind: 'delivered' as const,
      collection: c.value,
      signerName: 'Ana',
      strokes: [[[1, 2, 0.5], [3, 4, 0.5]]] as [number, number, number][][],
      signaturePng: new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }),
      position: null,
    };
    const [first, second] = await Promise.all([confirmDelivery(engine, input, actor), confirmDelivery(engine, input, actor)].map((p) => p.catch(() => false)));
    const third = await confirmDelivery(engine, input, actor);
    expect([first, second, third].filter(Boolean)).toHaveLength(1);
    expect(await db.deliveries.count().exec()).toBe(3);
    expect(await db.payments.count().exec()).toBe(1);
    expect((await db.orders.findOne('o1').exec())?.status).toBe('delivered');
    expect((await (engine as unknown as { uploads: UploadQueue }).uploads.items()).map((i) => i.path)).toEqual(['deliveries/u-rider1/sig-o1.png']);
  });

  it('a failed delivery is recorded once; the incidence form and the load-out too', async () => {
    const o = twoLineOrder();
    const r = route('r1', 'u-rider1', [{ point: 'pe1', orders: ['o1'] }], 'in_progress');
    const fail = { order: o, route: r, reasonStatusId: 'st-delivery-ausente', note: '', outcome: 'return_to_hub' as const, photo: null, position: null };
    expect(await recordFailure(engine, fail, actor)).toBe(true);
    expect(await recordFailure(engine, fail, actor)).toBe(false);
    expect(await db.deliveries.count().exec()).toBe(1);
    const inc = { id: 'inc-1', order: o, route: r, productId: 'p1', type: 'damaged' as const, quantity: 1, note: 'x', photo: null, position: null };
    expect(await reportIncidence(engine, inc, actor)).toBe(true);
    expect(await reportIncidence(engine, inc, actor)).toBe(false);
    expect(await db.incidences.count().exec()).toBe(1);
    await db.routes.upsert(route('r2', 'u-rider1', [], 'ready'));
    const r2 = route('r2', 'u-rider1', [], 'ready');
    const load = { route: r2, orders: [], expected: [], received: {}, position: null, note: '' };
    expect(await confirmLoadOut(engine, load, actor)).toBe(true);
    expect(await confirmLoadOut(engine, load, actor)).toBe(false);
    expect(await db.receipts.count().exec()).toBe(1);
    expect(deliveryEventId('o1', 'signed')).toBe('sig-o1');
  });
});
