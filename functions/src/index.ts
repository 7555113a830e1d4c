/**
 * The Firebase function behind firebase.json's `/api/**` rewrite. Deploy: `cd functions && npm
 * install && npm run build && cd .. && firebase deploy --only functions` (the build bundles
 * ./handlers.ts and what it imports of the app — the order API's rules, the Spanish messages —
 * into lib/index.js). Its handlers are tested against the emulators by the Firebase suite
 * (tests/firebase/functions.test.ts, with the same Firestore reads and writes through the client
 * SDK); this file only binds them to firebase-admin, which is installed in functions/ at deploy
 * time, not in the app.
 */
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, Timestamp, getFirestore, type DocumentSnapshot } from 'firebase-admin/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { onDocumentCreated, onDocumentWritten } from 'firebase-functions/v2/firestore';
import { decodeNested, encodeNested } from '../../src/backend/firebase/nested';
import { SERVER_TIME_FIELD } from '../../src/domain/access/firestoreRules';
import type { DeliveryPoint, Order } from '../../src/domain/entities/operation';
import type { KeyRow } from '../../server/apiKeys';
import { checkOsrmUrl } from '../../server/osrmProxy';
import { handle, type FunctionDeps } from './handlers.js';
import { FirestoreOrderApi, type IdempotencyRow, type OrderData } from './orders.js';
import { deliveryCounts, paymentAppeared, recomputePaymentDue, type DueData } from './paymentDue.js';
import { POINT_RIDERS_FIELD, followPointCreate, followRouteWrite, type RouteData, type StoredRoute } from './routeWrite.js';
import type { DeliveryEvent } from '../../src/domain/entities/events';
import type { Payment } from '../../src/domain/entities/operation';

initializeApp();
const PREFIX = process.env.FIRESTORE_PREFIX ?? 'cb_';
const db = getFirestore();
const col = (name: string) => db.collection(`${PREFIX}${name}`);
const isTimestamp = (v: object) => v instanceof Timestamp;
const micros = (ts: Timestamp) => ts.seconds * 1_000_000 + Math.floor(ts.nanoseconds / 1000);

/** A stored document as the app holds it: its fields decoded, without the server time. */
function stored(snap: DocumentSnapshot): { doc: Record<string, unknown>; at: number } | null {
  const data = snap.data();
  if (!data) return null;
  const { [SERVER_TIME_FIELD]: stamp, ...fields } = data;
  const doc = { ...(decodeNested(fields, isTimestamp) as Record<string, unknown>), id: snap.id, _deleted: fields._deleted === true };
  return { doc, at: stamp instanceof Timestamp ? micros(stamp) : 0 };
}

const live = <T>(snap: DocumentSnapshot): T | null => {
  const s = stored(snap);
  return s && s.doc._deleted !== true ? (s.doc as T) : null;
};

const orderData: OrderData = {
  async key(id) {
    return ((await col('api_keys').doc(id).get()).data() as KeyRow | undefined) ?? null;
  },
  async putKey(row) {
    await col('api_keys').doc(row.id).set(row);
  },
  async keys() {
    return (await col('api_keys').get()).docs.map((d) => d.data() as KeyRow);
  },
  async changedSince(name, since) {
    const base = col(name).orderBy(SERVER_TIME_FIELD);
    const q = since === null ? base : col(name).where(SERVER_TIME_FIELD, '>', new Timestamp(Math.floor(since / 1_000_000), (since % 1_000_000) * 1000)).orderBy(SERVER_TIME_FIELD);
    const docs = (await q.get()).docs.map(stored).filter((s) => s !== null);
    return { docs: docs.map((s) => s.doc), latest: docs.reduce<number | null>((m, s) => (m === null || s.at > m ? s.at : m), since) };
  },
  async ordersOfRefs(clientId, refs) {
    const snap = await col('orders').where('client_id', '==', clientId).where('external_ref', 'in', [...refs]).get();
    return snap.docs.map((d) => live<Order>(d)).filter((o) => o !== null);
  },
  transaction(work) {
    return db.runTransaction((t) =>
      work({
        order: async (id) => live<Order>(await t.get(col('orders').doc(id))),
        point: async (id) => live<DeliveryPoint>(await t.get(col('delivery_points').doc(id))),
        idempotency: async (id) => ((await t.get(col('api_idempotency').doc(id))).data() as IdempotencyRow | undefined) ?? null,
        put(name, docs) {
          for (const d of docs) {
            t.set(col(name).doc(String(d.id)), { ...(encodeNested(d, isTimestamp) as Record<string, unknown>), _deleted: false, [SERVER_TIME_FIELD]: FieldValue.serverTimestamp() });
          }
        },
        putIdempotency(id, row) {
          t.set(col('api_idempotency').doc(id), row);
        },
      }),
    );
  },
};

const deps: FunctionDeps = {
  async verifyIdToken(token) {
    try {
      return (await getAuth().verifyIdToken(token, true)).uid;
    } catch {
      return null;
    }
  },
  async profile(uid) {
    const user = (await col('users').doc(uid).get()).data();
    if (!user) return null;
    const role = typeof user.role === 'string' && user.role !== '' ? (await col('catalog').doc(user.role).get()).data() : undefined;
    return { email: String(user.email ?? ''), active: user.active === true && user._deleted !== true, baseRole: String(role?.base_role ?? 'anonimus') };
  },
  async setPassword(uid, email, password) {
    try {
      await getAuth().updateUser(uid, { email, password });
    } catch (err) {
      if ((err as { code?: string }).code !== 'auth/user-not-found') throw err;
      await getAuth().createUser({ uid, email, password });
    }
  },
  orderApi: new FirestoreOrderApi(orderData),
  osrm: { baseUrl: process.env.OSRM_URL ? checkOsrmUrl(process.env.OSRM_URL) : undefined },
};

