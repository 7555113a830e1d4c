import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLocalDatabase, type CbDatabase } from '../../src/data/database';
import { AppStore } from '../../src/data/appStore';
import { Outbox } from '../../src/data/outbox';
import { Writer } from '../../src/data/writes';
import { amendCashHandover, reconcileCashHandover, recordCashHandover, riderCashOnHand, } from '../../src/data/payments';
import type { ActionEngine } from '../../src/data/action';
import { ActionError } from '../../src/data/actionError';
import { writeOffOf } from '../../src/domain/payments/handover';
import { newDocFor, route, T0, TODAY } from '../helpers/fixtures';

const op = { userId: 'u-operador', role: 'operator' as const };
const RIDER = { userId: 'u-rider1', role: 'rider' as const };
const admin = { userId: 'u-admin', role: 'admin' as const };

let db: CbDatabase;
let store: AppStore;
let engine: ActionEngine;

beforeEach(async () => {
  db = await openLocalDatabase({ name: `pay${Date.now()}${Math.random().toString(36).slice(2)}`, storage: { kind: 'memory' }, collections: ['routes', 'payments'] });
  store = new AppStore(`app-${Math.random().toString(36).slice(2)}`);
  engine = { db, writer: new Writer(db, new Outbox(store)) };
  await db.routes.insert({ ...route('r1', 'u-rider1', [{ point: 'pe1', orders: ['o1'] }]), date: TODAY });
  await db.payments.bulkInsert([
    { ...newDocFor('payments', 'u-rider1', 1), amount_collected_cents: 30_00 },
    { ...newDocFor('payments', 'u-rider1', 2), amount_collected_cents: 45_50 },
    { ...newDocFor('payments', 'u-rider1', 3), method: 'card', amount_collected_cents: 20_00 },
  ] as never);
});
afterEach(async () => {
  await db.remove();
  await store.close();
});

describe('cash hand-over actions (local first)', () => {
  it('records a 5 € shortfall with its reason, reconciles it, and the cash on hand follows', async () => {
    expect((await riderCashOnHand(db, 'u-rider1')).on_hand_cents).toBe(75_50);
    await expect(recordCashHandover(engine, { rider_id: 'u-rider1', date: TODAY, count: null, amountCents: 70_50, reason: ' ' }, op, { now: T0 })).rejects.toThrow(/necesita un motivo/);
    const h = await recordCashHandover(engine, { rider_id: 'u-rider1', date: TODAY, count: null, amountCents: 70_50, reason: 'Faltan 5 €' }, op, { now: T0 });
    expect(h).toMatchObject({ expected_cents: 75_50, counted_cents: 70_50, route_id: 'r1', status: 'handed_over', recorded_by: 'u-operador' });
    expect((await riderCashOnHand(db, 'u-rider1')).on_hand_cents).toBe(5_00);
    const r = await reconcileCashHandover(engine, { id: h.id }, op, { now: T0 + 10 });
    expect(r).toMatchObject({ status: 'reconciled', reconciled_by: 'u-operador' });
    // Reconciling settles the shortfall (issue 28): the rider carries nothing of that count, and
    // the write-off (5 €, its reason, who and when) is read from the one record written.
    expect(await riderCashOnHand(db, 'u-rider1')).toMatchObject({ on_hand_cents: 0, written_off_cents: 5_00 });
    expect(writeOffOf(r)).toEqual({ handover_id: h.id, rider_id: 'u-rider1', hub: r.hub, date: TODAY, cents: 5_00, reason: 'Faltan 5 €', by: 'u-operador', at: T0 + 10 });
    expect(r.history.at(-1)).toMatchObject({ action: 'reconciled', reason: 'Faltan 5 €' });
    await expect(reconcileCashHandover(engine, { id: h.id }, op)).rejects.toThrow(/ya está conciliada/);
    await expect(amendCashHandover(engine, { id: h.id, count: null, amountCents: 75_50, reason: '', changeReason: 'x' }, op)).rejects.toBeInstanceOf(ActionError);
    const a = await amendCashHandover(engine, { id: h.id, count: null, amountCents: 75_50, reason: '', changeReason: 'Billete encontrado' }, admin, { now: T0 + 20 });
    expect(a.history.map((e) => e.action)).toEqual(['recorded', 'reconciled', 'amended']);
    expect(await riderCashOnHand(db, 'u-rider1')).toMatchObject({ on_hand_cents: 0, written_off_cents: 0 });
  });

  it('a second count before the first is signed off does not expect its difference again', async () => {
    const h1 = await recordCashHandover(engine, { rider_id: 'u-rider1', date: TODAY, count: null, amountCents: 70_00, reason: 'Faltan 5,50 €' }, op, { now: T0 });
    // The 5,50 € are under review: on hand until the sign-off, but not expected by a new count.
    expect((await riderCashOnHand(db, 'u-rider1')).on_hand_cents).toBe(5_50);
    const h2 = await recordCashHandover(engine, { rider_id: 'u-rider1', date: TODAY, count: null, amountCents: 0, reason: '' }, op, { now: T0 + 5 });
    expect(h2.expected_cents).toBe(0);
    await reconcileCashHandover(engine, { id: h1.id }, op, { now: T0 + 10 });
    await reconcileCashHandover(engine, { id: h2.id }, op, { now: T0 + 11 });
    expect((await riderCashOnHand(db, 'u-rider1')).on_hand_cents).toBe(0);
  });

  it('a surplus is settled too: the rider does not end up owing less than nothing', async () => {
    const h = await recordCashHandover(engine, { rider_id: 'u-rider1', date: TODAY, count: null, amountCents: 76_00, reason: 'Sobran 0,50 €' }, op, { now: T0 });
    expect((await riderCashOnHand(db, 'u-rider1')).on_hand_cents).toBe(-50);
    const r = await reconcileCashHandover(engine, { id: h.id }, op, { now: T0 + 10 });
    expect(writeOffOf(r)?.cents).toBe(-50);
    expect(await riderCashOnHand(db, 'u-rider1')).toMatchObject({ on_hand_cents: 0, written_off_cents: -50 });
  });

  it('refuses a rider, and a rider without a route that day', async () => {
    await expect(recordCashHandover(engine, { rider_id: 'u-rider1', date: TODAY, count: null, amountCents: 1, reason: 'x' }, RIDER)).rejects.toThrow(/Solo un operador/);
    await expect(recordCashHandover(engine, { rider_id: 'u-rider2', date: TODAY, count: null, amountCents: 0, reason: '' }, op)).rejects.toThrow(/no tiene ruta/);
  });
});
