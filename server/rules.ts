/**
 * Write rules of the server that need other stored documents (the access table and checkWrite
 * see one document at a time). They run inside the push transaction (SyncService.WriteRules):
 *
 * - payments: the amount due is computed here from the order and the delivered lines, never
 *   taken from a non-admin device, and recomputed when the delivery event arrives after the
 *   payment; a rider's payment must fit its order (src/domain/access/payments.ts);
 * - a rider's delivery events and incidences must name an order of the route they name, at its
 *   delivery point (an event on his own route cannot touch another route's order);
 * - users: an e-mail belongs to one user only (the sign-in e-mail); a clear refusal for that
 *   document instead of a failed batch;
 * - planning (issue 27): the routes' stops are the one source of truth of which order goes on
 *   which route. An order's `route_id` and its «Pendiente» / «En ruta» status are derived here,
 *   in the transaction that stores the route (a device's own values for them are not taken), and
 *   a push of routes that would break the day's invariants (src/domain/routing/integrity.ts: an
 *   order on two routes, an order of another day…) is refused whole, with the reason.
 */
import { collectionLabel, type LocalCollection } from '../src/domain/collections';
import type { DeliveryEvent } from '../src/domain/entities/events';
import type { Order, Payment, Route } from '../src/domain/entities/operation';
import { operationOf } from '../src/domain/access/checkWrite';
import { DUE_OPEN_STATUSES, checkRiderPayment, paymentDueCents, paymentIdOf } from '../src/domain/access/payments';
import { domainText } from '../src/i18n/domain';
import { t } from '../src/i18n';
import '../src/i18n/es/server';
import { dayProblems, isLiveRoute, type IntegrityProblem, problemKey, problemMessage, problemNames } from '../src/domain/routing/integrity';
import { msg } from '../src/domain/messages';
import { ordersFollowingRoute } from '../src/domain/routing/follow';
import type { AuthService } from './auth';
import { fileRefProblem } from './fileRefs';
import type { DocStore, StoredDoc } from './store';
import type { SyncUser, WriteRules } from './sync';

const DELIVERED_KINDS = new Set(['delivered', 'partial']);

const PROBLEM_RANK: readonly IntegrityProblem['kind'][] = ['order_twice', 'order_other_day', 'order_missing', 'order_unrouted', 'order_pending_on_route', 'route_id_mismatch'];

/** A write rule: null when the write may go on, the Spanish reason of the refusal otherwise. */
type Check = (user: SyncUser, before: StoredDoc | null, after: StoredDoc) => string | null;

export class ServerRules implements WriteRules {
  constructor(
    private readonly store: DocStore,
    private readonly auth: AuthService,
    private readonly now: () => number = Date.now,
    /** Told of every stored document inside its transaction (the notices' and webhooks' outbox, server/notify/outbox.ts). */
    private readonly observe?: (collection: LocalCollection, before: StoredDoc | null, doc: StoredDoc) => void,
  ) {}

  private order(id: unknown): Order | null {
    if (typeof id !== 'string' || id === '') return null;
    const doc = this.store.get('orders', id);
    return doc && !doc._deleted ? (doc as unknown as Order) : null;
  }

  /** The lines of the order's latest delivered/partial event, or null when none is stored. */
  private deliveredLines(order: Order): DeliveryEvent['lines'] | null {
    const events = this.store
      .docsByRoute('deliveries', order.route_id)
      .map((d) => d as unknown as DeliveryEvent)
      .filter((e) => e.order_id === order.id && DELIVERED_KINDS.has(e.kind))
      .sort((a, b) => a.at - b.at);
    return events.at(-1)?.lines ?? null;
  }

  prepare(user: SyncUser, collection: LocalCollection, before: StoredDoc | null, after: StoredDoc): StoredDoc {
    if (collection === 'orders') return this.keepRouteLink(before, after);
    if (collection !== 'payments' || user.role === 'admin' || operationOf(before, after) !== 'create') return after;
    const order = this.order(after.order_id);
    if (!order) return after;
    return { ...after, amount_due_cents: paymentDueCents(order, this.deliveredLines(order)) };
  }

