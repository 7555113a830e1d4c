/**
 * The clients' order API on Firebase (issue #14): the same endpoints and answers as the embedded
 * server (server/routes/orderApi.ts; every decision is in server/orderApiCore.ts), with the keys,
 * the orders and the Idempotency-Keys in Firestore:
 *
 *   POST   /api/ordersqualianza, /api/ordersbimbo   X-Api-Key of the client → 201 / 200 / 4xx
 *   GET    /api/docs                                the OpenAPI document (public)
 *   POST   /api/admin/api-keys                      an admin's ID token → 201 { id, key }
 *   GET    /api/admin/api-keys                      → the keys (never their secrets)
 *   DELETE /api/admin/api-keys/:id                  → the key, revoked
 *
 * - Keys live in `<prefix>api_keys/<id>` (only the SHA-256 of the secret), Idempotency-Keys in
 *   `<prefix>api_idempotency/<client>__<sha256 of the key>`: neither is a local collection, the
 *   rules let no device read them, only the function (admin SDK) does.
 * - An order is written in ONE Firestore transaction with its new point «sin ubicación» and its
 *   Idempotency-Key, stamped with the server time like a device's push, so every device pulls it.
 *   The transaction reads the order by its deterministic id (`o-imp-…`): two identical requests
 *   at once make one order (Firestore retries the second, which then sees the first).
 * - The catalogue, products and points the plan needs are kept by the function's instance and
 *   brought up to date on each request with the documents changed since (by server time).
 * - The back-off after wrong keys and the rate per key are counted per instance.
 */
// The functions word texts of every catalogue (the order API's answers, the refusals).
import '../../src/i18n/messages.es';
import { createHash } from 'node:crypto';
import type { DeliveryPoint, Order, Product } from '../../src/domain/entities/operation';
import { intakeOrderId } from '../../src/domain/intake/ids';
import { MAX_BODY_BYTES } from '../../src/domain/orderApi/openapi';
import { ORDER_API_CLIENTS } from '../../src/domain/orderApi/shapes';
import { t } from '../../src/i18n';
import { keyIdOf, keyInfo, keyMatches, newKey, type KeyRow } from '../../server/apiKeys';
import {
  KeyGate,
  checkSubmit,
  fail,
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
} from '../../server/orderApiCore';

/** The collections the plan reads (by server time, for the instance's copy). */
export const REFERENCE_COLLECTIONS = ['catalog', 'products', 'delivery_points'] as const;
export type ReferenceCollection = (typeof REFERENCE_COLLECTIONS)[number];

/** A remembered Idempotency-Key. */
export interface IdempotencyRow {
  readonly client_id: string;
  readonly body_hash: string;
  readonly order_id: string;
  readonly at: number;
}

/** Reads and writes of one transaction. Firestore wants every read before the first write. */
export interface OrderTx {
  order(id: string): Promise<Order | null>;
  point(id: string): Promise<DeliveryPoint | null>;
  idempotency(id: string): Promise<IdempotencyRow | null>;
  /** Stores documents of a local collection (`_deleted: false` and the server time added). */
  put(collection: 'orders' | 'delivery_points', docs: readonly Record<string, unknown>[]): void;
  putIdempotency(id: string, row: IdempotencyRow): void;
}

/**
 * What the order API reads and writes in Firestore: bound to firebase-admin in ./index.ts, to
 * the emulator in the Firebase suite (tests/firebase/functionDeps.ts). Documents come back as the
 * app stores them (nested arrays decoded, `_deleted` a boolean, no server time).
 */
export interface OrderData {
  key(id: string): Promise<KeyRow | null>;
  putKey(row: KeyRow): Promise<void>;
  keys(): Promise<KeyRow[]>;
  /**
   * The documents of `collection` written after `since` (server time in µs; all when null) and
   * the latest server time among them (`since` when none).
   */
  changedSince(collection: ReferenceCollection, since: number | null): Promise<{ docs: Record<string, unknown>[]; latest: number | null }>;
  /** A client's orders whose reference is one of `refs` (typed by hand; read outside the transaction). */
  ordersOfRefs(clientId: string, refs: readonly string[]): Promise<Order[]>;
  transaction<T>(work: (tx: OrderTx) => Promise<T>): Promise<T>;
}

