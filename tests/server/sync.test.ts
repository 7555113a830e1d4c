import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { deliveryEvent, order, route } from '../helpers/fixtures';
import { parseSse } from '../../src/backend/server/transport';
import { streamChangeSchema } from '../../src/domain/sync/protocol';

let srv: TestServer;
beforeEach(async () => {
  srv = await startTestServer();
});
afterEach(async () => {
  await srv.stop();
});

type Pull = { documents: Record<string, unknown>[]; checkpoint: { seq: number } };
const ids = (p: Pull) => p.documents.filter((d) => d._deleted !== true).map((d) => d.id).sort();

async function pull(token: string, collection: string, checkpoint?: number, limit = 500): Promise<Pull> {
  const q = `limit=${limit}${checkpoint === undefined ? '' : `&checkpoint=${checkpoint}`}`;
  const res = await srv.api(`/api/sync/${collection}/pull?${q}`, { token });
  expect(res.status).toBe(200);
  return res.body as Pull;
}

async function push(token: string, collection: string, rows: unknown[]) {
  return srv.api(`/api/sync/${collection}/push`, { token, body: rows });
}

describe('authentication', () => {
  it('signs in with e-mail and password and answers the login contract', async () => {
    const res = await srv.api('/api/auth/login', { body: { email: 'RIDER1@cargobici.test', password: 'cargobici-demo' } });
    expect(res.status).toBe(200);
    const body = res.body as { accessToken: string; refreshToken: string; user: { id: string; groups: string[] } };
    expect(body.accessToken).toMatch(/\./);
    expect(body.refreshToken.length).toBeGreaterThan(20);
    expect(body.user.id).toBe('u-rider1');
    expect(body.user.groups).toEqual(['machine-rider']);
  });

  it('refuses a wrong password in Spanish, and every call without a valid token', async () => {
    const res = await srv.api('/api/auth/login', { body: { email: 'rider1@cargobici.test', password: 'nope-nope' } });
    expect(res.status).toBe(401);
    expect((res.body as { message: string }).message).toBe('Correo o contraseña incorrectos');
    expect((await srv.api('/api/sync/orders/pull')).status).toBe(401);
    expect((await srv.api('/api/sync/orders/pull', { token: 'forged.token' })).status).toBe(401);
    expect((await srv.api('/api/sync/stream', { token: 'x' })).status).toBe(401);
  });

  it('rate-limits login attempts', async () => {
    // A clock that stands still: the wait after the failures does not run out during the test.
    const now = Date.now();
    const clocked = await startTestServer({ auth: { now: () => now } });
    try {
      let last = 0;
      for (let i = 0; i < 12; i += 1) last = (await clocked.api('/api/auth/login', { body: { email: 'rider1@cargobici.test', password: `wrong-${i}` } })).status;
      expect(last).toBe(429);
      const ok = await clocked.api('/api/auth/login', { body: { email: 'rider1@cargobici.test', password: 'cargobici-demo' } });
      expect(ok.status).toBe(429);
    } finally {
      await clocked.stop();
    }
  });

  it('rotates refresh tokens and ends them at sign-out', async () => {
    const { refreshToken } = await srv.login('operador@cargobici.test');
    const r1 = await srv.api('/api/auth/refresh', { body: { refreshToken } });
    expect(r1.status).toBe(200);
    // The answer may have been lost: the spent token works again within the grace period…
    expect((await srv.api('/api/auth/refresh', { body: { refreshToken } })).status).toBe(200);
    const next = (r1.body as { refreshToken: string }).refreshToken;
    expect((await srv.api('/api/auth/logout', { body: { refreshToken: next } })).status).toBe(204);
    expect((await srv.api('/api/auth/refresh', { body: { refreshToken: next } })).status).toBe(401);
  });

  it('does not accept a spent refresh token after the grace period', async () => {
    let now = Date.now();
    const clocked = await startTestServer({ auth: { now: () => now } });
    try {
      const { refreshToken } = await clocked.login('operador@cargobici.test');
      expect((await clocked.api('/api/auth/refresh', { body: { refreshToken } })).status).toBe(200);
      now += 61_000;
      expect((await clocked.api('/api/auth/refresh', { body: { refreshToken } })).status).toBe(401);
    } finally {
      await clocked.stop();
    }
  });

  it('password reset never reveals whether an address exists, and its token works once', async () => {
    const known = await srv.api('/api/auth/reset-request', { body: { email: 'rider2@cargobici.test' } });
    const unknown = await srv.api('/api/auth/reset-request', { body: { email: 'nadie@cargobici.test' } });
    expect(known.status).toBe(202);
    expect(unknown).toEqual(known);
    const created = srv.auth.createResetToken('rider2@cargobici.test');
    expect(created).not.toBeNull();
    const token = created?.token ?? '';
    expect((await srv.api('/api/auth/reset', { body: { token, password: 'corta' } })).status).toBe(400);
    expect((await srv.api('/api/auth/reset', { body: { token, password: 'nueva-clave-1' } })).status).toBe(204);
    expect((await srv.api('/api/auth/reset', { body: { token, password: 'otra-clave-2' } })).status).toBe(400);
    expect((await srv.login('rider2@cargobici.test', 'nueva-clave-1')).user.id).toBe('u-rider2');
  });
});

