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
 */
import { createHash } from 'node:crypto';
import type { LocalCollection } from '../src/domain/collections';
import type { DeliveryPoint, Order, Product } from '../src/domain/entities/operation';
import type { Client, Hub, Tax } from '../src/domain/entities/reference';
import { madridDate } from '../src/domain/dates';
import { addDays, indexIntakeContext, orderRefKey, type IntakeIndex } from '../src/domain/intake';
import { intakeOrderId } from '../src/domain/intake/ids';
import { createKeySchema, orderAnswer, type ApiError, type KeyInfo, type OrderAnswer } from '../src/domain/orderApi/answers';
import { checkBody, placeIssues, planApiOrder, shapeProblems } from '../src/domain/orderApi/check';
import { DEFAULT_RATE_PER_MINUTE, openApiDocument } from '../src/domain/orderApi/openapi';
import { ORDER_API_CLIENTS, type ExampleInput, type OrderApiClient } from '../src/domain/orderApi/shapes';
import { t } from '../src/i18n';
import { apiIntakeProblems, apiShapeProblems } from '../src/i18n/orderApi';
import { ApiKeys, type VerifiedKey } from './apiKeys';
import type { DocStore, StoredDoc } from './store';
import { Backoff, FixedWindow, waitText, type BackoffOptions } from './throttle';

export interface ApiAnswer {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body: unknown;
}

export interface OrderApiOptions {
  /** Requests per minute and per key (default 120). */
  readonly ratePerMinute?: number;
  /** Wrong keys per address before waits (default: 20 free, then 1 s doubling up to 15 min). */
  readonly failures?: BackoffOptions;
  readonly now?: () => number;
}

/** How long an Idempotency-Key is remembered. */
export const IDEMPOTENCY_TTL_MS = 7 * 24 * 3600_000;

const IDEM_RE = /^[\x21-\x7e]{1,200}$/;

const fail = (status: number, error: string, message: string, extra: Partial<ApiError> = {}, headers?: Record<string, string>): ApiAnswer => ({
  status,
  ...(headers ? { headers } : {}),
  body: { error, message, ...extra } satisfies ApiError,
});

/** JSON with object keys sorted: the same body however its keys were ordered. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** First instant (epoch ms) of the Madrid day after `date`. */
export function madridEndOfDay(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  // Madrid is UTC+1 or UTC+2: its next midnight is 22:00 or 23:00 UTC of `date`.
  const at22 = Date.UTC(y, m - 1, d, 22, 0);
  return madridDate(at22) === date ? at22 + 3600_000 : at22;
}

export class OrderApi {
  readonly keys: ApiKeys;
  readonly ratePerMinute: number;
  private readonly now: () => number;
  private readonly failures: Backoff;
  private readonly rate: FixedWindow;
  private cached: { head: number; index: IntakeIndex; points: Map<string, DeliveryPoint>; clients: Client[] } | null = null;

  constructor(
    private readonly store: DocStore,
    /** Tells the sync streams which collections changed (SyncService.notify). */
    private readonly notify: (collections: ReadonlySet<LocalCollection>) => void,
    opts: OrderApiOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
    this.keys = new ApiKeys(store.db, this.now);
    this.ratePerMinute = opts.ratePerMinute ?? DEFAULT_RATE_PER_MINUTE;
    this.failures = new Backoff(opts.failures ?? { free: 20, baseMs: 1000, maxMs: 15 * 60_000, forgetMs: 3600_000 }, this.now);
    this.rate = new FixedWindow(this.ratePerMinute, 60_000, this.now);
  }

  // ── Keys ────────────────────────────────────────────────────────────────────────────────────

  /** The key of a request to `client`'s endpoint, or the answer that refuses it. */
  authenticate(client: OrderApiClient, header: string | readonly string[] | undefined, address: string): { ok: true; key: VerifiedKey } | { ok: false; answer: ApiAnswer } {
    const wait = this.failures.wait(address);
    if (wait > 0) {
      return { ok: false, answer: fail(429, 'rate_limited', t('orderApi.error.tooManyFailures', { wait: waitText(wait) }), {}, { 'Retry-After': String(Math.ceil(wait / 1000)) }) };
    }
    const raw = typeof header === 'string' ? header.trim() : '';
    if (raw === '') return { ok: false, answer: fail(401, 'unauthorized', t('orderApi.error.missingKey')) };
    const key = this.keys.verify(raw);
    if (!key) {
      this.failures.fail(address);
      return { ok: false, answer: fail(401, 'unauthorized', t('orderApi.error.badKey')) };
    }
    if (key.clientKey !== client.key) return { ok: false, answer: fail(403, 'forbidden', t('orderApi.error.otherClient', { path: client.path })) };
    const limited = this.rate.take(key.id);
    if (limited > 0) {
      return { ok: false, answer: fail(429, 'rate_limited', t('orderApi.error.rateLimited', { wait: waitText(limited) }), {}, { 'Retry-After': String(Math.ceil(limited / 1000)) }) };
    }
    return { ok: true, key };
  }

