/**
 * The import screen's data actions against a real RxDB (memory storage) and the real writer:
 * the context read from cb_localDB, remembered mappings in the catalog, and the plan's batches
 * written once (re-importing writes nothing; an order planned meanwhile is not overwritten).
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppStore } from '../../src/data/appStore';
import { openLocalDatabase, type CbDatabase } from '../../src/data/database';
import type { Actor } from '../../src/data/action';
import { ActionError } from '../../src/data/actionError';
import { applyIntake, CONTEXT_PAGE, loadIntakeContext, rememberImportMapping, writeIntakeBatch, type IntakeEngine, type SkipReasons } from '../../src/data/intake';
import { Outbox } from '../../src/data/outbox';
import { Writer } from '../../src/data/writes';
import { orderRows, toCsv, writeBatches, type IntakeBatch } from '../../src/domain/intake';
import type { Order } from '../../src/domain/entities/operation';
import { templateHeaders } from '../../src/i18n/intake';
import { ImportService } from '../../src/workers/import/service';
import { contextOf, demo, NOW, TODAY } from '../intake/helpers';

const data = demo(40, 30);
const ctx = contextOf(data);
const REASONS: SkipReasons = { exists: 'ya existe', planned: (code) => `planificado ${code}` };
const OPERATOR: Actor = { userId: 'u-op', role: 'operator', hub: 1 };
const intakeless = 'o-imp-none';
const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

let db: CbDatabase | null = null;
let store: AppStore | null = null;
let outbox: Outbox;
let engine: IntakeEngine;

beforeEach(async () => {
  const stamp = `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  db = await openLocalDatabase({ name: `intake-${stamp}`, storage: { kind: 'memory' }, collections: ['catalog', 'products', 'delivery_points', 'orders'], multiInstance: false });
  store = new AppStore(`cb-app-intake-${stamp}`);
  outbox = new Outbox(store);
  engine = { db, writer: new Writer(db, outbox, () => NOW) };
  await db.catalog.bulkInsert(data.catalog.filter((c) => c.kind === 'client' || c.kind === 'tax' || c.kind === 'hub') as never[]);
  await db.products.bulkInsert(data.products as never[]);
  await db.delivery_points.bulkInsert(data.delivery_points as never[]);
  await db.orders.bulkInsert(data.orders as never[]);
});

afterEach(async () => {
  await db?.remove();
  await store?.close();
  db = null;
  store = null;
});

/** New orders of pending demo orders under fresh references, as an intake CSV. */
function fileOf(orders: readonly Order[], suffix: string): Uint8Array {
  const fresh = orders.map((o) => ({ ...o, external_ref: `${o.external_ref || o.id}-${suffix}` }));
  return enc(toCsv([templateHeaders(), ...orderRows(fresh, ctx)]));
}

async function importFile(name: string, bytes: Uint8Array) {
  const loaded = await loadIntakeContext(engine, TODAY);
  const s = new ImportService();
  s.setContext({ ...loaded.context, mappings: [...loaded.mappings] }, true);
  await s.readFiles([{ name, data: bytes }]);
  const report = s.plan({ mode: 'valid-only', today: TODAY, now: NOW });
  const result = await applyIntake(engine, OPERATOR, { count: s.batchCount(3), batch: async (i) => s.batch(i, 3) }, REASONS);
  return { report, result, service: s };
}

describe('loadIntakeContext', () => {
  it('reads the catalogue, every point and only the orders from today on', async () => {
    const first = data.orders[0];
    if (!first) throw new Error('demo sin pedidos');
    await db?.orders.insert({ ...first, id: 'o-past', date: '2026-11-01' });
    const { context, mappings } = await loadIntakeContext(engine, TODAY);
    expect(context.clients.length).toBe(ctx.clients.length);
    expect(context.taxes.length).toBe(ctx.taxes.length);
    expect(context.hubs.length).toBe(ctx.hubs.length);
    expect(context.products.length).toBe(data.products.length);
    expect(context.points.length).toBe(data.delivery_points.length);
    expect(context.orders.length).toBe(data.orders.filter((o) => o.date >= TODAY).length);
    expect(context.orders.some((o) => o.id === 'o-past')).toBe(false);
    expect(mappings).toEqual([]);
  });

  it('reads page by page without losing or repeating a document across page edges', async () => {
    const base = data.delivery_points[0];
    if (!base) throw new Error('demo sin puntos');
    const extra = Array.from({ length: CONTEXT_PAGE * 2 + 7 }, (_, i) => ({ ...base, id: `pe-extra-${String(i).padStart(5, '0')}` }));
    await db?.delivery_points.bulkInsert(extra as never[]);
    const { context } = await loadIntakeContext(engine, TODAY);
    const ids = context.points.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...data.delivery_points.map((p) => p.id), ...extra.map((p) => p.id)].sort());
  });
});

