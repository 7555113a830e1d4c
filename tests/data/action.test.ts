/**
 * One way to define a write (issue 30 §3, src/data/action.ts): arguments parsed by their schema,
 * permissions asserted inside, typed plain reads, every document written together or none.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { openLocalDatabase, type CbDatabase } from '../../src/data/database';
import { AppStore } from '../../src/data/appStore';
import { Outbox } from '../../src/data/outbox';
import { Writer } from '../../src/data/writes';
import { ActionError } from '../../src/data/actionError';
import { defineAction, requireRole, type ActionEngine, type Actor } from '../../src/data/action';
import type { Order, Route } from '../../src/domain/entities/operation';
import type { DeliveryEvent } from '../../src/domain/entities/events';
import { deliveryEvent, order, route, T0 } from '../helpers/fixtures';
import { t } from '../../src/i18n';

const op: Actor = { userId: 'u-op', role: 'operator' };
const rider: Actor = { userId: 'u-rider1', role: 'rider' };

let db: CbDatabase;
let store: AppStore;
let outbox: Outbox;
let engine: ActionEngine;

beforeEach(async () => {
  db = await openLocalDatabase({ name: `act${Date.now()}${Math.random().toString(36).slice(2)}`, storage: { kind: 'memory' }, collections: ['routes', 'orders', 'deliveries'] });
  store = new AppStore(`app-${Math.random().toString(36).slice(2)}`);
  outbox = new Outbox(store);
  engine = { db, writer: new Writer(db, outbox, () => T0) };
  await db.routes.insert(route('r1', 'u-rider1', [{ point: 'pe1', orders: ['o1', 'o2'] }]));
  await db.orders.bulkInsert([order('o1', 'pe1', 'r1'), order('o2', 'pe1', 'r1')]);
});
afterEach(async () => {
  await db.remove();
  await store.close();
});

/** Renames orders of a route; `breakSecond` makes the second order invalid (after the first was collected). */
const renameOrders = defineAction({
  name: 'test.renameOrders',
  args: z.object({ route_id: z.string().min(1), notes: z.string().max(20), breakSecond: z.boolean().default(false) }),
  labels: { notes: 'delivery.notes' },
  run: async ({ tx, args, actor }) => {
    requireRole(actor, ['operator', 'admin']);
    const r = await tx.must('routes', args.route_id);
    const ids = r.stops.flatMap((s) => s.order_ids);
    const orders = await tx.findByIds('orders', ids);
    for (const [i, id] of ids.entries()) {
      const o = orders.get(id);
      if (!o) continue;
      tx.put('orders', { ...o, notes: args.notes, ...(args.breakSecond && i === 1 ? { status: 'no-such-status' as never } : {}) });
    }
    tx.patch('routes', r.id, { name: `${r.name} (${args.notes})` });
    return ids.length;
  },
});

