/**
 * Issue 29, finding 2, and issue 27 on Firebase: what follows a route's write is the trusted
 * function's (functions/src/routeWrite.ts), called here where its Firestore trigger would run.
 * - A rider reads a delivery point only when one of his live routes stops there: each point
 *   carries its readers (`rider_ids`), which no device may write, and his device pulls them with
 *   `array-contains` and never sees the field.
 * - An order a route lists takes its id and «En ruta»; one it drops goes back to «Pendiente» (as
 *   the embedded server's push does).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collection, doc, getDoc, getDocs, query, serverTimestamp, setDoc, updateDoc, where, type Firestore } from 'firebase/firestore';
import { SERVER_TIME_FIELD } from '../../src/domain/access/firestoreRules';
import { encodeValue, fromSnapshot } from '../../src/backend/firebase/docs';
import { FirestoreSyncTransport } from '../../src/backend/firebase/transport';
import type { SystemRole } from '../../src/domain/access/groups';
import type { SyncDoc } from '../../src/backend/types';
import { followPointCreate, followRouteWrite, type StoredRoute } from '../../functions/src/routeWrite';
import { order, point, route } from '../helpers/fixtures';
import { clientDb, closeClients, newProject, seed, seedSmallOperation } from './emulator';
import { emulatorRouteData } from './functionDeps';

type Row = Record<string, unknown>;
const project = newProject('routefollow');
let owner: Firestore;

beforeAll(async () => {
  await seedSmallOperation(project);
  owner = clientDb(project, 'owner');
});
afterAll(async () => {
  await closeClients();
});

async function attempt(p: Promise<unknown>): Promise<'ok' | 'denied'> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    expect((err as { code?: string }).code, String(err)).toBe('permission-denied');
    return 'denied';
  }
}

const storedRoute = async (id: string) => (fromSnapshot(await getDoc(doc(owner, 'cb_routes', id)))?.doc ?? null) as StoredRoute | null;
const stored = async (c: string, id: string) => fromSnapshot(await getDoc(doc(owner, `cb_${c}`, id)))?.doc as Row;
/** A point's readers as stored (undefined: the field is absent). */
const riderIds = async (id: string): Promise<unknown> => (await getDoc(doc(owner, 'cb_delivery_points', id))).data()?.rider_ids;
const transportOf = (id: string, role: SystemRole) => new FirestoreSyncTransport({ db: clientDb(project, id), user: () => ({ id, role }) });
const pulledIds = (docs: readonly SyncDoc[]) => docs.filter((d) => !d._deleted).map((d) => d.id).sort();

/** Writes a route as the owner (as a device's push would store it) and runs the function. */
async function writeRoute(r: Row) {
  const before = await storedRoute(String(r.id));
  await setDoc(doc(owner, 'cb_routes', String(r.id)), { ...(encodeValue(r) as Row), _deleted: r._deleted === true, [SERVER_TIME_FIELD]: serverTimestamp() });
  return followRouteWrite(emulatorRouteData(owner), before, String(r.id));
}