export const api = onRequest({ region: 'europe-west1' }, async (req, res) => {
  // Cloud Functions keeps the body as received (rawBody) next to the parsed one.
  const raw = (req as { rawBody?: Buffer }).rawBody;
  const body = req.body as unknown;
  const bodyBytes = raw?.length ?? (body === undefined || body === null ? 0 : Buffer.byteLength(typeof body === 'string' ? body : JSON.stringify(body)));
  const answer = await handle(
    { method: req.method, path: req.path, headers: req.headers, body, bodyBytes, address: req.ip ?? '' },
    deps,
  );
  res.status(answer.status);
  for (const [k, v] of Object.entries(answer.headers ?? {})) res.set(k, v);
  if (answer.body === null) res.end();
  else res.json(answer.body);
});

/** The payment-due function's reads and write (./paymentDue.ts), in one admin transaction. */
const dueData: DueData = {
  transaction(work) {
    return db.runTransaction((t) =>
      work({
        order: async (id) => live<Order>(await t.get(col('orders').doc(id))),
        payment: async (id) => live<Payment>(await t.get(col('payments').doc(id))),
        events: async (orderId) => (await t.get(col('deliveries').where('order_id', '==', orderId))).docs.map((d) => live<DeliveryEvent>(d)).filter((e) => e !== null),
        put(payment) {
          t.set(col('payments').doc(payment.id), { ...(encodeNested(payment, isTimestamp) as Record<string, unknown>), _deleted: false, [SERVER_TIME_FIELD]: FieldValue.serverTimestamp() });
        },
      }),
    );
  },
};

/** Finding 1 of issue 29: the amount due of an order payment is the server's, never the device's. */
export const paymentDueOnPayment = onDocumentWritten({ region: 'europe-west1', document: `${PREFIX}payments/{id}` }, async (event) => {
  const after = event.data?.after.data() ?? null;
  if (!paymentAppeared(event.data?.before.data() ?? null, after) || typeof after?.order_id !== 'string') return;
  await recomputePaymentDue(dueData, after.order_id);
});

export const paymentDueOnDelivery = onDocumentCreated({ region: 'europe-west1', document: `${PREFIX}deliveries/{id}` }, async (event) => {
  const data = event.data?.data() ?? null;
  if (!deliveryCounts(data)) return;
  await recomputePaymentDue(dueData, String(data?.order_id));
});

/** The route follow-up's reads and writes (./routeWrite.ts), in one admin transaction. */
const routeData: RouteData = {
  async riderRoutes(riderId) {
    return (await col('routes').where('rider_id', '==', riderId).get()).docs.map((d) => stored(d)?.doc as StoredRoute | undefined).filter((r) => r !== undefined);
  },
  async routesWrittenSince(sinceMs) {
    return (await col('routes').where(SERVER_TIME_FIELD, '>=', Timestamp.fromMillis(sinceMs)).get()).docs.map((d) => stored(d)?.doc as StoredRoute | undefined).filter((r) => r !== undefined);
  },
  transaction(work) {
    return db.runTransaction((t) =>
      work({
        route: async (id) => (stored(await t.get(col('routes').doc(id)))?.doc as StoredRoute | undefined) ?? null,
        order: async (id) => live<Order>(await t.get(col('orders').doc(id))),
        async pointRiders(id) {
          const data = (await t.get(col('delivery_points').doc(id))).data();
          if (!data) return null;
          const riders: unknown = data[POINT_RIDERS_FIELD];
          return Array.isArray(riders) ? riders.filter((r): r is string => typeof r === 'string') : [];
        },
        putOrder(order) {
          t.set(col('orders').doc(order.id), { ...(encodeNested(order, isTimestamp) as Record<string, unknown>), _deleted: false, [SERVER_TIME_FIELD]: FieldValue.serverTimestamp() });
        },
        putPointRiders(id, riderIds) {
          t.update(col('delivery_points').doc(id), { [POINT_RIDERS_FIELD]: [...riderIds], [SERVER_TIME_FIELD]: FieldValue.serverTimestamp() });
        },
      }),
    );
  },
};

/**
 * Issue 29 finding 2 and issue 27 on Firebase: after every route write, its points' readers
 * (`rider_ids`) and its orders' route and «Pendiente»/«En ruta» follow its stops.
 */
export const routeFollowUp = onDocumentWritten({ region: 'europe-west1', document: `${PREFIX}routes/{id}` }, async (event) => {
  const before = event.data?.before;
  const prior = before && before.exists ? ((stored(before)?.doc as StoredRoute | undefined) ?? null) : null;
  await followRouteWrite(routeData, prior, String(event.params.id));
});

/** A delivery point stored after a route that stops at it gets that route's rider as a reader. */
export const pointFollowUp = onDocumentCreated({ region: 'europe-west1', document: `${PREFIX}delivery_points/{id}` }, async (event) => {
  await followPointCreate(routeData, String(event.params.id));
});
