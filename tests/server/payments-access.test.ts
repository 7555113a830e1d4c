/**
 * Issue 13: the hub's cash hand-overs live in `payments` (kind `cash-handover`). On the real
 * server, through the sync push: a rider reads his own but never records, changes or reconciles
 * them (nor changes his payments); an operator records and reconciles; a reconciled record is
 * changed only by an admin, with the reason in its history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalCollection } from '../../src/domain/collections';
import { amendHandover, handoverId, reconcileHandover, recordHandover, type CashHandover } from '../../src/domain/payments/handover';
import { startTestServer, type TestServer } from '../helpers/server';
import { newDocFor, T0, TODAY } from '../helpers/fixtures';

let srv: TestServer;
const tokens = new Map<string, string>();
type Row = Record<string, unknown>;

const RIDER = 'rider1@cargobici.test';
const OP = 'operador@cargobici.test';
const ADMIN = 'admin@cargobici.test';

beforeAll(async () => {
  srv = await startTestServer();
  for (const email of [OP, ADMIN, RIDER, 'rider2@cargobici.test']) tokens.set(email, (await srv.login(email)).accessToken);
});
afterAll(async () => {
  await srv.stop();
});

async function push(email: string, collection: LocalCollection, before: Row | null, after: Row): Promise<string | undefined> {
  const res = await srv.api(`/api/sync/${collection}/push`, { token: tokens.get(email), body: [{ assumedMasterState: before, newDocumentState: { ...after, _deleted: false } }] });
  expect(res.status).toBe(200);
  return (res.body as Row[])[0]?._refused as string | undefined;
}

function stored(id: string): Row | null {
  const d = srv.store.get('payments', id);
  return d && d._deleted !== true ? (d as Row) : null;
}

let n = 0;
function handover(by: string, counted = 1_000, expected = 1_500): CashHandover {
  n += 1;
  return recordHandover({
    id: handoverId(TODAY, 'u-rider1', n),
    riderId: 'u-rider1',
    routeId: 'r1',
    hub: 1,
    date: TODAY,
    expectedCents: expected,
    count: null,
    amountCents: counted,
    reason: counted === expected ? '' : 'Faltan 5 €',
    by,
    at: T0 + n,
  });
}

async function pullIds(email: string): Promise<string[]> {
  const res = await srv.api('/api/sync/payments/pull?limit=500', { token: tokens.get(email) });
  expect(res.status).toBe(200);
  return (res.body as { documents: Row[] }).documents.map((d) => String(d.id));
}

describe('cash hand-overs on the server', () => {
  it('a rider cannot record a hand-over, even on his own route', async () => {
    const h = handover('u-rider1');
    expect(await push(RIDER, 'payments', null, h)).toMatch(/no puede crear el pago/);
    expect(stored(h.id)).toBeNull();
  });

  it('an operator records one; the rider reads his own, another rider does not', async () => {
    const h = handover('u-operador');
    expect(await push(OP, 'payments', null, h)).toBeUndefined();
    expect(stored(h.id)).toMatchObject({ status: 'handed_over', counted_cents: 1_000, reason: 'Faltan 5 €' });
    expect(await pullIds(RIDER)).toContain(h.id);
    expect(await pullIds('rider2@cargobici.test')).not.toContain(h.id);
  });

  it('an operator cannot record a hand-over in someone else’s name, nor one already reconciled', async () => {
    expect(await push(OP, 'payments', null, handover('u-admin'))).toMatch(/a tu nombre/);
    const h = handover('u-operador');
    expect(await push(OP, 'payments', null, reconcileHandover(h, 'u-operador', T0 + 100))).toMatch(/en dos pasos/);
  });

  it('a difference needs a reason: the server refuses a count without one', async () => {
    const h = handover('u-operador');
    expect(await push(OP, 'payments', null, { ...h, reason: '' })).toMatch(/necesita un motivo/);
    expect(stored(h.id)).toBeNull();
  });

  it('a rider cannot reconcile a hand-over nor change it', async () => {
    const h = handover('u-operador');
    await push(OP, 'payments', null, h);
    const before = stored(h.id);
    expect(await push(RIDER, 'payments', before, reconcileHandover(h, 'u-rider1', T0 + 200))).toMatch(/no puede modificar el pago/);
    expect(await push(RIDER, 'payments', before, { ...h, counted_cents: 1_500, reason: '' })).toMatch(/no puede modificar el pago/);
    expect(stored(h.id)?.status).toBe('handed_over');
  });

  it('a rider cannot change his own order payment (not even to hand it over or reconcile it)', async () => {
    const pay = newDocFor('payments', 'u-rider1', 900 + n);
    await push(ADMIN, 'payments', null, pay);
    const before = stored(String(pay.id));
    expect(before).not.toBeNull();
    for (const change of [{ status: 'handed_over' }, { status: 'reconciled' }, { amount_collected_cents: 1 }]) {
      expect(await push(RIDER, 'payments', before, { ...before, ...change })).toMatch(/no puede modificar el pago/);
    }
    expect(stored(String(pay.id))?.status).toBe('collected');
  });

  it('an operator reconciles; after that an operator cannot edit it, an admin can with a reason kept in the history', async () => {
    const h = handover('u-operador');
    await push(OP, 'payments', null, h);
    const reconciled = reconcileHandover(h, 'u-operador', T0 + 300);
    expect(await push(OP, 'payments', stored(h.id), reconciled)).toBeUndefined();
    expect(stored(h.id)).toMatchObject({ status: 'reconciled', reconciled_by: 'u-operador', reconciled_at: T0 + 300 });

    const opAmend = amendHandover(reconciled, { count: null, amountCents: 1_500, reason: '', by: 'u-operador', at: T0 + 400, changeReason: 'Recontado' });
    expect(await push(OP, 'payments', stored(h.id), opAmend)).toMatch(/conciliado ya no se modifica/);
    expect(await push(OP, 'payments', stored(h.id), { ...reconciled, note: 'otra nota' })).toMatch(/conciliado ya no se modifica/);
    expect(stored(h.id)?.counted_cents).toBe(1_000);

    expect(await push(ADMIN, 'payments', stored(h.id), { ...reconciled, counted_cents: 1_500, reason: '' })).toMatch(/motivo en el historial/);
    const adminAmend = amendHandover(reconciled, { count: null, amountCents: 1_500, reason: '', by: 'u-admin', at: T0 + 500, changeReason: 'Apareció el billete' });
    expect(await push(ADMIN, 'payments', stored(h.id), adminAmend)).toBeUndefined();
    const after = stored(h.id) as unknown as CashHandover;
    expect(after.counted_cents).toBe(1_500);
    expect(after.history.map((e) => [e.action, e.by, e.reason])).toEqual([
      ['recorded', 'u-operador', 'Faltan 5 €'],
      ['reconciled', 'u-operador', 'Faltan 5 €'], // the write-off's reason (issue 28)
      ['amended', 'u-admin', 'Apareció el billete'],
    ]);
  });
});

describe('payments stored before schema version 1', () => {
  it('become order payments when the server starts, keeping their sequence', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { DocStore } = await import('../../server/store');
    const dir = mkdtempSync(join(tmpdir(), 'cb-pay-kind-'));
    try {
      const first = new DocStore(dir);
      const { kind: _kind, ...old } = newDocFor('payments', 'u-rider1', 1);
      const seq = first.put('payments', old as never);
      // A file of the release before payments schema 1 (server migration 9).
      first.db.pragma('user_version = 8');
      first.close();
      const again = new DocStore(dir);
      expect(again.get('payments', String(old.id))).toMatchObject({ ...old, kind: 'order' });
      expect(again.head()).toBe(seq);
      again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
