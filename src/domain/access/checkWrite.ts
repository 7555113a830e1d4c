/**
 * Whether a user may write one document: the access table (operation, kind, row scope, fields),
 * the self-protection rule and the state machines. Pure; the server calls it for every pushed
 * row and the app calls it to hide actions a user cannot take.
 */
import { collectionLabel, type LocalCollection } from '../collections';
import { checkReachable, checkTransition } from '../status/machines';
import { NOT_CONTENT_FIELDS } from '../sync/protocol';
import { statusFieldsOf } from '../status/fields';
import type { SystemRole } from './groups';
import { EVENT_COLLECTIONS, SELF_PROTECTED_FIELDS, rulesFor, type Operation, type Rule } from './table';
import { checkPaymentChange } from './payments';
import type { Payment } from '../entities/operation';
import { checkHandoverWrite, type CashHandover } from '../payments/handover';
import { msg, type DomainMessage } from '../messages';
import { fieldNames } from '../validation';

export type Doc = Readonly<Record<string, unknown>>;

export interface WriteRequest {
  readonly role: SystemRole;
  readonly userId: string;
  readonly collection: LocalCollection;
  /** Current state on the server (null when the document does not exist). */
  readonly before: Doc | null;
  /** New state; `_deleted: true` is a (soft) delete. */
  readonly after: Doc;
  /** Ids of the routes assigned to the user (row scope `own-routes`). */
  readonly ownRouteIds: ReadonlySet<string>;
  /**
   * The current documents, for row scopes that look at other documents (`hub-routes`: the
   * user's hub, the route's hub and the order's route; `hub`: the user's hub and, for payments
   * and follow-ups, their order's hub). Without it those scopes refuse.
   */
  readonly lookup?: (collection: LocalCollection, id: string) => Doc | null;
}

/** A refusal is a domain message (src/domain/messages.ts): the layer that shows it words it with `domainText`. */
export type AccessResult = { readonly ok: true } | { readonly ok: false; readonly reason: DomainMessage };

const OP_VERB = (op: Operation): DomainMessage => msg(`domain.access.verb.${op}`);
const ROLE_NAME = (role: SystemRole): DomainMessage => msg(`domain.access.role.${role}`);
/** A reason another check words itself (the state machines, the payments' freeze). */
const worded = (text: string): DomainMessage => msg('domain.access.text', { text });

/** Fields managed by the sync layer, never compared or checked. */
const META = new Set(NOT_CONTENT_FIELDS);

function isDeleted(d: Doc | null): boolean {
  return d === null || d._deleted === true;
}

export function operationOf(before: Doc | null, after: Doc): Operation {
  if (isDeleted(before)) return 'create';
  return after._deleted === true ? 'delete' : 'update';
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Top-level fields whose values differ between two states (sync metadata ignored). */
export function changedFields(before: Doc, after: Doc): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => !META.has(k) && !same(before[k], after[k]));
}

function inScope(rule: Rule, req: WriteRequest, doc: Doc): boolean {
  switch (rule.scope) {
    case 'all':
      return true;
    case 'self':
      return req.collection === 'users' ? doc.id === req.userId : doc.created_by === req.userId;
    case 'own-routes':
      if (req.collection === 'routes') return doc.rider_id === req.userId;
      return typeof doc.route_id === 'string' && req.ownRouteIds.has(doc.route_id);
    case 'hub-routes':
      return inHubRoute(req, doc);
    case 'hub':
      return inUserHub(req, doc);
  }
}

/**
 * The hubs a user writes in (his `hubs`, issue 29 finding 6; his home `hub` gives no write scope),
 * empty when he has none or they cannot be read.
 */
export function userHubsOf(user: Doc | null): number[] {
  const hubs = user?.hubs;
  return Array.isArray(hubs) ? hubs.filter((h): h is number => typeof h === 'number' && h > 0) : [];
}

/**
 * The hubs a document belongs to (scope `hub`): its own `hub`, the hub of the order it names (an
 * order's payment), or both (a follow-up incidence). Null when one cannot be read.
 */
export function hubsOfDoc(collection: LocalCollection, doc: Doc, lookup: WriteRequest['lookup']): number[] | null {
  const own = typeof doc.hub === 'number' ? doc.hub : null;
  const orderHub = (): number | null => {
    const order = lookup && typeof doc.order_id === 'string' && doc.order_id !== '' ? lookup('orders', doc.order_id) : null;
    return order && typeof order.hub === 'number' ? order.hub : null;
  };
  let hubs: (number | null)[];
  if (collection === 'payments') hubs = [doc.kind === 'cash-handover' ? own : orderHub()];
  else if (collection === 'incidences') hubs = [own, orderHub()];
  else hubs = [own];
  return hubs.every((h): h is number => h !== null) ? hubs : null;
}

/** Whether a document belongs to one of the user's hubs (scope `hub`, issue 29 finding 6). */
function inUserHub(req: WriteRequest, doc: Doc): boolean {
  const lookup = req.lookup;
  if (!lookup) return false;
  const mine = userHubsOf(lookup('users', req.userId));
  const hubs = hubsOfDoc(req.collection, doc, lookup);
  return hubs !== null && hubs.every((h) => mine.includes(h));
}

