/**
 * Issue 29, finding 1: on Firebase the amount due of an order's payment is the trusted
 * function's (functions/src/paymentDue.ts), never the rider's. A rider's forged payment (1 cent
 * due) written with the client SDK as he could is corrected from the order; a partial delivery
 * recorded later lowers it; once handed over nothing moves it (as server/rules.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, getDoc, serverTimestamp, setDoc, updateDoc, type Firestore } from 'firebase/firestore';
import { SERVER_TIME_FIELD } from '../../src/domain/access/firestoreRules';
import { encodeValue, fromSnapshot } from '../../src/backend/firebase/docs';
import { deliveryCounts, paymentAppeared, recomputePaymentDue } from '../../functions/src/paymentDue';
import { deliveryEvent, order, T0 } from '../helpers/fixtures';
import { clientDb, closeClients, newProject, seed, seedSmallOperation } from './emulator';
import { emulatorDueData } from './functionDeps';

type Row = Record<string, unknown>;
const project = newProject('paymentdue');
let owner: Firestore;
let rider: Firestore;
let operator: Firestore;

beforeAll(async () => {
  await seedSmallOperation(project);
  owner = clientDb(project, 'owner');
  rider = clientDb(project, 'u-rider1');
  operator = clientDb(project, 'u-operador');
});
afterAll(async () => {
  await closeClients();
});

const write = (db: Firestore, collection: string, d: Row) =>
  setDoc(doc(db, `cb_${collection}`, String(d.id)), { ...(encodeValue(d) as Row), _deleted: false, [SERVER_TIME_FIELD]: serverTimestamp() });
const read = async (collection: string, id: string) => fromSnapshot(await getDoc(doc(owner, `cb_${collection}`, id)))?.doc as Row;

function forged(orderId: string): Row {
  return {
    id: `pay-${orderId}`,
    kind: 'order',
    order_id: orderId,
    route_id: 'r1',
    rider_id: 'u-rider1',
    method: 'cash',
    amount_due_cents: 1,
    amount_collected_cents: 1,
    status: 'collected',
    status_id: '',
    collected_at: T0,
    reviewed_by: '',
    note: '',
    updated_at: T0,
  };
}

describe('finding 1: the amount due is written by the trusted function only', () => {
  it('a rider’s 1-cent amount due is replaced by the order’s, and a later partial delivery lowers it', async () => {
    const o = order('o-due', 'pe1', 'r1');
    await seed(owner, { orders: [o] });
    await write(rider, 'payments', forged('o-due'));
    expect(paymentAppeared(null, await read('payments', 'pay-o-due'))).toBe(true);
    expect(await recomputePaymentDue(emulatorDueData(owner), 'o-due')).toBe(749);
    expect(await read('payments', 'pay-o-due')).toMatchObject({ amount_due_cents: 749, amount_collected_cents: 1, status: 'collected' });
    // The rider may not put his amount back.
    await expect(updateDoc(doc(rider, 'cb_payments', 'pay-o-due'), { amount_due_cents: 1, [SERVER_TIME_FIELD]: serverTimestamp() })).rejects.toMatchObject({ code: 'permission-denied' });
    const partial = { ...deliveryEvent('dlv-due', o, 'u-rider1', 'partial'), lines: [{ line_id: 'l1', product_id: 'p1', delivered: 3, refused: 3 }] };
    await write(rider, 'deliveries', partial);
    expect(deliveryCounts(await read('deliveries', 'dlv-due'))).toBe(true);
    expect(await recomputePaymentDue(emulatorDueData(owner), 'o-due')).toBe(374);
    expect((await read('payments', 'pay-o-due')).amount_due_cents).toBe(374);
    // Nothing to do the second time.
    expect(await recomputePaymentDue(emulatorDueData(owner), 'o-due')).toBeNull();
  });

  it('once handed over, a late delivery no longer moves the amount due', async () => {
    const o = order('o-due2', 'pe1', 'r1');
    await seed(owner, { orders: [o] });
    await write(rider, 'payments', forged('o-due2'));
    await recomputePaymentDue(emulatorDueData(owner), 'o-due2');
    const paid = await read('payments', 'pay-o-due2');
    await write(operator, 'payments', { ...paid, status: 'handed_over', reviewed_by: 'u-operador', updated_at: T0 + 5 });
    await write(rider, 'deliveries', { ...deliveryEvent('dlv-due2', o, 'u-rider1', 'partial'), lines: [{ line_id: 'l1', product_id: 'p1', delivered: 1, refused: 5 }] });
    expect(await recomputePaymentDue(emulatorDueData(owner), 'o-due2')).toBeNull();
    expect((await read('payments', 'pay-o-due2')).amount_due_cents).toBe(749);
  });

  it('only an order payment that appears, and only a delivered or partial event, start it', () => {
    expect(paymentAppeared({ _deleted: false }, { kind: 'order', _deleted: false })).toBe(false);
    expect(paymentAppeared({ _deleted: true }, { kind: 'order', _deleted: false })).toBe(true);
    expect(paymentAppeared(null, { kind: 'cash-handover', _deleted: false })).toBe(false);
    expect(deliveryCounts({ kind: 'failed', order_id: 'o1' })).toBe(false);
    expect(deliveryCounts({ kind: 'delivered', order_id: 'o1' })).toBe(true);
  });
});
