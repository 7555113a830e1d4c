/**
 * What the write cases (./writeCases.ts) are made of: the actors, a case's shape and expected
 * outcome per backend, and the builders of the documents the cases write.
 */
import type { LocalCollection } from '../../src/domain/collections';
import type { Order, Payment, Route } from '../../src/domain/entities/operation';
import { order, route, smallOperation, T0, TODAY } from '../helpers/fixtures';
import { recordHandover, type CashHandover } from '../../src/domain/payments/handover';

export type Row = Record<string, unknown>;
export type Who = 'admin' | 'operator' | 'rider1' | 'rider2' | 'operatorBcn';
export type Outcome = 'allowed' | 'refused';

/** The user id and sign-in e-mail of each actor of the cases. */
export const ACTORS: Readonly<Record<Who, { readonly id: string; readonly email: string }>> = {
  admin: { id: 'u-admin', email: 'admin@cargobici.test' },
  operator: { id: 'u-operador', email: 'operador@cargobici.test' },
  rider1: { id: 'u-rider1', email: 'rider1@cargobici.test' },
  rider2: { id: 'u-rider2', email: 'rider2@cargobici.test' },
  operatorBcn: { id: 'u-op-bcn', email: 'operador.bcn@cargobici.test' },
};

export type Topic = 'role' | 'row scope' | 'hub scope' | 'state machine' | 'computed amount' | 'authorship' | 'event → order → route' | 'file reference' | 'cash hand-over' | 'function field' | 'route → orders' | 'schema';

export interface WriteCase {
  readonly name: string;
  readonly topic: Topic;
  readonly who: Who;
  readonly collection: LocalCollection;
  /** Other documents stored first. */
  readonly seed?: Partial<Record<LocalCollection, readonly Row[]>>;
  /** The written document's stored state before the write (null: it does not exist). */
  readonly before: Row | null;
  /** The state the user writes. */
  readonly after: Row;
  /**
   * The outcome on both backends, or per backend when they legitimately differ, with the reason
   * (`why`): a difference nobody wrote down here fails.
   */
  readonly expect: Outcome | { readonly server: Outcome; readonly firebase: Outcome; readonly why: string };
  /**
   * Fields the trusted side computes, with their stored value once it has: the embedded server
   * inside the push (server/rules.ts), Firebase in the trusted function after the write
   * (functions/src/paymentDue.ts; the Firebase run calls it as the trigger would).
   */
  readonly computed?: Row;
  /** The issue and finding the case guards, when it has one. */
  readonly finding?: string;
  /**
   * Other documents as they must be stored after an allowed write, by what follows it: the
   * embedded server derives them inside the push (server/rules.ts), Firebase in the trusted
   * function (functions/src/routeWrite.ts; the Firebase run calls it as the trigger would).
   */
  readonly follows?: Partial<Record<LocalCollection, readonly Row[]>>;
  /**
   * The embedded server refuses it with the entity's schema (where that rule lives there: a
   * hand-over's count, a field the device's shape does not have), so its reason says «Datos no
   * válidos»; the rules check the same without the schema.
   */
  readonly serverSchema?: true;
}

export function expected(c: WriteCase, backend: 'server' | 'firebase'): Outcome {
  return typeof c.expect === 'string' ? c.expect : c.expect[backend];
}

/** An order of route `routeId` (6 × 1,20 € at 4 %: 7,49 € due when all is delivered). */
export function ord(id: string, routeId = 'r1', change: Partial<Order> = {}): Order {
  const point = routeId === 'r2' ? 'pe3' : 'pe1';
  return { ...order(id, point, routeId), ...change };
}

/** The payment rider 1 records for an order of his route r1. */
export function pay(orderId: string, change: Partial<Payment> = {}): Payment {
  return {
    id: `pay-${orderId}`,
    kind: 'order',
    order_id: orderId,
    route_id: 'r1',
    rider_id: 'u-rider1',
    method: 'cash',
    amount_due_cents: 749,
    amount_collected_cents: 749,
    status: 'collected',
    status_id: '',
    collected_at: T0,
    reviewed_by: '',
    note: '',
    updated_at: T0,
    ...change,
  };
}

export function rte(id: string, riderId: string, status: Route['status'], change: Partial<Route> = {}): Route {
  return { ...route(id, riderId, [{ point: 'pe1', orders: ['o1'] }], status), ...change };
}

const fixture = smallOperation();
export const fixtureDoc = (c: 'users' | 'routes' | 'orders', id: string): Row => {
  const found = (fixture[c] as readonly Row[]).find((d) => d.id === id);
  if (!found) throw new Error(`${c}/${id} is not in the small operation`);
  return found;
};

export const later = { updated_at: T0 + 60_000 };

/** A document moved to hub 2 (the operator of the cases works in hub 1). */
export function hub2<T extends object>(d: T): T & { hub: number } {
  return { ...d, hub: 2 };
}
/** An order's lines at another unit price. */
export function priced(o: Order, cents: number): Order['lines'] {
  return o.lines.map((l) => ({ ...l, unit_price_cents: cents }));
}

/** A route of hub 1 with rider 1 stopping at pe1 with `orders`. */
export function planned(id: string, orders: string[]): Route {
  return route(id, 'u-rider1', [{ point: 'pe1', orders }], 'planned');
}

/** Rider 1's hand-over of 15 € counted by the operator (hub 1), as the hub's screen records it. */
export function handover(id: string, change: Partial<CashHandover> = {}): CashHandover {
  const h = recordHandover({ id, riderId: 'u-rider1', routeId: 'r1', hub: 1, date: TODAY, expectedCents: 1500, count: null, amountCents: 1500, reason: '', by: 'u-operador', at: T0 });
  return { ...h, ...change };
}
/** The same hand-over opened and not counted yet. */
export function opened(id: string): CashHandover {
  return handover(id, { status: 'collected', counted_cents: 0, recorded_by: '', recorded_at: 0, history: [] });
}
