/**
 * The clients' order API (issue #10) without its storage: every decision of a request, from the
 * key's checks to the order's plan and answer, for the two places that store orders — the
 * embedded server (./orderApi.ts, one synchronous SQLite transaction) and the Firebase function
 * (functions/src/orders.ts, one Firestore transaction). Each of them reads what a step needs and
 * writes what a step decides; the answers are the same, byte for byte.
 */
import { createHash } from 'node:crypto';
import type { DeliveryPoint, Order, Product } from '../src/domain/entities/operation';
import type { Client, Hub, Tax } from '../src/domain/entities/reference';
import { madridDate } from '../src/domain/dates';
import { addDays, indexIntakeContext, orderRefKey, type IntakeIndex } from '../src/domain/intake';
import { createKeySchema, orderAnswer, type ApiError, type OrderAnswer } from '../src/domain/orderApi/answers';
import { checkBody, placeIssues, planApiOrder, shapeProblems } from '../src/domain/orderApi/check';
import { DEFAULT_RATE_PER_MINUTE, openApiDocument } from '../src/domain/orderApi/openapi';
import { ORDER_API_CLIENTS, type ExampleInput, type OrderApiClient } from '../src/domain/orderApi/shapes';
import { t } from '../src/i18n';
import { apiIntakeProblems, apiShapeProblems } from '../src/i18n/orderApi';
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

/** A key that authenticated: which client it writes for. */
export interface VerifiedKey {
  readonly id: string;
  readonly clientKey: string;
  readonly clientId: string;
}

/** How long an Idempotency-Key is remembered. */
export const IDEMPOTENCY_TTL_MS = 7 * 24 * 3600_000;

const IDEM_RE = /^[\x21-\x7e]{1,200}$/;

