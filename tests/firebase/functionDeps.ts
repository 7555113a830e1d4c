/**
 * The HTTP function's dependencies (functions/src/handlers.ts) backed by the emulators, for the
 * Firebase suite and the Firebase e2e project (the deployed function binds them to
 * firebase-admin instead, functions/src/index.ts). The Auth emulator's ID tokens are unsigned:
 * they are decoded here, not verified. Firestore is reached as the emulator's owner (past the
 * rules), as the admin SDK is.
 */
import { Timestamp, collection, doc, getDoc, getDocs, orderBy, query, runTransaction, serverTimestamp, setDoc, where, type Firestore } from 'firebase/firestore';
import type { FunctionDeps } from '../../functions/src/handlers';
import type { DueData } from '../../functions/src/paymentDue';
import { POINT_RIDERS_FIELD, type RouteData, type StoredRoute } from '../../functions/src/routeWrite';
import type { DeliveryEvent } from '../../src/domain/entities/events';
import type { Payment } from '../../src/domain/entities/operation';
import { FirestoreOrderApi, type IdempotencyRow, type OrderData, type OrderTx } from '../../functions/src/orders';
import type { KeyRow } from '../../server/apiKeys';
import type { OrderApiOptions } from '../../server/orderApiCore';
import type { OsrmProxyOptions } from '../../server/osrmProxy';
import { SERVER_TIME_FIELD } from '../../src/domain/access/firestoreRules';
import type { DeliveryPoint, Order } from '../../src/domain/entities/operation';
import { fromSnapshot, timestampOf, toFirestore } from '../../src/backend/firebase/docs';
import type { SyncDoc } from '../../src/backend/types';
import { authProject, clientDb, emulatorHosts, readField } from './emulator';

/** The order API's Firestore reads and writes through the client SDK, as the owner. */
export function emulatorOrderData(db: Firestore, prefix = 'cb_'): OrderData {
  const col = (name: string) => collection(db, `${prefix}${name}`);
  const live = <T>(snap: Parameters<typeof fromSnapshot>[0]): T | null => {
    const pulled = fromSnapshot(snap);
    return pulled && pulled.doc._deleted !== true ? (pulled.doc as unknown as T) : null;
  };
  return {
    async key(id) {
      const snap = await getDoc(doc(col('api_keys'), id));
      return snap.exists() ? (snap.data() as KeyRow) : null;
    },
    async putKey(row) {
      await setDoc(doc(col('api_keys'), row.id), row);
    },
    async keys() {
      return (await getDocs(col('api_keys'))).docs.map((d) => d.data() as KeyRow);
    },
    async changedSince(name, since) {
      const q = since === null ? query(col(name), orderBy(SERVER_TIME_FIELD)) : query(col(name), where(SERVER_TIME_FIELD, '>', timestampOf(since)), orderBy(SERVER_TIME_FIELD));
      const pulled = (await getDocs(q)).docs.map((d) => fromSnapshot(d)).filter((p) => p !== null);
      return { docs: pulled.map((p) => p.doc as Record<string, unknown>), latest: pulled.reduce<number | null>((m, p) => (m === null || p.at > m ? p.at : m), since) };
    },
    async ordersOfRefs(clientId, refs) {
      const snap = await getDocs(query(col('orders'), where('client_id', '==', clientId), where('external_ref', 'in', [...refs])));
      return snap.docs.map((d) => live<Order>(d)).filter((o) => o !== null);
    },
    transaction(work) {
      return runTransaction(db, async (t) => {
        const tx: OrderTx = {
          order: async (id) => live<Order>(await t.get(doc(col('orders'), id))),
          point: async (id) => live<DeliveryPoint>(await t.get(doc(col('delivery_points'), id))),
          async idempotency(id) {
            const snap = await t.get(doc(col('api_idempotency'), id));
            return snap.exists() ? (snap.data() as IdempotencyRow) : null;
          },
          put(name, docs) {
            for (const d of docs) t.set(doc(col(name), String(d.id)), toFirestore({ ...d, _deleted: false } as SyncDoc));
          },
          putIdempotency(id, row) {
            t.set(doc(col('api_idempotency'), id), row);
          },
        };
        return work(tx);
      });
    },
  };
}