describe('defineAction', () => {
  it('writes every document it collected, together, and returns what run returned', async () => {
    expect(await renameOrders(engine, { route_id: 'r1', notes: 'Portal 2' }, op)).toBe(2);
    const stored = await db.orders.findByIds(['o1', 'o2']).exec();
    expect([...stored.values()].map((d) => d.notes)).toEqual(['Portal 2', 'Portal 2']);
    expect((await db.routes.findOne('r1').exec())?.name).toMatch(/\(Portal 2\)$/);
    expect((await outbox.list()).map((i) => `${i.collection}/${i.id}`).sort()).toEqual(['orders/o1', 'orders/o2', 'routes/r1']);
  });

  it('refuses bad arguments with the catalogue key, saying what is wrong and where, before reading anything', async () => {
    const err = await renameOrders(engine, { route_id: '', notes: 'x'.repeat(30) }, op).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ActionError);
    expect((err as ActionError).key).toBe('data.badArgs');
    expect((err as ActionError).code).toBe('bad_args:test.renameOrders');
    expect((err as ActionError).message).toContain(`${t('domain.validation.field.route')}: ${t('domain.validation.empty')}`);
    expect((err as ActionError).message).toContain(`${t('delivery.notes')}: ${t('domain.validation.maxChars', { n: 20 })}`);
    expect((err as ActionError).message.startsWith(t('data.badArgs', { problems: '' }))).toBe(true);
    expect(await outbox.list()).toEqual([]);
  });

  it('refuses an actor without the role: nothing is written', async () => {
    const err = await renameOrders(engine, { route_id: 'r1', notes: 'Portal 2' }, rider).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ActionError);
    expect((err as ActionError).key).toBe('data.roleRefused');
    expect((err as ActionError).code).toBe('forbidden');
    expect((err as ActionError).message).toContain('rider');
    expect((await db.orders.findOne('o1').exec())?.notes).toBe(order('o1', 'pe1', 'r1').notes);
  });

  it('all or nothing: one invalid document and no document is written (nor the valid ones before it)', async () => {
    await expect(renameOrders(engine, { route_id: 'r1', notes: 'Portal 2', breakSecond: true }, op)).rejects.toThrow();
    const stored = await db.orders.findByIds(['o1', 'o2']).exec();
    expect([...stored.values()].map((d) => d.notes)).toEqual([order('o1', 'pe1', 'r1').notes, order('o2', 'pe1', 'r1').notes]);
    expect((await db.routes.findOne('r1').exec())?.name).toBe(route('r1', 'u-rider1', []).name);
    expect(await outbox.list()).toEqual([]);
  });

  it('a throw inside run writes nothing', async () => {
    const failing = defineAction({
      name: 'test.failing',
      args: z.object({}),
      run: async ({ tx }) => {
        tx.patch('orders', 'o1', { notes: 'never' });
        throw new ActionError('data.saveFailed');
      },
    });
    await expect(failing(engine, {}, op)).rejects.toBeInstanceOf(ActionError);
    expect((await db.orders.findOne('o1').exec())?.notes).toBe(order('o1', 'pe1', 'r1').notes);
  });

  it('reads are plain documents typed by collection, with the action’s own pending changes', async () => {
    const peek = defineAction({
      name: 'test.peek',
      args: z.object({ id: z.string() }),
      run: async ({ tx, args }) => {
        const o = await tx.get('orders', args.id);
        expectTypeOf(o).toEqualTypeOf<Order | null>();
        const rs = await tx.find('routes', { selector: { rider_id: 'u-rider1' } });
        expectTypeOf(rs).toEqualTypeOf<Route[]>();
        tx.patch('orders', args.id, { notes: 'pending' });
        const again = await tx.must('orders', args.id);
        const many = await tx.findByIds('orders', [args.id, 'missing']);
        return { o, rs, again: again.notes, many: [...many.keys()], missing: await tx.get('orders', 'missing') };
      },
    });
    const seen = await peek(engine, { id: 'o1' }, op);
    expect(seen.o).toStrictEqual(order('o1', 'pe1', 'r1'));
    expect(Object.keys(seen.o ?? {}).filter((k) => k.startsWith('_'))).toEqual([]);
    expect(seen.rs.map((r) => r.id)).toEqual(['r1']);
    expect(seen.again).toBe('pending');
    expect(seen.many).toEqual(['o1']);
    expect(seen.missing).toBeNull();
    expect((await db.orders.findOne('o1').exec())?.notes).toBe('pending');
  });

  it('find sees the action’s own new and changed documents, matched and sorted like the query', async () => {
    const look = defineAction({
      name: 'test.look',
      args: z.object({}),
      run: async ({ tx }) => {
        const o3 = { ...order('o3', 'pe1', 'r1'), id: 'o0' };
        tx.put('orders', o3);
        tx.patch('orders', 'o2', { route_id: '' });
        const onRoute = await tx.find('orders', { selector: { route_id: 'r1' }, sort: [{ id: 'asc' }] });
        const first = await tx.find('orders', { selector: { route_id: 'r1' }, sort: [{ id: 'desc' }], limit: 1 });
        return { onRoute: onRoute.map((o) => o.id), first: first.map((o) => o.id) };
      },
    });
    expect(await look(engine, {}, op)).toEqual({ onRoute: ['o0', 'o1'], first: ['o1'] });
  });

  it('events are insert-only: the same event twice stores one and changes nothing', async () => {
    const deliver = defineAction({
      name: 'test.deliver',
      args: z.object({ notes: z.string() }),
      run: async ({ tx, args }) => {
        const o = await tx.must('orders', 'o1');
        const ev: DeliveryEvent = { ...deliveryEvent('dlv-o1', o, 'u-rider1'), signer_name: args.notes };
        tx.put('deliveries', ev);
        tx.patch('orders', 'o1', { status: 'delivered' });
      },
    });
    await deliver(engine, { notes: 'Ana' }, rider);
    await deliver(engine, { notes: 'Otra' }, rider);
    const events = await db.deliveries.find().exec();
    expect(events.map((e) => [e.id, e.signer_name])).toEqual([['dlv-o1', 'Ana']]);
    expect((await db.orders.findOne('o1').exec())?.status).toBe('delivered');
    const changeEvent = defineAction({ name: 'test.changeEvent', args: z.object({}), run: async ({ tx }) => tx.patch('deliveries', 'dlv-o1', { signer_name: 'X' }) });
    await expect(changeEvent(engine, {}, op)).rejects.toThrow(t('data.readOnly'));
  });
});
