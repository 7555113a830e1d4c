/**
 * The Firestore twin of tests/server/access.test.ts: every cell of the access table (role ×
 * collection × operation) against the real Cloud Firestore emulator enforcing the generated
 * firestore.rules, with each role's requests signed by mockUserToken and the role read from the
 * profile in cb_users and the role document in cb_catalog, as the rules read them. Allowed
 * writes are stored; refused ones change nothing. Plus: forged fields, other riders' data and a
 * forged server time are refused, and real deletes are refused to everybody.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collection, deleteDoc, doc, getDoc, getDocs, query, serverTimestamp, setDoc, Timestamp, updateDoc, where, type Firestore } from 'firebase/firestore';
import { LOCAL_COLLECTIONS, type LocalCollection } from '../../src/domain/collections';
import { ACCESS_TABLE, readScope, rulesFor, type Operation } from '../../src/domain/access/table';
import type { SystemRole } from '../../src/domain/access/groups';
import { SERVER_TIME_FIELD } from '../../src/domain/access/firestoreRules';
import { FirestoreSyncTransport } from '../../src/backend/firebase/transport';
import { cleanDoc, functionFields } from '../../src/backend/firebase/docs';
import { newDocFor, order, paymentOrder, route, user } from '../helpers/fixtures';
import { clientDb, closeClients, newProject, seed, seedSmallOperation } from './emulator';

type Row = Record<string, unknown>;
type Role = Exclude<SystemRole, 'anonimus'>;
const ACCOUNTS: Record<Role, string> = { admin: 'u-admin', operator: 'u-operador', rider: 'u-rider1' };
const ROLES: Role[] = ['admin', 'operator', 'rider'];
const OPS: Operation[] = ['read', 'create', 'update', 'delete'];

const project = newProject('access');
let owner: Firestore;
const dbs = new Map<Role, Firestore>();

beforeAll(async () => {
  await seedSmallOperation(project);
  owner = clientDb(project, 'owner');
  const existing: Partial<Record<LocalCollection, Row[]>> = {};
  for (const c of LOCAL_COLLECTIONS) {
    if (c === 'users' || c === 'routes' || c === 'orders') continue;
    existing[c] = [newDocFor(c, 'u-rider1', 900)];
  }
  existing.orders = [order('o-edit', 'pe1', 'r1', 'picked')];
  // Documents of rider 2's route, which rider 1 must not receive.
  for (const c of ['deliveries', 'incidences', 'payments', 'receipts', 'picks'] as const) {
    (existing[c] ??= []).push({ ...newDocFor(c, 'u-rider2', 950), route_id: 'r2', ...(c === 'payments' || c === 'receipts' || c === 'deliveries' ? { rider_id: 'u-rider2' } : {}) });
  }
  await seed(owner, existing);
  for (const role of ROLES) dbs.set(role, clientDb(project, ACCOUNTS[role]));
});
afterAll(async () => {
  await closeClients();
});

const stamp = (d: Row): Row => ({ ...d, _deleted: d._deleted === true, [SERVER_TIME_FIELD]: serverTimestamp() });

/** The stored document without its server time (null when absent). */
async function stored(c: LocalCollection, id: string): Promise<Row | null> {
  const snap = await getDoc(doc(owner, `cb_${c}`, id));
  return snap.exists() ? cleanDoc(snap.data()) : null;
}

async function attempt(write: Promise<unknown>): Promise<'ok' | 'denied'> {
  try {
    await write;
    return 'ok';
  } catch (err) {
    expect((err as { code?: string }).code, String(err)).toBe('permission-denied');
    return 'denied';
  }
}

async function freshTarget(role: Role, c: LocalCollection, n: number, kind?: string): Promise<string> {
  if (c === 'users' && role === 'rider') return 'u-rider1';
  const id = `target-${c}-${kind ?? 'x'}-${n}`;
  let d: Row;
  if (c === 'routes') d = route(id, 'u-rider1', [{ point: 'pe1', orders: ['o1'] }], 'ready');
  else if (c === 'orders') d = order(id, 'pe1', 'r1', 'picked');
  else if (c === 'users') d = user(id, 'rider', `${id}@cargobici.test`, 'Objetivo');
  else d = { ...newDocFor(c, 'u-rider1', n, kind), id };
  await seed(owner, { [c]: [d] });
  // A payment's hub is its order's (the operators' `hub` scope): the order exists.
  if (c === 'payments') await seed(owner, { orders: [paymentOrder(d)] });
  return id;
}

function changed(c: LocalCollection, d: Row): Row {
  switch (c) {
    case 'users':
      return { ...d, phone: '+34 600 000 111' };
    case 'routes':
    case 'orders':
      return { ...d, status_id: 'st-custom' };
    case 'payments':
      return { ...d, note: 'Revisado' };
    case 'catalog':
      return { ...d, name: `${String(d.name)} (editado)` };
    default:
      return { ...d, notes: 'editado', note: 'editado' };
  }
}

