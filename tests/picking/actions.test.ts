import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { filter, firstValueFrom } from 'rxjs';
import { openLocalDatabase, type CbDatabase } from '../../src/data/database';
import { AppStore } from '../../src/data/appStore';
import { Outbox } from '../../src/data/outbox';
import { UploadQueue } from '../../src/data/uploadQueue';
import { Writer } from '../../src/data/writes';
import {
  ActionError,
  forceRouteReady,
  pickByScan,
  recordPick,
  recordPickerError,
  recordPickingIncidence,
  routePickingState,
  setPickedQuantity,
  undoLastPick,
  watchPickingSettlement,
  type ActionEngine,
  type Actor,
} from '../../src/data/picking';
import type { Order, Route } from '../../src/domain/entities/operation';
import { order, product, route, T0 } from '../helpers/fixtures';

const picker: Actor = { userId: 'u-operador', role: 'operator', hub: 1 };

function orderOf(id: string, lines: [string, string, number][]): Order {
  return {
    ...order(id, `pe-${id}`, 'r1', 'planned'),
    picking_status: 'pending',
    lines: lines.map(([line_id, product_id, quantity]) => ({ line_id, product_id, name: product_id, quantity, unit_price_cents: 100, tax_id: 'iva-10', tax_rate_bp: 1000, picked_quantity: 0 })),
  };
}

let db: CbDatabase;
let store: AppStore;
let uploads: UploadQueue;
let engine: ActionEngine;

async function statusOf(): Promise<{ route: string; orders: Record<string, [string, string, number[]]> }> {
  const r = (await db.routes.findOne('r1').exec())?.toJSON() as Route;
  const orders = (await db.orders.find().exec()).map((d) => d.toJSON() as unknown as Order);
  return { route: r.status, orders: Object.fromEntries(orders.map((o) => [o.id, [o.status, o.picking_status, o.lines.map((l) => l.picked_quantity)]])) };
}

beforeEach(async () => {
  db = await openLocalDatabase({ name: `pk${Date.now()}${Math.random().toString(36).slice(2)}`, storage: { kind: 'memory' }, collections: ['orders', 'routes', 'picks', 'incidences', 'products'] });
  store = new AppStore(`app-${Math.random().toString(36).slice(2)}`);
  const outbox = new Outbox(store);
  uploads = new UploadQueue(store);
  engine = { db, writer: new Writer(db, outbox), queueUpload: (p: string, b: Blob, c: string) => uploads.enqueue(p, b, c) };
  await db.routes.insert(route('r1', 'u-rider1', [{ point: 'pe-o1', orders: ['o1'] }, { point: 'pe-o2', orders: ['o2'] }], 'planned'));
  await db.orders.bulkInsert([
    orderOf('o1', [
      ['l1', 'p1', 2],
      ['l2', 'p2', 1],
    ]),
    orderOf('o2', [['l1', 'p1', 3]]),
  ]);
  await db.products.bulkInsert([
    { ...product('p1'), barcode: '0036000291452', sku: 'LECHE-1L' },
    { ...product('p2'), barcode: '4006381333931', sku: 'PAN-1' },
  ]);
});
afterEach(async () => {
  await db.remove();
  await store.close();
});