  /**
   * The checks of each collection that need other stored documents; null = none. Every
   * collection states it (no silent default): a new collection must decide.
   */
  private readonly checks: Readonly<Record<LocalCollection, Check | null>> = {
    users: (_user, _before, after) => this.checkEmail(after),
    payments: (user, before, after) => {
      if (user.role !== 'rider' || operationOf(before, after) !== 'create') return null;
      const res = checkRiderPayment(after as unknown as Payment, this.order(after.order_id));
      return res.ok ? null : res.reason;
    },
    deliveries: (user, before, after) => (user.role === 'rider' && operationOf(before, after) === 'create' ? this.checkEventOrder('deliveries', after) : null),
    incidences: (user, before, after) => (user.role === 'rider' && operationOf(before, after) === 'create' ? this.checkEventOrder('incidences', after) : null),
    catalog: null,
    bikes: null,
    products: null,
    delivery_points: null,
    orders: null,
    routes: null,
    receipts: null,
    picks: null,
  };

  check(user: SyncUser, collection: LocalCollection, before: StoredDoc | null, after: StoredDoc): string | null {
    if (after._deleted) return null;
    // A file a new document names must be one its writer uploaded (or the server made): issue 29, finding 7.
    if (operationOf(before, after) === 'create') {
      const bad = fileRefProblem(this.store, user.id, collection, after);
      if (bad) return bad;
    }
    return this.checks[collection]?.(user, before, after) ?? null;
  }

  afterWrite(collection: LocalCollection, before: StoredDoc | null, doc: StoredDoc, write: (collection: LocalCollection, doc: StoredDoc) => void): void {
    this.observe?.(collection, before, doc);
    if (collection === 'routes') {
      this.ordersFollowRoute(before, doc, write);
      return;
    }
    if (collection !== 'deliveries' || doc._deleted || !DELIVERED_KINDS.has(String(doc.kind))) return;
    const order = this.order(doc.order_id);
    if (!order) return;
    const payment = this.store.get('payments', paymentIdOf(order.id));
    if (!payment || payment._deleted || !DUE_OPEN_STATUSES.includes(payment.status as Payment['status'])) return;
    const due = paymentDueCents(order, this.deliveredLines(order));
    if (payment.amount_due_cents === due) return;
    write('payments', { ...payment, amount_due_cents: due, updated_at: Math.max(Number(payment.updated_at) + 1, this.now()) });
  }

  // ── Planning: routes own the order ↔ route relation ───────────────────────────────────────

  /**
   * An order «Pendiente» or «En ruta» that stays so, on the same day, keeps the route link the
   * server holds: only the routes that list it change it (ordersFollowRoute). A device that wrote
   * the link beside its routes gets the server's derived state back.
   */
  private keepRouteLink(before: StoredDoc | null, after: StoredDoc): StoredDoc {
    if (!before || before._deleted || after._deleted) return after;
    const linkStatus = (v: unknown) => v === 'pending' || v === 'planned';
    if (!linkStatus(before.status) || !linkStatus(after.status) || before.date !== after.date) return after;
    if (after.route_id === before.route_id && after.status === before.status) return after;
    return { ...after, route_id: before.route_id, status: before.status };
  }

  /**
   * The orders a route's write adds get its id and «En ruta» (when «Pendiente» or «En ruta» on
   * another route); the ones it drops, still on it and not yet picked, go back to «Pendiente».
   * A cancelled or deleted route lists nothing.
   */
  private ordersFollowRoute(before: StoredDoc | null, route: StoredDoc, write: (collection: LocalCollection, doc: StoredDoc) => void): void {
    const live = (id: string): StoredDoc | null => {
      const o = this.store.get('orders', id);
      return o && !o._deleted ? o : null;
    };
    const at = (o: StoredDoc) => Math.max(Number(o.updated_at) + 1, this.now());
    const asRoute = (r: StoredDoc | null) => r as unknown as Route | null;
    for (const o of ordersFollowingRoute(asRoute(before), asRoute(route) as Route, (id) => live(id) as unknown as Order | null, (o) => at(o as unknown as StoredDoc))) {
      write('orders', o as unknown as StoredDoc);
    }
  }

