/**
 * The clients' order API (issue #10), free of Fastify: `server/routes/orderApi.ts` mounts it in
 * the embedded server, and a cloud function can call the same methods with its own request
 * object. Every method takes plain values and returns `{ status, headers, body }`.
 *
 * - `authenticate`: the `X-Api-Key` of the endpoint's client (401 missing/wrong/expired/revoked,
 *   403 another client's key, 429 after too many wrong keys from one address or too many
 *   requests with one key in a minute, with `Retry-After`).
 * - `submit`: the body checked by its client's zod schema, mapped onto intake records and planned
 *   by the same `planIntake` as a file import (src/domain/orderApi, src/domain/intake); the order
 *   (and a new point «sin ubicación») written in ONE SQLite transaction, stamped with sequence
 *   numbers like a device's push, so every device pulls it through the normal sync and the SSE
 *   stream is told at once. Idempotent: the order's id is deterministic (`o-imp-…` from client
 *   and reference), and an `Idempotency-Key` replays the first answer; the whole check-and-write
 *   runs synchronously inside the transaction, so concurrent identical requests create one order.
 * - `docs`: the OpenAPI document, with examples made from the live catalogue and today's date.
 * - `createKey`, `listKeys`, `revokeKey`: the admins' key management (the caller checks the admin).
 *
 * Every decision is in ./orderApiCore.ts, shared with the Firebase function; this class reads and
 * writes SQLite around them.
 */
import type { LocalCollection } from '../src/domain/collections';
import type { DeliveryPoint, Order, Product } from '../src/domain/entities/operation';
import { intakeOrderId } from '../src/domain/intake/ids';
import type { KeyInfo } from '../src/domain/orderApi/answers';
import type { OrderApiClient } from '../src/domain/orderApi/shapes';
import type { ExampleInput } from '../src/domain/orderApi/shapes';
import { ApiKeys } from './apiKeys';
import {
  IDEMPOTENCY_TTL_MS,
  KeyGate,
  checkSubmit,
  exampleInput,
  idempotencyConflict,
  keyNotFound,
  orderAnswerOf,
  orderApiDocs,
  orderApiReference,
  orderOfRef,
  planKey,
  planSubmit,
  pointLocated,
  replayOf,
  type ApiAnswer,
  type OrderApiOptions,
  type OrderApiReference,
  type VerifiedKey,
} from './orderApiCore';
import type { DocStore, StoredDoc } from './store';

export { IDEMPOTENCY_TTL_MS, madridEndOfDay, type ApiAnswer, type OrderApiOptions } from './orderApiCore';

export class OrderApi {
  readonly keys: ApiKeys;
  readonly ratePerMinute: number;
  private readonly now: () => number;
  private readonly gate: KeyGate;
  private cached: { head: number; reference: OrderApiReference } | null = null;

  constructor(
    private readonly store: DocStore,
    /** Tells the sync streams which collections changed (SyncService.notify). */
    private readonly notify: (collections: ReadonlySet<LocalCollection>) => void,
    opts: OrderApiOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
    this.keys = new ApiKeys(store.db, this.now);
    this.gate = new KeyGate(opts);
    this.ratePerMinute = this.gate.ratePerMinute;
  }

  // ── Keys ────────────────────────────────────────────────────────────────────────────────────

  /** The key of a request to `client`'s endpoint, or the answer that refuses it. */
  authenticate(client: OrderApiClient, header: string | readonly string[] | undefined, address: string): { ok: true; key: VerifiedKey } | { ok: false; answer: ApiAnswer } {
    const first = this.gate.before(header, address);
    if (!first.ok) return first;
    return this.gate.after(client, this.keys.verify(first.raw), address);
  }

  /** POST /api/admin/api-keys (the caller is an admin). */
  createKey(body: unknown, adminId: string): ApiAnswer {
    const planned = planKey(body, this.reference().clients, this.now());
    if (!planned.ok) return planned.answer;
    const created = this.keys.create({ ...planned.input, createdBy: adminId });
    return { status: 201, body: { id: created.id, key: created.key } };
  }

  listKeys(): KeyInfo[] {
    return this.keys.list();
  }

  revokeKey(id: string): ApiAnswer {
    const info = this.keys.revoke(id);
    return info ? { status: 200, body: info } : keyNotFound();
  }

  // ── Orders ──────────────────────────────────────────────────────────────────────────────────

