/**
 * The rider's delivery round, as pure rules: what happened to each order (from its insert-only
 * events), the progress of a route, what to load at the hub, partial deliveries, the amounts
 * due and collected, and the double-submit guard (deterministic event ids).
 */
import type { DeliveredLine, DeliveryEvent, DeliveryEventKind, Incidence } from './entities/events';
import type { Order, PaymentMethod, Route } from './entities/operation';
import { amountDueCents, changeCents } from './money';
import { msg, type DomainMessage } from './messages';

export type OrderOutcome = 'pending' | 'delivered' | 'partial' | 'failed';

/**
 * The id of an order's event of one kind. One delivered/partial, one signed, one collected per
 * order: pressing «Confirmar» again writes the same ids, and an event that exists is not written
 * twice. A failed attempt is numbered, because an order may fail and be delivered later the
 * same day.
 */
export function deliveryEventId(orderId: string, kind: DeliveryEventKind, attempt = 1): string {
  if (kind === 'delivered' || kind === 'partial') return `dlv-${orderId}`;
  if (kind === 'failed') return `fail-${orderId}-${attempt}`;
  return `${kind === 'signed' ? 'sig' : 'col'}-${orderId}`;
}

/** What happened to an order, from its events (the latest outcome wins). */
export function orderOutcome(orderId: string, events: readonly DeliveryEvent[]): OrderOutcome {
  let outcome: OrderOutcome = 'pending';
  let at = -1;
  for (const e of events) {
    if (e.order_id !== orderId) continue;
    if ((e.kind === 'delivered' || e.kind === 'partial' || e.kind === 'failed') && e.at >= at) {
      // A delivery beats an earlier failure; a failure never undoes a delivery.
      if (e.kind === 'failed' && (outcome === 'delivered' || outcome === 'partial')) continue;
      outcome = e.kind;
      at = e.at;
    }
  }
  return outcome;
}

export type StopState = 'pending' | 'done' | 'partial' | 'failed';

export interface StopProgress {
  readonly seq: number;
  readonly delivery_point_id: string;
  readonly order_ids: readonly string[];
  readonly state: StopState;
}

export interface RouteProgress {
  readonly stops: StopProgress[];
  readonly total: number;
  /** Stops with every order resolved (delivered, partial or failed). */
  readonly visited: number;
  /** The first stop still pending, or null when the round is over. */
  readonly next: StopProgress | null;
  readonly delivered: number;
  readonly partial: number;
  readonly failed: number;
  readonly pending: number;
}

export function routeProgress(route: Route, events: readonly DeliveryEvent[]): RouteProgress {
  const counts = { delivered: 0, partial: 0, failed: 0, pending: 0 };
  const stops = route.stops.map((s): StopProgress => {
    const outcomes = s.order_ids.map((id) => orderOutcome(id, events));
    for (const o of outcomes) counts[o] += 1;
    let state: StopState = 'pending';
    if (outcomes.every((o) => o !== 'pending')) {
      state = outcomes.every((o) => o === 'delivered') ? 'done' : outcomes.every((o) => o === 'failed') ? 'failed' : 'partial';
    }
    return { seq: s.seq, delivery_point_id: s.delivery_point_id, order_ids: s.order_ids, state };
  });
  const visited = stops.filter((s) => s.state !== 'pending').length;
  return { stops, total: stops.length, visited, next: stops.find((s) => s.state === 'pending') ?? null, ...counts };
}

export interface LoadLine {
  readonly product_id: string;
  readonly name: string;
  /** Units to load: what was picked (or ordered when picking recorded nothing). */
  readonly expected: number;
}

/** Products and quantities expected for a route at load-out, in the order they are first needed. */
export function loadOut(orders: readonly Order[]): LoadLine[] {
  const byProduct = new Map<string, { name: string; expected: number }>();
  for (const o of orders) {
    for (const l of o.lines) {
      const units = l.picked_quantity > 0 ? l.picked_quantity : l.quantity;
      const cur = byProduct.get(l.product_id);
      if (cur) cur.expected += units;
      else byProduct.set(l.product_id, { name: l.name, expected: units });
    }
  }
  return [...byProduct].map(([product_id, v]) => ({ product_id, name: v.name, expected: v.expected }));
}

export interface LoadDifference {
  readonly product_id: string;
  readonly name: string;
  readonly expected: number;
  readonly received: number;
}

export function loadDifferences(expected: readonly LoadLine[], received: Readonly<Record<string, number>>): LoadDifference[] {
  return expected
    .map((l) => ({ ...l, received: received[l.product_id] ?? l.expected }))
    .filter((l) => l.received !== l.expected);
}

/** Units of a line the rider can hand over: what was picked, or ordered when nothing was recorded. */
export function deliverableUnits(line: Order['lines'][number]): number {
  return line.picked_quantity > 0 ? line.picked_quantity : line.quantity;
}

export type LinesCheck = { readonly ok: true; readonly kind: 'delivered' | 'partial' } | { readonly ok: false; readonly message: DomainMessage };

/**
 * Partial-delivery rules: per line, delivered + refused ≤ deliverable units; at least one unit
 * must be delivered (nothing delivered is a failed delivery); anything less than the ordered
 * quantity on any line makes the delivery partial.
 */