describe('applyIntake', () => {
  // Demo orders under new references, for tomorrow: new orders for the intake.
  const pending = data.orders.filter((o) => o.client_id === data.orders[0]?.client_id).slice(0, 4).map((o) => ({ ...o, date: '2026-11-23', status: 'pending' as const, route_id: '' }));

  it('writes the valid orders once, marks them for sync, and a re-import writes nothing', async () => {
    expect(pending).toHaveLength(4);
    const bytes = fileOf(pending, 'IMP');
    const first = await importFile('pedidos.csv', bytes);
    expect(first.report.summary).toMatchObject({ create: 4, refused: 0 });
    expect(first.result).toEqual({ points: 0, created: 4, updated: 0, skipped: [] });
    const ids = first.service.currentPlan()?.writes.create.map((o) => o.id) ?? [];
    expect(ids.every((id) => id.startsWith('o-imp-'))).toBe(true);
    const stored = await db?.orders.findByIds(ids).exec();
    expect(stored?.size).toBe(4);
    const marked = (await outbox.list()).filter((m) => m.collection === 'orders').map((m) => m.id);
    expect(marked.sort()).toEqual([...ids].sort());

    const again = await importFile('pedidos.csv', bytes);
    expect(again.report.summary).toMatchObject({ create: 0, update: 0, unchanged: 4 });
    expect(again.result).toEqual({ points: 0, created: 0, updated: 0, skipped: [] });
    expect(await db?.orders.count().exec()).toBe(data.orders.length + 4);
  });

  it('writes a new point «sin ubicación» before its order, and skips rows with errors', async () => {
    const [a, b] = pending;
    if (!a || !b) throw new Error('demo sin pedidos');
    const rows = orderRows([{ ...a, external_ref: 'NEW-POINT-1' }, { ...b, external_ref: 'BAD-QTY-1' }], ctx);
    const head = templateHeaders();
    const col = (name: string) => head.indexOf(name);
    const fixed = rows.map((r) => [...r]);
    const newPointRows = fixed.filter((r) => r[col('Referencia pedido')] === 'NEW-POINT-1');
    for (const r of newPointRows) {
      r[col('Código punto')] = 'IMP-NUEVO-1';
      r[col('Nombre punto')] = 'Bar Importado';
      r[col('Dirección')] = 'Calle Mayor, 1';
    }
    const bad = fixed.find((r) => r[col('Referencia pedido')] === 'BAD-QTY-1');
    if (!bad) throw new Error('sin fila');
    bad[col('Cantidad')] = '-2';
    const { report, result, service } = await importFile('mixto.csv', enc(toCsv([head, ...fixed])));
    expect(report.summary).toMatchObject({ create: 1, refused: 1, newPoints: 1 });
    expect(result).toMatchObject({ points: 1, created: 1, updated: 0, skipped: [] });
    const pointId = service.currentPlan()?.writes.points[0]?.id ?? '';
    expect(pointId).toMatch(/^pe-imp-/);
    const point = (await db?.delivery_points.findOne(pointId).exec())?.toJSON();
    expect(point).toMatchObject({ name: 'Bar Importado', located: false });
    const refused = service.currentPlan()?.orders.find((o) => o.external_ref === 'BAD-QTY-1');
    expect(refused?.action).toBe('refused');
    expect(await db?.orders.findOne(refused?.order?.id ?? intakeless).exec()).toBeNull();
  });

  it('does not overwrite an order planned between the preview and the write, nor insert one stored meanwhile', async () => {
    const [a] = pending;
    if (!a) throw new Error('demo sin pedidos');
    const bytes = fileOf([a], 'RACE');
    const loaded = await loadIntakeContext(engine, TODAY);
    const s = new ImportService();
    s.setContext({ ...loaded.context }, true);
    await s.readFiles([{ name: 'r.csv', data: bytes }]);
    s.plan({ mode: 'valid-only', today: TODAY, now: NOW });
    const order = s.currentPlan()?.writes.create[0];
    if (!order) throw new Error('sin pedido');
    // Another device's import of the same file arrived first.
    await db?.orders.insert({ ...order, status: 'planned', route_id: 'r-x' });
    const insert = await writeIntakeBatch(engine, OPERATOR, { collection: 'orders', op: 'insert', docs: [order] }, REASONS);
    expect(insert).toEqual({ points: 0, created: 0, updated: 0, skipped: [{ id: order.id, reason: 'ya existe' }] });
    const update = await writeIntakeBatch(engine, OPERATOR, { collection: 'orders', op: 'update', docs: [{ ...order, notes: 'cambiado' }] }, REASONS);
    expect(update.skipped).toEqual([{ id: order.id, reason: `planificado ${order.code}` }]);
    expect((await db?.orders.findOne(order.id).exec())?.toJSON()).toMatchObject({ status: 'planned', notes: order.notes });
  });

  it('keeps going after an invalid document and says why', async () => {
    const [a] = pending;
    if (!a) throw new Error('demo sin pedidos');
    const batches: IntakeBatch[] = writeBatches({ points: [], create: [{ ...a, id: 'o-imp-0000000000000001', quantity: 1, lines: [] } as Order, { ...a, id: 'o-imp-0000000000000002', external_ref: 'OK-2' }], update: [] });
    const result = await applyIntake(engine, OPERATOR, { count: batches.length, batch: async (i) => batches[i] ?? null }, REASONS);
    expect(result.created).toBe(1);
    expect(result.skipped).toHaveLength(1);
    expect(result.skipped[0]?.id).toBe('o-imp-0000000000000001');
    expect(result.skipped[0]?.reason).not.toBe('');
  });

  it('only administrators and operators import: a rider is refused and nothing is written', async () => {
    const [a] = pending;
    if (!a) throw new Error('demo sin pedidos');
    const batches: IntakeBatch[] = writeBatches({ points: [], create: [{ ...a, id: 'o-imp-0000000000000003', external_ref: 'OK-3' }], update: [] });
    const rider: Actor = { userId: 'u-rider', role: 'rider' };
    await expect(applyIntake(engine, rider, { count: batches.length, batch: async (i) => batches[i] ?? null }, REASONS)).rejects.toBeInstanceOf(ActionError);
    expect(await db?.orders.findOne('o-imp-0000000000000003').exec()).toBeNull();
  });

  it('holds the sync of points and orders while it writes, and releases it when done or failed', async () => {
    const [a] = pending;
    if (!a) throw new Error('demo sin pedidos');
    const log: string[] = [];
    const held: IntakeEngine = {
      ...engine,
      holdSync: (names) => {
        log.push(`hold ${names.join(',')}`);
        return () => log.push('release');
      },
    };
    const batches: IntakeBatch[] = writeBatches({ points: [], create: [{ ...a, id: 'o-imp-0000000000000003', external_ref: 'HOLD-1' }], update: [] });
    await applyIntake(held, OPERATOR, { count: batches.length, batch: async (i) => (log.push(`batch ${i}`), batches[i] ?? null) }, REASONS);
    expect(log).toEqual(['hold delivery_points,orders', ...batches.map((_, i) => `batch ${i}`), 'release']);
    log.length = 0;
    await expect(applyIntake(held, OPERATOR, { count: 1, batch: async () => Promise.reject(new Error('worker gone')) }, REASONS)).rejects.toThrow('worker gone');
    expect(log).toEqual(['hold delivery_points,orders', 'release']);
  });
});

