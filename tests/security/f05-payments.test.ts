/**
 * Finding 5: riders never control payment amounts. The amount due comes from the order (and
 * what was delivered), a rider records what he collected once, before the hand-over, and
 * nothing changes after reconciliation.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, seedDocs, type TestServer } from '../helpers/server';
import { deliveryEvent, order, T0 } from '../helpers/fixtures';
import type { Payment } from '../../src/domain/entities/operation';

type Row = Record<string, unknown>;

let srv: TestServer;
let rider: string;
let op: string;
beforeEach(async () => {
  srv = await startTestServer();
  // o1 (route r1): 6 × 1.20 € at 4 % = 7.49 €; o2 (route r1) is paid by card.
  seedDocs(srv, { orders: [{ ...order('o2', 'pe2', 'r1'), payment_method: 'card' }] });
  rider = (await srv.login('rider1@cargobici.test')).accessToken;
  op = (await srv.login('operador@cargobici.test')).accessToken;
});
afterEach(async () => {
  await srv.stop();
});

function payment(orderId: string, change: Partial<Payment> = {}): Payment {
  return {
    id: `pay-${orderId}`,
    kind: 'order',
    order_id: orderId,
    route_id: 'r1',
    rider_id: 'u-rider1',
    method: 'cash',
    amount_due_cents: 749,
    amount_collected_cents: 749,
    status: 'collected',
    status_id: '',
    collected_at: T0,
    reviewed_by: '',
    note: '',
    updated_at: T0,
    ...change,
  };
}

async function push(token: string, collection: string, before: Row | null, after: Row): Promise<Row[]> {
  const res = await srv.api(`/api/sync/${collection}/push`, { token, body: [{ assumedMasterState: before, newDocumentState: { ...after, _deleted: after._deleted === true } }] });
  expect(res.status).toBe(200);
  return res.body as Row[];
}

describe('finding 5: riders never control payment amounts', () => {
  it('the amount due comes from the order, whatever the device says (a card order recorded as cash with 0 due)', async () => {
    const [answer] = await push(rider, 'payments', null, payment('o2', { method: 'cash', amount_due_cents: 0, amount_collected_cents: 0 }));
    expect(srv.store.get('payments', 'pay-o2')?.amount_due_cents).toBe(749);
    expect(answer?.amount_due_cents, 'the device is told the amount due').toBe(749);
    expect(answer?._refused).toBeUndefined();
  });

  it('the amount due follows what was delivered, even when the delivery event arrives after the payment', async () => {
    await push(rider, 'payments', null, payment('o1', { amount_due_cents: 1, amount_collected_cents: 500 }));
    expect(srv.store.get('payments', 'pay-o1')?.amount_due_cents).toBe(749);
    // Partial delivery: 3 of 6 units → 3 × 1.20 € + 4 % = 3.74 €.
    const o1 = order('o1', 'pe1', 'r1');
    const partial = { ...deliveryEvent('dlv-o1', o1, 'u-rider1', 'partial'), lines: [{ line_id: 'l1', product_id: 'p1', delivered: 3, refused: 3 }] };
    expect(await push(rider, 'deliveries', null, partial)).toEqual([]);
    expect(srv.store.get('payments', 'pay-o1')?.amount_due_cents).toBe(374);
    expect(srv.store.get('payments', 'pay-o1')?.amount_collected_cents, 'what he collected stays his word').toBe(500);
  });

  it('a rider records his collection once: no change afterwards, not even of what he collected', async () => {
    await push(rider, 'payments', null, payment('o1'));
    const stored = srv.store.get('payments', 'pay-o1') as Row;
    for (const change of [{ amount_collected_cents: 0 }, { amount_due_cents: 0 }, { method: 'card' }, { status: 'handed_over' }, { _deleted: true }]) {
      const [answer] = await push(rider, 'payments', stored, { ...stored, ...change, updated_at: T0 + 5 });
      expect(answer?._refused, JSON.stringify(change)).toMatch(/no puede/);
    }
    expect(srv.store.get('payments', 'pay-o1')).toEqual(stored);
  });

  it('a rider cannot record a paying order as «a cuenta», nor one order twice, nor an order of another route', async () => {
    const onAccount = await push(rider, 'payments', null, payment('o1', { method: 'on_account', status: 'on_account', amount_collected_cents: 0 }));
    expect(onAccount[0]?._refused).toMatch(/no se paga a cuenta/);
    const twice = await push(rider, 'payments', null, payment('o1', { id: 'pay-o1-bis' }));
    expect(twice[0]?._refused).toMatch(/debe llamarse «pay-o1»/);
    const foreign = await push(rider, 'payments', null, payment('o3'));
    expect(foreign[0]?._refused).toMatch(/no pertenece a la ruta/);
    const reviewed = await push(rider, 'payments', null, payment('o1', { reviewed_by: 'u-rider1' }));
    expect(reviewed[0]?._refused).toMatch(/Solo un operador revisa/);
    expect(srv.store.get('payments', 'pay-o1')).toBeNull();
  });

  it('nothing changes after reconciliation (operators included); an admin still may', async () => {
    await push(rider, 'payments', null, payment('o1'));
    let current = srv.store.get('payments', 'pay-o1') as Row;
    for (const status of ['handed_over', 'reconciled']) {
      expect(await push(op, 'payments', current, { ...current, status, reviewed_by: 'u-operador', updated_at: Number(current.updated_at) + 1 })).toEqual([]);
      current = srv.store.get('payments', 'pay-o1') as Row;
    }
    const [late] = await push(op, 'payments', current, { ...current, note: 'Faltaban 5 €', updated_at: Number(current.updated_at) + 1 });
    expect(late?._refused).toMatch(/conciliado ya no se modifica/);
    const [byRider] = await push(rider, 'payments', current, { ...current, amount_due_cents: 0 });
    expect(byRider?._refused).toBeTruthy();
    expect(srv.store.get('payments', 'pay-o1')).toEqual(current);
    const admin = (await srv.login('admin@cargobici.test')).accessToken;
    expect(await push(admin, 'payments', current, { ...current, note: 'Corregido por administración', updated_at: Number(current.updated_at) + 1 })).toEqual([]);
  });

  it('once handed over, a late delivery event no longer moves the amount due', async () => {
    await push(rider, 'payments', null, payment('o1'));
    const current = srv.store.get('payments', 'pay-o1') as Row;
    expect(await push(op, 'payments', current, { ...current, status: 'handed_over', updated_at: Number(current.updated_at) + 1 })).toEqual([]);
    const partial = { ...deliveryEvent('dlv-o1', order('o1', 'pe1', 'r1'), 'u-rider1', 'partial'), lines: [{ line_id: 'l1', product_id: 'p1', delivered: 1, refused: 5 }] };
    await push(rider, 'deliveries', null, partial);
    expect(srv.store.get('payments', 'pay-o1')?.amount_due_cents).toBe(749);
  });
});