  /** The days (date and hub) that routes name. */
  private daysOf(routes: readonly (StoredDoc | null)[]): Map<string, { date: string; hub: number }> {
    const days = new Map<string, { date: string; hub: number }>();
    for (const r of routes) {
      if (r && typeof r.date === 'string' && typeof r.hub === 'number') days.set(`${r.date}|${r.hub}`, { date: r.date, hub: r.hub });
    }
    return days;
  }

  private problemsOf(day: { date: string; hub: number }) {
    const routes = this.store.docsOfDay('routes', day.date, day.hub) as unknown as Route[];
    const dayOrders = this.store.docsOfDay('orders', day.date, day.hub);
    const have = new Set(dayOrders.map((o) => o.id));
    const listed = [...new Set(routes.filter(isLiveRoute).flatMap((r) => r.stops.flatMap((s) => s.order_ids)))].filter((id) => !have.has(id));
    const orders = [...dayOrders, ...[...this.store.getMany('orders', listed).values()].filter((o) => !o._deleted)] as unknown as Order[];
    return { routes, orders, problems: dayProblems(day, routes, orders) };
  }

  /**
   * A push of routes may not bring a problem the days it touches did not have (a day already
   * broken by data written before this check keeps its old problems until repaired, and can
   * still be saved). The whole push is refused otherwise.
   */
  guardBatch(_user: SyncUser, collection: LocalCollection, docs: readonly StoredDoc[]): (() => string | null) | null {
    if (collection !== 'routes') return null;
    const days = this.daysOf([...docs, ...docs.map((d) => this.store.get('routes', d.id))]);
    if (days.size === 0) return null;
    const before = new Map([...days].map(([k, day]) => [k, new Set(this.problemsOf(day).problems.map(problemKey))]));
    return () => {
      for (const [k, day] of days) {
        const { routes, orders, problems } = this.problemsOf(day);
        // The most telling first: a route_id mismatch is what an order on two routes also shows.
        const added = problems.filter((p) => !before.get(k)?.has(problemKey(p))).sort((a, b) => PROBLEM_RANK.indexOf(a.kind) - PROBLEM_RANK.indexOf(b.kind))[0];
        if (added) return domainText(msg('domain.routing.integrity.refused', { problem: problemMessage(added, problemNames(routes, orders)) }));
      }
      return null;
    };
  }

  /** A rider's event names an order of the route it names, at that order's delivery point. */
  private checkEventOrder(collection: LocalCollection, event: StoredDoc): string | null {
    const label = domainText(collectionLabel(collection));
    const order = this.order(event.order_id);
    if (!order || order.route_id === '' || order.route_id !== event.route_id) {
      return t('server.rules.orderNotOnRoute', { code: String(order?.code ?? event.order_id), what: label });
    }
    if (typeof event.delivery_point_id === 'string' && event.delivery_point_id !== '' && event.delivery_point_id !== order.delivery_point_id) {
      return t('server.rules.pointNotOrders', { what: label, code: order.code });
    }
    return null;
  }

  /** One user per e-mail (the sign-in e-mail), whatever its letter case. */
  private checkEmail(user: StoredDoc): string | null {
    if (typeof user.email !== 'string') return null;
    const email = user.email.toLowerCase();
    const holder = this.auth.accountOfEmail(email);
    const other = this.store.db
      .prepare("SELECT id FROM docs WHERE collection = 'users' AND deleted = 0 AND id <> ? AND lower(json_extract(data, '$.email')) = ? LIMIT 1")
      .get(user.id, email) as { id: string } | undefined;
    if ((holder !== null && holder !== user.id) || other) return t('server.auth.emailInUse', { email: user.email });
    return null;
  }
}