/** Whether an event belongs to a route of one of the user's hubs, and its order travels on that route. */
function inHubRoute(req: WriteRequest, doc: Doc): boolean {
  const lookup = req.lookup;
  if (!lookup || typeof doc.route_id !== 'string' || doc.route_id === '') return false;
  const mine = userHubsOf(lookup('users', req.userId));
  const route = lookup('routes', doc.route_id);
  if (!route || isDeleted(route) || typeof doc.hub !== 'number' || !mine.includes(doc.hub) || route.hub !== doc.hub) return false;
  if (typeof doc.order_id !== 'string') return true;
  const order = lookup('orders', doc.order_id);
  return order !== null && !isDeleted(order) && order.route_id === doc.route_id;
}

function checkMachines(req: WriteRequest, op: Operation): AccessResult {
  const kind = typeof req.after.kind === 'string' ? req.after.kind : undefined;
  for (const { field, machine } of statusFieldsOf(req.collection, kind)) {
    const to = req.after[field];
    if (typeof to !== 'string') continue;
    if (op === 'create') {
      // A new document starts at the initial status or one step the role may take from it.
      if (to !== machine.initial && !checkTransition(machine, machine.initial, to, req.role).ok) {
        return { ok: false, reason: msg('domain.access.createStatus', { label: collectionLabel(req.collection), status: machine.labels[to] ?? to }) };
      }
    } else if (op === 'update') {
      const from = req.before?.[field];
      if (typeof from === 'string' && from !== to) {
        // Reachable, not only one step: an offline device pushes several steps as one change.
        const res = checkReachable(machine, from, to, req.role);
        if (!res.ok) return { ok: false, reason: worded(res.reason) };
      }
    }
  }
  return { ok: true };
}

/** The refusal of a document out of the user's scope («No tienes acceso al pedido «o3»»). */
export function accessDenied(collection: LocalCollection, id: string): DomainMessage {
  return msg('domain.access.denied', { to: collectionLabel(collection, 'to'), id });
}

export function checkWrite(req: WriteRequest): AccessResult {
  const { collection, before, after, role, userId } = req;
  const op = operationOf(before, after);
  const deny = (reason: DomainMessage): AccessResult => ({ ok: false, reason });

  if (EVENT_COLLECTIONS.includes(collection) && op !== 'create') {
    return deny(msg('domain.access.eventsImmutable', { what: collectionLabel(collection, 'records'), label: collectionLabel(collection) }));
  }

  const kind = typeof after.kind === 'string' ? after.kind : undefined;
  const beforeKind = before && typeof before.kind === 'string' ? before.kind : undefined;
  if (kind !== undefined && beforeKind !== undefined && kind !== beforeKind && !isDeleted(before)) {
    return deny(msg('domain.access.kindFixed', { label: collectionLabel(collection) }));
  }
  const rules = rulesFor(role, collection, op, kind);
  if (rules.length === 0) return deny(msg('domain.access.roleCannot', { role: ROLE_NAME(role), verb: OP_VERB(op), label: collectionLabel(collection) }));

  if (collection === 'payments' && before && op !== 'create') {
    const frozen = checkPaymentChange(role, before as { status: Payment['status'] });
    if (!frozen.ok) return deny(worded(frozen.reason));
  }
  if (collection === 'payments' && kind === 'cash-handover' && op !== 'delete') {
    const live = before && !isDeleted(before) ? (before as unknown as CashHandover) : null;
    const res = checkHandoverWrite(role, userId, live, after as unknown as CashHandover);
    if (!res.ok) return deny(res.reason);
  }

  const changed = op === 'update' && before ? changedFields(before, after) : [];
  if (collection === 'users' && after.id === userId && op !== 'create') {
    const touched = changed.filter((f) => (SELF_PROTECTED_FIELDS as readonly string[]).includes(f));
    if (touched.length > 0 || op === 'delete') return deny(msg('domain.access.selfProtected'));
  }

  const allowed = rules.some((rule) => {
    if (!inScope(rule, req, after)) return false;
    if (before && !isDeleted(before) && !inScope(rule, req, before)) return false;
    if (op !== 'update' || rule.fields === '*') return true;
    const fields = rule.fields;
    return changed.every((f) => fields.includes(f));
  });
  if (!allowed) {
    const anyScope = rules.some((r) => inScope(r, req, after) && (!before || isDeleted(before) || inScope(r, req, before)));
    if (!anyScope && rules.every((r) => r.scope === 'hub-routes')) {
      return deny(msg('domain.access.hubRoutesOnly'));
    }
    if (!anyScope && rules.some((r) => r.scope === 'hub')) {
      const hubs = userHubsOf(req.lookup?.('users', userId) ?? null);
      if (hubs.length === 0) return deny(msg('domain.access.noHub', { label: collectionLabel(collection) }));
      return deny(msg('domain.access.hubOnly', { label: collectionLabel(collection), hub: hubs.join(', ') }));
    }
    if (!anyScope) return deny(accessDenied(collection, String(after.id)));
    return deny(msg('domain.access.fieldsDenied', { role: ROLE_NAME(role), label: collectionLabel(collection), fields: fieldNames(changed) }));
  }

  // Events recorded by a user carry his identity.
  if (op === 'create' && role !== 'admin') {
    if ('created_by' in after && after.created_by !== userId) return deny(msg('domain.access.ownAuthor'));
    if (role === 'rider' && 'rider_id' in after && collection !== 'routes' && after.rider_id !== userId) {
      return deny(msg('domain.access.riderOwnName'));
    }
  }
  return checkMachines(req, op);
}
