/**
 * THE access table: role × collection × operation × allowed fields, plus row scope. The embedded
 * server enforces it on pull, push and files; `firestore.rules` and `storage.rules` are generated
 * from it (scripts/generate-rules.ts). The specification shows no server rules; these are ours:
 *
 * - admin: everything (events stay insert-only for everybody).
 * - operator: reads everything; manages the operation (bikes, products, delivery points, orders,
 *   routes, payments) and the reference sets of the hub (bike models, hubs, clients); writes
 *   bikes, delivery points, orders, routes, payments and follow-ups only in his hub (scope
 *   `hub`, issue 29 finding 6: a user's hub is his `hub`; 0 means none, and an operator with
 *   none writes in no hub; admins write in every hub); records
 *   picking events, picking incidences and picker errors on the routes of his own hub (pickers
 *   sign in as operators). Users, roles, taxes, statuses and the Synlab configuration are
 *   admin-only.
 * - rider: reads his own routes, their orders, stops' delivery points, events (picks included)
 *   and payments, plus reference data and his own profile; records delivery events, delivery
 *   incidences, goods received and collections (a payment, created once, never changed) on his
 *   routes; may only change the status of his routes and of their orders, and his own name and
 *   phone.
 * - payments: amounts due are computed by the server from the order; nothing changes after
 *   reconciliation except by an admin (src/domain/access/payments.ts). The hub's cash
 *   hand-overs live in payments too (kind `cash-handover`): operators record and reconcile
 *   them, a rider reads his own (src/domain/payments/handover.ts).
 * - anonimus: nothing.
 * Nobody changes his own role or active flag; deletes are soft (tombstones).
 */
import type { LocalCollection } from '../collections';
import type { SystemRole } from './groups';

export const OPERATIONS = ['read', 'create', 'update', 'delete'] as const;
export type Operation = (typeof OPERATIONS)[number];

/**
 * Row scope:
 * - `all`: every document;
 * - `own-routes`: documents of routes assigned to the user (routes by `rider_id`; orders,
 *   events and payments by `route_id`; delivery points by the routes' stops);
 * - `self`: the user's own document (users) or own events (`created_by`);
 * - `hub-routes`: events of the routes of the user's hub: `route_id` names a route whose `hub`
 *   is the user's `hub`, the event's own `hub` is that hub, and its order travels on that route
 *   (issue 12: pickers record picking only for their hub's routes);
 * - `hub`: documents of the user's hub (issue 29, finding 6), whose hub is `hub` (orders,
 *   routes, delivery points, bikes, cash hand-overs), the hub of the order they name (an order's
 *   payment) or both (a follow-up incidence: its own `hub` and its order's). The user's hub is
 *   his `hub` (0: none, so nothing is in scope). Checked on the stored state and on the new one,
 *   so a document never moves out of his hub either.
 */
export type RowScope = 'all' | 'own-routes' | 'self' | 'hub-routes' | 'hub';

/** Collections whose operator writes are limited to his hub (scope `hub`). */
export const HUB_SCOPED: readonly LocalCollection[] = ['bikes', 'delivery_points', 'orders', 'routes', 'payments', 'incidences'];

export interface Rule {
  readonly ops: readonly Operation[];
  readonly scope: RowScope;
  /** Fields an update may change ('*' for all). Create and delete are not limited by fields. */
  readonly fields: '*' | readonly string[];
  /** Allowed `kind` values (catalog, incidences); absent = every kind. */
  readonly kinds?: readonly string[];
}

const ALL_OPS: readonly Operation[] = ['read', 'create', 'update', 'delete'];
const READ: Rule = { ops: ['read'], scope: 'all', fields: [] };
/** Writes (create, update, delete) without read: operators read across hubs, write in their own. */
const WRITE_OPS: readonly Operation[] = ['create', 'update', 'delete'];
const EVENT_WRITE_OPS: readonly Operation[] = ['read', 'create'];

/** Collections whose documents are insert-only events. */
export const EVENT_COLLECTIONS: readonly LocalCollection[] = ['deliveries', 'incidences', 'receipts', 'picks'];

type Table = Readonly<Record<SystemRole, Readonly<Record<LocalCollection, readonly Rule[]>>>>;