/** The payment-due function's reads and write (functions/src/paymentDue.ts) through the client SDK, as the owner. */
export function emulatorDueData(db: Firestore, prefix = 'cb_'): DueData {
  const col = (name: string) => collection(db, `${prefix}${name}`);
  const live = <T>(snap: Parameters<typeof fromSnapshot>[0]): T | null => {
    const pulled = fromSnapshot(snap);
    return pulled && pulled.doc._deleted !== true ? (pulled.doc as unknown as T) : null;
  };
  return {
    transaction(work) {
      return runTransaction(db, (t) =>
        work({
          order: async (id) => live<Order>(await t.get(doc(col('orders'), id))),
          payment: async (id) => live<Payment>(await t.get(doc(col('payments'), id))),
          // A query cannot run inside a client transaction; the admin binding reads it inside.
          events: async (orderId) => (await getDocs(query(col('deliveries'), where('order_id', '==', orderId)))).docs.map((d) => live<DeliveryEvent>(d)).filter((e) => e !== null),
          put(payment) {
            t.set(doc(col('payments'), payment.id), toFirestore({ ...payment, _deleted: false } as unknown as SyncDoc));
          },
        }),
      );
    },
  };
}

/** The route follow-up's reads and writes (functions/src/routeWrite.ts) through the client SDK, as the owner. */
export function emulatorRouteData(db: Firestore, prefix = 'cb_'): RouteData {
  const col = (name: string) => collection(db, `${prefix}${name}`);
  return {
    async riderRoutes(riderId) {
      return (await getDocs(query(col('routes'), where('rider_id', '==', riderId)))).docs.map((d) => fromSnapshot(d)?.doc as StoredRoute | undefined).filter((r) => r !== undefined);
    },
    async routesWrittenSince(sinceMs) {
      return (await getDocs(query(col('routes'), where(SERVER_TIME_FIELD, '>=', Timestamp.fromMillis(sinceMs))))).docs.map((d) => fromSnapshot(d)?.doc as StoredRoute | undefined).filter((r) => r !== undefined);
    },
    transaction(work) {
      return runTransaction(db, (t) =>
        work({
          route: async (id) => (fromSnapshot(await t.get(doc(col('routes'), id)))?.doc as StoredRoute | undefined) ?? null,
          async order(id) {
            const pulled = fromSnapshot(await t.get(doc(col('orders'), id)));
            return pulled && pulled.doc._deleted !== true ? (pulled.doc as unknown as Order) : null;
          },
          async pointRiders(id) {
            const data = (await t.get(doc(col('delivery_points'), id))).data();
            if (!data) return null;
            const riders: unknown = data[POINT_RIDERS_FIELD];
            return Array.isArray(riders) ? riders.filter((r): r is string => typeof r === 'string') : [];
          },
          putOrder(order) {
            t.set(doc(col('orders'), order.id), toFirestore({ ...order, _deleted: false } as unknown as SyncDoc));
          },
          putPointRiders(id, riderIds) {
            t.update(doc(col('delivery_points'), id), { [POINT_RIDERS_FIELD]: [...riderIds], [SERVER_TIME_FIELD]: serverTimestamp() });
          },
        }),
      );
    },
  };
}

export function emulatorFunctionDeps(project: string, prefix = 'cb_', orderApi: OrderApiOptions = {}, osrm: OsrmProxyOptions = { baseUrl: undefined }): FunctionDeps {
  return {
    async verifyIdToken(token) {
      try {
        const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { user_id?: string };
        return claims.user_id ?? null;
      } catch {
        return null;
      }
    },
    async profile(uid) {
      const email = await readField(project, `${prefix}users/${uid}`, 'email');
      if (typeof email !== 'string') return null;
      const role = await readField(project, `${prefix}users/${uid}`, 'role');
      const base = await readField(project, `${prefix}catalog/${String(role)}`, 'base_role');
      return { email, active: (await readField(project, `${prefix}users/${uid}`, 'active')) === true, baseRole: String(base ?? 'anonimus') };
    },
    async setPassword(uid, email, password) {
      const api = `http://${emulatorHosts().auth}/identitytoolkit.googleapis.com/v1/projects/${authProject()}`;
      const call = (path: string) =>
        fetch(`${api}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' }, body: JSON.stringify({ localId: uid, email, password }) });
      const updated = await call('/accounts:update');
      if (updated.ok) return;
      const created = await call('/accounts');
      if (!created.ok) throw new Error(`setPassword ${uid}: ${created.status}`);
    },
    orderApi: new FirestoreOrderApi(emulatorOrderData(clientDb(project, 'owner'), prefix), orderApi),
    osrm,
  };
}