export function checkDeliveredLines(order: Order, lines: readonly DeliveredLine[]): LinesCheck {
  const byId = new Map(lines.map((l) => [l.line_id, l]));
  let total = 0;
  let partial = false;
  for (const [i, line] of order.lines.entries()) {
    const d = byId.get(line.line_id);
    const delivered = d?.delivered ?? 0;
    const refused = d?.refused ?? 0;
    if (!Number.isInteger(delivered) || !Number.isInteger(refused) || delivered < 0 || refused < 0) {
      return { ok: false, message: msg('domain.delivery.linesNotWhole', { line: i + 1, name: line.name }) };
    }
    const max = deliverableUnits(line);
    if (delivered + refused > max) {
      return { ok: false, message: msg('domain.delivery.linesTooMany', { line: i + 1, name: line.name, units: delivered + refused, max }) };
    }
    if (delivered < line.quantity) partial = true;
    total += delivered;
  }
  for (const l of lines) {
    if (!order.lines.some((x) => x.line_id === l.line_id)) return { ok: false, message: msg('domain.delivery.lineNotInOrder', { lineId: l.line_id }) };
  }
  if (total === 0) return { ok: false, message: msg('domain.delivery.noUnits') };
  return { ok: true, kind: partial ? 'partial' : 'delivered' };
}

/** Every line delivered in full (the default on the order screen). */
export function fullDelivery(order: Order): DeliveredLine[] {
  return order.lines.map((l) => ({ line_id: l.line_id, product_id: l.product_id, delivered: deliverableUnits(l), refused: 0 }));
}

/** The `summary` URL parameter: «l1-6.l2-3» (line id and delivered units; refused after «r»). */
export function encodeSummary(lines: readonly DeliveredLine[]): string {
  return lines.map((l) => `${l.line_id}-${l.delivered}${l.refused > 0 ? `r${l.refused}` : ''}`).join('.');
}

/** Reads a `summary` hint against the order from the database; unknown or bad parts are ignored. */
export function decodeSummary(order: Order, summary: string | undefined): DeliveredLine[] {
  const base = fullDelivery(order);
  if (!summary) return base;
  const hints = new Map<string, { delivered: number; refused: number }>();
  for (const part of summary.split('.')) {
    const m = /^([A-Za-z0-9_-]+?)-(\d{1,5})(?:r(\d{1,5}))?$/.exec(part);
    if (m) hints.set(m[1] as string, { delivered: Number(m[2]), refused: Number(m[3] ?? 0) });
  }
  return base.map((l) => {
    const h = hints.get(l.line_id);
    return h ? { ...l, delivered: h.delivered, refused: h.refused } : l;
  });
}

export interface Collection {
  readonly method: PaymentMethod;
  readonly due_cents: number;
  readonly collected_cents: number;
  readonly change_cents: number;
}

export type CollectionCheck = { readonly ok: true; readonly value: Collection } | { readonly ok: false; readonly message: DomainMessage };

/**
 * The amount due for what is handed over (delivered lines × price + taxes) and the money taken:
 * cash may be more than due (change is returned); card and transfer are exactly the amount due;
 * «a cuenta» collects nothing at the door (the client is invoiced).
 */
/**
 * Whether anything is collected at the door with `method` (issue 28: «Importe a cobrar» was shown
 * on orders paid on account, where nothing is collected): not for an order paid on account.
 */
export function collectsAtDoor(method: PaymentMethod): boolean {
  return method !== 'on_account';
}

export function collect(order: Order, lines: readonly DeliveredLine[], method: PaymentMethod, tenderedCents: number): CollectionCheck {
  const due = amountDueCents(
    order.lines,
    lines.map((l) => ({ line_id: l.line_id, delivered: l.delivered })),
  );
  if (method === 'on_account') return { ok: true, value: { method, due_cents: due, collected_cents: 0, change_cents: 0 } };
  if (method !== 'cash') return { ok: true, value: { method, due_cents: due, collected_cents: due, change_cents: 0 } };
  const change = changeCents(due, tenderedCents);
  if (!change.ok) return { ok: false, message: change.message };
  return { ok: true, value: { method, due_cents: due, collected_cents: tenderedCents, change_cents: change.change_cents } };
}

export interface RoundSummary {
  readonly delivered: number;
  readonly partial: number;
  readonly failed: number;
  readonly pending: number;
  readonly incidences: number;
  /** Cash the rider keeps for the hub: amounts due of cash collections (change went back). */
  readonly cash_cents: number;
  /** Collected by card or transfer. */
  readonly other_cents: number;
}

export function roundSummary(route: Route, events: readonly DeliveryEvent[], incidences: readonly Incidence[]): RoundSummary {
  const p = routeProgress(route, events);
  const routeOrders = new Set(route.stops.flatMap((s) => s.order_ids));
  let cash = 0;
  let other = 0;
  for (const e of events) {
    if (e.kind !== 'collected' || !routeOrders.has(e.order_id)) continue;
    if (e.payment_method === 'cash') cash += e.amount_collected_cents - e.change_cents;
    else if (e.payment_method === 'card' || e.payment_method === 'transfer') other += e.amount_collected_cents;
  }
  return {
    delivered: p.delivered,
    partial: p.partial,
    failed: p.failed,
    pending: p.pending,
    incidences: incidences.filter((i) => i.route_id === route.id).length,
    cash_cents: cash,
    other_cents: other,
  };
}
