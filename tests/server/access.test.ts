/**
 * Walks every cell of the access table against the real server: every role × collection ×
 * operation, plus forbidden fields and out-of-scope rows. Allowed writes are stored; refused
 * ones change nothing and come back with a Spanish reason. The expected outcome of each cell is
 * read from ACCESS_TABLE itself, so a change to the table is tested as it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_COLLECTIONS, type LocalCollection } from '../../src/domain/collections';
import { ACCESS_TABLE, readScope, rulesFor, type Operation } from '../../src/domain/access/table';
import type { SystemRole } from '../../src/domain/access/groups';
import { startTestServer, seedDocs, type TestServer } from '../helpers/server';
import { newDocFor, order, paymentOrder, route, user } from '../helpers/fixtures';

let srv: TestServer;
const tokens = new Map<SystemRole, { token: string; userId: string }>();

const ACCOUNTS: Record<Exclude<SystemRole, 'anonimus'>, { email: string; userId: string }> = {
  admin: { email: 'admin@cargobici.test', userId: 'u-admin' },
  operator: { email: 'operador@cargobici.test', userId: 'u-operador' },
  rider: { email: 'rider1@cargobici.test', userId: 'u-rider1' },
};

beforeAll(async () => {
  srv = await startTestServer();
  // Existing documents of every collection, in the rider's scope (route r1), to update and delete.
  const existing: Partial<Record<LocalCollection, Record<string, unknown>[]>> = {};
  for (const c of LOCAL_COLLECTIONS) {
    if (c === 'users' || c === 'routes' || c === 'orders') continue;
    existing[c] = [newDocFor(c, 'u-rider1', 900)];
  }
  existing.orders = [order('o-edit', 'pe1', 'r1', 'picked'), paymentOrder(newDocFor('payments', 'u-rider1', 900))];
  seedDocs(srv, existing);
  for (const [role, acc] of Object.entries(ACCOUNTS) as [Exclude<SystemRole, 'anonimus'>, { email: string; userId: string }][]) {
    tokens.set(role, { token: (await srv.login(acc.email)).accessToken, userId: acc.userId });
  }
});
afterAll(async () => {
  await srv.stop();
});

type Row = Record<string, unknown>;
const strip = (d: Row | null) => (d ? JSON.stringify({ ...d, _deleted: d._deleted === true }) : 'null');

async function push(role: SystemRole, collection: string, before: Row | null, after: Row) {
  const auth = tokens.get(role);
  const res = await srv.api(`/api/sync/${collection}/push`, { token: auth?.token, body: [{ assumedMasterState: before, newDocumentState: after }] });
  return res;
}

/** Seeds a document to update or delete, in the rider's scope; returns its id. */
function freshTarget(role: SystemRole, collection: LocalCollection, n: number, kind?: string): string {
  if (collection === 'users' && role === 'rider') return 'u-rider1'; // his own profile
  const id = `target-${collection}-${kind ?? 'x'}-${n}`;
  let doc: Row;
  if (collection === 'routes') doc = route(id, 'u-rider1', [{ point: 'pe1', orders: ['o1'] }], 'ready');
  else if (collection === 'orders') doc = order(id, 'pe1', 'r1', 'picked');
  else if (collection === 'users') doc = user(id, 'rider', `${id}@cargobici.test`, 'Objetivo');
  else doc = { ...newDocFor(collection, 'u-rider1', n, kind), id };
  seedDocs(srv, { [collection]: [doc] });
  // A payment's hub is its order's (the operators' `hub` scope): the order exists.
  if (collection === 'payments') seedDocs(srv, { orders: [paymentOrder(doc)] });
  return id;
}

/** The existing document of the rider's route, for the field tests. */
function existingId(collection: LocalCollection): string {
  return String(newDocFor(collection, 'u-rider1', 900).id);
}

/** A change each role's rule allows on a field it may change (or a neutral field when any). */
function changed(collection: LocalCollection, doc: Row): Row {
  switch (collection) {
    case 'users':
      return { ...doc, phone: '+34 600 000 111' };
    case 'routes':
    case 'orders':
      return { ...doc, status_id: 'st-custom' };
    case 'payments':
      return { ...doc, note: 'Revisado' };
    case 'catalog':
      return { ...doc, name: `${String(doc.name)} (editado)` };
    default:
      // Only fields the document has: the server stores what the schema knows, nothing else.
      if ('notes' in doc) return { ...doc, notes: 'editado' };
      if ('note' in doc) return { ...doc, note: 'editado' };
      if ('updated_at' in doc) return { ...doc, updated_at: Number(doc.updated_at) + 1 };
      return { ...doc, at: Number(doc.at) + 1 };
  }
}

const OPS: Operation[] = ['read', 'create', 'update', 'delete'];
const ROLES: Exclude<SystemRole, 'anonimus'>[] = ['admin', 'operator', 'rider'];

