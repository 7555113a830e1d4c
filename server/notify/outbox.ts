/**
 * What the receivers and the clients' systems are told, decided where the data is stored (issue 33).
 *
 * `NotifyOutbox.onStored` runs inside the push transaction for every stored document
 * (ServerRules.afterWrite): it enqueues, in the same transaction as the write that causes them,
 *
 * - notices (notice_outbox), one row per (order, route, kind, channel) — the UNIQUE key makes a
 *   replayed push, a retried write or a restart enqueue nothing twice:
 *   · `published`: a route is published («Borrador» → «Planificada», or a published route gets
 *     an order): every order it lists;
 *   · `on_the_way`: on a route «En reparto», the orders of the first stop not yet closed;
 *   · `delivered` / `failed`: an order becomes «Entregado» (or «en parte») / «Entrega fallida».
 *   A delivery point or client that opted out gets a row `skipped` / `opted_out`, a channel this
 *   server cannot send (no SMTP_URL, no CB_SMS_URL) `skipped` / `no_smtp` / `no_provider`: the
 *   office sees why nothing was sent, and no tracking link is made for them. E-mail goes to the point's notice contact (notice_contacts), SMS to its
 *   mobile there or else the point's phone.
 * - webhook events (webhook_events), one per order status change to planned, out for delivery,
 *   delivered, partially delivered, failed or returned, for the client's webhook when it has one;
 *   the body (with the event's id) is fixed here, so a retry sends the same bytes.
 *
 * The sending happens after the transaction, in server/notify/worker.ts.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { PROOF_LINK_MS } from '../../src/domain/proof';
import type { LocalCollection } from '../../src/domain/collections';
import type { DocStore, StoredDoc } from '../store';
import { orderClosed, type TrackingSource } from './tracking';
import { madridClock, type NoticeChannel, type NoticeKind, type NoticeLang } from './templates';

/** The order statuses a client's webhook is told about. */
export const WEBHOOK_STATUSES = ['planned', 'out_for_delivery', 'delivered', 'partially_delivered', 'failed', 'returned'] as const;

/** Route statuses in which a route counts as published and not yet on its way. */
const PUBLISHED = new Set(['planned', 'picking', 'ready', 'loaded']);

/** The path of the receiver's tracking page for a token. */
export const trackingPath = (token: string) => `/envio/${token}`;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface OutboxOptions {
  readonly tracking: TrackingSource;
  readonly now: () => number;
  /** The channels this server can send (SMTP_URL, CB_SMS_URL): a notice of another is stored as not sent, without a link. */
  readonly channels: { readonly email: boolean; readonly sms: boolean };
}

interface Contact {
  email: string;
  phone: string;
  lang: NoticeLang;
  optedOut: boolean;
}

export class NotifyOutbox {
  constructor(
    private readonly store: DocStore,
    private readonly opts: OutboxOptions,
  ) {}

  /** Called for every stored document, inside its transaction (see the module's comment). */
  onStored(collection: LocalCollection, before: StoredDoc | null, doc: StoredDoc): void {
    if (collection === 'routes') this.routeStored(before, doc);
    else if (collection === 'orders') this.orderStored(before, doc);
  }

  private routeStored(before: StoredDoc | null, route: StoredDoc): void {
    if (route._deleted) return;
    const status = String(route.status);
    const orderIds = (Array.isArray(route.stops) ? (route.stops as { order_ids: string[] }[]) : []).flatMap((s) => s.order_ids);
    const wasPublished = before !== null && !before._deleted && PUBLISHED.has(String(before.status));
    const stopsChanged = JSON.stringify(before?.stops ?? null) !== JSON.stringify(route.stops);
    if (PUBLISHED.has(status) && (!wasPublished || stopsChanged)) {
      for (const id of orderIds) this.notice(id, route, 'published');
    }
    if (status === 'in_progress') this.nextStop(route);
  }

  private orderStored(before: StoredDoc | null, order: StoredDoc): void {
    if (order._deleted || before?.status === order.status) return;
    const status = String(order.status);
    if ((WEBHOOK_STATUSES as readonly string[]).includes(status)) this.webhookEvent(before, order);
    const route = typeof order.route_id === 'string' && order.route_id !== '' ? this.store.get('routes', order.route_id) : null;
    if (!route || route._deleted) return;
    if (status === 'delivered' || status === 'partially_delivered') this.notice(order.id, route, 'delivered');
    else if (status === 'failed') this.notice(order.id, route, 'failed');
    if (route.status === 'in_progress') this.nextStop(route);
  }

  /** On a route on its way: the orders of the first stop with an order still open are next. */
  private nextStop(route: StoredDoc): void {
    const stops = (Array.isArray(route.stops) ? route.stops : []) as { order_ids: string[] }[];
    for (const stop of stops) {
      const open = [...this.store.getMany('orders', stop.order_ids).values()].filter((o) => !o._deleted && !orderClosed(o));
      if (open.length === 0) continue;
      for (const o of open) this.notice(o.id, route, 'on_the_way');
      return;
    }
  }