async function countAll(c: LocalCollection): Promise<number> {
  return (await getDocs(collection(owner, `cb_${c}`))).size;
}

describe('access table × Firestore emulator with firestore.rules', () => {
  let n = 0;
  for (const role of ROLES) {
    for (const c of LOCAL_COLLECTIONS) {
      for (const op of OPS) {
        const kinds = c === 'catalog' ? ['hub', 'tax'] : c === 'incidences' ? ['delivery-product', 'picker-product'] : [undefined];
        for (const kind of kinds) {
          it(`${role} × ${c}${kind ? `(${kind})` : ''} × ${op}`, async () => {
            n += 1;
            const db = dbs.get(role) as Firestore;
            const userId = ACCOUNTS[role];
            const col = `cb_${c}`;
            if (op === 'read') {
              // The transport's own queries, which the rules must allow…
              const transport = new FirestoreSyncTransport({ db, user: () => ({ id: userId, role }) });
              const page = await transport.pull(c, null, 5000);
              const scope = readScope(role, c);
              if (scope === null) expect(page.documents).toEqual([]);
              else if (scope === 'all') expect(page.documents.length).toBe(await countAll(c));
              else {
                expect(page.documents.length).toBeGreaterThan(0);
                expect(page.documents.length).toBeLessThan(await countAll(c));
              }
              // …while reading the whole collection is refused unless the role may read all of it
              // (delivery points too since issue 29 finding 2: a rider reads those naming him).
              const whole = await attempt(getDocs(collection(db, col)));
              expect(whole).toBe(scope === 'all' ? 'ok' : 'denied');
              return;
            }
            const allowed = rulesFor(role, c, op, kind).length > 0;
            let after: Row;
            if (op === 'create') {
              after = { ...newDocFor(c, userId, n, kind), _deleted: false };
              if (c === 'users' && role !== 'admin') after = { ...after, id: `new-user-${role}-${n}` };
              // A payment needs its order on the route it names (the rules read it, as the server does).
              if (c === 'payments') await seed(owner, { orders: [paymentOrder(after)] });
            } else {
              const target = await freshTarget(role, c, n, kind);
              const before = (await stored(c, target)) as Row;
              expect(before, `fixture for ${c}`).not.toBeNull();
              after = op === 'delete' ? { ...before, _deleted: true } : changed(c, before);
            }
            const id = String(after.id);
            const was = await stored(c, id);
            // As our push does, the fields only the trusted function writes (a point's readers) stay.
            const kept = functionFields((await getDoc(doc(owner, col, id))).data());
            const result = await attempt(setDoc(doc(db, col, id), { ...stamp(after), ...kept }));
            expect(result, `${role} ${op} ${c} ${kind ?? ''}`).toBe(allowed ? 'ok' : 'denied');
            const now = await stored(c, id);
            expect(now).toEqual(allowed ? cleanDoc(after) : was);
          });
        }
      }
    }
  }

  it('anonymous visitors can do nothing', async () => {
    const anon = clientDb(project, 'anonymous-visitor');
    for (const c of LOCAL_COLLECTIONS) {
      expect(ACCESS_TABLE.anonimus[c]).toEqual([]);
      expect(await attempt(getDocs(collection(anon, `cb_${c}`)))).toBe('denied');
      expect(await attempt(setDoc(doc(anon, `cb_${c}`, `anon-${c}`), stamp(newDocFor(c, 'anonymous-visitor', 1))))).toBe('denied');
    }
  });

  it('refuses fields outside the rule (rider renames his route; operator edits a payment amount)', async () => {
    const r1 = (await stored('routes', 'r1')) as Row;
    expect(await attempt(setDoc(doc(dbs.get('rider') as Firestore, 'cb_routes', 'r1'), stamp({ ...r1, name: 'Mía' })))).toBe('denied');
    const payId = String(newDocFor('payments', 'u-rider1', 900).id);
    const pay = (await stored('payments', payId)) as Row;
    expect(await attempt(setDoc(doc(dbs.get('operator') as Firestore, 'cb_payments', payId), stamp({ ...pay, amount_collected_cents: 1 })))).toBe('denied');
    expect((await stored('payments', payId))?.amount_collected_cents).toBe(pay.amount_collected_cents);
    expect((await stored('routes', 'r1'))?.name).toBe(r1.name);
  });

  it('refuses other riders’ data: reads, queries and writes of route r2 and its order', async () => {
    const rider = dbs.get('rider') as Firestore;
    expect(await attempt(getDoc(doc(rider, 'cb_routes', 'r2')))).toBe('denied');
    expect(await attempt(getDoc(doc(rider, 'cb_orders', 'o3')))).toBe('denied');
    expect(await attempt(getDocs(query(collection(rider, 'cb_orders'), where('route_id', 'in', ['r1', 'r2']))))).toBe('denied');
    expect(await attempt(getDocs(query(collection(rider, 'cb_routes'), where('rider_id', '==', 'u-rider2'))))).toBe('denied');
    const o3 = (await stored('orders', 'o3')) as Row;
    expect(await attempt(setDoc(doc(rider, 'cb_orders', 'o3'), stamp({ ...o3, status: 'out_for_delivery' })))).toBe('denied');
    const r2 = (await stored('routes', 'r2')) as Row;
    expect(await attempt(setDoc(doc(rider, 'cb_routes', 'r2'), stamp({ ...r2, status_id: 'st-x' })))).toBe('denied');
    // Taking another rider's route, or giving his own away, is refused too.
    expect(await attempt(setDoc(doc(rider, 'cb_routes', 'r2'), stamp({ ...r2, rider_id: 'u-rider1' })))).toBe('denied');
    const r1 = (await stored('routes', 'r1')) as Row;
    expect(await attempt(setDoc(doc(rider, 'cb_routes', 'r1'), stamp({ ...r1, rider_id: 'u-rider2' })))).toBe('denied');
    // An event recorded on another rider's route, or in another rider's name.
    const event = newDocFor('deliveries', 'u-rider1', 501);
    expect(await attempt(setDoc(doc(rider, 'cb_deliveries', String(event.id)), stamp({ ...event, route_id: 'r2' })))).toBe('denied');
    expect(await attempt(setDoc(doc(rider, 'cb_deliveries', String(event.id)), stamp({ ...event, created_by: 'u-rider2' })))).toBe('denied');
    expect((await stored('orders', 'o3'))?.status).toBe('picked');
  });

  it('refuses a forged server time, a missing one, and a document that names another id', async () => {
    const admin = dbs.get('admin') as Firestore;
    const bike: Row = { ...newDocFor('bikes', 'u-admin', 601), _deleted: false };
    const ref = doc(admin, 'cb_bikes', String(bike.id));
    expect(await attempt(setDoc(ref, { ...bike, [SERVER_TIME_FIELD]: Timestamp.fromMillis(Date.now() + 3_600_000) }))).toBe('denied');
    expect(await attempt(setDoc(ref, { ...bike, [SERVER_TIME_FIELD]: Timestamp.fromMillis(0) }))).toBe('denied');
    expect(await attempt(setDoc(ref, bike))).toBe('denied');
    expect(await attempt(setDoc(ref, stamp({ ...bike, id: 'other-id' })))).toBe('denied');
    expect(await stored('bikes', String(bike.id))).toBeNull();
    expect(await attempt(setDoc(ref, stamp(bike)))).toBe('ok');
    // An update that moves the server time back is refused as well.
    expect(await attempt(updateDoc(ref, { notes: 'x', [SERVER_TIME_FIELD]: Timestamp.fromMillis(1) }))).toBe('denied');
  });

  it('refuses real deletes to everybody (deletes are tombstones)', async () => {
    for (const role of ROLES) {
      const id = await freshTarget('admin', 'bikes', 700 + ROLES.indexOf(role));
      expect(await attempt(deleteDoc(doc(dbs.get(role) as Firestore, 'cb_bikes', id)))).toBe('denied');
      expect(await stored('bikes', id)).not.toBeNull();
    }
  });

  it('events are never changed; admins and operators may only re-stamp them', async () => {
    const id = 'new-deliveries-u-rider1-900';
    const ev = (await stored('deliveries', id)) as Row;
    for (const role of ROLES) {
      const db = dbs.get(role) as Firestore;
      expect(await attempt(updateDoc(doc(db, 'cb_deliveries', id), { kind: 'failed', [SERVER_TIME_FIELD]: serverTimestamp() }))).toBe('denied');
      const restamp = await attempt(updateDoc(doc(db, 'cb_deliveries', id), { [SERVER_TIME_FIELD]: serverTimestamp() }));
      expect(restamp, role).toBe(role === 'rider' ? 'denied' : 'ok');
    }
    expect(await stored('deliveries', id)).toEqual(ev);
  });

  it('nobody changes his own role or active flag, not even an admin', async () => {
    for (const role of ROLES) {
      const me = (await stored('users', ACCOUNTS[role])) as Row;
      for (const change of [{ role: me.role === 'operator' ? 'rider' : 'operator' }, { active: false }]) {
        expect(await attempt(setDoc(doc(dbs.get(role) as Firestore, 'cb_users', ACCOUNTS[role]), stamp({ ...me, ...change }))), `${role} ${JSON.stringify(change)}`).toBe(
          'denied',
        );
      }
      expect((await stored('users', ACCOUNTS[role]))?.role).toBe(me.role);
    }
  });

  it('a deactivated user can do nothing', async () => {
    const id = 'u-inactive';
    await seed(owner, { users: [{ ...user(id, 'operator', 'inactivo@cargobici.test', 'Inactivo'), active: false }] });
    const db = clientDb(project, id);
    expect(await attempt(getDocs(collection(db, 'cb_products')))).toBe('denied');
    expect(await attempt(setDoc(doc(db, 'cb_bikes', 'b-inactive'), stamp(newDocFor('bikes', id, 801))))).toBe('denied');
  });
});