describe('access table × real server', () => {
  let n = 0;
  for (const role of ROLES) {
    for (const collection of LOCAL_COLLECTIONS) {
      for (const op of OPS) {
        const kinds = collection === 'catalog' ? ['hub', 'tax'] : collection === 'incidences' ? ['delivery-product', 'picker-product'] : [undefined];
        for (const kind of kinds) {
          it(`${role} × ${collection}${kind ? `(${kind})` : ''} × ${op}`, async () => {
            n += 1;
            const auth = tokens.get(role);
            expect(auth).toBeDefined();
            if (op === 'read') {
              const res = await srv.api(`/api/sync/${collection}/pull?limit=2000`, { token: auth?.token });
              expect(res.status).toBe(200);
              const docs = (res.body as { documents: Row[] }).documents;
              const scope = readScope(role, collection);
              if (scope === null) expect(docs).toEqual([]);
              else if (scope === 'all') expect(docs.length).toBe(srv.store.count(collection));
              else expect(docs.length).toBeLessThanOrEqual(srv.store.count(collection));
              return;
            }
            const allowed = rulesFor(role, collection, op, kind).length > 0;
            let before: Row | null;
            let after: Row;
            if (op === 'create') {
              before = null;
              after = { ...newDocFor(collection, auth?.userId ?? '', n, kind), _deleted: false };
              if (collection === 'users' && role !== 'admin') after = { ...after, id: `new-user-${role}-${n}` };
              if (collection === 'payments') seedDocs(srv, { orders: [paymentOrder(after)] });
            } else {
              // A fresh document for every cell, in the rider's scope, so cells never interfere.
              const target = freshTarget(role, collection, n, kind);
              before = srv.store.get(collection, target);
              expect(before, `fixture for ${collection}`).not.toBeNull();
              after = op === 'delete' ? { ...(before as Row), _deleted: true } : changed(collection, before as Row);
            }
            const id = String(after.id);
            const stored = strip(srv.store.get(collection, id));
            const res = await push(role, collection, before, after);
            expect(res.status).toBe(200);
            const answer = res.body as Row[];
            const now = srv.store.get(collection, id);
            if (allowed) {
              expect(answer, JSON.stringify(answer)).toEqual([]);
              expect(strip(now)).toBe(strip(after));
            } else {
              expect(answer[0]?._refused, `${role} ${op} ${collection}`).toMatch(/[a-záéíóú]/);
              expect(strip(now)).toBe(stored);
            }
          });
        }
      }
    }
  }

  it('anonymous visitors can do nothing', async () => {
    for (const collection of LOCAL_COLLECTIONS) {
      expect((await srv.api(`/api/sync/${collection}/pull`)).status).toBe(401);
      expect((await srv.api(`/api/sync/${collection}/push`, { body: [] })).status).toBe(401);
      expect(ACCESS_TABLE.anonimus[collection]).toEqual([]);
    }
  });

  it('refuses fields outside the rule (rider renames his route; operator edits a payment amount)', async () => {
    const r1 = srv.store.get('routes', 'r1') as Row;
    const res = await push('rider', 'routes', r1, { ...r1, name: 'Mía' });
    expect((res.body as Row[])[0]?._refused).toMatch(/no puede cambiar estos campos de la ruta: otros datos/);
    const pay = srv.store.get('payments', existingId('payments')) as Row;
    const res2 = await push('operator', 'payments', pay, { ...pay, amount_collected_cents: 1 });
    expect((res2.body as Row[])[0]?._refused).toMatch(/no puede cambiar estos campos .*: otros datos/);
    expect(srv.store.get('payments', existingId('payments'))?.amount_collected_cents).toBe(pay.amount_collected_cents);
  });

  it('refuses out-of-scope rows (rider on another rider’s route and order)', async () => {
    const r2 = srv.store.get('routes', 'r2') as Row;
    const res = await push('rider', 'routes', r2, { ...r2, status_id: 'st-x' });
    expect((res.body as Row[])[0]?._refused).toMatch(/No tienes acceso/);
    const o3 = srv.store.get('orders', 'o3') as Row;
    const res2 = await push('rider', 'orders', o3, { ...o3, status: 'out_for_delivery' });
    expect((res2.body as Row[])[0]?._refused).toMatch(/No tienes acceso/);
    expect(srv.store.get('orders', 'o3')?.status).toBe('picked');
  });

  it('nobody changes his own role or active flag, not even an admin', async () => {
    for (const role of ROLES) {
      const me = srv.store.get('users', ACCOUNTS[role].userId) as Row;
      for (const change of [{ role: me.role === 'operator' ? 'rider' : 'operator' }, { active: false }]) {
        const res = await push(role, 'users', me, { ...me, ...change });
        expect((res.body as Row[])[0]?._refused, `${role} ${JSON.stringify(change)}`).toBeTruthy();
      }
      expect(srv.store.get('users', ACCOUNTS[role].userId)?.role).toBe(me.role);
    }
  });

  it('deletes are soft: the document stays on the server as a tombstone', async () => {
    const bike: Row = { ...newDocFor('bikes', 'u-operador', 777), _deleted: false };
    seedDocs(srv, { bikes: [bike] });
    const before = srv.store.get('bikes', String(bike.id)) as Row;
    await push('operator', 'bikes', before, { ...before, _deleted: true });
    const after = srv.store.get('bikes', String(bike.id));
    expect(after?._deleted).toBe(true);
    expect(after?.code).toBe(bike.code);
  });
});