export interface OrderRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: unknown;
  /** Size of the body as received, in bytes. */
  readonly bodyBytes: number;
  /** The caller's address (for the back-off after wrong keys). */
  readonly address: string;
  /** The body was not JSON although it said so. */
  readonly malformed?: boolean;
}

/** Firestore's «aborted» (a transaction that lost to others too many times). */
function isContention(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'aborted' || code === 10;
}

const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex');

/** The id of a remembered Idempotency-Key: the client and a hash (any printable key fits a document id). */
export const idempotencyId = (clientId: string, key: string) => `${clientId}__${sha256hex(key)}`;

export class FirestoreOrderApi {
  private readonly gate: KeyGate;
  private readonly now: () => number;
  private readonly copies = new Map<ReferenceCollection, { docs: Map<string, Record<string, unknown>>; latest: number | null }>();
  private reference: OrderApiReference | null = null;
  private updating: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly data: OrderData,
    opts: OrderApiOptions = {},
  ) {
    this.gate = new KeyGate(opts);
    this.now = opts.now ?? Date.now;
  }

  /** Whether `path` is one of this API's endpoints. */
  static handles(path: string): boolean {
    return path === '/api/docs' || path === '/api/admin/api-keys' || path.startsWith('/api/admin/api-keys/') || ORDER_API_CLIENTS.some((c) => c.path === path);
  }

  /** An order endpoint or the docs (no session: the key, or nothing for the docs). */
  async public(req: OrderRequest): Promise<ApiAnswer | null> {
    if (req.path === '/api/docs') {
      if (req.method !== 'GET') return fail(405, 'method', 'Usa GET');
      return { status: 200, headers: { 'Cache-Control': 'no-cache' }, body: orderApiDocs(await this.fresh(), this.now(), this.gate.ratePerMinute) };
    }
    const client = ORDER_API_CLIENTS.find((c) => c.path === req.path);
    if (!client) return null;
    if (req.method !== 'POST') return fail(405, 'method', 'Usa POST');
    // The key first: nothing of the body is read for a caller without one.
    const first = this.gate.before(req.headers['x-api-key'], req.address);
    if (!first.ok) return first.answer;
    const id = keyIdOf(first.raw);
    const row = id ? await this.data.key(id) : null;
    const now = this.now();
    const matched = keyMatches(row, first.raw, now);
    const gated = this.gate.after(client, matched ? { id: row.id, clientKey: row.client_key, clientId: row.client_id } : null, req.address);
    if (!gated.ok) return gated.answer;
    if (matched) await this.data.putKey({ ...row, last_used_at: now });
    const key = gated.key;

    if (req.bodyBytes > MAX_BODY_BYTES) return fail(413, 'too_large', t('orderApi.error.tooLarge'));
    const type = String(req.headers['content-type'] ?? '');
    if (type !== '' && !/^application\/json\b/i.test(type)) return fail(415, 'unsupported_type', t('orderApi.error.unsupportedType'));
    if (req.malformed === true) return fail(400, 'bad_request', t('orderApi.error.notJson'));
    if (req.bodyBytes === 0 || req.body === null || req.body === undefined) return fail(400, 'bad_request', t('orderApi.error.emptyBody'));
    if (type === '') return fail(415, 'unsupported_type', t('orderApi.error.unsupportedType'));
    if (typeof req.body !== 'object') return fail(400, 'bad_request', t('orderApi.error.notJson'));

    const request = checkSubmit(client, req.body, req.headers['idempotency-key']);
    if (!request.ok) return request.answer;
    const { checked } = request;
    const reference = await this.fresh();
    const ref = checked.ref.trim();
    const typed = orderOfRef(await this.data.ordersOfRefs(key.clientId, [...new Set([ref, ref.toUpperCase(), ref.toLowerCase()])]), key.clientId, ref);
    const write = this.data.transaction(async (tx): Promise<ApiAnswer> => {
      const at = this.now();
      const idemId = checked.idem === null ? null : idempotencyId(key.clientId, checked.idem);
      const seen = idemId === null ? null : await tx.idempotency(idemId);
      const replay = replayOf(seen, checked, at);
      if (replay === 'conflict') return idempotencyConflict();
      const byId = await tx.order(intakeOrderId(key.clientId, ref));
      if (replay === 'replay' && seen) {
        const order = seen.order_id === byId?.id ? byId : await tx.order(seen.order_id);
        if (order) return orderAnswerOf(order, 'unchanged', pointLocated(await tx.point(order.delivery_point_id)));
      }
      const plan = planSubmit(client, key, checked, reference, byId ?? typed, at);
      if (!plan.ok) return plan.answer;
      const newPoint = plan.points.find((p) => p.id === plan.order.delivery_point_id);
      const point = newPoint ?? (await tx.point(plan.order.delivery_point_id));
      if (plan.points.length > 0) tx.put('delivery_points', plan.points as unknown as Record<string, unknown>[]);
      if (plan.orders.length > 0) tx.put('orders', plan.orders as unknown as Record<string, unknown>[]);
      if (idemId !== null && checked.idem !== null) tx.putIdempotency(idemId, { client_id: key.clientId, body_hash: checked.hash, order_id: plan.order.id, at });
      return orderAnswerOf(plan.order, plan.result, pointLocated(point));
    });
    // Firestore gave up on the transaction after its retries (many requests on one order at
    // once): nothing was written; the client tries again.
    return write.catch((err: unknown) => {
      if (!isContention(err)) throw err;
      return fail(503, 'busy', t('orderApi.error.busy'), {}, { 'Retry-After': '1' });
    });
  }

  /** The admins' key management (the caller is an active admin: ./handlers.ts checks it). */
  async admin(req: OrderRequest, adminId: string): Promise<ApiAnswer> {
    if (req.path === '/api/admin/api-keys') {
      if (req.method === 'GET') {
        const rows = await this.data.keys();
        return { status: 200, body: rows.sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? -1 : 1)).map(keyInfo) };
      }
      if (req.method !== 'POST') return fail(405, 'method', 'Usa GET o POST');
      const planned = planKey(req.body, (await this.fresh()).clients, this.now());
      if (!planned.ok) return planned.answer;
      const { row, key } = newKey({ ...planned.input, createdBy: adminId }, this.now());
      await this.data.putKey(row);
      return { status: 201, body: { id: row.id, key } };
    }
    if (req.method !== 'DELETE') return fail(405, 'method', 'Usa DELETE');
    const id = decodeURIComponent(req.path.slice('/api/admin/api-keys/'.length));
    const row = id === '' ? null : await this.data.key(id);
    if (!row) return keyNotFound();
    const revoked = { ...row, revoked_at: row.revoked_at ?? this.now() };
    if (row.revoked_at === null) await this.data.putKey(revoked);
    return { status: 200, body: keyInfo(revoked) };
  }

  /**
   * The instance's copy of the reference, with what changed since the last request. One update
   * at a time: a slower, older read must not put back documents a newer one replaced.
   */
  private fresh(): Promise<OrderApiReference> {
    const next = this.updating.catch(() => undefined).then(() => this.update());
    this.updating = next;
    return next;
  }

  private async update(): Promise<OrderApiReference> {
    let changed = false;
    for (const c of REFERENCE_COLLECTIONS) {
      const copy = this.copies.get(c) ?? { docs: new Map<string, Record<string, unknown>>(), latest: null };
      const { docs, latest } = await this.data.changedSince(c, copy.latest);
      for (const d of docs) {
        if (d._deleted === true) copy.docs.delete(String(d.id));
        else copy.docs.set(String(d.id), d);
      }
      if (docs.length > 0 || !this.copies.has(c)) changed = true;
      this.copies.set(c, { docs: copy.docs, latest });
    }
    if (changed || !this.reference) {
      const live = (c: ReferenceCollection) => [...(this.copies.get(c)?.docs.values() ?? [])];
      this.reference = orderApiReference(live('catalog') as { kind: string }[], live('products') as unknown as Product[], live('delivery_points') as unknown as DeliveryPoint[]);
    }
    return this.reference;
  }
}