describe('finding 2: a rider reads only the delivery points of his routes’ stops', () => {
  it('another route’s point is refused to him; his own are read, by his readers query only', async () => {
    const rider1 = clientDb(project, 'u-rider1');
    // pe3 is a stop of r2, rider 2's route: before the fix any rider read it.
    expect(await attempt(getDoc(doc(rider1, 'cb_delivery_points', 'pe3')))).toBe('denied');
    expect(await attempt(getDoc(doc(rider1, 'cb_delivery_points', 'pe1')))).toBe('ok');
    expect(await attempt(getDocs(collection(rider1, 'cb_delivery_points')))).toBe('denied');
    expect(await attempt(getDocs(query(collection(rider1, 'cb_delivery_points'), where('rider_ids', 'array-contains', 'u-rider2'))))).toBe('denied');
    const mine = await getDocs(query(collection(rider1, 'cb_delivery_points'), where('rider_ids', 'array-contains', 'u-rider1')));
    expect(mine.docs.map((d) => d.id).sort()).toEqual(['pe1', 'pe2']);
    // His device pulls them without the field (the device's shape has none).
    const page = await transportOf('u-rider1', 'rider').pull('delivery_points', null, 100);
    expect(pulledIds(page.documents)).toEqual(['pe1', 'pe2']);
    expect(page.documents.every((d) => !('rider_ids' in d))).toBe(true);
  });

  it('no device writes a point’s readers, and an operator’s change keeps them', async () => {
    const operator = clientDb(project, 'u-operador');
    const admin = clientDb(project, 'u-admin');
    const stamp = (d: Row) => ({ ...(encodeValue(d) as Row), _deleted: false, [SERVER_TIME_FIELD]: serverTimestamp() });
    expect(await attempt(setDoc(doc(operator, 'cb_delivery_points', 'pe-forged'), stamp({ ...point('pe-forged'), rider_ids: ['u-rider1'] })))).toBe('denied');
    expect(await attempt(updateDoc(doc(operator, 'cb_delivery_points', 'pe3'), { rider_ids: ['u-rider1'], [SERVER_TIME_FIELD]: serverTimestamp() }))).toBe('denied');
    expect(await attempt(updateDoc(doc(admin, 'cb_delivery_points', 'pe3'), { rider_ids: ['u-rider1'], [SERVER_TIME_FIELD]: serverTimestamp() }))).toBe('denied');
    expect(await attempt(setDoc(doc(operator, 'cb_delivery_points', 'pe-plain'), stamp(point('pe-plain'))))).toBe('ok');
    // Through our push (a whole document, without the field): stored readers stay.
    const pe3 = await stored('delivery_points', 'pe3');
    const op = transportOf('u-operador', 'operator');
    expect(await op.push('delivery_points', [{ assumedMasterState: pe3 as SyncDoc, newDocumentState: { ...(pe3 as SyncDoc), notes: 'Timbre 2' } }])).toEqual([]);
    expect(await riderIds('pe3')).toEqual(['u-rider2']);
    expect((await stored('delivery_points', 'pe3')).notes).toBe('Timbre 2');
  });

  it('a route given to another rider, or cancelled, moves its points’ readers', async () => {
    await seed(owner, { delivery_points: [point('pf1'), point('pf2')], orders: [order('of1', 'pf1', 'rf', 'picked')] });
    expect(await riderIds('pf1')).toEqual([]);
    const rf = route('rf', 'u-rider1', [{ point: 'pf1', orders: ['of1'] }, { point: 'pf2', orders: [] }]);
    expect((await writeRoute({ ...rf })).points.sort()).toEqual(['pf1', 'pf2']);
    expect(await riderIds('pf1')).toEqual(['u-rider1']);
    const rider1 = transportOf('u-rider1', 'rider');
    const rider2 = transportOf('u-rider2', 'rider');
    expect(pulledIds((await rider1.pull('delivery_points', null, 100)).documents)).toContain('pf1');

    // Given to rider 2: he reads them, rider 1 no longer; a second run changes nothing.
    await writeRoute({ ...rf, rider_id: 'u-rider2' });
    expect(await riderIds('pf1')).toEqual(['u-rider2']);
    expect(await followRouteWrite(emulatorRouteData(owner), await storedRoute('rf'), 'rf')).toEqual({ orders: [], points: [] });
    expect(await attempt(getDoc(doc(clientDb(project, 'u-rider1'), 'cb_delivery_points', 'pf1')))).toBe('denied');
    expect(await attempt(getDoc(doc(clientDb(project, 'u-rider2'), 'cb_delivery_points', 'pf1')))).toBe('ok');
    expect(pulledIds((await rider2.pull('delivery_points', null, 100)).documents)).toEqual(expect.arrayContaining(['pf1', 'pf2', 'pe3']));

    // Rider 2's other route stopping at pf2 keeps him a reader of it when rf is cancelled.
    await writeRoute(route('rg', 'u-rider2', [{ point: 'pf2', orders: [] }], 'draft'));
    await writeRoute({ ...rf, rider_id: 'u-rider2', status: 'cancelled', cancel_reason: 'Lluvia' });
    expect(await riderIds('pf1')).toEqual([]);
    expect(await riderIds('pf2')).toEqual(['u-rider2']);
  });

  it('a point stored after the route that stops at it gets the route’s rider when it is created', async () => {
    // A desk back online pushes its routes before its new points: the route's write finds no point.
    expect((await writeRoute(route('rl', 'u-rider1', [{ point: 'pl-late', orders: [] }], 'planned'))).points).toEqual([]);
    await setDoc(doc(owner, 'cb_delivery_points', 'pl-late'), { ...(encodeValue(point('pl-late')) as Row), _deleted: false, [SERVER_TIME_FIELD]: serverTimestamp() });
    expect(await riderIds('pl-late')).toBeUndefined();
    // The point's creation (where its trigger runs): rider 1 reads it; a second run changes nothing.
    expect(await followPointCreate(emulatorRouteData(owner), 'pl-late')).toBe(true);
    expect(await riderIds('pl-late')).toEqual(['u-rider1']);
    expect(await followPointCreate(emulatorRouteData(owner), 'pl-late')).toBe(false);
    expect(await attempt(getDoc(doc(clientDb(project, 'u-rider1'), 'cb_delivery_points', 'pl-late')))).toBe('ok');
    expect(pulledIds((await transportOf('u-rider1', 'rider').pull('delivery_points', null, 100)).documents)).toContain('pl-late');
    expect(await attempt(getDoc(doc(clientDb(project, 'u-rider2'), 'cb_delivery_points', 'pl-late')))).toBe('denied');
    // A point no route stops at is left alone.
    await setDoc(doc(owner, 'cb_delivery_points', 'pl-none'), { ...(encodeValue(point('pl-none')) as Row), _deleted: false, [SERVER_TIME_FIELD]: serverTimestamp() });
    expect(await followPointCreate(emulatorRouteData(owner), 'pl-none')).toBe(false);
  });
});

