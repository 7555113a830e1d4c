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
 *   document instead of a failed batch.
 */
import { collectionLabel, type LocalCollection } from '../src/domain/collections';
import type { DeliveryEvent } from '../src/domain/entities/events';
import type { Order, Payment } from '../src/domain/entities/operation';
import { operationOf } from '../src/domain/access/checkWrite';
import { DUE_OPEN_STATUSES, checkRiderPayment, paymentDueCents, paymentIdOf } from '../src/domain/access/payments';
import { domainText } from '../src/i18n/domain';
import type { AuthService } from './auth';
import type { DocStore, StoredDoc } from './store';
import type { SyncUser, WriteRules } from './sync';

const DELIVERED_KINDS = new Set(['delivered', 'partial']);

/** A write rule: null when the write may go on, the Spanish reason of the refusal otherwise. */
type Check = (user: SyncUser, before: StoredDoc | null, after: StoredDoc) => string | null;

export class ServerRules implements WriteRules {
  constructor(
    private readonly store: DocStore,
    private readonly auth: AuthService,
    private readonly now: () => number = Date.now,
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
    return this.checks[collection]?.(user, before, after) ?? null;
  }

  afterWrite(collection: LocalCollection, doc: StoredDoc, write: (collection: LocalCollection, doc: StoredDoc) => void): void {
    if (collection !== 'deliveries' || doc._deleted || !DELIVERED_KINDS.has(String(doc.kind))) return;
    const order = this.order(doc.order_id);
    if (!order) return;
    const payment = this.store.get('payments', paymentIdOf(order.id));
    if (!payment || payment._deleted || !DUE_OPEN_STATUSES.includes(payment.status as Payment['status'])) return;
    const due = paymentDueCents(order, this.deliveredLines(order));
    if (payment.amount_due_cents === due) return;
    write('payments', { ...payment, amount_due_cents: due, updated_at: Math.max(Number(payment.updated_at) + 1, this.now()) });
  }

  /** A rider's event names an order of the route it names, at that order's delivery point. */
  private checkEventOrder(collection: LocalCollection, event: StoredDoc): string | null {
    const label = domainText(collectionLabel(collection));
    const order = this.order(event.order_id);
    if (!order || order.route_id === '' || order.route_id !== event.route_id) {
      return `El pedido «${String(order?.code ?? event.order_id)}» no pertenece a la ruta de ${label}`;
    }
    if (typeof event.delivery_point_id === 'string' && event.delivery_point_id !== '' && event.delivery_point_id !== order.delivery_point_id) {
      return `El punto de entrega de ${label} no es el del pedido «${order.code}»`;
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
    if ((holder !== null && holder !== user.id) || other) return `El correo «${user.email}» ya es el de otro usuario`;
    return null;
  }
}
