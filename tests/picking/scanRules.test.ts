/**
 * Issue 28, the picker's scanner: every read a keyboard scanner ends with Enter counts (the same
 * code again within a second too), a read made while the product page is still opening is not
 * lost, and a partial read is refused as «lectura incompleta» without a picker error.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { judgeScan, looksPartial } from '../../src/domain/picking';
import { HOLD_MS, WedgeHub } from '../../src/ui/scanner/wedgeHub';
import type { WedgeKey } from '../../src/ui/scanner/wedge';
import { openLocalDatabase, type CbDatabase } from '../../src/data/database';
import { AppStore } from '../../src/data/appStore';
import { Outbox } from '../../src/data/outbox';
import { UploadQueue } from '../../src/data/uploadQueue';
import { Writer } from '../../src/data/writes';
import { pickByScan, routePickingState, type ActionEngine, type Actor } from '../../src/data/picking';
import type { Order } from '../../src/domain/entities/operation';
import { order, product, route } from '../helpers/fixtures';

const milk = { barcode: '0036000291452', sku: 'LECHE-1L' };

describe('judging a scan on a picking line', () => {
  it('a whole code of the product matches; digits of no whole code are a partial read', () => {
    expect(judgeScan(milk, '036000291452', false)).toBe('match');
    expect(judgeScan(milk, 'leche-1l', false)).toBe('match');
    expect(looksPartial('40063813')).toBe(true);
    expect(looksPartial('4006')).toBe(true);
    expect(looksPartial('400')).toBe(false);
    expect(looksPartial('4006381333931')).toBe(false);
    expect(looksPartial('PAN-1')).toBe(false);
    expect(judgeScan(milk, '40063813', false)).toBe('partial');
  });

  it('another product’s whole code, or digits that name a known product, are a wrong product', () => {
    expect(judgeScan(milk, '4006381333931', false)).toBe('wrong');
    expect(judgeScan(milk, 'PAN-1', false)).toBe('wrong');
    expect(judgeScan(milk, '4711', true)).toBe('wrong');
  });
});

/** The keys a wedge scanner sends for `code`, 5 ms apart, from `start`, then Enter. */
function scan(code: string, start: number): WedgeKey[] {
  return [...code, 'Enter'].map((key, i) => ({ key, time: start + i * 5, editable: false }));
}

function feed(hub: WedgeHub, keys: readonly WedgeKey[], now: number): boolean[] {
  return keys.map((k) => hub.key({ ...k, now }));
}

describe('the page’s wedge listener', () => {
  it('counts the same code scanned again within a second (three items 0.6 s apart are three reads)', () => {
    const hub = new WedgeHub();
    const got: string[] = [];
    hub.subscribe((c) => got.push(c), 0);
    for (const at of [0, 600, 1200]) feed(hub, scan('8410000810004', at), at);
    expect(got).toEqual(['8410000810004', '8410000810004', '8410000810004']);
  });

  it('holds a read made while no scanner listens, for the next one that opens', () => {
    const hub = new WedgeHub();
    let clock = 0;
    hub.clock = () => clock;
    const first: string[] = [];
    const off = hub.subscribe((c) => first.push(c), 0);
    clock = 100;
    off();
    // The next product page is still loading: the scan waits, its Enter is swallowed.
    const taken = feed(hub, scan('8410000810004', 200), 200);
    expect(taken.at(-1)).toBe(true);
    const second: string[] = [];
    hub.subscribe((c) => second.push(c), 500);
    expect(first).toEqual([]);
    expect(second).toEqual(['8410000810004']);
  });

  it('drops a held read once it is too old, and never hands one twice', () => {
    const hub = new WedgeHub();
    feed(hub, scan('1111', 0), 0);
    const late: string[] = [];
    hub.subscribe((c) => late.push(c), HOLD_MS + 100)();
    expect(late).toEqual([]);
    feed(hub, scan('2222', 10_000), 10_000);
    const a: string[] = [];
    const b: string[] = [];
    hub.subscribe((c) => a.push(c), 10_100)();
    hub.subscribe((c) => b.push(c), 10_200);
    expect(a).toEqual(['2222']);
    expect(b).toEqual([]);
  });

  it('leaves Enter alone on a page that never had a scanner', () => {
    const hub = new WedgeHub();
    hub.clock = () => 0;
    expect(feed(hub, scan('8410000810004', 50_000), 50_000).some(Boolean)).toBe(false);
  });
});

describe('a partial read on the picker’s screen', () => {
  const picker: Actor = { userId: 'u-operador', role: 'operator', hub: 1 };
  let db: CbDatabase;
  let store: AppStore;
  let engine: ActionEngine;

  beforeEach(async () => {
    db = await openLocalDatabase({ name: `sr${Date.now()}${Math.random().toString(36).slice(2)}`, storage: { kind: 'memory' }, collections: ['orders', 'routes', 'picks', 'incidences', 'products'] });
    store = new AppStore(`app-${Math.random().toString(36).slice(2)}`);
    const outbox = new Outbox(store);
    const uploads = new UploadQueue(store);
    engine = { db, writer: new Writer(db, outbox), queueUpload: (p: string, b: Blob, c: string) => uploads.enqueue(p, b, c) };
    await db.routes.insert(route('r1', 'u-rider1', [{ point: 'pe-o1', orders: ['o1'] }], 'planned'));
    const o: Order = {
      ...order('o1', 'pe-o1', 'r1', 'planned'),
      picking_status: 'pending',
      lines: [{ line_id: 'l1', product_id: 'p1', name: 'p1', quantity: 2, unit_price_cents: 100, tax_id: 'iva-10', tax_rate_bp: 1000, picked_quantity: 0 }],
    };
    await db.orders.insert(o);
    await db.products.bulkInsert([
      { ...product('p1'), ...milk },
      { ...product('p2'), barcode: '4006381333931', sku: '4711' },
    ]);
  });
  afterEach(async () => {
    await db.remove();
    await store.close();
  });

  it('is refused without counting a unit or recording an error against the picker', async () => {
    const partial = await pickByScan(engine, { order_id: 'o1', line_id: 'l1', code: '40063813' }, picker);
    expect(partial).toEqual({ ok: false, partial: true });
    expect(await db.incidences.count().exec()).toBe(0);
    expect(await db.picks.count().exec()).toBe(0);
    // Digits that are another product's SKU are that product: a picker error.
    const wrong = await pickByScan(engine, { order_id: 'o1', line_id: 'l1', code: '4711' }, picker);
    expect(wrong.ok === false && !wrong.partial).toBe(true);
    expect(await db.incidences.count().exec()).toBe(1);
    const ok = await pickByScan(engine, { order_id: 'o1', line_id: 'l1', code: '036000291452' }, picker);
    expect(ok.ok).toBe(true);
    expect((await routePickingState(engine, 'r1')).progress.orders[0]).toMatchObject({ units_picked: 1, errors: 1 });
  });
});