describe('pull', () => {
  it('orders documents by a strictly increasing sequence and pages with the checkpoint', async () => {
    const { accessToken } = await srv.login('operador@cargobici.test');
    const first = await pull(accessToken, 'delivery_points', undefined, 2);
    expect(first.documents).toHaveLength(2);
    const second = await pull(accessToken, 'delivery_points', first.checkpoint.seq, 2);
    expect(second.documents).toHaveLength(2);
    expect(second.checkpoint.seq).toBeGreaterThan(first.checkpoint.seq);
    const rest = await pull(accessToken, 'delivery_points', second.checkpoint.seq, 2);
    expect(rest.documents).toHaveLength(0);
    expect(rest.checkpoint.seq).toBeGreaterThanOrEqual(second.checkpoint.seq);
  });

  it('gives a rider his routes, their orders and delivery points, plus reference data', async () => {
    const { accessToken } = await srv.login('rider1@cargobici.test');
    expect(ids(await pull(accessToken, 'routes'))).toEqual(['r1']);
    expect(ids(await pull(accessToken, 'orders'))).toEqual(['o1', 'o2']);
    expect(ids(await pull(accessToken, 'delivery_points'))).toEqual(['pe1', 'pe2']);
    expect(ids(await pull(accessToken, 'users'))).toEqual(['u-rider1']);
    expect(ids(await pull(accessToken, 'products'))).toEqual(['p1']);
    expect((await pull(accessToken, 'catalog')).documents.length).toBe(4);
  });

  it('rejects a bad checkpoint or limit with a Spanish message', async () => {
    const { accessToken } = await srv.login('operador@cargobici.test');
    const bad = await srv.api('/api/sync/orders/pull?checkpoint=abc', { token: accessToken });
    expect(bad.status).toBe(400);
    expect((bad.body as { message: string }).message).toMatch(/checkpoint/);
    expect((await srv.api('/api/sync/orders/pull?limit=0', { token: accessToken })).status).toBe(400);
    expect((await srv.api('/api/sync/nope/pull', { token: accessToken })).status).toBe(404);
  });

  it('makes a reassigned route and its orders and points disappear from the old rider, not from the server', async () => {
    const rider1 = await srv.login('rider1@cargobici.test');
    const rider2 = await srv.login('rider2@cargobici.test');
    const op = await srv.login('operador@cargobici.test');
    const cp1 = { routes: await pull(rider1.accessToken, 'routes'), orders: await pull(rider1.accessToken, 'orders'), points: await pull(rider1.accessToken, 'delivery_points') };
    const cp2 = { routes: await pull(rider2.accessToken, 'routes'), orders: await pull(rider2.accessToken, 'orders') };

    const r1 = srv.store.get('routes', 'r1');
    const moved = { ...r1, rider_id: 'u-rider2', updated_at: (r1?.updated_at as number) + 1 };
    const res = await push(op.accessToken, 'routes', [{ assumedMasterState: r1, newDocumentState: moved }]);
    expect(res.body).toEqual([]);

    const gone = await pull(rider1.accessToken, 'routes', cp1.routes.checkpoint.seq);
    expect(gone.documents.map((d) => [d.id, d._deleted])).toEqual([['r1', true]]);
    const goneOrders = await pull(rider1.accessToken, 'orders', cp1.orders.checkpoint.seq);
    expect(goneOrders.documents.map((d) => [d.id, d._deleted]).sort()).toEqual([['o1', true], ['o2', true]]);
    const gonePoints = await pull(rider1.accessToken, 'delivery_points', cp1.points.checkpoint.seq);
    expect(gonePoints.documents.every((d) => d._deleted === true)).toBe(true);
    expect(gonePoints.documents.map((d) => d.id).sort()).toEqual(['pe1', 'pe2']);

    expect(ids(await pull(rider2.accessToken, 'routes', cp2.routes.checkpoint.seq))).toEqual(['r1']);
    expect(ids(await pull(rider2.accessToken, 'orders', cp2.orders.checkpoint.seq))).toEqual(['o1', 'o2']);
    expect(srv.store.get('orders', 'o1')?._deleted).toBe(false);
  });
});