describe('picking actions (local first)', () => {
  it('the first pick starts the route; each order closes when done; the last one makes the route ready', async () => {
    await recordPick(engine, { order_id: 'o1', line_id: 'l1', quantity: 2, now: T0 }, picker);
    expect(await statusOf()).toEqual({ route: 'picking', orders: { o1: ['picking', 'in_progress', [0, 0]], o2: ['picking', 'pending', [0]] } });
    const done = await recordPick(engine, { order_id: 'o1', line_id: 'l2', quantity: 1 }, picker);
    expect(done.settlement.orders).toEqual(['o1']);
    expect(await statusOf()).toEqual({ route: 'picking', orders: { o1: ['picked', 'picked', [2, 1]], o2: ['picking', 'pending', [0]] } });
    const last = await recordPick(engine, { order_id: 'o2', line_id: 'l1', quantity: 3 }, picker);
    expect(last.settlement.route).toBe('ready');
    expect(await statusOf()).toEqual({ route: 'ready', orders: { o1: ['picked', 'picked', [2, 1]], o2: ['picked', 'picked', [3]] } });
    // A ready route takes no more picks.
    await expect(recordPick(engine, { order_id: 'o2', line_id: 'l1', quantity: 1 }, picker)).rejects.toThrow(/está «Preparada»: ya no se puede preparar/);
  });

  it('a repeated tap with the same id stores one pick; concurrent taps all count', async () => {
    const input = { id: 'pick-fixed', order_id: 'o2', line_id: 'l1', quantity: 1 };
    const [a, b] = await Promise.all([recordPick(engine, input, picker), recordPick(engine, input, picker)]);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    await Promise.all([1, 2].map(() => recordPick(engine, { order_id: 'o2', line_id: 'l1', quantity: 1 }, picker)));
    const state = await routePickingState(engine, 'r1');
    expect(state.picks).toHaveLength(3);
    expect(state.progress.orders.find((o) => o.order_id === 'o2')?.lines[0]?.picked).toBe(3);
    expect((await statusOf()).orders.o2?.[0]).toBe('picked');
  });

  it('an over-picked line is flagged and keeps the route open until the extra unit is undone', async () => {
    await recordPick(engine, { order_id: 'o1', line_id: 'l1', quantity: 2 }, picker);
    await recordPick(engine, { order_id: 'o1', line_id: 'l2', quantity: 1 }, picker);
    await recordPick(engine, { order_id: 'o2', line_id: 'l1', quantity: 3 }, { ...picker, userId: 'u-other' });
    expect((await statusOf()).route).toBe('ready');
    // A second route, to see the over-pick keep it open.
    await db.routes.upsert(route('r1', 'u-rider1', [{ point: 'pe-o1', orders: ['o1'] }, { point: 'pe-o2', orders: ['o2'] }], 'picking'));
    await recordPick(engine, { order_id: 'o2', line_id: 'l1', quantity: 1 }, picker);
    let state = await routePickingState(engine, 'r1');
    expect(state.progress).toMatchObject({ complete: false, over_lines: 1, units_over: 1 });
    expect((await statusOf()).orders.o2?.slice(0, 2)).toEqual(['picking', 'in_progress']);
    // «Deshacer» on the line takes the latest pick out (whoever made it).
    const undo = await undoLastPick(engine, { route_id: 'r1', filter: { order_id: 'o2', line_id: 'l1' } }, picker);
    expect(undo?.undone.quantity).toBe(1);
    expect(undo?.settlement.route).toBe('ready');
    state = await routePickingState(engine, 'r1');
    expect(state.progress).toMatchObject({ complete: true, over_lines: 0 });
  });

  it('undoing my last pick reopens a picked order; nothing to undo answers null', async () => {
    await recordPick(engine, { order_id: 'o1', line_id: 'l1', quantity: 2 }, picker);
    await recordPick(engine, { order_id: 'o1', line_id: 'l2', quantity: 1 }, { ...picker, userId: 'u-other' });
    expect((await statusOf()).orders.o1?.[0]).toBe('picked');
    const mine = await undoLastPick(engine, { route_id: 'r1', filter: { created_by: 'u-operador' } }, picker);
    expect(mine?.undone.line_id).toBe('l1');
    expect(await statusOf()).toMatchObject({ orders: { o1: ['picking', 'in_progress', [2, 1]] } });
    expect(await undoLastPick(engine, { route_id: 'r1', filter: { created_by: 'u-operador' } }, picker)).toBeNull();
  });

  it('a typed quantity undoes and picks as needed', async () => {
    await recordPick(engine, { order_id: 'o2', line_id: 'l1', quantity: 1 }, picker);
    await recordPick(engine, { order_id: 'o2', line_id: 'l1', quantity: 2 }, picker);
    await setPickedQuantity(engine, { order_id: 'o2', line_id: 'l1', quantity: 2 }, picker);
    let line = (await routePickingState(engine, 'r1')).progress.orders.find((o) => o.order_id === 'o2')?.lines[0];
    expect(line?.picked).toBe(2);
    await setPickedQuantity(engine, { order_id: 'o2', line_id: 'l1', quantity: 3 }, picker);
    line = (await routePickingState(engine, 'r1')).progress.orders.find((o) => o.order_id === 'o2')?.lines[0];
    expect(line?.picked).toBe(3);
    expect((await statusOf()).orders.o2).toEqual(['picked', 'picked', [3]]);
    await expect(setPickedQuantity(engine, { order_id: 'o2', line_id: 'l1', quantity: -1 }, picker)).rejects.toThrow(/número entero/);
  });

  it('a scan of the expected product picks one unit; another code records a picker error and picks nothing', async () => {
    const ok = await pickByScan(engine, { order_id: 'o1', line_id: 'l1', code: '036000291452', now: T0 + 5 }, picker);
    expect(ok.ok && ok.result.pick).toMatchObject({ quantity: 1, scanned_barcode: '036000291452', product_id: 'p1' });
    const wrong = await pickByScan(engine, { order_id: 'o1', line_id: 'l1', code: '4006381333931', now: T0 + 6 }, picker);
    expect(wrong.ok).toBe(false);
    expect(!wrong.ok && wrong.error).toMatchObject({ kind: 'picker-error', type: 'wrong_product', product_id: 'p1', scanned_barcode: '4006381333931', created_by: 'u-operador', at: T0 + 6, route_id: 'r1', hub: 1 });
    const state = await routePickingState(engine, 'r1');
    expect(state.progress.orders[0]).toMatchObject({ units_picked: 1, errors: 1 });
    await expect(pickByScan(engine, { order_id: 'o1', line_id: 'l1', code: '  ' }, picker)).rejects.toThrow(ActionError);
  });

  it('a shortage with a photo covers the line (picking «Incompleto») and queues the photo', async () => {
    await recordPick(engine, { order_id: 'o2', line_id: 'l1', quantity: 1 }, picker);
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    const input = { id: 'inc-short-1', order_id: 'o2', product_id: 'p1', type: 'missing' as const, quantity: 2, note: ' Sin stock ', photo };
    const first = await recordPickingIncidence(engine, input, picker);
    expect(first.incidence).toMatchObject({ kind: 'picker-product', note: 'Sin stock', photo_file: 'incidences/u-operador/inc-short-1.jpg', route_id: 'r1' });
    expect((await recordPickingIncidence(engine, input, picker)).created).toBe(false);
    expect((await uploads.items()).map((i) => i.path)).toEqual(['incidences/u-operador/inc-short-1.jpg']);
    expect((await statusOf()).orders.o2).toEqual(['picked', 'incomplete', [1]]);
    await expect(recordPickingIncidence(engine, { ...input, id: 'x', type: 'refused' as never }, picker)).rejects.toThrow(/no sirve/);
    await expect(recordPickingIncidence(engine, { ...input, id: 'y', product_id: 'p9' }, picker)).rejects.toThrow(ActionError);
  });

  it('an operator forces the route ready with a reason; orders close «Incompleto» with what was picked', async () => {
    await recordPick(engine, { order_id: 'o1', line_id: 'l1', quantity: 1 }, picker);
    await expect(forceRouteReady(engine, { route_id: 'r1', reason: ' no' }, picker)).rejects.toThrow(/al menos 3 caracteres/);
    expect(await forceRouteReady(engine, { route_id: 'r1', reason: '  Falta leche en el hub ' }, picker)).toBe(true);
    expect(await statusOf()).toEqual({ route: 'ready', orders: { o1: ['picked', 'incomplete', [1, 0]], o2: ['picked', 'incomplete', [0]] } });
    expect((await db.routes.findOne('r1').exec())?.ready_reason).toBe('Falta leche en el hub');
    expect(await forceRouteReady(engine, { route_id: 'r1', reason: 'otra vez' }, picker)).toBe(false);
  });

  it('refuses pickers of another hub, riders, and orders off any route, in Spanish', async () => {
    await expect(recordPick(engine, { order_id: 'o1', line_id: 'l1', quantity: 1 }, { ...picker, hub: 2 })).rejects.toThrow('La ruta R1 es del hub 1 y tú preparas solo en tus hubs (2).');
    await expect(recordPick(engine, { order_id: 'o1', line_id: 'l1', quantity: 1 }, { userId: 'u-rider1', role: 'rider', hub: 1 })).rejects.toThrow('Tu rol no puede preparar pedidos.');
    await expect(recordPick(engine, { order_id: 'o1', line_id: 'l9', quantity: 1 }, picker)).rejects.toThrow(/no es del pedido/);
    await expect(recordPick(engine, { order_id: 'o1', line_id: 'l1', quantity: 0 }, picker)).rejects.toThrow(/entre 1 y/);
    await expect(recordPick(engine, { order_id: 'o-none', line_id: 'l1', quantity: 1 }, picker)).rejects.toThrow(/no está en este dispositivo/);
    await db.orders.insert({ ...orderOf('o3', [['l1', 'p1', 1]]), route_id: '' });
    await expect(recordPick(engine, { order_id: 'o3', line_id: 'l1', quantity: 1 }, picker)).rejects.toThrow(/no va en ninguna ruta/);
    await expect(recordPickerError(engine, { order_id: 'o1', expected_product_id: 'p1', scanned: 'x' }, { ...picker, hub: 3 })).rejects.toThrow(/hub 1/);
    expect(await db.picks.count().exec()).toBe(0);
    expect((await statusOf()).route).toBe('planned');
  });

  it('events synchronised from another tablet settle the route (watchPickingSettlement)', async () => {
    const stop = watchPickingSettlement(engine, picker, { debounceMs: 20 });
    try {
      // The settlement is one action: its route and orders are written together (routes first).
      const ready = Promise.all([
        firstValueFrom(db.routes.findOne('r1').$.pipe(filter((d) => d?.status === 'ready'))),
        firstValueFrom(db.orders.find().$.pipe(filter((ds) => ds.length === 2 && ds.every((d) => d.status === 'picked')))),
      ]);
      // As the replication would store them: events written by another picker, no action here.
      const base = { at: T0, created_by: 'u-other', position: null, route_id: 'r1', hub: 1, scanned_barcode: '' };
      await db.picks.bulkInsert([
        { ...base, id: 'remote-1', order_id: 'o1', line_id: 'l1', product_id: 'p1', delivery_point_id: 'pe-o1', quantity: 2 },
        { ...base, id: 'remote-2', order_id: 'o1', line_id: 'l2', product_id: 'p2', delivery_point_id: 'pe-o1', quantity: 1 },
        { ...base, id: 'remote-3', order_id: 'o2', line_id: 'l1', product_id: 'p1', delivery_point_id: 'pe-o2', quantity: 3 },
      ]);
      await ready;
      expect(await statusOf()).toEqual({ route: 'ready', orders: { o1: ['picked', 'picked', [2, 1]], o2: ['picked', 'picked', [3]] } });
    } finally {
      stop();
    }
  });
});
