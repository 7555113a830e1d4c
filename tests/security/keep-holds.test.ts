/**
 * What held in the audit stays under test: every API route outside the public list refuses a
 * request without a valid session; no enumeration of accounts by sign-in; nobody raises his own
 * rights; events are insert-only; files are write-once; errors are clear and in Spanish.
 * (Also under test elsewhere: the access table walk in tests/server/access.test.ts, acknowledged
 * writes across a server restart in tests/sync/restart.test.ts, across SIGKILL in sigkill.test.ts,
 * constant-time comparisons in constant-time.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_API } from '../../server/app';
import { hashingState, holdHashing } from '../../server/passwords';
import { LOCAL_COLLECTIONS } from '../../src/domain/collections';
import { startTestServer, type TestServer } from '../helpers/server';
import { deliveryEvent, order, PASSWORD } from '../helpers/fixtures';
import { raw } from './helpers';

type Row = Record<string, unknown>;

let srv: TestServer;
let clock = Date.now();
beforeAll(async () => {
  srv = await startTestServer({ auth: { now: () => clock } });
});
afterAll(async () => {
  await srv.stop();
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('firma')]);

/** Concrete paths of a route pattern (every collection for `:collection`). */
function pathsOf(url: string): string[] {
  const base = url.replace('*', 'deliveries/u-rider1/sig-o1.png');
  return base.includes(':collection') ? LOCAL_COLLECTIONS.map((c) => base.replace(':collection', c)) : [base];
}

describe('keep: every API route outside the public list asks for a valid session', () => {
  it('answers 401 with no token, a forged one, an expired one and one of an ended session', async () => {
    const signedOut = await srv.login('rider1@cargobici.test');
    expect((await srv.api('/api/auth/logout', { body: { refreshToken: signedOut.refreshToken } })).status).toBe(204);
    const expiring = await srv.login('rider2@cargobici.test');
    const valid = await srv.login('operador@cargobici.test');
    const [body, mac] = valid.accessToken.split('.');
    const forged = `${Buffer.from(JSON.stringify({ typ: 'access', sub: 'u-admin', sid: 'x', exp: 9_999_999_999 })).toString('base64url')}.${mac}`;
    const tampered = `${body}.${Buffer.from('0'.repeat(32)).toString('base64url')}`;

    const privateRoutes = srv.routes.filter((r) => !PUBLIC_API.includes(`${r.method} ${r.url}`));
    expect(privateRoutes.length).toBeGreaterThan(8);
    let refused = 0;
    clock += 16 * 60_000; // rider 2's token has expired now
    for (const route of privateRoutes) {
      for (const path of pathsOf(route.url)) {
        for (const token of [undefined, 'forged.token', forged, tampered, expiring.accessToken, signedOut.accessToken]) {
          const res = await raw(srv.url, {
            method: route.method,
            path,
            headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(route.method === 'PUT' ? { 'Content-Type': 'image/png' } : {}) },
            ...(route.method === 'POST' ? { body: [] } : route.method === 'PUT' ? { rawBody: PNG } : {}),
          });
          expect(res.status, `${route.method} ${path} with ${token ? token.slice(0, 12) : 'no token'}`).toBe(401);
          expect((res.body as { message?: string }).message).toMatch(/sesión|Sesión|usuario/);
          refused += 1;
        }
      }
    }
    clock -= 16 * 60_000;
    expect(refused).toBeGreaterThanOrEqual(6 * 30);
  });

  it('the public list is exactly the sign-in flow and the health check', () => {
    const publicRoutes = srv.routes.filter((r) => PUBLIC_API.includes(`${r.method} ${r.url}`)).map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual([...PUBLIC_API].sort());
  });
});

describe('keep: no account enumeration by sign-in', () => {
  it('an unknown e-mail costs a password hash like a known one, and gets the same answer', async () => {
    const release = holdHashing();
    const pending = srv.api('/api/auth/login', { body: { email: 'nadie.de.nada@cargobici.test', password: 'lo-que-sea' } });
    try {
      const until = Date.now() + 20_000;
      while (hashingState().held === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 2));
      expect(hashingState().held, 'the unknown e-mail waits for a hash').toBe(1);
    } finally {
      release();
    }
    const unknown = await pending;
    const wrong = await srv.api('/api/auth/login', { body: { email: 'rider1@cargobici.test', password: 'lo-que-sea' } });
    expect(unknown).toEqual(wrong);
  });
});

describe('keep: nobody raises his own rights', () => {
  it('a rider cannot change his role, active flag or e-mail, create users, nor edit roles; an operator cannot edit roles or users', async () => {
    const rider = (await srv.login('rider1@cargobici.test')).accessToken;
    const op = (await srv.login('operador@cargobici.test')).accessToken;
    const me = srv.store.get('users', 'u-rider1') as Row;
    for (const change of [{ role: 'admin' }, { active: false }, { email: 'otro@cargobici.test' }]) {
      const res = await srv.api('/api/sync/users/push', { token: rider, body: [{ assumedMasterState: me, newDocumentState: { ...me, ...change } }] });
      expect((res.body as Row[])[0]?._refused, JSON.stringify(change)).toBeTruthy();
    }
    const newAdmin = { id: 'u-yo-admin', name: 'Yo', role: 'admin', email: 'yo@cargobici.test', hub: 1, phone: '', active: true, updated_at: 1, _deleted: false };
    for (const token of [rider, op]) {
      expect(((await srv.api('/api/sync/users/push', { token, body: [{ assumedMasterState: null, newDocumentState: newAdmin }] })).body as Row[])[0]?._refused).toBeTruthy();
      const role = srv.store.get('catalog', token === rider ? 'rider' : 'operator') as Row;
      const res = await srv.api('/api/sync/catalog/push', { token, body: [{ assumedMasterState: role, newDocumentState: { ...role, groups: ['machine-admin'] } }] });
      expect((res.body as Row[])[0]?._refused).toBeTruthy();
      expect((await srv.api('/api/auth/admin/password', { token, body: { userId: 'u-admin', password: 'la-mia-ahora' } })).status).toBe(403);
    }
    expect(srv.store.get('users', 'u-rider1')).toEqual(me);
    expect(srv.store.get('users', 'u-yo-admin')).toBeNull();
    expect((await srv.login('admin@cargobici.test', PASSWORD)).user.id).toBe('u-admin');
  });
});