export const fail = (status: number, error: string, message: string, extra: Partial<ApiError> = {}, headers?: Record<string, string>): ApiAnswer => ({
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

/** The reference data an order is planned against (orders apart). */
export interface OrderApiReference {
  readonly index: IntakeIndex;
  readonly points: ReadonlyMap<string, DeliveryPoint>;
  readonly clients: readonly Client[];
}

/** Builds the reference from the live catalogue (clients, taxes, hubs), products and points. */
export function orderApiReference(catalog: readonly { kind: string }[], products: readonly Product[], points: readonly DeliveryPoint[]): OrderApiReference {
  const clients = catalog.filter((c): c is Client => c.kind === 'client');
  const index = indexIntakeContext({
    clients,
    products: [...products],
    taxes: catalog.filter((c): c is Tax => c.kind === 'tax'),
    hubs: catalog.filter((c): c is Hub => c.kind === 'hub'),
    points: [...points],
    orders: [],
  });
  return { index, points: new Map(points.map((p) => [p.id, p])), clients };
}

/**
 * The key checks of a request, in order: the address's back-off after wrong keys, a key present,
 * a live key (`verify`, which the store does), the endpoint's client, the key's rate. Kept in
 * memory (a function instance or the server).
 */
export class KeyGate {
  readonly ratePerMinute: number;
  private readonly failures: Backoff;
  private readonly rate: FixedWindow;

  constructor(opts: OrderApiOptions = {}) {
    const now = opts.now ?? Date.now;
    this.ratePerMinute = opts.ratePerMinute ?? DEFAULT_RATE_PER_MINUTE;
    this.failures = new Backoff(opts.failures ?? { free: 20, baseMs: 1000, maxMs: 15 * 60_000, forgetMs: 3600_000 }, now);
    this.rate = new FixedWindow(this.ratePerMinute, 60_000, now);
  }

  /** The raw key to verify, or the answer that refuses the request before any lookup. */
  before(header: string | readonly string[] | undefined, address: string): { ok: true; raw: string } | { ok: false; answer: ApiAnswer } {
    const wait = this.failures.wait(address);
    if (wait > 0) {
      return { ok: false, answer: fail(429, 'rate_limited', t('orderApi.error.tooManyFailures', { wait: waitText(wait) }), {}, { 'Retry-After': String(Math.ceil(wait / 1000)) }) };
    }
    const raw = typeof header === 'string' ? header.trim() : '';
    if (raw === '') return { ok: false, answer: fail(401, 'unauthorized', t('orderApi.error.missingKey')) };
    return { ok: true, raw };
  }

  /** After the lookup: `key` is the verified key, or null when the key was wrong. */
  after(client: OrderApiClient, key: VerifiedKey | null, address: string): { ok: true; key: VerifiedKey } | { ok: false; answer: ApiAnswer } {
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
}

/** A key to create, from an admin's request (`now` is the request's time). */
export function planKey(
  body: unknown,
  clients: readonly Client[],
  now: number,
): { ok: true; input: { clientKey: string; clientId: string; name: string; expiresAt: number } } | { ok: false; answer: ApiAnswer } {
  const parsed = createKeySchema.safeParse(body);
  if (!parsed.success) {
    const errors = apiShapeProblems(shapeProblems(parsed.error.issues, '', body));
    return { ok: false, answer: fail(422, 'invalid', t('orderApi.error.keyInvalid', { count: errors.length }), { errors }) };
  }
  const { client: clientKey, name, expires_at } = parsed.data;
  const client = clients.find((c) => c.key === clientKey && c.active);
  if (!client) {
    const message = t('orderApi.error.noClient', { client: clientKey });
    return { ok: false, answer: fail(422, 'invalid', message, { errors: [{ path: 'client', line: null, code: 'unknown_client', message }] }) };
  }
  const today = madridDate(now);
  if (expires_at !== undefined && expires_at < today) {
    const message = `${t('orderApi.where.field', { path: 'expires_at' })}: ${t('orderApi.error.expiryPast')}`;
    return { ok: false, answer: fail(422, 'invalid', t('orderApi.error.keyInvalid', { count: 1 }), { errors: [{ path: 'expires_at', line: null, code: 'date_past', message }] }) };
  }
  const last = expires_at ?? addDays(today, 365);
  return { ok: true, input: { clientKey, clientId: client.id, name, expiresAt: madridEndOfDay(last) } };
}

export const keyNotFound = (): ApiAnswer => fail(404, 'not_found', t('orderApi.error.keyNotFound'));

/** A submitted order, checked before anything is read: its body's hash and its Idempotency-Key. */
export interface CheckedSubmit {
  readonly body: unknown;
  readonly ref: string;
  readonly hash: string;
  readonly idem: string | null;
}

/** The request's own checks: the Idempotency-Key header and the body's shape for this client. */
export function checkSubmit(client: OrderApiClient, body: unknown, idempotencyHeader: string | readonly string[] | undefined): { ok: true; checked: CheckedSubmit } | { ok: false; answer: ApiAnswer } {
  let idem: string | null = null;
  if (idempotencyHeader !== undefined) {
    if (typeof idempotencyHeader !== 'string' || !IDEM_RE.test(idempotencyHeader)) return { ok: false, answer: fail(400, 'bad_request', t('orderApi.error.idempotencyHeader')) };
    idem = idempotencyHeader;
  }
  const checked = checkBody(client, body);
  if (!checked.ok) {
    const errors = apiShapeProblems(checked.problems);
    return { ok: false, answer: fail(422, 'invalid', t('orderApi.error.invalid', { count: errors.length }), { errors }) };
  }
  const hash = createHash('sha256').update(canonical(checked.body)).digest('hex');
  return { ok: true, checked: { body: checked.body, ref: checked.ref, hash, idem } };
}

/** What an Idempotency-Key seen before means: a replay of the stored order, or a conflict. */
export function replayOf(seen: { body_hash: string; at: number } | null, checked: CheckedSubmit, now: number): 'replay' | 'conflict' | 'new' {
  if (!seen || now - seen.at >= IDEMPOTENCY_TTL_MS) return 'new';
  return seen.body_hash === checked.hash ? 'replay' : 'conflict';
}

export const idempotencyConflict = (): ApiAnswer => fail(409, 'idempotency_conflict', t('orderApi.error.idempotency'));

/** The answer for a stored order. */
export function orderAnswerOf(order: Order, result: OrderAnswer['result'], pointLocated: boolean): ApiAnswer {
  return { status: result === 'created' ? 201 : 200, body: orderAnswer(order, result, pointLocated) };
}

/** The writes of a submitted order, or the answer that refuses it. */
export type SubmitPlan =
  | { readonly ok: false; readonly answer: ApiAnswer }
  | {
      readonly ok: true;
      readonly order: Order;
      readonly result: OrderAnswer['result'];
      readonly points: readonly DeliveryPoint[];
      readonly orders: readonly Order[];
    };

/**
 * The stored order of a client's reference (`existing`, or null) planned against the reference.
 * A refusal names a route by its code (`routeCode`), never by its internal id; without a code,
 * it names none.
 */
export function planSubmit(
  client: OrderApiClient,
  key: VerifiedKey,
  checked: CheckedSubmit,
  reference: OrderApiReference,
  existing: Order | null,
  now: number,
  routeCode: (routeId: string) => string | null = () => null,
): SubmitPlan {
  const index: IntakeIndex = { ...reference.index, orderByRef: new Map(existing ? [[orderRefKey(key.clientId, checked.ref), existing]] : []) };
  const plan = planApiOrder(client, checked.body, index, { clientId: key.clientId, today: madridDate(now), now });
  const planned = plan.orders[0];
  if (plan.issues.length > 0 || !planned || !planned.order || planned.action === 'refused') {
    const issues = plan.issues.map((i) =>
      i.code === 'order_planned' && typeof i.vars.route === 'string' && i.vars.route !== '' ? { ...i, vars: { ...i.vars, route: routeCode(i.vars.route) ?? '' } } : i,
    );
    const placed = placeIssues(issues);
    const errors = apiIntakeProblems(placed);
    if (placed.length > 0 && placed.every((p) => p.issue.code === 'order_planned')) return { ok: false, answer: fail(409, 'conflict', t('orderApi.error.conflict'), { errors }) };
    return { ok: false, answer: fail(422, 'invalid', t('orderApi.error.invalid', { count: errors.length }), { errors }) };
  }
  const result: OrderAnswer['result'] = planned.action === 'create' ? 'created' : planned.action === 'update' ? 'updated' : 'unchanged';
  return { ok: true, order: planned.order, result, points: plan.writes.points, orders: [...plan.writes.create, ...plan.writes.update] };
}

/** Whether a stored order's point is located (a point the plan creates is not). */
export function pointLocated(point: DeliveryPoint | null | undefined): boolean {
  return point ? point.located !== false : false;
}

/** The stored order that `orders` holds for a client's reference (typed by hand: matched by reference). */
export function orderOfRef(orders: readonly Order[], clientId: string, ref: string): Order | null {
  return orders.find((o) => orderRefKey(o.client_id, o.external_ref) === orderRefKey(clientId, ref)) ?? null;
}

/** An example body for a client: tomorrow (Madrid), a point and two products it has. */
export function exampleInput(reference: OrderApiReference, clientKey: string, now: number): ExampleInput | null {
  const client = reference.clients.find((c) => c.key === clientKey);
  if (!client) return null;
  const prefix = `${clientKey.toLowerCase()}-`;
  let pointRef = '';
  for (const p of [...reference.points.values()].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (!p.active || p.located === false) continue;
    const entry = p.client_providers.find((e) => e.toLowerCase().startsWith(prefix) && e.length > prefix.length);
    if (entry) {
      pointRef = entry.slice(prefix.length);
      break;
    }
  }
  const products = [...reference.index.productByCode.entries()]
    .filter(([k, p]) => k.startsWith(`${client.id}|`) && p.active && k === `${client.id}|${p.sku.toLowerCase()}`)
    .map(([, p]) => p)
    .sort((a, b) => (a.sku < b.sku ? -1 : 1));
  const [a, b] = products;
  if (pointRef === '' || !a || !b) return null;
  const date = addDays(madridDate(now), 1);
  return { date, pointRef, products: [a.sku, b.sku], ref: `${clientKey === 'pascual' ? 'QZ' : 'BIM'}-EJEMPLO-${date.replace(/-/g, '')}` };
}

/** The OpenAPI document, with examples made from the live catalogue and today's date. */
export function orderApiDocs(reference: OrderApiReference, now: number, ratePerMinute: number): Record<string, unknown> {
  const examples: Record<string, unknown> = {};
  for (const c of ORDER_API_CLIENTS) {
    const input = exampleInput(reference, c.key, now) ?? {
      date: addDays(madridDate(now), 1),
      pointRef: 'CODIGO-PUNTO',
      products: c.key === 'pascual' ? (['PAS-0001', 'PAS-0002'] as const) : (['BIM-0001', 'BIM-0002'] as const),
      ref: c.key === 'pascual' ? 'QZ-000123' : 'BIM-000123',
    };
    examples[c.key] = c.example(input);
  }
  return openApiDocument({ examples, ratePerMinute });
}