  /** POST /api/admin/api-keys (the caller is an admin). */
  createKey(body: unknown, adminId: string): ApiAnswer {
    const parsed = createKeySchema.safeParse(body);
    if (!parsed.success) {
      const errors = apiShapeProblems(shapeProblems(parsed.error.issues, '', body));
      return fail(422, 'invalid', t('orderApi.error.keyInvalid', { count: errors.length }), { errors });
    }
    const { client: clientKey, name, expires_at } = parsed.data;
    const client = this.clients().find((c) => c.key === clientKey && c.active);
    if (!client) return fail(422, 'invalid', t('orderApi.error.noClient', { client: clientKey }), { errors: [{ path: 'client', line: null, code: 'unknown_client', message: t('orderApi.error.noClient', { client: clientKey }) }] });
    const today = madridDate(this.now());
    if (expires_at !== undefined && expires_at < today) {
      const message = `${t('orderApi.where.field', { path: 'expires_at' })}: ${t('orderApi.error.expiryPast')}`;
      return fail(422, 'invalid', t('orderApi.error.keyInvalid', { count: 1 }), { errors: [{ path: 'expires_at', line: null, code: 'date_past', message }] });
    }
    const last = expires_at ?? addDays(today, 365);
    const created = this.keys.create({ clientKey, clientId: client.id, name, expiresAt: madridEndOfDay(last), createdBy: adminId });
    return { status: 201, body: { id: created.id, key: created.key } };
  }

  listKeys(): KeyInfo[] {
    return this.keys.list();
  }

  revokeKey(id: string): ApiAnswer {
    const info = this.keys.revoke(id);
    return info ? { status: 200, body: info } : fail(404, 'not_found', t('orderApi.error.keyNotFound'));
  }

  // ── Orders ──────────────────────────────────────────────────────────────────────────────────

  /** POST /api/ordersqualianza, /api/ordersbimbo with an authenticated key of that client. */
  submit(client: OrderApiClient, key: VerifiedKey, body: unknown, idempotencyHeader: string | readonly string[] | undefined): ApiAnswer {
    let idem: string | null = null;
    if (idempotencyHeader !== undefined) {
      if (typeof idempotencyHeader !== 'string' || !IDEM_RE.test(idempotencyHeader)) return fail(400, 'bad_request', t('orderApi.error.idempotencyHeader'));
      idem = idempotencyHeader;
    }
    const checked = checkBody(client, body);
    if (!checked.ok) {
      const errors = apiShapeProblems(checked.problems);
      return fail(422, 'invalid', t('orderApi.error.invalid', { count: errors.length }), { errors });
    }
    const bodyHash = createHash('sha256').update(canonical(checked.body)).digest('hex');
    const touched = new Set<LocalCollection>();
    const answer = this.store.transaction((): ApiAnswer => {
      const now = this.now();
      if (idem !== null) {
        const seen = this.store.db.prepare('SELECT body_hash, order_id, at FROM api_idempotency WHERE client_id = ? AND idem_key = ?').get(key.clientId, idem) as
          | { body_hash: string; order_id: string; at: number }
          | undefined;
        if (seen && now - seen.at < IDEMPOTENCY_TTL_MS) {
          if (seen.body_hash !== bodyHash) return fail(409, 'idempotency_conflict', t('orderApi.error.idempotency'));
          const order = this.store.get('orders', seen.order_id);
          if (order && !order._deleted) return { status: 200, body: this.answerFor(order as unknown as Order, 'unchanged') };
        }
      }
      const today = madridDate(now);
      const existing = this.findOrder(key.clientId, checked.ref);
      const base = this.index();
      const index: IntakeIndex = { ...base, orderByRef: new Map(existing ? [[orderRefKey(key.clientId, checked.ref), existing]] : []) };
      const plan = planApiOrder(client, checked.body, index, { clientId: key.clientId, today, now });
      const planned = plan.orders[0];
      if (plan.issues.length > 0 || !planned || !planned.order || planned.action === 'refused') {
        const placed = placeIssues(plan.issues);
        const errors = apiIntakeProblems(placed);
        if (placed.length > 0 && placed.every((p) => p.issue.code === 'order_planned')) return fail(409, 'conflict', t('orderApi.error.conflict'), { errors });
        return fail(422, 'invalid', t('orderApi.error.invalid', { count: errors.length }), { errors });
      }
      for (const p of plan.writes.points) {
        this.store.put('delivery_points', { ...p, _deleted: false } as unknown as StoredDoc);
        touched.add('delivery_points');
      }
      for (const o of [...plan.writes.create, ...plan.writes.update]) {
        this.store.put('orders', { ...o, _deleted: false } as unknown as StoredDoc);
        touched.add('orders');
      }
      if (idem !== null) {
        this.store.db.prepare('DELETE FROM api_idempotency WHERE at < ?').run(now - IDEMPOTENCY_TTL_MS);
        this.store.db
          .prepare('INSERT OR REPLACE INTO api_idempotency (client_id, idem_key, body_hash, order_id, at) VALUES (?, ?, ?, ?, ?)')
          .run(key.clientId, idem, bodyHash, planned.order.id, now);
      }
      const result: OrderAnswer['result'] = planned.action === 'create' ? 'created' : planned.action === 'update' ? 'updated' : 'unchanged';
      return { status: result === 'created' ? 201 : 200, body: this.answerFor(planned.order, result, plan.writes.points) };
    });
    // After the commit: devices pull what is stored.
    this.notify(touched);
    return answer;
  }