  private contactOf(order: StoredDoc): Contact & { clientOptedOut: boolean } {
    const row = this.store.db.prepare('SELECT email, phone, lang, opted_out FROM notice_contacts WHERE point_id = ?').get(order.delivery_point_id) as
      | { email: string; phone: string; lang: string; opted_out: number }
      | undefined;
    const point = this.store.get('delivery_points', String(order.delivery_point_id));
    const client = this.store.db.prepare('SELECT opted_out FROM notice_clients WHERE client_id = ?').get(order.client_id) as { opted_out: number } | undefined;
    return {
      email: row?.email ?? '',
      phone: row?.phone || (typeof point?.phone === 'string' ? point.phone : ''),
      lang: row?.lang === 'en' ? 'en' : 'es',
      optedOut: (row?.opted_out ?? 0) === 1,
      clientOptedOut: (client?.opted_out ?? 0) === 1,
    };
  }

  /** A new tracking link of the order (beside its proof links: same expiry, same revocation). */
  private trackingToken(orderId: string, now: number): string {
    const token = randomBytes(32).toString('base64url');
    this.store.db
      .prepare("INSERT INTO proof_links (token_hash, order_id, created_at, created_by, expires_at, kind) VALUES (?, ?, ?, 'server', ?, 'tracking')")
      .run(hashOf(token), orderId, now, now + PROOF_LINK_MS);
    return token;
  }

  /** Enqueues the notice of `kind` of one order on one route, once per channel with an address. */
  notice(orderId: string, route: StoredDoc, kind: NoticeKind): void {
    const order = this.store.get('orders', orderId);
    if (!order || order._deleted) return;
    const now = this.opts.now();
    const contact = this.contactOf(order);
    const channels: [NoticeChannel, string][] = [];
    if (contact.email !== '') channels.push(['email', contact.email]);
    if (contact.phone !== '') channels.push(['sms', contact.phone]);
    if (channels.length === 0) return;
    const exists = this.store.db.prepare('SELECT 1 FROM notice_outbox WHERE order_id = ? AND route_id = ? AND kind = ? AND channel = ?');
    const todo = channels.filter(([channel]) => !exists.get(orderId, route.id, kind, channel));
    if (todo.length === 0) return;
    const optedOut = contact.optedOut || contact.clientOptedOut;
    const vars: Record<string, string | number> = { ...this.varsOf(order, route, kind, now) };
    const insert = this.store.db.prepare(
      'INSERT OR IGNORE INTO notice_outbox (order_id, route_id, kind, channel, recipient, lang, vars, state, reason, next_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    for (const [channel, to] of todo) {
      const skip = optedOut ? 'opted_out' : this.opts.channels[channel] ? '' : channel === 'sms' ? 'no_provider' : 'no_smtp';
      const own = skip ? vars : { ...vars, token: this.trackingToken(orderId, now) };
      insert.run(orderId, route.id, kind, channel, to, contact.lang, JSON.stringify(own), skip ? 'skipped' : 'pending', skip, now, now);
    }
  }

  /** What a notice says, fixed when it is enqueued (the reason and time of an outcome are read when it is sent). */
  private varsOf(order: StoredDoc, route: StoredDoc, kind: NoticeKind, now: number): Record<string, string | number> {
    const point = this.store.get('delivery_points', String(order.delivery_point_id));
    const client = this.store.get('catalog', String(order.client_id));
    const rider = typeof route.rider_id === 'string' && route.rider_id !== '' ? this.store.get('users', route.rider_id) : null;
    const window = this.opts.tracking.etaWindow(order.id, now);
    const vars: Record<string, string | number> = {
      code: String(order.code),
      client: typeof client?.name === 'string' ? client.name : '',
      point: typeof point?.name === 'string' ? point.name : '',
      date: String(order.date),
      rider: firstName(rider?.name),
      from: window ? madridClock(window.fromMs) : String(order.window_start),
      to: window ? madridClock(window.toMs) : String(order.window_end),
    };
    if (kind === 'on_the_way') {
      const mid = window ? (window.fromMs + window.toMs) / 2 : now + 10 * 60_000;
      vars.minutes = Math.min(60, Math.max(5, Math.round((mid - now) / 300_000) * 5));
    }
    return vars;
  }

  /** One webhook event of an order's status change, when its client has a webhook. */
  private webhookEvent(before: StoredDoc | null, order: StoredDoc): void {
    const hook = this.store.db.prepare('SELECT id FROM webhooks WHERE client_id = ?').get(order.client_id) as { id: string } | undefined;
    if (!hook) return;
    const now = this.opts.now();
    const id = `evt_${randomUUID().replaceAll('-', '')}`;
    const client = this.store.get('catalog', String(order.client_id));
    const body = {
      id,
      type: 'order.status_changed',
      created_at: new Date(now).toISOString(),
      data: {
        order: {
          code: String(order.code),
          external_ref: typeof order.external_ref === 'string' ? order.external_ref : '',
          client: typeof client?.key === 'string' ? client.key : '',
          date: String(order.date),
          window_start: String(order.window_start),
          window_end: String(order.window_end),
        },
        status: String(order.status),
        previous_status: before && !before._deleted ? String(before.status) : null,
        at: new Date(typeof order.updated_at === 'number' ? order.updated_at : now).toISOString(),
      },
    };
    this.store.db
      .prepare("INSERT INTO webhook_events (id, webhook_id, order_id, body, state, next_at, created_at) VALUES (?, ?, ?, ?, 'pending', ?, ?)")
      .run(id, hook.id, order.id, JSON.stringify(body), now, now);
  }
}

/** The first word of a name («Rafa Rider» → «Rafa»). */
export function firstName(name: unknown): string {
  return typeof name === 'string' ? (name.trim().split(/\s+/)[0] ?? '') : '';
}

/** Hash of a link token as proof_links stores it. */
export const tokenHash = hashOf;
export { madridClock };
