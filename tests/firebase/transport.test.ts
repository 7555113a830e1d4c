/**
 * The Firebase sync transport against the Firestore emulator (with firestore.rules): pull by
 * (server time, id) checkpoints, the transactional push answering like the embedded server
 * (replays, three-way merge, insert-only events, Spanish refusals), a rider's scope (routes
 * given to him and taken from him) and the one change stream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collection, disableNetwork, doc, enableNetwork, getDoc, getDocs, query, where, type Firestore } from 'firebase/firestore';
import { firstValueFrom, filter } from 'rxjs';
import type { LocalCollection } from '../../src/domain/collections';
import type { SystemRole } from '../../src/domain/access/groups';
import { FirestoreSyncTransport } from '../../src/backend/firebase/transport';
import { cleanDoc } from '../../src/backend/firebase/docs';
import type { Checkpoint, StreamEvent, SyncDoc } from '../../src/backend/types';
import { deliveryEvent, order, point, route } from '../helpers/fixtures';
import { clientDb, closeClients, newProject, seed, seedSmallOperation } from './emulator';
import { emulatorRouteData } from './functionDeps';
import { followRouteWrite, type StoredRoute } from '../../functions/src/routeWrite';

type Row = Record<string, unknown>;
const project = newProject('transport');
let owner: Firestore;

function transportOf(userId: string, role: SystemRole): FirestoreSyncTransport {
  return new FirestoreSyncTransport({ db: clientDb(project, userId), user: () => ({ id: userId, role }), retryMs: 100 });
}

async function stored(c: LocalCollection, id: string): Promise<Row | null> {
  const snap = await getDoc(doc(owner, `cb_${c}`, id));
  return snap.exists() ? cleanDoc(snap.data()) : null;
}

async function pullAll(t: FirestoreSyncTransport, c: LocalCollection, from: Checkpoint | null = null, batch = 500): Promise<{ docs: SyncDoc[]; checkpoint: Checkpoint | null }> {
  const docs: SyncDoc[] = [];
  let checkpoint = from;
  for (;;) {
    const page = await t.pull(c, checkpoint, batch);
    docs.push(...page.documents);
    checkpoint = page.checkpoint;
    if (page.documents.length < batch) return { docs, checkpoint };
  }
}

let admin: FirestoreSyncTransport;
let operator: FirestoreSyncTransport;
let rider1: FirestoreSyncTransport;

beforeAll(async () => {
  await seedSmallOperation(project);
  owner = clientDb(project, 'owner');
  admin = transportOf('u-admin', 'admin');
  operator = transportOf('u-operador', 'operator');
  rider1 = transportOf('u-rider1', 'rider');
});
afterAll(async () => {
  await closeClients();
});

describe('pull', () => {
  it('pages by (server time, id) without gaps or repeats, and resumes from its checkpoint', async () => {
    const points = Array.from({ length: 25 }, (_, i) => point(`pp-${String(i).padStart(2, '0')}`));
    await seed(owner, { delivery_points: points });
    const { docs, checkpoint } = await pullAll(admin, 'delivery_points', null, 4);
    const ids = docs.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(points.map((p) => p.id)));
    expect(docs.every((d) => d._deleted === false && !('_updatedAt' in d))).toBe(true);
    expect((await admin.pull('delivery_points', checkpoint, 10)).documents).toEqual([]);
    // A later write comes after the checkpoint.
    await operator.push('delivery_points', [{ assumedMasterState: points[3], newDocumentState: { ...points[3], name: 'Bar renombrado', _deleted: false } }]);
    const next = await admin.pull('delivery_points', checkpoint, 10);
    expect(next.documents.map((d) => [d.id, d.name])).toEqual([['pp-03', 'Bar renombrado']]);
  });

  it('gives a rider only his routes, their orders and events, and his stops’ points', async () => {
    expect((await pullAll(rider1, 'routes')).docs.map((d) => d.id)).toEqual(['r1']);
    expect((await pullAll(rider1, 'orders')).docs.map((d) => d.id).sort()).toEqual(['o1', 'o2']);
    expect((await pullAll(rider1, 'delivery_points')).docs.map((d) => d.id).sort()).toEqual(['pe1', 'pe2']);
    expect((await pullAll(rider1, 'users')).docs.map((d) => d.id)).toEqual(['u-rider1']);
  });
});

describe('push', () => {
  it('stores new documents, and a replay of a stored state changes nothing', async () => {
    const o = { ...order('o-push', 'pe1', '', 'pending'), _deleted: false };
    expect(await operator.push('orders', [{ assumedMasterState: null, newDocumentState: o }])).toEqual([]);
    const first = await getDoc(doc(owner, 'cb_orders', 'o-push'));
    // The acknowledgement was lost: the device sends the same row again.
    expect(await operator.push('orders', [{ assumedMasterState: null, newDocumentState: o }])).toEqual([]);
    const again = await getDoc(doc(owner, 'cb_orders', 'o-push'));
    expect(again.data()?._updatedAt).toEqual(first.data()?._updatedAt);
  });

  it('merges changes of different fields made on two devices, and logs a field changed on both', async () => {
    const base = { ...order('o-merge', 'pe1', '', 'pending'), _deleted: false };
    await seed(owner, { orders: [base] });
    const a = await operator.push('orders', [{ assumedMasterState: base, newDocumentState: { ...base, notes: 'Llamar antes' } }]);
    expect(a).toEqual([]);
    // The admin's device did not see the operator's change: different field → merged.
    const b = await admin.push('orders', [{ assumedMasterState: base, newDocumentState: { ...base, window_end: '13:00' } }]);
    expect(b[0]).toMatchObject({ id: 'o-merge', notes: 'Llamar antes', window_end: '13:00' });
    expect(await stored('orders', 'o-merge')).toMatchObject({ notes: 'Llamar antes', window_end: '13:00' });
    // Same field on both sides: the stored value stays, and admins see the conflict.
    const c = await admin.push('orders', [{ assumedMasterState: base, newDocumentState: { ...base, notes: 'Dejar en portería' } }]);
    expect(c[0]).toMatchObject({ notes: 'Llamar antes', window_end: '13:00' });
    const log = await getDocs(query(collection(owner, 'cb_conflicts'), where('doc_id', '==', 'o-merge')));
    expect(log.docs.map((d) => d.data()).map((e) => [e.fields, e.user_id, e.local, e.server])).toEqual([
      [['notes'], 'u-admin', { notes: 'Dejar en portería' }, { notes: 'Llamar antes' }],
    ]);
  });

  it('keeps events insert-only: another event with a used id gets the stored one back', async () => {
    const o1 = order('o1', 'pe1', 'r1');
    const ev = { ...deliveryEvent('ev-once', o1, 'u-rider1'), _deleted: false };
    expect(await rider1.push('deliveries', [{ assumedMasterState: null, newDocumentState: ev }])).toEqual([]);
    // A double tap: the same event again changes nothing.
    expect(await rider1.push('deliveries', [{ assumedMasterState: null, newDocumentState: ev }])).toEqual([]);
    const other = { ...ev, kind: 'failed' };
    const answer = await rider1.push('deliveries', [{ assumedMasterState: null, newDocumentState: other }]);
    expect(answer).toEqual([expect.objectContaining({ id: 'ev-once', kind: 'delivered' })]);
    expect((await stored('deliveries', 'ev-once'))?.kind).toBe('delivered');
  });

  it('stores a signature’s strokes (arrays of arrays, which Firestore cannot hold as such) and gives them back', async () => {
    const strokes = [
      [
        [1, 2, 0.5],
        [3, 4, 0.6],
      ],
      [[5, 6, 0.7]],
    ];
    const ev = { ...deliveryEvent('ev-signed', order('o1', 'pe1', 'r1'), 'u-rider1', 'signed'), signer_name: 'Ana', signature_strokes: strokes, _deleted: false };
    expect(await rider1.push('deliveries', [{ assumedMasterState: null, newDocumentState: ev }])).toEqual([]);
    expect((await stored('deliveries', 'ev-signed'))?.signature_strokes).not.toEqual(strokes); // stored encoded…
    const pulled = (await pullAll(admin, 'deliveries')).docs.find((d) => d.id === 'ev-signed');
    expect(pulled?.signature_strokes).toEqual(strokes); // …and read back as it was
    // A replay compares the decoded state: nothing changes.
    expect(await rider1.push('deliveries', [{ assumedMasterState: null, newDocumentState: ev }])).toEqual([]);
  });

  it('refuses with a Spanish reason and sends back the stored state; out-of-scope documents come back deleted', async () => {
    const r1 = (await stored('routes', 'r1')) as Row;
    const [renamed] = await rider1.push('routes', [{ assumedMasterState: r1, newDocumentState: { ...r1, name: 'Mía' } }]);
    expect(renamed?._refused).toMatch(/no puede cambiar estos campos de la ruta: otros datos/);
    expect(renamed?.name).toBe(r1.name);
    const o3 = order('o3', 'pe3', 'r2');
    const [theirs] = await rider1.push('orders', [{ assumedMasterState: { ...o3, _deleted: false }, newDocumentState: { ...o3, status: 'out_for_delivery', _deleted: false } }]);
    expect(theirs?._refused).toMatch(/[a-z]/);
    expect(theirs?._deleted).toBe(true);
    expect((await stored('orders', 'o3'))?.status).toBe('picked');
    // An invalid document is refused with the schema's Spanish message.
    const [bad] = await operator.push('orders', [{ assumedMasterState: null, newDocumentState: { ...order('o-bad', 'pe1', ''), hub: 'uno', _deleted: false } }]);
    expect(bad?._refused).toMatch(/Datos no válidos/);
    expect(await stored('orders', 'o-bad')).toBeNull();
  });

  it('a rider’s payment and events that do not fit their order get the server’s Spanish reason (issue 29)', async () => {
    const o3 = order('o3', 'pe3', 'r2');
    // Recorded offline on his route r1 after the order was given to another route.
    const [cross] = await rider1.push('deliveries', [{ assumedMasterState: null, newDocumentState: { ...deliveryEvent('dlv-moved', o3, 'u-rider1'), route_id: 'r1', _deleted: false } }]);
    expect(cross?._refused).toMatch(/no pertenece a la ruta de la entrega/);
    expect(await stored('deliveries', 'dlv-moved')).toBeNull();
    const o1 = order('o1', 'pe1', 'r1');
    const [elsewhere] = await rider1.push('deliveries', [{ assumedMasterState: null, newDocumentState: { ...deliveryEvent('dlv-pe2', o1, 'u-rider1'), delivery_point_id: 'pe2', _deleted: false } }]);
    expect(elsewhere?._refused).toMatch(/no es el del pedido «P-o1»/);
    const payment = { id: 'pay-o1', kind: 'order', order_id: 'o1', route_id: 'r1', rider_id: 'u-rider1', method: 'on_account', amount_due_cents: 749, amount_collected_cents: 0, status: 'on_account', status_id: '', collected_at: 1, reviewed_by: '', note: '', updated_at: 1 };
    const [onAccount] = await rider1.push('payments', [{ assumedMasterState: null, newDocumentState: { ...payment, _deleted: false } }]);
    expect(onAccount?._refused).toMatch(/no se paga a cuenta/);
    expect(await stored('payments', 'pay-o1')).toBeNull();
  });

  it('offline, a rider’s delivery fails its push (to be retried), never comes back refused', async () => {
    const db = clientDb(project, 'u-rider1');
    const t = new FirestoreSyncTransport({ db, user: () => ({ id: 'u-rider1', role: 'rider' }), retryMs: 100 });
    const stream = t.stream();
    const listening = firstValueFrom(stream.pipe(filter((e) => e.type === 'change' && e.collection === 'routes')));
    const sub = stream.subscribe();
    try {
      await listening; // his routes known from the listener: the push reads only the order
      await disableNetwork(db);
      const ev = { ...deliveryEvent('dlv-offline', order('o2', 'pe2', 'r1'), 'u-rider1'), _deleted: false };
      await expect(t.push('deliveries', [{ assumedMasterState: null, newDocumentState: ev }])).rejects.toMatchObject({ code: 'network' });
      await enableNetwork(db);
      expect(await t.push('deliveries', [{ assumedMasterState: null, newDocumentState: ev }])).toEqual([]);
    } finally {
      sub.unsubscribe();
    }
  });

  it('one refused row does not stop the others of the same push', async () => {
    const o1 = (await stored('orders', 'o1')) as Row;
    const o3 = (await stored('orders', 'o3')) as Row;
    const answer = await rider1.push('orders', [
      { assumedMasterState: o3, newDocumentState: { ...o3, status: 'out_for_delivery' } },
      { assumedMasterState: o1, newDocumentState: { ...o1, status: 'out_for_delivery' } },
    ]);
    expect(answer.map((a) => a.id)).toEqual(['o3']);
    expect((await stored('orders', 'o1'))?.status).toBe('out_for_delivery');
  });
});

describe('a rider’s scope', () => {
  it('a route given to a rider brings its earlier orders, events and points; taken away, they leave his device', async () => {
    const rider2 = transportOf('u-rider2', 'rider');
    const start = {
      routes: (await pullAll(rider2, 'routes')).checkpoint,
      orders: (await pullAll(rider2, 'orders')).checkpoint,
      deliveries: (await pullAll(rider2, 'deliveries')).checkpoint,
      points: (await pullAll(rider2, 'delivery_points')).checkpoint,
    };
    // Earlier documents of a route of rider 1, before the operator gives it to rider 2.
    const r5 = route('r5', 'u-rider1', [{ point: 'pe4', orders: ['o5'] }]);
    await seed(owner, { routes: [r5], orders: [order('o5', 'pe4', 'r5')], deliveries: [deliveryEvent('ev-r5', order('o5', 'pe4', 'r5'), 'u-rider1')] });
    const before = (await stored('routes', 'r5')) as Row;
    expect(await operator.push('routes', [{ assumedMasterState: before, newDocumentState: { ...before, rider_id: 'u-rider2' } }])).toEqual([]);
    // Where the route trigger runs: its points' readers follow (functions/src/routeWrite.ts).
    await followRouteWrite(emulatorRouteData(owner), before as unknown as StoredRoute, 'r5');

    expect((await pullAll(rider2, 'routes', start.routes)).docs.map((d) => d.id)).toEqual(['r5']);
    expect((await pullAll(rider2, 'orders', start.orders)).docs.map((d) => d.id)).toEqual(['o5']);
    expect((await pullAll(rider2, 'deliveries', start.deliveries)).docs.map((d) => d.id)).toEqual(['ev-r5']);
    expect((await pullAll(rider2, 'delivery_points', start.points)).docs.map((d) => d.id)).toContain('pe4');

    // Given back to rider 1: rider 2's device receives tombstones of what it had.
    const now = (await stored('routes', 'r5')) as Row;
    expect(await operator.push('routes', [{ assumedMasterState: now, newDocumentState: { ...now, rider_id: 'u-rider1' } }])).toEqual([]);
    await followRouteWrite(emulatorRouteData(owner), now as unknown as StoredRoute, 'r5');
    const gone = await pullAll(rider2, 'routes', start.routes);
    expect(gone.docs.find((d) => d.id === 'r5')?._deleted).toBe(true);
    const orders = await pullAll(rider2, 'orders', start.orders);
    expect(orders.docs.find((d) => d.id === 'o5')?._deleted).toBe(true);
    const points = await pullAll(rider2, 'delivery_points', start.points);
    expect(points.docs.filter((d) => d.id === 'pe4').at(-1)?._deleted).toBe(true);
    expect((await stored('orders', 'o5'))?._deleted).toBe(false);
  });
});

describe('stream', () => {
  it('starts with resync, then tells of a change in a collection the user may read', async () => {
    const stream = operator.stream();
    const seen: StreamEvent[] = [];
    const sub = stream.subscribe((e) => seen.push(e));
    try {
      // The products listener's first snapshot, then the admin's write.
      await firstValueFrom(stream.pipe(filter((e) => e.type === 'change' && e.collection === 'products')));
      const p = { id: 'p-stream', name: 'Agua', sku: 'AG1', barcode: '', client_id: 'c-pascual', unit: 'ud', weight_g: 1, volume_ml: 1, price_cents: 1, tax_id: 'iva-10', cold: false, active: true, updated_at: 1, _deleted: false };
      // The stream carries no document (src/domain/sync/protocol.ts): it says «pull products», and the pull brings the write.
      const before = await pullAll(operator, 'products');
      const heard = firstValueFrom(stream.pipe(filter((e) => e.type === 'change' && e.collection === 'products')));
      await admin.push('products', [{ assumedMasterState: null, newDocumentState: p }]);
      expect(await heard).not.toHaveProperty('documents');
      expect((await pullAll(operator, 'products', before.checkpoint)).docs.map((d) => d.id)).toContain('p-stream');
      expect(seen[0]).toEqual({ type: 'resync' });
    } finally {
      sub.unsubscribe();
    }
  });

  it('a rider hears of an order of his route changing, and of a route given to him', async () => {
    const stream = rider1.stream();
    const ready = firstValueFrom(stream.pipe(filter((e) => e.type === 'change' && e.collection === 'orders')));
    const sub = stream.subscribe();
    try {
      await ready;
      const ordersFrom = (await pullAll(rider1, 'orders')).checkpoint;
      const changed = firstValueFrom(stream.pipe(filter((e) => e.type === 'change' && e.collection === 'orders')));
      const o2 = (await stored('orders', 'o2')) as Row;
      await operator.push('orders', [{ assumedMasterState: o2, newDocumentState: { ...o2, notes: 'Timbre roto' } }]);
      await changed;
      expect((await pullAll(rider1, 'orders', ordersFrom)).docs.find((d) => d.id === 'o2')?.notes).toBe('Timbre roto');
      const routesFrom = (await pullAll(rider1, 'routes')).checkpoint;
      const given = firstValueFrom(stream.pipe(filter((e) => e.type === 'change' && e.collection === 'routes')));
      const r6 = { ...route('r6', 'u-rider1', [{ point: 'pe3', orders: ['o3'] }], 'draft'), _deleted: false };
      expect(await operator.push('routes', [{ assumedMasterState: null, newDocumentState: r6 }])).toEqual([]);
      await given;
      expect((await pullAll(rider1, 'routes', routesFrom)).docs.map((d) => d.id)).toContain('r6');
    } finally {
      sub.unsubscribe();
    }
  });
});