describe('push', () => {
  it('stores an allowed change and returns no conflicts', async () => {
    const { accessToken } = await srv.login('rider1@cargobici.test');
    const r1 = srv.store.get('routes', 'r1');
    const res = await push(accessToken, 'routes', [{ assumedMasterState: r1, newDocumentState: { ...r1, status: 'loaded' } }]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(srv.store.get('routes', 'r1')?.status).toBe('loaded');
  });

  it('refuses a forbidden field, stores nothing, and says why in Spanish', async () => {
    const { accessToken } = await srv.login('rider1@cargobici.test');
    const r1 = srv.store.get('routes', 'r1');
    const res = await push(accessToken, 'routes', [{ assumedMasterState: r1, newDocumentState: { ...r1, name: 'Mi ruta' } }]);
    const [master] = res.body as Record<string, unknown>[];
    expect(master?.name).toBe('Ruta r1');
    expect(master?._refused).toMatch(/no puede cambiar estos campos de la ruta: otros datos/);
    expect(srv.store.get('routes', 'r1')?.name).toBe('Ruta r1');
  });

  it('refuses an illegal status change (state machine)', async () => {
    const { accessToken } = await srv.login('rider1@cargobici.test');
    const r1 = srv.store.get('routes', 'r1');
    // No sequence of steps leads back from «Preparada» to «Planificada».
    const res = await push(accessToken, 'routes', [{ assumedMasterState: r1, newDocumentState: { ...r1, status: 'planned' } }]);
    expect((res.body as Record<string, unknown>[])[0]?._refused).toMatch(/No se puede pasar de «Preparada» a «Planificada»/);
    expect(srv.store.get('routes', 'r1')?.status).toBe('ready');
  });

  it('accepts several legal steps made offline that arrive as one change', async () => {
    // The rider loaded, started and finished the round with no signal: RxDB pushes only the
    // latest state, so the server sees «Preparada» → «Finalizada», reachable by the rider's steps.
    const { accessToken } = await srv.login('rider1@cargobici.test');
    const r1 = srv.store.get('routes', 'r1');
    const res = await push(accessToken, 'routes', [{ assumedMasterState: r1, newDocumentState: { ...r1, status: 'completed' } }]);
    expect(res.body).toEqual([]);
    expect(srv.store.get('routes', 'r1')?.status).toBe('completed');
  });

  it('refuses an event on another rider’s route and turns the refused create into a deletion', async () => {
    const { accessToken } = await srv.login('rider1@cargobici.test');
    const ev = deliveryEvent('ev-x', order('o3', 'pe3', 'r2'), 'u-rider1');
    const res = await push(accessToken, 'deliveries', [{ assumedMasterState: null, newDocumentState: { ...ev, _deleted: false } }]);
    const [master] = res.body as Record<string, unknown>[];
    expect(master?._deleted).toBe(true);
    expect(master?._refused).toMatch(/No tienes acceso/);
    expect(srv.store.get('deliveries', 'ev-x')).toBeNull();
  });

  it('refuses invalid documents with the field and the reason', async () => {
    const { accessToken } = await srv.login('operador@cargobici.test');
    const o = { ...order('o9', 'pe1', ''), window_end: '08:00', _deleted: false };
    const res = await push(accessToken, 'orders', [{ newDocumentState: o }]);
    expect((res.body as Record<string, unknown>[])[0]?._refused).toMatch(/window_end|franja/);
    expect(srv.store.get('orders', 'o9')).toBeNull();
  });

  it('accepts a replayed push (acknowledgement lost) without a conflict', async () => {
    const { accessToken } = await srv.login('rider1@cargobici.test');
    const ev = { ...deliveryEvent('ev-1', order('o1', 'pe1', 'r1'), 'u-rider1'), _deleted: false };
    expect((await push(accessToken, 'deliveries', [{ newDocumentState: ev }])).body).toEqual([]);
    expect((await push(accessToken, 'deliveries', [{ newDocumentState: ev }])).body).toEqual([]);
    expect(srv.store.count('deliveries')).toBe(1);
  });

  it('merges edits of different fields and logs a field both sides changed (server wins)', async () => {
    const { accessToken } = await srv.login('operador@cargobici.test');
    const base = srv.store.get('orders', 'o4');
    const a = { ...base, notes: 'Llamar antes', updated_at: 2 };
    expect((await push(accessToken, 'orders', [{ assumedMasterState: base, newDocumentState: a }])).body).toEqual([]);
    // Another device edited from the same base: another field, and the same field.
    const b = { ...base, window_end: '13:00', notes: 'Dejar en la barra', updated_at: 3 };
    const res = await push(accessToken, 'orders', [{ assumedMasterState: base, newDocumentState: b }]);
    const [merged] = res.body as Record<string, unknown>[];
    expect(merged?.window_end).toBe('13:00');
    expect(merged?.notes).toBe('Llamar antes');
    expect(srv.store.get('orders', 'o4')?.window_end).toBe('13:00');
    const log = srv.store.conflicts();
    expect(log[0]?.fields).toEqual(['notes']);
    const admin = await srv.login('admin@cargobici.test');
    expect(((await srv.api('/api/admin/conflicts', { token: admin.accessToken })).body as unknown[]).length).toBe(1);
    expect((await srv.api('/api/admin/conflicts', { token: accessToken })).status).toBe(403);
  });

  it('refuses malformed push bodies', async () => {
    const { accessToken } = await srv.login('operador@cargobici.test');
    const noState = await push(accessToken, 'orders', [{ nope: 1 }]);
    expect(noState.status).toBe(400);
    // The Spanish message says what is wrong and where (src/domain/sync/protocol.ts).
    expect((noState.body as { message: string }).message).toContain('«fila 1 → newDocumentState» debe ser un objeto');
    const notList = await srv.api('/api/sync/orders/push', { token: accessToken, body: { not: 'a list' } });
    expect(notList.status).toBe(400);
    expect((notList.body as { message: string }).message).toContain('el envío debe ser una lista');
  });
});

describe('stream', () => {
  /** Rider 1's (or anyone's) stream as text, read past its opening `resync`. */
  async function streamOf(token: string) {
    const controller = new AbortController();
    const res = await fetch(`${srv.url}/api/sync/stream`, { headers: { Authorization: `Bearer ${token}` }, signal: controller.signal });
    expect(res.status).toBe(200);
    const reader = res.body?.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        text += decoder.decode(chunk.value, { stream: true });
      }
      return text.includes(needle);
    };
    expect(await readUntil('event: resync')).toBe(true);
    /** The `change` messages received so far, parsed. */
    const changes = () => parseSse(text).events.filter((e) => e.event === 'change').map((e) => JSON.parse(e.data) as Record<string, unknown>);
    return { readUntil, changes, text: () => text, abort: () => controller.abort() };
  }

  it('starts with resync and tells of a change only the collection and checkpoint — no document', async () => {
    const rider = await srv.login('rider1@cargobici.test');
    const op = await srv.login('operador@cargobici.test');
    const s = await streamOf(rider.accessToken);
    const r1 = srv.store.get('routes', 'r1');
    expect((await push(op.accessToken, 'routes', [{ assumedMasterState: r1, newDocumentState: { ...r1, planned_start: '08:30' } }])).body).toEqual([]);
    expect(await s.readUntil('"collection":"routes"')).toBe(true);
    const [change] = s.changes();
    // The lean message of src/domain/sync/protocol.ts: nothing else, and the device pulls it.
    expect(Object.keys(change ?? {}).sort()).toEqual(['checkpoint', 'collection']);
    expect(streamChangeSchema.safeParse(change).success).toBe(true);
    expect(s.text()).not.toContain('08:30');
    const checkpoint = (change?.checkpoint as { seq: number }).seq;
    expect(checkpoint).toBe(srv.store.head());
    expect((await pull(rider.accessToken, 'routes', checkpoint - 1)).documents.find((d) => d.id === 'r1')?.planned_start).toBe('08:30');
    s.abort();
  });

  it('tells a user nothing of a change he may not read (another rider’s route, another user’s profile)', async () => {
    const rider = await srv.login('rider1@cargobici.test');
    const op = await srv.login('operador@cargobici.test');
    const admin = await srv.login('admin@cargobici.test');
    const s = await streamOf(rider.accessToken);
    const r2 = srv.store.get('routes', 'r2');
    expect((await push(op.accessToken, 'routes', [{ assumedMasterState: r2, newDocumentState: { ...r2, planned_start: '10:00' } }])).body).toEqual([]);
    const other = srv.store.get('users', 'u-rider2');
    expect((await push(admin.accessToken, 'users', [{ assumedMasterState: other, newDocumentState: { ...other, phone: '600 000 222', updated_at: 2 } }])).body).toEqual([]);
    // Then one he may read: every message before it has arrived when it does (one ordered stream).
    const pe1 = srv.store.get('delivery_points', 'pe1');
    expect((await push(op.accessToken, 'delivery_points', [{ assumedMasterState: pe1, newDocumentState: { ...pe1, notes: 'Timbre roto', updated_at: 2 } }])).body).toEqual([]);
    expect(await s.readUntil('"collection":"delivery_points"')).toBe(true);
    expect(s.changes().map((c) => c.collection)).toEqual(['delivery_points']);
    s.abort();
  });

  it('tells a rider when a document he pulled leaves his scope (his pull brings its deletion)', async () => {
    const rider = await srv.login('rider1@cargobici.test');
    const op = await srv.login('operador@cargobici.test');
    const first = await pull(rider.accessToken, 'routes');
    const from = first.checkpoint.seq;
    expect(ids(first)).toContain('r1');
    const s = await streamOf(rider.accessToken);
    const r1 = srv.store.get('routes', 'r1');
    expect((await push(op.accessToken, 'routes', [{ assumedMasterState: r1, newDocumentState: { ...r1, rider_id: 'u-rider2' } }])).body).toEqual([]);
    expect(await s.readUntil('"collection":"routes"')).toBe(true);
    const gone = await pull(rider.accessToken, 'routes', from);
    expect(gone.documents.map((d) => [d.id, d._deleted])).toEqual([['r1', true]]);
    s.abort();
  });
});

describe('route fixtures', () => {
  it('are valid', () => {
    expect(route('rx', 'u', [{ point: 'p', orders: ['o'] }]).stops[0]?.seq).toBe(1);
  });
});
