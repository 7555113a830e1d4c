import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLocalDatabase, type CbDatabase } from '../../src/data/database';
import { AppStore } from '../../src/data/appStore';
import { Outbox } from '../../src/data/outbox';
import { ValidationFailed, Writer } from '../../src/data/writes';
import { entityActions } from '../../src/data/entities';
import type { ActionEngine, Actor } from '../../src/data/action';
import type { Order } from '../../src/domain/entities/operation';
import { order, point, user } from '../helpers/fixtures';

const admin: Actor = { userId: 'u-ad', role: 'admin' };
const operator: Actor = { userId: 'u-op', role: 'operator' };
const rider: Actor = { userId: 'u-r1', role: 'rider' };

let db: CbDatabase;
let store: AppStore;
let engine: ActionEngine;
let outbox: Outbox;

const fresh = (id: string): Order => ({ ...order(id, 'pa', '', 'pending'), route_id: '' });
const stored = async (id: string) => (await db.orders.findOne(id).exec())?.toJSON() ?? null;

beforeEach(async () => {
  db = await openLocalDatabase({ name: `ent${Date.now()}${Math.random().toString(36).slice(2)}`, storage: { kind: 'memory' }, collections: ['orders', 'delivery_points', 'users', 'catalog'] });
  store = new AppStore(`app-${Math.random().toString(36).slice(2)}`);
  outbox = new Outbox(store);
  engine = { db, writer: new Writer(db, outbox) };
  await db.delivery_points.insert(point('pa'));
  await db.users.bulkInsert([user('u-op', 'operator', 'op@x.es', 'Olga'), user('u-r1', 'rider', 'r1@x.es', 'Rita')]);
});

afterEach(async () => {
  await db.remove();
  await store.close();
});

describe('entity actions: the generic writes of the forms (issue 30 §3)', () => {
  it('creates, saves, patches and removes a document, each marked for the server', async () => {
    const orders = entityActions('orders');
    await orders.create(engine, { doc: fresh('o1') }, operator);
    expect(await stored('o1')).toMatchObject({ id: 'o1', status: 'pending' });
    await expect(orders.create(engine, { doc: fresh('o1') }, operator), 'an id stored already').rejects.toBeInstanceOf(ValidationFailed);

    await orders.save(engine, { doc: { ...fresh('o1'), notes: 'Timbre 2' } }, operator);
    expect(await stored('o1')).toMatchObject({ notes: 'Timbre 2' });
    await orders.patch(engine, { id: 'o1', changes: { external_ref: 'X-9' } }, admin);
    expect(await stored('o1')).toMatchObject({ notes: 'Timbre 2', external_ref: 'X-9' });
    expect((await outbox.list()).map((i) => i.key)).toContain('orders:o1');

    await orders.remove(engine, { id: 'o1' }, operator);
    expect(await stored('o1')).toBeNull();
    await expect(orders.remove(engine, { id: 'o1' }, operator)).rejects.toThrow('No existe');
  });

  it('checks the document with its schema when written: the refusal names the field, nothing is stored', async () => {
    const err = await entityActions('orders').create(engine, { doc: { ...fresh('o2'), date: 'mañana' } }, operator).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationFailed);
    expect((err as ValidationFailed).errors.map((e) => e.path)).toContain('date');
    expect(await stored('o2')).toBeNull();
  });

  it('refuses what the access table does not give the role (operation, kind, fields), before writing anything', async () => {
    await expect(entityActions('orders').create(engine, { doc: fresh('o3') }, rider)).rejects.toMatchObject({ code: 'forbidden' });
    expect(await stored('o3')).toBeNull();
    // The catalog: an operator writes bike models, not taxes.
    const tax = { id: 'tax-1', kind: 'tax', name: 'IVA 21', active: true, updated_at: 0, rate_bp: 2100 };
    await expect(entityActions('catalog').save(engine, { doc: tax as never }, operator)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(entityActions('catalog').save(engine, { doc: tax as never }, admin)).resolves.toMatchObject({ id: 'tax-1' });
    // Users: an operator reads them only; a rider changes his own name and phone, not his role.
    await expect(entityActions('users').patch(engine, { id: 'u-op', changes: { phone: '600 111 222' } }, operator)).rejects.toMatchObject({ code: 'forbidden' });
    await entityActions('users').patch(engine, { id: 'u-r1', changes: { name: 'Rita M.', phone: '611 222 333' } }, rider);
    expect((await db.users.findOne('u-r1').exec())?.toJSON()).toMatchObject({ name: 'Rita M.', phone: '611 222 333', role: 'rider' });
    const promoted = await entityActions('users').patch(engine, { id: 'u-r1', changes: { role: 'admin' } }, rider).catch((e: unknown) => e);
    expect(promoted).toMatchObject({ code: 'forbidden' });
    expect((await db.users.findOne('u-r1').exec())?.toJSON()).toMatchObject({ role: 'rider' });
    // Nobody removes himself.
    await expect(entityActions('users').remove(engine, { id: 'u-ad' }, admin)).rejects.toThrow('No existe');
    await db.users.insert(user('u-ad', 'admin', 'ad@x.es'));
    await expect(entityActions('users').remove(engine, { id: 'u-ad' }, admin)).rejects.toMatchObject({ code: 'forbidden' });
  });
});