export const ACCESS_TABLE: Table = {
  admin: {
    users: [{ ops: ALL_OPS, scope: 'all', fields: '*' }],
    catalog: [{ ops: ALL_OPS, scope: 'all', fields: '*' }],
    bikes: [{ ops: ALL_OPS, scope: 'all', fields: '*' }],
    products: [{ ops: ALL_OPS, scope: 'all', fields: '*' }],
    delivery_points: [{ ops: ALL_OPS, scope: 'all', fields: '*' }],
    orders: [{ ops: ALL_OPS, scope: 'all', fields: '*' }],
    routes: [{ ops: ALL_OPS, scope: 'all', fields: '*' }],
    deliveries: [{ ops: EVENT_WRITE_OPS, scope: 'all', fields: [] }],
    incidences: [{ ops: EVENT_WRITE_OPS, scope: 'all', fields: [] }],
    payments: [{ ops: ALL_OPS, scope: 'all', fields: '*' }],
    receipts: [{ ops: EVENT_WRITE_OPS, scope: 'all', fields: [] }],
    picks: [{ ops: EVENT_WRITE_OPS, scope: 'all', fields: [] }],
  },
  operator: {
    users: [READ],
    catalog: [
      READ,
      { ops: ALL_OPS, scope: 'all', fields: '*', kinds: ['bike-model', 'hub', 'client', 'import-mapping'] },
      // A hub's planning objective (issue 34): the operators of that hub write it.
      { ops: ALL_OPS, scope: 'hub', fields: '*', kinds: ['config-planning'] },
    ],
    bikes: [READ, { ops: WRITE_OPS, scope: 'hub', fields: '*' }],
    products: [{ ops: ALL_OPS, scope: 'all', fields: '*' }],
    delivery_points: [READ, { ops: WRITE_OPS, scope: 'hub', fields: '*' }],
    orders: [READ, { ops: WRITE_OPS, scope: 'hub', fields: '*' }],
    routes: [READ, { ops: WRITE_OPS, scope: 'hub', fields: '*' }],
    deliveries: [READ],
    incidences: [
      READ,
      { ops: ['create'], scope: 'hub-routes', fields: [], kinds: ['picker-product', 'picker-error'] },
      // Follow-up of any incidence (issue 13): insert-only documents of kind `follow-up`.
      { ops: ['create'], scope: 'hub', fields: [], kinds: ['follow-up'] },
    ],
    payments: [
      READ,
      { ops: ['create', 'update'], scope: 'hub', fields: ['status', 'status_id', 'reviewed_by', 'note', 'updated_at'], kinds: ['order'] },
      // Cash hand-overs (issue 13): an operator records the count and signs it off; once
      // reconciled only an admin changes it (src/domain/payments/handover.ts).
      {
        ops: ['create', 'update'],
        scope: 'hub',
        fields: ['status', 'status_id', 'counted_cents', 'count', 'reason', 'recorded_by', 'recorded_at', 'reconciled_by', 'reconciled_at', 'history', 'note', 'updated_at'],
        kinds: ['cash-handover'],
      },
    ],
    receipts: [READ],
    picks: [READ, { ops: ['create'], scope: 'hub-routes', fields: [] }],
  },
  rider: {
    users: [{ ops: ['read', 'update'], scope: 'self', fields: ['name', 'phone', 'updated_at'] }],
    catalog: [READ],
    bikes: [READ],
    products: [READ],
    delivery_points: [{ ops: ['read'], scope: 'own-routes', fields: [] }],
    orders: [{ ops: ['read', 'update'], scope: 'own-routes', fields: ['status', 'status_id', 'updated_at'] }],
    routes: [{ ops: ['read', 'update'], scope: 'own-routes', fields: ['status', 'status_id', 'updated_at'] }],
    deliveries: [{ ops: EVENT_WRITE_OPS, scope: 'own-routes', fields: [] }],
    incidences: [{ ops: EVENT_WRITE_OPS, scope: 'own-routes', fields: [], kinds: ['delivery-product'] }],
    // Create only: a rider records his collection once; the amount due comes from the order
    // (server/rules.ts, src/domain/access/payments.ts); operators review it afterwards.
    // His hand-overs (kind `cash-handover`, on his route of the day) he reads, never writes.
    payments: [
      { ops: ['read'], scope: 'own-routes', fields: [] },
      { ops: ['create'], scope: 'own-routes', fields: [], kinds: ['order'] },
    ],
    receipts: [{ ops: EVENT_WRITE_OPS, scope: 'own-routes', fields: [] }],
    picks: [{ ops: ['read'], scope: 'own-routes', fields: [] }],
  },
  anonimus: {
    users: [],
    catalog: [],
    bikes: [],
    products: [],
    delivery_points: [],
    orders: [],
    routes: [],
    deliveries: [],
    incidences: [],
    payments: [],
    receipts: [],
    picks: [],
  },
};

/**
 * Fields only a trusted function writes (no device, whatever its role): a delivery point's
 * `rider_ids`, the riders whose live routes stop there, which the Firestore rules read to let a
 * rider read the point (issue 29, finding 2; functions/src/routeWrite.ts). They exist only in
 * Firestore: the device's shape has none of them (the Firebase transport strips them on pull and
 * keeps the stored value on push); the embedded server reads a rider's points from its own index
 * of the routes' stops instead.
 */
export const FUNCTION_FIELDS: Readonly<Partial<Record<LocalCollection, readonly string[]>>> = {
  delivery_points: ['rider_ids'],
};

/** Fields nobody may change on his own user document. */
export const SELF_PROTECTED_FIELDS = ['role', 'active', 'email'] as const;

/** The rules of a role for a collection that allow an operation (and a kind, if given). */
export function rulesFor(role: SystemRole, collection: LocalCollection, op: Operation, kind?: string): Rule[] {
  return ACCESS_TABLE[role][collection].filter(
    (r) => r.ops.includes(op) && (kind === undefined || r.kinds === undefined || r.kinds.includes(kind)),
  );
}

/**
 * The widest read scope a role has on a collection, or null when it may not read it. The `hub`
 * scope limits writes only (operators read across hubs): no read rule uses it.
 */
export function readScope(role: SystemRole, collection: LocalCollection): RowScope | null {
  const scopes = rulesFor(role, collection, 'read').map((r) => r.scope);
  if (scopes.includes('all')) return 'all';
  if (scopes.includes('own-routes')) return 'own-routes';
  if (scopes.includes('self')) return 'self';
  if (scopes.includes('hub-routes')) return 'hub-routes';
  return null;
}
