import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLocalDatabase, type CbDatabase } from '../../src/data/database';
import { AppStore } from '../../src/data/appStore';
import { Outbox } from '../../src/data/outbox';
import { Writer } from '../../src/data/writes';
import { decideFailedDelivery, exceptionIncidencesOfRoutes, failedDeliveriesOfRoutes, followUps, handoversOfRoutes, unroutedIncidencesOfOrders } from '../../src/data/incidences';
import type { ActionEngine } from '../../src/data/action';
import { ActionError } from '../../src/data/actionError';
import { queryPlanOf } from '../../src/data/queries';
import type { Order } from '../../src/domain/entities/operation';
import type { Incidence } from '../../src/domain/entities/events';
import { exceptionsOfDay, followUpSubject } from '../../src/domain/incidences/exceptions';
import { followUpOf, type FollowUpEvent } from '../../src/domain/incidences/followUp';
import { deliveryEvent, order, route, TODAY } from '../helpers/fixtures';

const RIDER = { userId: 'u-r1', role: 'rider' as const };
const operator = { userId: 'u-op', role: 'operator' as const };
// TODAY's Madrid noon: the re-delivery day is checked against the day of `now`.
const NOW = Date.parse(`${TODAY}T11:00:00Z`);
const TOMORROW = '2026-11-23';

let db: CbDatabase;
let store: AppStore;
let engine: ActionEngine;

beforeEach(async () => {
  db = await openLocalDatabase({ name: `inc${Date.now()}${Math.random().toString(36).slice(2)}`, storage: { kind: 'memory' }, collections: ['orders', 'routes', 'deliveries', 'incidences', 'payments'] });
  store = new AppStore(`app-${Math.random().toString(36).slice(2)}`);
  engine = { db, writer: new Writer(db, new Outbox(store)) };
  const o1 = order('o1', 'pa', 'r1', 'failed');
  const o2 = order('o2', 'pb', 'r1', 'failed');
  await db.orders.bulkInsert([o1, o2, order('o3', 'pc', 'r1', 'delivered')]);
  await db.routes.insert(route('r1', 'u-r1', [{ point: 'pa', orders: ['o1'] }, { point: 'pb', orders: ['o2'] }, { point: 'pc', orders: ['o3'] }], 'in_progress'));
  await db.deliveries.bulkInsert([
    { ...deliveryEvent('fail-o1-1', o1, 'u-r1', 'failed'), lines: [], reason_status_id: 'st-closed', outcome: 'return_to_hub', note: 'Cerrado', photo_file: 'deliveries/u-r1/fail-o1-1.jpg' },
    { ...deliveryEvent('fail-o2-1', o2, 'u-r1', 'failed'), lines: [], reason_status_id: 'st-absent', outcome: 'reschedule' },
  ]);
});

afterEach(async () => {
  await db.remove();
  await store.close();
});

async function orderOf(id: string): Promise<Order> {
  return (await db.orders.findOne(id).exec())?.toJSON() as unknown as Order;
}

async function subjectOf(id: string): Promise<Incidence> {
  const failed = (await failedDeliveriesOfRoutes(db, ['r1']).exec()).map((d) => d.toJSON() as never);
  const routes = (await db.routes.find().exec()).map((d) => d.toJSON() as never);
  const e = exceptionsOfDay({ routes, orders: [], deliveries: failed, incidences: [], payments: [] }, { day: TODAY, hub: null }).find((x) => x.id === id);
  if (!e) throw new Error(`no exception ${id}`);
  return followUpSubject(e, 'p1') as Incidence;
}

async function stateOf(id: string) {
  return followUpOf(id, (await followUps(db).exec()).map((d) => d.toJSON() as unknown as FollowUpEvent));
}