describe('rememberImportMapping', () => {
  it('stores one catalog document per client and header set, marked for sync, and not again when unchanged', async () => {
    const headers = ['Pedido', 'Fecha', 'Tienda', 'Artículo', 'Uds'];
    const mapping = { fields: ['external_ref', 'date', 'point_ref', 'product', 'quantity'] as const };
    const client = ctx.clients[0]?.id ?? '';
    expect(await rememberImportMapping(engine, OPERATOR, { clientId: client, headers, mapping: { fields: [...mapping.fields] }, name: 'pedidos.csv', now: NOW })).toEqual({ saved: true });
    expect(await rememberImportMapping(engine, OPERATOR, { clientId: client, headers, mapping: { fields: [...mapping.fields] }, name: 'pedidos.csv', now: NOW })).toEqual({ saved: false });
    const changed = { fields: ['external_ref', 'date', 'point_ref', 'product', null] as const };
    expect(await rememberImportMapping(engine, OPERATOR, { clientId: client, headers, mapping: { fields: [...changed.fields] }, name: 'pedidos.csv', now: NOW })).toEqual({ saved: true });
    const docs = (await db?.catalog.find({ selector: { kind: 'import-mapping' } }).exec())?.map((d) => d.toJSON()) ?? [];
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ client_id: client, headers, fields: ['external_ref', 'date', 'point_ref', 'product', ''] });
    expect((await outbox.list()).some((m) => m.collection === 'catalog' && m.id === docs[0]?.id)).toBe(true);
    // Another client with the same headers gets its own document; the loaded context hands both to the worker.
    await rememberImportMapping(engine, OPERATOR, { clientId: '', headers, mapping: { fields: [...mapping.fields] }, name: 'x', now: NOW });
    expect((await loadIntakeContext(engine, TODAY)).mappings).toHaveLength(2);
  });
});
