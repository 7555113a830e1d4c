/**
 * Issue 29, finding 6, against the real Firestore emulator with the generated firestore.rules:
 * `operador.bcn` (hub 2 here) writing as a forged client would (the Firestore SDK with his ID
 * token, not our push code) cannot change the unit price of a Madrid (hub 1) order nor give a
 * Madrid route to his rider; he can in his own hub. Proof links do not exist on Firebase (the
 * public page answers 501, docs/firebase.md): no collection takes one, so no client makes one.
 * The embedded server's twin is tests/security/t29-f06-hub-scope.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, getDoc, serverTimestamp, setDoc, type Firestore } from 'firebase/firestore';
import { SERVER_TIME_FIELD } from '../../src/domain/access/firestoreRules';
import { encodeValue, fromSnapshot } from '../../src/backend/firebase/docs';
import { order, point, route, T0, user } from '../helpers/fixtures';
import { clientDb, closeClients, newProject, seed, seedSmallOperation } from './emulator';

type Row = Record<string, unknown>;

const project = newProject('hubscope');
let owner: Firestore;
let bcn: Firestore;
let none: Firestore;
let admin: Firestore;
let legacy: Firestore;

const op2 = { ...user('u-op-bcn', 'operator', 'operador.bcn@cargobici.test', 'Jordi Puig'), hub: 2, hubs: [2] };
const op0 = { ...user('u-op-none', 'operator', 'sin.hub@cargobici.test', 'Sin Hub'), hub: 0, hubs: [] };
/** A user document written before users carried `hubs` (version 0): his home hub is his one hub. */
const { hubs: _hubs, ...legacyFields } = { ...user('u-op-legacy', 'operator', 'legacy@cargobici.test', 'Lola Antigua'), hub: 2 };
const opLegacy = legacyFields;
const rider2 = { ...user('u-rider-b', 'rider', 'rider.b@cargobici.test', 'Berta Rider'), hub: 2, hubs: [] };
const ob1 = { ...order('ob1', 'pb1', 'rb1'), hub: 2 };
const rb2 = { ...route('rb2', '', [], 'planned'), hub: 2 };
const ra2 = route('ra2', '', [], 'planned');

beforeAll(async () => {
  await seedSmallOperation(project);
  owner = clientDb(project, 'owner');
  await seed(owner, { users: [op2, op0, opLegacy, rider2], delivery_points: [point('pb1', 2)], orders: [ob1], routes: [rb2, ra2] });
  bcn = clientDb(project, 'u-op-bcn');
  none = clientDb(project, 'u-op-none');
  admin = clientDb(project, 'u-admin');
  legacy = clientDb(project, 'u-op-legacy');
});
afterAll(async () => {
  await closeClients();
});

async function stored(collection: string, id: string): Promise<Row> {
  return (fromSnapshot(await getDoc(doc(owner, `cb_${collection}`, id)))?.doc ?? {}) as Row;
}

/** Writes `after` as a client with the rules; 'refused' when the rules deny it. */
async function write(db: Firestore, collection: string, after: Row): Promise<'allowed' | 'refused'> {
  try {
    await setDoc(doc(db, `cb_${collection}`, String(after.id)), { ...(encodeValue(after) as Row), _deleted: false, [SERVER_TIME_FIELD]: serverTimestamp() });
    return 'allowed';
  } catch (err) {
    expect((err as { code?: string }).code, String(err)).toBe('permission-denied');
    return 'refused';
  }
}

const withPrice = (o: Row, cents: number): Row => ({ ...o, lines: (o.lines as Row[]).map((l) => ({ ...l, unit_price_cents: cents })), updated_at: T0 + 5_000 });
const strip = ({ _updatedAt: _u, ...rest }: Row): Row => rest;

describe('finding 6: an operator writes only in his hub (Firestore rules)', () => {
  it('operador.bcn cannot change the unit price of a Madrid order; he can in his own hub', async () => {
    const before = strip(await stored('orders', 'o1'));
    expect(await write(bcn, 'orders', withPrice(before, 1))).toBe('refused');
    expect(((await stored('orders', 'o1')).lines as Row[])[0]?.unit_price_cents).toBe(120);
    const own = strip(await stored('orders', 'ob1'));
    expect(await write(bcn, 'orders', withPrice(own, 99))).toBe('allowed');
    expect(((await stored('orders', 'ob1')).lines as Row[])[0]?.unit_price_cents).toBe(99);
  });

  it('operador.bcn cannot give a Madrid route to his rider; he can give his hub’s route', async () => {
    const before = strip(await stored('routes', 'ra2'));
    expect(await write(bcn, 'routes', { ...before, rider_id: 'u-rider-b', updated_at: T0 + 5_000 })).toBe('refused');
    expect((await stored('routes', 'ra2')).rider_id).toBe('');
    const own = strip(await stored('routes', 'rb2'));
    expect(await write(bcn, 'routes', { ...own, rider_id: 'u-rider-b', updated_at: T0 + 5_000 })).toBe('allowed');
    expect((await stored('routes', 'rb2')).rider_id).toBe('u-rider-b');
  });

  it('no client makes a proof link on Firebase, of any hub', async () => {
    for (const db of [bcn, admin]) expect(await write(db, 'proof_links', { id: 'pl-o1', order_id: 'o1', created_at: T0 })).toBe('refused');
  });

  it('a document never moves out of his hub; an operator with no hub writes in none; admins everywhere', async () => {
    const own = strip(await stored('orders', 'ob1'));
    expect(await write(bcn, 'orders', { ...own, hub: 1, updated_at: T0 + 6_000 })).toBe('refused');
    expect(await write(bcn, 'orders', order('o-new-mad', 'pe1', '', 'pending'))).toBe('refused');
    expect(await write(bcn, 'orders', { ...order('o-new-bcn', 'pb1', '', 'pending'), hub: 2 })).toBe('allowed');
    const mad = strip(await stored('orders', 'o1'));
    expect(await write(none, 'orders', withPrice(mad, 2))).toBe('refused');
    expect(await write(admin, 'orders', withPrice(strip(await stored('orders', 'ob1')), 150))).toBe('allowed');
  });

  it('a user document without `hubs` (written before version 1) writes in its home hub only', async () => {
    expect('hubs' in (await stored('users', 'u-op-legacy'))).toBe(false);
    expect(await write(legacy, 'orders', withPrice(strip(await stored('orders', 'o1')), 3))).toBe('refused');
    expect(await write(legacy, 'orders', withPrice(strip(await stored('orders', 'ob1')), 77))).toBe('allowed');
    expect(((await stored('orders', 'ob1')).lines as Row[])[0]?.unit_price_cents).toBe(77);
  });
});