  /** POST /api/ordersqualianza, /api/ordersbimbo with an authenticated key of that client. */
  submit(client: OrderApiClient, key: VerifiedKey, body: unknown, idempotencyHeader: string | readonly string[] | undefined): ApiAnswer {
    const request = checkSubmit(client, body, idempotencyHeader);
    if (!request.ok) return request.answer;
    const { checked } = request;
    const touched = new Set<LocalCollection>();
    const answer = this.store.transaction((): ApiAnswer => {
      const now = this.now();
      if (checked.idem !== null) {
        const seen = this.store.db.prepare('SELECT body_hash, order_id, at FROM api_idempotency WHERE client_id = ? AND idem_key = ?').get(key.clientId, checked.idem) as
          | { body_hash: string; order_id: string; at: number }
          | undefined;
        const replay = replayOf(seen ?? null, checked, now);
        if (replay === 'conflict') return idempotencyConflict();
        const order = replay === 'replay' && seen ? this.store.get('orders', seen.order_id) : null;
        if (order && !order._deleted) return this.answerFor(order as unknown as Order, 'unchanged');
      }
      const plan = planSubmit(client, key, checked, this.reference(), this.findOrder(key.clientId, checked.ref), now, (routeId) => {
        const route = this.store.get('routes', routeId);
        return route && typeof route.code === 'string' && route.code !== '' ? route.code : null;
      });
      if (!plan.ok) return plan.answer;
      for (const p of plan.points) {
        this.store.put('delivery_points', { ...p, _deleted: false } as unknown as StoredDoc);
        touched.add('delivery_points');
      }
      for (const o of plan.orders) {
        this.store.put('orders', { ...o, _deleted: false } as unknown as StoredDoc);
        touched.add('orders');
      }
      if (checked.idem !== null) {
        this.store.db.prepare('DELETE FROM api_idempotency WHERE at < ?').run(now - IDEMPOTENCY_TTL_MS);
        this.store.db
          .prepare('INSERT OR REPLACE INTO api_idempotency (client_id, idem_key, body_hash, order_id, at) VALUES (?, ?, ?, ?, ?)')
          .run(key.clientId, checked.idem, checked.hash, plan.order.id, now);
      }
      return this.answerFor(plan.order, plan.result, plan.points);
    });
    // After the commit: devices pull what is stored.
    this.notify(touched);
    return answer;
  }

  private answerFor(order: Order, result: 'created' | 'updated' | 'unchanged', newPoints: readonly DeliveryPoint[] = []): ApiAnswer {
    const point = newPoints.find((p) => p.id === order.delivery_point_id) ?? (this.store.get('delivery_points', order.delivery_point_id) as unknown as DeliveryPoint | null);
    return orderAnswerOf(order, result, pointLocated(point));
  }

  /** The stored order of a client's reference: by its deterministic id, else by reference (an order typed by hand). */
  private findOrder(clientId: string, ref: string): Order | null {
    const byId = this.store.get('orders', intakeOrderId(clientId, ref.trim()));
    if (byId && !byId._deleted) return byId as unknown as Order;
    const rows = this.store.db
      .prepare(
        `SELECT data FROM docs WHERE collection = 'orders' AND deleted = 0
           AND json_extract(data, '$.client_id') = ? AND lower(trim(json_extract(data, '$.external_ref'))) = ?`,
      )
      .all(clientId, ref.trim().toLowerCase()) as { data: string }[];
    return orderOfRef(rows.map((r) => JSON.parse(r.data) as Order), clientId, ref);
  }

  private live<T>(collection: LocalCollection): T[] {
    return (this.store.db.prepare('SELECT data FROM docs WHERE collection = ? AND deleted = 0').all(collection) as { data: string }[]).map((r) => JSON.parse(r.data) as T);
  }

  /** The catalogue, points and hubs as an intake index (orders apart), rebuilt only when the store changed. */
  private reference(): OrderApiReference {
    const head = this.store.head();
    if (this.cached && this.cached.head === head) return this.cached.reference;
    const reference = orderApiReference(this.live<{ kind: string }>('catalog'), this.live<Product>('products'), this.live<DeliveryPoint>('delivery_points'));
    this.cached = { head, reference };
    return reference;
  }

  // ── Docs ────────────────────────────────────────────────────────────────────────────────────

  /** An example body for a client: tomorrow (Madrid), a point and two products it has. */
  exampleInput(clientKey: string): ExampleInput | null {
    return exampleInput(this.reference(), clientKey, this.now());
  }

  docs(): Record<string, unknown> {
    return orderApiDocs(this.reference(), this.now(), this.ratePerMinute);
  }
}