describe('keep: events are insert-only', () => {
  it('nobody, not even an admin, changes or deletes a recorded event', async () => {
    const rider = (await srv.login('rider1@cargobici.test')).accessToken;
    const admin = (await srv.login('admin@cargobici.test')).accessToken;
    const ev = { ...deliveryEvent('dlv-keep', order('o2', 'pe2', 'r1'), 'u-rider1'), _deleted: false };
    expect((await srv.api('/api/sync/deliveries/push', { token: rider, body: [{ assumedMasterState: null, newDocumentState: ev }] })).body).toEqual([]);
    for (const token of [rider, admin]) {
      for (const change of [{ note: 'cambiada' }, { _deleted: true }]) {
        const res = await srv.api('/api/sync/deliveries/push', { token, body: [{ assumedMasterState: ev, newDocumentState: { ...ev, ...change } }] });
        expect((res.body as Row[])[0]?._refused).toMatch(/no se modifican ni se borran/);
      }
    }
    expect(srv.store.get('deliveries', 'dlv-keep')).toEqual(ev);
  });
});

describe('keep: files are write-once and each rider’s own', () => {
  it('same bytes again → 200, other bytes → 409, another rider’s folder → 403', async () => {
    const rider = (await srv.login('rider1@cargobici.test')).accessToken;
    const rider2 = (await srv.login('rider2@cargobici.test')).accessToken;
    const put = (token: string, path: string, body: Buffer) =>
      raw(srv.url, { method: 'PUT', path: `/api/files/${path}`, rawBody: body, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'image/png' } });
    expect((await put(rider, 'deliveries/u-rider1/sig-keep.png', PNG)).status).toBe(201);
    expect((await put(rider, 'deliveries/u-rider1/sig-keep.png', PNG)).status).toBe(200);
    const other = await put(rider, 'deliveries/u-rider1/sig-keep.png', Buffer.concat([PNG, Buffer.from('otra')]));
    expect(other.status).toBe(409);
    expect((other.body as { message: string }).message).toBe('Ya existe un fichero distinto en esa ruta; los ficheros no se sobrescriben');
    expect((await put(rider2, 'deliveries/u-rider1/sig-otro.png', PNG)).status).toBe(403);
    const read = await raw(srv.url, { path: '/api/files/deliveries/u-rider1/sig-keep.png', headers: { Authorization: `Bearer ${rider2}` } });
    expect(read.status).toBe(403);
  });
});

describe('keep: errors are clear and in Spanish', () => {
  it('answers bad input, missing things and limits with a Spanish message', async () => {
    const op = (await srv.login('operador@cargobici.test')).accessToken;
    const cases: [Promise<{ status: number; body: unknown }>, number, RegExp][] = [
      [srv.api('/api/auth/login', { body: { email: 'no-es-un-correo', password: 'x' } }), 400, /^El correo electrónico no es válido$/],
      [srv.api('/api/auth/login', { body: { email: 'rider1@cargobici.test', password: 'mal-mal' } }), 401, /^Correo o contraseña incorrectos$/],
      [srv.api('/api/sync/orders/push', { token: op, body: { no: 'lista' } }), 400, /^El envío debe ser una lista/],
      [srv.api('/api/sync/orders/pull?limit=0', { token: op }), 400, /^El parámetro «limit» debe ser un entero/],
      [srv.api('/api/sync/nada/pull', { token: op }), 404, /^No existe la colección «nada»$/],
      [srv.api('/api/no-existe'), 404, /^Recurso de la API no encontrado$/],
      [srv.api('/api/admin/refusals', { token: op }), 403, /^Solo los administradores pueden ver esto$/],
      [raw(srv.url, { path: '/api/sync/orders/push', method: 'POST', rawBody: '{"roto"', headers: { Authorization: `Bearer ${op}`, 'Content-Type': 'application/json' } }), 400, /^Petición no válida: el cuerpo no es un JSON válido$/],
      [raw(srv.url, { path: '/api/auth/login', method: 'POST', rawBody: 'x', headers: { 'Content-Type': 'text/xml' } }), 415, /^Tipo de contenido no admitido$/],
    ];
    for (const [request, status, message] of cases) {
      const res = await request;
      expect(res.status).toBe(status);
      expect((res.body as { message: string }).message).toMatch(message);
    }
    const invalid = await srv.api('/api/sync/orders/push', { token: op, body: [{ newDocumentState: { ...order('o-mal', 'pe1', ''), window_end: '07:00', _deleted: false } }] });
    expect((invalid.body as Row[])[0]?._refused).toBe('Datos no válidos en el pedido: fin de la franja: El final de la franja debe ser posterior al inicio');
  });
});
