/**
 * Issue 18 through the API: a push the server stored whose answer was lost, then a later push
 * from the same stale base (the app restarted before a retry got through). The rider's later
 * status must win (the state machine orders them), and a device that names its unanswered
 * states has the server fast-forward past its own earlier write for every field.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

let srv: TestServer;
beforeEach(async () => {
  srv = await startTestServer();
});
afterEach(async () => {
  await srv.stop();
});

type Doc = Record<string, unknown>;

async function push(token: string, collection: string, rows: unknown[]): Promise<{ status: number; body: Doc[] }> {
  const res = await srv.api(`/api/sync/${collection}/push`, { token, body: rows });
  return { status: res.status, body: res.body as Doc[] };
}

function stored(collection: 'routes' | 'orders', id: string): Doc {
  const doc = srv.store.get(collection, id);
  if (!doc) throw new Error(`no ${collection}/${id}`);
  return doc;
}

describe('a lost answer, then a push from the stale base (issue 18 reproductions)', () => {
  it('route: ready → loaded (answer lost), then ready → in_progress ends «in_progress»', async () => {
    const { accessToken } = await srv.login('rider1@cargobici.test');
    const ready = stored('routes', 'r1');
    const loaded = { ...ready, status: 'loaded', updated_at: 2 };
    // Stored by the server; the device never hears back.
    expect((await push(accessToken, 'routes', [{ assumedMasterState: ready, newDocumentState: loaded }])).body).toEqual([]);
    // The app restarted: RxDB's base is still «ready». An old client names no unanswered state.
    const started = { ...ready, status: 'in_progress', updated_at: 3 };
    const res = await push(accessToken, 'routes', [{ assumedMasterState: ready, newDocumentState: started }]);
    expect(res.status).toBe(200);
    expect(stored('routes', 'r1').status).toBe('in_progress');
    // The answer (a merge) already says «in_progress»: the device keeps what it showed.
    expect(res.body.map((d) => d.status)).toEqual(['in_progress']);
    expect(srv.store.conflicts(), 'a status the machine orders is no conflict').toEqual([]);
  });

  it('order: picked → out_for_delivery (answer lost), then picked → delivered ends «delivered»', async () => {
    const { accessToken } = await srv.login('rider1@cargobici.test');
    const picked = stored('orders', 'o1');
    expect((await push(accessToken, 'orders', [{ assumedMasterState: picked, newDocumentState: { ...picked, status: 'out_for_delivery', updated_at: 2 } }])).body).toEqual([]);
    const res = await push(accessToken, 'orders', [{ assumedMasterState: picked, newDocumentState: { ...picked, status: 'delivered', updated_at: 3 } }]);
    expect(res.status).toBe(200);
    expect(stored('orders', 'o1').status).toBe('delivered');
    expect(srv.store.conflicts()).toEqual([]);
  });

  it('order: a partial delivery and a failed one after a lost «out_for_delivery» both stay', async () => {
    const { accessToken } = await srv.login('rider1@cargobici.test');
    const o1 = stored('orders', 'o1');
    const o2 = stored('orders', 'o2');
    const out = (o: Doc) => ({ assumedMasterState: o, newDocumentState: { ...o, status: 'out_for_delivery', updated_at: 2 } });
    expect((await push(accessToken, 'orders', [out(o1), out(o2)])).body).toEqual([]);
    await push(accessToken, 'orders', [
      { assumedMasterState: o1, newDocumentState: { ...o1, status: 'partially_delivered', updated_at: 3 } },
      { assumedMasterState: o2, newDocumentState: { ...o2, status: 'failed', updated_at: 3 } },
    ]);
    expect(stored('orders', 'o1').status).toBe('partially_delivered');
    expect(stored('orders', 'o2').status).toBe('failed');
  });
});

describe('fast-forward over the device’s own unanswered push', () => {
  it('takes its current state as the base when the device names it: every field of the later push wins', async () => {
    const { accessToken } = await srv.login('operador@cargobici.test');
    const base = stored('orders', 'o4');
    const first = { ...base, notes: 'Llamar antes', window_end: '13:00', updated_at: 2 };
    expect((await push(accessToken, 'orders', [{ assumedMasterState: base, newDocumentState: first }])).body).toEqual([]);
    // The same device, restarted, changes the notes again from the stale base.
    const second = { ...first, notes: 'Dejar en la barra', updated_at: 3 };
    const res = await push(accessToken, 'orders', [{ assumedMasterState: base, newDocumentState: second, unansweredStates: [first] }]);
    expect(res.body).toEqual([]);
    expect(stored('orders', 'o4').notes).toBe('Dejar en la barra');
    expect(srv.store.conflicts(), 'the device conflicted with itself').toEqual([]);
  });

  it('without the unanswered state the same push is a conflict the server wins (what old clients get)', async () => {
    const { accessToken } = await srv.login('operador@cargobici.test');
    const base = stored('orders', 'o4');
    const first = { ...base, notes: 'Llamar antes', updated_at: 2 };
    await push(accessToken, 'orders', [{ assumedMasterState: base, newDocumentState: first }]);
    const res = await push(accessToken, 'orders', [{ assumedMasterState: base, newDocumentState: { ...first, notes: 'Dejar en la barra', updated_at: 3 } }]);
    expect(res.body[0]?.notes).toBe('Llamar antes');
    expect(srv.store.conflicts()[0]?.fields).toEqual(['notes']);
  });

  it('does not fast-forward over someone else’s change: the three-way merge still runs', async () => {
    const op = await srv.login('operador@cargobici.test');
    const admin = await srv.login('admin@cargobici.test');
    const base = stored('orders', 'o4');
    const first = { ...base, notes: 'Llamar antes', updated_at: 2 };
    await push(op.accessToken, 'orders', [{ assumedMasterState: base, newDocumentState: first }]);
    // Another person changes the order after the lost answer.
    await push(admin.accessToken, 'orders', [{ assumedMasterState: first, newDocumentState: { ...first, window_end: '14:00', notes: 'Timbre 2', updated_at: 3 } }]);
    const res = await push(op.accessToken, 'orders', [{ assumedMasterState: base, newDocumentState: { ...first, notes: 'Dejar en la barra', updated_at: 4 }, unansweredStates: [first] }]);
    const now = stored('orders', 'o4');
    expect(now.window_end, "the other person's field survives").toBe('14:00');
    expect(now.notes, 'both changed the notes: the server keeps its value').toBe('Timbre 2');
    expect(res.body[0]?.notes).toBe('Timbre 2');
    expect(srv.store.conflicts()[0]?.fields).toEqual(['notes']);
  });

  it('keeps the device’s later value of a field when someone else wrote other fields since', async () => {
    const op = await srv.login('operador@cargobici.test');
    const rider = await srv.login('rider1@cargobici.test');
    const picked = stored('orders', 'o1');
    const first = { ...picked, notes: 'Llamar antes', updated_at: 2 };
    await push(op.accessToken, 'orders', [{ assumedMasterState: picked, newDocumentState: first }]);
    // The rider, who pulled the office's notes, sets out; then the office (restarted) writes again.
    await push(rider.accessToken, 'orders', [{ assumedMasterState: first, newDocumentState: { ...first, status: 'out_for_delivery', updated_at: 3 } }]);
    const res = await push(op.accessToken, 'orders', [{ assumedMasterState: picked, newDocumentState: { ...first, notes: 'Dejar en la barra', updated_at: 4 }, unansweredStates: [first] }]);
    const now = stored('orders', 'o1');
    expect(now.notes).toBe('Dejar en la barra');
    expect(now.status, "the rider's change survives").toBe('out_for_delivery');
    expect(res.body.map((d) => [d.notes, d.status]), 'the office gets the merged state').toEqual([['Dejar en la barra', 'out_for_delivery']]);
    expect(srv.store.conflicts()).toEqual([]);
  });

  it('still checks access: a fast-forwarded write the rider may not make is refused', async () => {
    const { accessToken } = await srv.login('rider1@cargobici.test');
    const ready = stored('routes', 'r1');
    const loaded = { ...ready, status: 'loaded', updated_at: 2 };
    await push(accessToken, 'routes', [{ assumedMasterState: ready, newDocumentState: loaded }]);
    const res = await push(accessToken, 'routes', [{ assumedMasterState: ready, newDocumentState: { ...loaded, name: 'Mi ruta', updated_at: 3 }, unansweredStates: [loaded] }]);
    expect(res.body[0]?._refused).toMatch(/otros datos/);
    expect(stored('routes', 'r1').name).toBe('Ruta r1');
    expect(stored('routes', 'r1').status).toBe('loaded');
  });

  it('accepts bodies without the field (old clients) and refuses a malformed one', async () => {
    const { accessToken } = await srv.login('rider1@cargobici.test');
    const ready = stored('routes', 'r1');
    expect((await push(accessToken, 'routes', [{ assumedMasterState: ready, newDocumentState: { ...ready, status: 'loaded' } }])).status).toBe(200);
    expect((await push(accessToken, 'routes', [{ assumedMasterState: ready, newDocumentState: ready, unansweredStates: 'no' }])).status).toBe(400);
    const many = Array.from({ length: 9 }, () => ready);
    expect((await push(accessToken, 'routes', [{ assumedMasterState: ready, newDocumentState: ready, unansweredStates: many }])).status).toBe(400);
  });
});

describe('status fields merge by the state machine', () => {
  it('a later status wins whoever wrote it: the operator’s cancellation beats the rider’s start', async () => {
    const op = await srv.login('operador@cargobici.test');
    const rider = await srv.login('rider1@cargobici.test');
    const ready = stored('routes', 'r1');
    const loaded = { ...ready, status: 'loaded', updated_at: 2 };
    await push(rider.accessToken, 'routes', [{ assumedMasterState: ready, newDocumentState: loaded }]);
    // The rider starts offline; meanwhile the office cancels the loaded route.
    await push(op.accessToken, 'routes', [{ assumedMasterState: loaded, newDocumentState: { ...loaded, status: 'cancelled', cancel_reason: 'Avería de la bici', updated_at: 3 } }]);
    const res = await push(rider.accessToken, 'routes', [{ assumedMasterState: loaded, newDocumentState: { ...loaded, status: 'in_progress', updated_at: 4 } }]);
    expect(stored('routes', 'r1').status).toBe('cancelled');
    expect(res.body[0]?.status, 'the rider is sent the state that won').toBe('cancelled');
    expect(srv.store.conflicts()).toEqual([]);
  });

  it('when neither status is reachable from the other the server wins and the conflict is logged', async () => {
    const op = await srv.login('operador@cargobici.test');
    const rider = await srv.login('rider1@cargobici.test');
    const ready = stored('routes', 'r1');
    const started = { ...ready, status: 'in_progress', updated_at: 2 };
    await push(rider.accessToken, 'routes', [{ assumedMasterState: ready, newDocumentState: started }]);
    await push(op.accessToken, 'routes', [{ assumedMasterState: started, newDocumentState: { ...started, status: 'cancelled', cancel_reason: 'Lluvia', updated_at: 3 } }]);
    await push(rider.accessToken, 'routes', [{ assumedMasterState: started, newDocumentState: { ...started, status: 'completed', updated_at: 4 } }]);
    expect(stored('routes', 'r1').status).toBe('cancelled');
    const [conflict] = srv.store.conflicts();
    expect(conflict?.fields).toEqual(['status']);
    expect(conflict?.local).toEqual({ status: 'completed' });
  });

  it('the admin label (status_id) comes with the status that won', async () => {
    const op = await srv.login('operador@cargobici.test');
    const rider = await srv.login('rider1@cargobici.test');
    const picked = stored('orders', 'o1');
    // The office labels «out for delivery» with an admin status; the rider delivers from «picked».
    const out = { ...picked, status: 'out_for_delivery', status_id: 'st-order-en-camino', updated_at: 2 };
    await push(op.accessToken, 'orders', [{ assumedMasterState: picked, newDocumentState: out }]);
    await push(rider.accessToken, 'orders', [{ assumedMasterState: picked, newDocumentState: { ...picked, status: 'delivered', status_id: '', updated_at: 3 } }]);
    const now = stored('orders', 'o1');
    expect(now.status).toBe('delivered');
    expect(now.status_id, 'the label of «out for delivery» does not stay on «delivered»').toBe('');
  });
});