  private answerFor(order: Order, result: OrderAnswer['result'], newPoints: readonly DeliveryPoint[] = []): OrderAnswer {
    const point = newPoints.find((p) => p.id === order.delivery_point_id) ?? (this.store.get('delivery_points', order.delivery_point_id) as unknown as DeliveryPoint | null);
    return orderAnswer(order, result, point ? point.located !== false : false);
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
    const found = rows.map((r) => JSON.parse(r.data) as Order).find((o) => orderRefKey(o.client_id, o.external_ref) === orderRefKey(clientId, ref));
    return found ?? null;
  }

  private live<T>(collection: LocalCollection): T[] {
    return (this.store.db.prepare('SELECT data FROM docs WHERE collection = ? AND deleted = 0').all(collection) as { data: string }[]).map((r) => JSON.parse(r.data) as T);
  }

  /** The catalogue, points and hubs as an intake index (orders apart), rebuilt only when the store changed. */
  private index(): IntakeIndex {
    return this.context().index;
  }

  private clients(): Client[] {
    return this.context().clients;
  }

  private context(): NonNullable<OrderApi['cached']> {
    const head = this.store.head();
    if (this.cached && this.cached.head === head) return this.cached;
    const catalog = this.live<{ kind: string }>('catalog');
    const clients = catalog.filter((c): c is Client => c.kind === 'client');
    const points = this.live<DeliveryPoint>('delivery_points');
    const index = indexIntakeContext({
      clients,
      products: this.live<Product>('products'),
      taxes: catalog.filter((c): c is Tax => c.kind === 'tax'),
      hubs: catalog.filter((c): c is Hub => c.kind === 'hub'),
      points,
      orders: [],
    });
    this.cached = { head, index, points: new Map(points.map((p) => [p.id, p])), clients };
    return this.cached;
  }

  // ── Docs ────────────────────────────────────────────────────────────────────────────────────

  /** An example body for a client: tomorrow (Madrid), a point and two products it has. */
  exampleInput(clientKey: string): ExampleInput | null {
    const ctx = this.context();
    const client = ctx.clients.find((c) => c.key === clientKey);
    if (!client) return null;
    const prefix = `${clientKey.toLowerCase()}-`;
    let pointRef = '';
    for (const p of [...ctx.points.values()].sort((a, b) => (a.id < b.id ? -1 : 1))) {
      if (!p.active || p.located === false) continue;
      const entry = p.client_providers.find((e) => e.toLowerCase().startsWith(prefix) && e.length > prefix.length);
      if (entry) {
        pointRef = entry.slice(prefix.length);
        break;
      }
    }
    const products = [...ctx.index.productByCode.entries()]
      .filter(([k, p]) => k.startsWith(`${client.id}|`) && p.active && k === `${client.id}|${p.sku.toLowerCase()}`)
      .map(([, p]) => p)
      .sort((a, b) => (a.sku < b.sku ? -1 : 1));
    const [a, b] = products;
    if (pointRef === '' || !a || !b) return null;
    const date = addDays(madridDate(this.now()), 1);
    return { date, pointRef, products: [a.sku, b.sku], ref: `${clientKey === 'pascual' ? 'QZ' : 'BIM'}-EJEMPLO-${date.replace(/-/g, '')}` };
  }

  docs(): Record<string, unknown> {
    const examples: Record<string, unknown> = {};
    for (const c of ORDER_API_CLIENTS) {
      const input = this.exampleInput(c.key) ?? {
        date: addDays(madridDate(this.now()), 1),
        pointRef: 'CODIGO-PUNTO',
        products: c.key === 'pascual' ? (['PAS-0001', 'PAS-0002'] as const) : (['BIM-0001', 'BIM-0002'] as const),
        ref: c.key === 'pascual' ? 'QZ-000123' : 'BIM-000123',
      };
      examples[c.key] = c.example(input);
    }
    return openApiDocument({ examples, ratePerMinute: this.ratePerMinute });
  }
}