describe('issue 27 on Firebase: orders follow the routes’ stops', () => {
  it('an order a route lists becomes «En ruta» on it; dropped, it goes back to «Pendiente»', async () => {
    await seed(owner, { orders: [order('oq1', 'pe1', '', 'pending'), order('oq2', 'pe1', '', 'pending'), order('oq3', 'pe1', 'r1', 'picked')] });
    const rq = route('rq', 'u-rider1', [{ point: 'pe1', orders: ['oq1', 'oq2', 'oq3'] }], 'draft');
    expect((await writeRoute(rq)).orders.sort()).toEqual(['oq1', 'oq2']);
    expect(await stored('orders', 'oq1')).toMatchObject({ route_id: 'rq', status: 'planned' });
    // Picked on another route: not taken.
    expect(await stored('orders', 'oq3')).toMatchObject({ route_id: 'r1', status: 'picked' });

    // Another route takes oq2 (the last route written holds it); rq then lists oq3 only.
    await writeRoute(route('rq2', 'u-rider2', [{ point: 'pe1', orders: ['oq2'] }], 'draft'));
    expect(await stored('orders', 'oq2')).toMatchObject({ route_id: 'rq2', status: 'planned' });
    expect((await writeRoute({ ...rq, stops: [{ seq: 1, delivery_point_id: 'pe1', order_ids: ['oq3'], eta: '10:00' }] })).orders).toEqual(['oq1']);
    expect(await stored('orders', 'oq1')).toMatchObject({ route_id: '', status: 'pending' });
    expect(await stored('orders', 'oq2')).toMatchObject({ route_id: 'rq2', status: 'planned' });
    // A cancelled route lists nothing: its orders go back.
    await writeRoute({ ...route('rq2', 'u-rider2', [{ point: 'pe1', orders: ['oq2'] }], 'cancelled'), cancel_reason: 'Avería' });
    expect(await stored('orders', 'oq2')).toMatchObject({ route_id: '', status: 'pending' });
  });
});