describe('deciding a failed delivery', () => {
  it('«Reentregar»: the same order, «Pendiente» on the later day with no route; the failure’s follow-up resolved with the decision', async () => {
    const changed = await decideFailedDelivery(engine, { subject: await subjectOf('fail-o1-1'), action: 'redeliver', date: TOMORROW, note: 'Llamar antes' }, operator, { now: NOW });
    expect(changed).toMatchObject({ id: 'o1', date: TOMORROW, route_id: '', status: 'pending' });
    expect(await orderOf('o1')).toMatchObject({ date: TOMORROW, route_id: '', status: 'pending' });
    const view = await stateOf('fail-o1-1');
    expect(view.state).toBe('resolved');
    expect(view.history.map((h) => [h.from, h.to, h.by, h.applied])).toEqual([
      ['open', 'in_review', 'u-op', true],
      ['in_review', 'resolved', 'u-op', true],
    ]);
    expect(view.history.at(-1)?.note).toMatch(/^Reentrega el 23 nov 2026 · Llamar antes$/);
    const docs = (await followUps(db).exec()).map((d) => d.toJSON() as unknown as Incidence);
    expect(docs.map((d) => [d.follows, d.order_id, d.route_id, d.hub])).toEqual([
      ['fail-o1-1', 'o1', 'r1', 1],
      ['fail-o1-1', 'o1', 'r1', 1],
    ]);
  });

  it('«Devolver» and «Cancelar» follow the order machine; the failed event stays as it was', async () => {
    await decideFailedDelivery(engine, { subject: await subjectOf('fail-o1-1'), action: 'return', note: '' }, operator, { now: NOW });
    expect((await orderOf('o1')).status).toBe('returned');
    await decideFailedDelivery(engine, { subject: await subjectOf('fail-o2-1'), action: 'cancel', note: 'El cliente lo anula' }, operator, { now: NOW });
    expect(await orderOf('o2')).toMatchObject({ status: 'cancelled', date: TODAY, route_id: 'r1' });
    expect((await db.deliveries.find().exec()).map((d) => d.id).sort()).toEqual(['fail-o1-1', 'fail-o2-1']);
    // Already returned: no second return; a cancellation still can be made (returned → pending → cancelled).
    await expect(decideFailedDelivery(engine, { subject: await subjectOf('fail-o1-1'), action: 'return', note: '' }, operator, { now: NOW })).rejects.toThrow('ya no está en «Entrega fallida»');
    await decideFailedDelivery(engine, { subject: await subjectOf('fail-o1-1'), action: 'cancel', note: '' }, operator, { now: NOW + 10 });
    expect((await orderOf('o1')).status).toBe('cancelled');
    expect((await stateOf('fail-o1-1')).history.map((h) => h.to)).toEqual(['in_review', 'resolved', 'resolved']);
  });

  it('refuses a rider, a re-delivery day that is not later, and writes nothing then', async () => {
    await expect(decideFailedDelivery(engine, { subject: await subjectOf('fail-o1-1'), action: 'cancel', note: '' }, RIDER, { now: NOW })).rejects.toThrow(ActionError);
    await expect(decideFailedDelivery(engine, { subject: await subjectOf('fail-o1-1'), action: 'redeliver', date: TODAY, note: '' }, operator, { now: NOW })).rejects.toThrow('Día de la reentrega');
    expect(await orderOf('o1')).toMatchObject({ status: 'failed', date: TODAY, route_id: 'r1' });
    expect(await followUps(db).exec()).toHaveLength(0);
  });
});

describe('queries of the day’s exceptions', () => {
  it('read by their indexes', () => {
    expect(queryPlanOf(failedDeliveriesOfRoutes(db, ['r1'])).index).toEqual(['route_id']);
    expect(queryPlanOf(exceptionIncidencesOfRoutes(db, ['r1'])).index).toEqual(['route_id']);
    expect(queryPlanOf(unroutedIncidencesOfOrders(db, ['o1'])).index).toEqual(['order_id']);
    expect(queryPlanOf(handoversOfRoutes(db, ['r1'])).index).toEqual(['route_id']);
  });

  it('the failed deliveries of the routes, not their other events', async () => {
    await db.deliveries.insert(deliveryEvent('dlv-o3', order('o3', 'pc', 'r1', 'delivered'), 'u-r1'));
    expect((await failedDeliveriesOfRoutes(db, ['r1']).exec()).map((d) => d.id).sort()).toEqual(['fail-o1-1', 'fail-o2-1']);
  });
});
