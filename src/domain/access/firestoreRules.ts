/**
 * Generates `firestore.rules` and `storage.rules` from THE access table (./table.ts), so the
 * Firebase backend enforces what the embedded server enforces. Run `npm run rules` after
 * changing the table; tests/tooling/rules.test.ts fails when the checked-in files differ, and
 * tests/firebase/access.test.ts walks every cell against the Firestore emulator.
 *
 * Notes on the translation:
 * - the user's system role is the `base_role` of his role document in the catalog (an inactive
 *   or deleted profile counts as `anonimus`); claims are not used (docs/firebase.md);
 * - every document carries its id in `id`, `_deleted` (deletes are soft: tombstones, as on the
 *   embedded server) and the server time of its last write in `_updatedAt`, the pull checkpoint:
 *   a write must set `_updatedAt` to `request.time` (serverTimestamp()), so no device can forge
 *   it and slip a write behind other devices' checkpoints;
 * - the table's `delete` is the soft delete (an update setting `_deleted`), a write to a deleted
 *   document is a `create`; real deletes are refused to everybody;
 * - `own-routes` reads and writes check the route document (`rider_id`); delivery points of a
 *   rider's stops cannot be matched by a rule (stops are inside the route), so each point
 *   carries the riders whose live routes stop there (`rider_ids`, written only by the trusted
 *   function functions/src/routeWrite.ts) and a rider reads a point only when he is in it
 *   (issue 29, finding 2); no device writes the table's FUNCTION_FIELDS;
 * - update rules list the fields a role may change (`affectedKeys().hasOnly`), `kind` never
 *   changes; events (deliveries, incidences, receipts, picks) are never changed nor deleted:
 *   admins and operators may only re-stamp `_updatedAt` (so a rider who receives a route pulls
 *   its earlier events);
 * - reading a document that does not exist is allowed to those who may create in the
 *   collection: the push reads before it writes, inside one transaction;
 * - the state machines (src/domain/status): a status field is created at its initial status or
 *   one step a role may take from it, and changes only to a status the role can reach from the
 *   stored one (checkWrite's checkMachines), listed per role as `from>to` pairs;
 * - what server/rules.ts checks against other documents, for riders: a payment fits its order
 *   (route, id, a rider's status and method, no reviewer: src/domain/access/payments.ts) and an
 *   event names an order of the route it names, at that order's point (`orderOf` reads it);
 * - the amount due of a payment is computed from the order and its delivery events, which no
 *   rule can do: the trusted function (functions/src/paymentDue.ts) writes it after every
 *   payment created and every delivery recorded (docs/firebase.md, «What runs in a function»);
 * - what the rules still cannot check (the schema of each entity) is checked by the Firebase
 *   backend's push before it writes (docs/firebase.md).
 * - `hub-routes` writes check the route document (its `hub` one of the user's `hubs`), the event's `hub`
 *   and the order document (`route_id` = the event's route);
 * - a new delivery or incidence names only files of its writer's folder (or, a delivery, of the
 *   event's rider), issue 29 finding 7: the rules cannot read Storage's uploader, the path's
 *   folder is what storage.rules let only that user fill (src/domain/access/fileRefs.ts);
 * - a cash hand-over (payments of kind `cash-handover`) is checked as checkHandoverWrite does:
 *   signatures in the writer's name, history that only grows, sign-off once and without changing
 *   the count, the count adding up to `counted_cents`, a difference with its reason, fixed
 *   rider, day, hub and expected cash (issue 29);
 * - `hub` writes (operators, issue 29 finding 6) check the document's `hub` (orders, routes,
 *   delivery points, bikes, hand-overs) or its order's (an order's payment; a follow-up: both)
 *   against the user's `hubs` (`myHub`: membership), before and after the write;
 * - update rules list the fields a role may change (`affectedKeys().hasOnly`);
 * - events (deliveries, incidences, receipts, picks) can never be updated or deleted.
 */
import { LOCAL_COLLECTIONS, type LocalCollection } from '../collections';
import type { SystemRole } from './groups';
import { ACCESS_TABLE, EVENT_COLLECTIONS, FUNCTION_FIELDS, SELF_PROTECTED_FIELDS, type Operation, type Rule } from './table';
import { checkReachable, checkTransition, type Machine } from '../status/machines';
import { statusFieldsOf, type StatusField } from '../status/fields';
import { RIDER_PAYMENT_STATUSES, paymentIdOf, riderPaymentMethods } from './payments';
import { FILE_NAME_PATTERN, FILE_REF_FIELDS } from './fileRefs';
import { EURO_DENOMINATIONS_CENTS } from '../payments/handover';

export const DEFAULT_PREFIX = 'cb_';
/** Server time of a document's last write (Firestore timestamp), the pull checkpoint. */
export const SERVER_TIME_FIELD = '_updatedAt';
/** The Firestore-only collection of the sync conflict log (not a local collection). */
export const CONFLICTS_COLLECTION = 'conflicts';
/**
 * Rules may read at most 20 other documents for one query. A rider's query of route-scoped
 * documents costs his profile, his role and one route per value of its `in` filter.
 */
export const RULES_GET_LIMIT = 20;
export const RIDER_ROUTES_PER_QUERY = RULES_GET_LIMIT - 2;

const ROLES: SystemRole[] = ['admin', 'operator', 'rider'];
const NEW = 'request.resource.data';
const OLD = 'resource.data';

function list(values: readonly string[]): string {
  return `[${values.map((v) => `'${v}'`).join(', ')}]`;
}

type WriteOp = 'create' | 'update' | 'delete';

/** Row scope of a rule; `data` is the document the condition reads (old or new state). */
function scopeCondition(collection: LocalCollection, rule: Rule, data: string): string {
  switch (rule.scope) {
    case 'all':
      return 'true';
    case 'self':
      return collection === 'users' ? 'docId == request.auth.uid' : `${data}.created_by == request.auth.uid`;
    case 'own-routes':
      if (collection === 'routes') return `${data}.rider_id == request.auth.uid`;
      if (collection === 'delivery_points') return `request.auth.uid in ${data}.rider_ids`;
      return `ownRoute(${data}.route_id)`;
    case 'hub-routes':
      return `hubRoute(${data})`;
    case 'hub':
      return hubScope(collection, data);
  }
}

/** Scope `hub` (checkWrite's inUserHub): the document's hub, or its order's, is the user's hub. */
function hubScope(collection: LocalCollection, data: string): string {
  if (collection === 'payments') return `myHub(${data}.get('kind', 'order') == 'cash-handover' ? ${data}.hub : orderOf(${data}).hub)`;
  if (collection === 'incidences') return `myHub(${data}.hub) && myHub(orderOf(${data}).hub)`;
  return `myHub(${data}.hub)`;
}

/** Every file a document names is '' or in the writer's folder (deliveries: or the event's rider's). */
function fileRefCondition(collection: LocalCollection, data: string): string | null {
  const refs = FILE_REF_FIELDS[collection];
  if (!refs) return null;
  const owner = collection === 'deliveries' ? `${data}.get('rider_id', '')` : "''";
  return refs.fields.map((f) => `fileRef(${data}.get('${f}', ''), '${refs.folder}', ${owner})`).join(' && ');
}

/** counted_cents is the sum of the count's lines (at most one per denomination). */
function countSum(d: string): string {
  return EURO_DENOMINATIONS_CENTS.map((_, i) => `(${d}.count.size() > ${i} ? ${d}.count[${i}].denomination_cents * ${d}.count[${i}].quantity : 0)`).join('\n          + ');
}

function readCondition(collection: LocalCollection, role: SystemRole, rule: Rule): string {
  const parts = [`baseRole() == '${role}'`, scopeCondition(collection, rule, OLD)];
  if (rule.kinds) parts.push(`${OLD}.kind in ${list(rule.kinds)}`);
  return parts.filter((p) => p !== 'true').join(' && ');
}

function writeCondition(collection: LocalCollection, role: SystemRole, rule: Rule, op: WriteOp): string {
  const parts = [`baseRole() == '${role}'`];
  // The document must be in scope before (update, delete) and after (create, update) the write.
  if (op !== 'create') parts.push(scopeCondition(collection, rule, OLD));
  if (op !== 'delete') parts.push(scopeCondition(collection, rule, NEW));
  if (rule.kinds) parts.push(`${op === 'delete' ? OLD : NEW}.kind in ${list(rule.kinds)}`);
  if (op === 'update' && rule.fields !== '*') parts.push(`${NEW}.diff(${OLD}).affectedKeys().hasOnly(${list([...rule.fields, SERVER_TIME_FIELD])})`);
  if (op === 'create' && role !== 'admin') {
    // Records made by a user carry his identity (checkWrite does the same).
    if (EVENT_COLLECTIONS.includes(collection)) parts.push(`${NEW}.created_by == request.auth.uid`);
    else parts.push(`(!('created_by' in ${NEW}) || ${NEW}.created_by == request.auth.uid)`);
    if (role === 'rider' && collection !== 'routes') parts.push(`(!('rider_id' in ${NEW}) || ${NEW}.rider_id == request.auth.uid)`);
  }
  if (op === 'create' && role === 'rider') {
    // What server/rules.ts checks against the order for riders.
    if (collection === 'payments') parts.push(`riderPayment(${NEW})`);
    if (collection === 'deliveries' || collection === 'incidences') parts.push(`eventOrder(${NEW})`);
  }
  if (op !== 'delete') parts.push(machineCondition(collection, role, rule, op));
  return [...new Set(parts.filter((p) => p !== 'true'))].join(' && ');
}

/** Statuses a new document may start at: the initial one, or one step the role may take from it. */
export function createStatuses(machine: Machine<string>, role: SystemRole): string[] {
  return machine.statuses.filter((s) => s === machine.initial || checkTransition(machine, machine.initial, s, role).ok);
}

/** Every change of status the role may make, `from>to`, through one or more of its steps (checkReachable). */
export function reachablePairs(machine: Machine<string>, role: SystemRole): string[] {
  const out: string[] = [];
  for (const from of machine.statuses) {
    for (const to of machine.statuses) if (from !== to && checkReachable(machine, from, to, role).ok) out.push(`${from}>${to}`);
  }
  return out;
}

/** One status field's machine, as checkWrite's checkMachines (a field that is not text is not checked). */
function fieldMachine(f: StatusField, role: SystemRole, op: 'create' | 'update'): string {
  const now = `${NEW}.get('${f.field}', null)`;
  if (op === 'create') return `(!(${now} is string) || ${now} in ${list(createStatuses(f.machine, role))})`;
  const was = `${OLD}.get('${f.field}', null)`;
  const pairs = reachablePairs(f.machine, role);
  return `(!(${now} is string) || !(${was} is string) || ${now} == ${was} || (${was} + '>' + ${now}) in ${list(pairs)})`;
}

/** The state machines of the document a rule writes (payments: by kind, hand-overs have their own). */
function machineCondition(collection: LocalCollection, role: SystemRole, rule: Rule, op: 'create' | 'update'): string {
  const of = (kind?: string) => statusFieldsOf(collection, kind).map((f) => fieldMachine(f, role, op)).join(' && ') || 'true';
  if (collection !== 'payments') return of();
  const kinds = rule.kinds ?? ['order', 'cash-handover'];
  if (kinds.length === 1) return of(kinds[0]);
  return `(${NEW}.get('kind', 'order') == 'cash-handover' ? ${of('cash-handover')} : ${of('order')})`;
}

function alternatives(collection: LocalCollection, op: Operation, cond: (role: SystemRole, rule: Rule) => string): string {
  const out: string[] = [];
  for (const role of ROLES) {
    for (const rule of ACCESS_TABLE[role][collection]) if (rule.ops.includes(op)) out.push(`(${cond(role, rule)})`);
  }
  return out.length === 0 ? 'false' : out.join('\n            || ');
}

function rolesThatMay(collection: LocalCollection, op: Operation): SystemRole[] {
  return ROLES.filter((role) => ACCESS_TABLE[role][collection].some((r) => r.ops.includes(op)));
}

function collectionBlock(prefix: string, c: LocalCollection): string {
  const isEvent = EVENT_COLLECTIONS.includes(c);
  const read = alternatives(c, 'read', (role, rule) => readCondition(c, role, rule));
  const creators = rolesThatMay(c, 'create');
  let create = alternatives(c, 'create', (role, rule) => writeCondition(c, role, rule, 'create'));
  let update = alternatives(c, 'update', (role, rule) => writeCondition(c, role, rule, 'update'));
  let remove = alternatives(c, 'delete', (role, rule) => writeCondition(c, role, rule, 'delete'));
  if (c === 'catalog' || c === 'incidences') update = `${NEW}.kind == ${OLD}.kind && (${update})`;
  if (c === 'payments') {
    // A payment keeps its kind (documents stored before schema version 1 are order payments),
    // and once reconciled only an administrator changes it (src/domain/access/payments.ts).
    update = `${NEW}.get('kind', 'order') == ${OLD}.get('kind', 'order') && (baseRole() == 'admin' || ${OLD}.status != 'reconciled')\n            && (${NEW}.get('kind', 'order') != 'cash-handover' || handoverUpdate(${NEW}, ${OLD}))\n            && (${update})`;
    // A cash hand-over's signatures, history and amounts (src/domain/payments/handover.ts).
    create = `(${NEW}.get('kind', 'order') != 'cash-handover' || handoverCreate(${NEW}))\n            && (${create})`;
  }
  if (c === 'users') {
    update = `!(docId == request.auth.uid && ${NEW}.diff(${OLD}).affectedKeys().hasAny(${list(SELF_PROTECTED_FIELDS)}))\n            && (${update})`;
    remove = `docId != request.auth.uid && (${remove})`;
  }
  // Fields only a trusted function writes: no device sets or changes them.
  const owned = FUNCTION_FIELDS[c] ?? [];
  const createGuard = owned.length > 0 ? `!${NEW}.keys().hasAny(${list(owned)}) && ` : '';
  const updateGuard = owned.length > 0 ? `!${NEW}.diff(${OLD}).affectedKeys().hasAny(${list(owned)}) && ` : '';
  // A new document names only files of its writer's folder (issue 29, finding 7).
  const refs = fileRefCondition(c, NEW);
  if (refs) create = `${refs}\n            && (${create})`;
  const missing = creators.length > 0 ? `\n          || (resource == null && baseRole() in ${list(creators)})` : '';
  // Events are never changed: admins and operators may only re-stamp the server time.
  const updateRule = isEvent
    ? `sameDeleted() && baseRole() in ['admin', 'operator'] && ${NEW}.diff(${OLD}).affectedKeys().hasOnly(['${SERVER_TIME_FIELD}'])`
    : `(
          (sameDeleted() && (${update}))
          || (softDelete() && (${remove}))
          || (restore() && (${create})))`;
  return `    match /${prefix}${c}/{docId} {
      allow get: if signedIn() && (${read}${missing});
      allow list: if signedIn() && (${read});
      allow create: if signedIn() && stamped(docId) && ${createGuard}(${create});
      allow update: if signedIn() && stamped(docId) && ${updateGuard}${updateRule};
      allow delete: if false;
    }`;
}

export function generateFirestoreRules(prefix = DEFAULT_PREFIX): string {
  const blocks = LOCAL_COLLECTIONS.map((c) => collectionBlock(prefix, c));
  return `rules_version = '2';
// GENERATED by scripts/generate-rules.ts from src/domain/access/table.ts. Do not edit by hand.
service cloud.firestore {
  match /databases/{database}/documents {
    function signedIn() {
      return request.auth != null;
    }
    function profile() {
      return get(/databases/$(database)/documents/${prefix}users/$(request.auth.uid)).data;
    }
    function baseRole() {
      return profile().active == true && profile()._deleted != true
        ? get(/databases/$(database)/documents/${prefix}catalog/$(profile().role)).data.base_role
        : 'anonimus';
    }
    function ownRoute(routeId) {
      return routeId is string && routeId != ''
        && get(/databases/$(database)/documents/${prefix}routes/$(routeId)).data.rider_id == request.auth.uid;
    }
    // Every write names its document, says whether it is deleted and is stamped with the server time.
    function stamped(docId) {
      return ${NEW}.${SERVER_TIME_FIELD} == request.time
        && ${NEW}.id == docId
        && ${NEW}._deleted is bool;
    }
    function sameDeleted() {
      return ${NEW}._deleted == ${OLD}._deleted;
    }
    function softDelete() {
      return ${OLD}._deleted == false && ${NEW}._deleted == true;
    }
    function restore() {
      return ${OLD}._deleted == true && ${NEW}._deleted == false;
    }
    function orderOf(d) {
      return get(/databases/$(database)/documents/${prefix}orders/$(d.order_id)).data;
    }
    // A rider's event names a live order of the route it names, at that order's point (server/rules.ts).
    function eventOrder(d) {
      let order = orderOf(d);
      return order._deleted != true && order.route_id != '' && order.route_id == d.route_id
        && (!(d.get('delivery_point_id', null) is string) || d.delivery_point_id == '' || d.delivery_point_id == order.delivery_point_id);
    }
    // A rider records his order's payment once, as checkRiderPayment accepts it
    // (src/domain/access/payments.ts): the order's id, a rider's status and method, no reviewer.
    // The amount due is not his: the trusted function writes it (functions/src/paymentDue.ts).
    function riderPayment(d) {
      let order = orderOf(d);
      return order._deleted != true && order.route_id != '' && order.route_id == d.route_id
        && d.id == '${paymentIdOf('')}' + d.order_id
        && d.status in ${list(RIDER_PAYMENT_STATUSES)}
        && d.method in (order.payment_method == 'on_account' ? ${list(riderPaymentMethods('on_account'))} : ${list(riderPaymentMethods('cash'))})
        && (d.method == 'on_account') == (d.status == 'on_account')
        && (d.method != 'on_account' || d.amount_collected_cents == 0)
        && d.reviewed_by == '';
    }
    // A hub the user writes in (issue 29, finding 6): one of his \`hubs\` (set by admins). A user
    // document written before users carried \`hubs\` (version 0) writes in its home hub only, as the
    // device's and the server's migrations read it.
    function myHubs() {
      return profile().get('hubs', [profile().get('hub', 0)]);
    }
    function myHub(hub) {
      return hub is int && hub > 0 && myHubs() is list && hub in myHubs();
    }
    // A file named by a new document (issue 29, finding 7): '' or folder/<writer or rider>/<name>.
    function fileRef(path, folder, owner) {
      return path == '' || (path is string && path.split('/').size() == 3 && path.split('/')[0] == folder
        && (path.split('/')[1] == request.auth.uid || (owner is string && owner != '' && path.split('/')[1] == owner))
        && path.split('/')[2].matches('${FILE_NAME_PATTERN}'));
    }
    // A cash hand-over's amounts: the count adds up, a difference has its reason.
    function handoverAmounts(d) {
      return d.count is list && d.count.size() <= ${EURO_DENOMINATIONS_CENTS.length} && d.history is list
        && (d.count.size() == 0 || d.counted_cents == ${countSum('d')})
        && (d.status == 'collected' || d.counted_cents == d.expected_cents || d.reason.trim() != '');
    }
    function lastEntry(d) {
      return d.history[d.history.size() - 1];
    }
    // A new hand-over (checkHandoverWrite): never reconciled at once, counted in the writer's name.
    function handoverCreate(d) {
      return handoverAmounts(d) && d.status != 'reconciled' && d.reconciled_by == ''
        && (d.status != 'handed_over' || (d.recorded_by == request.auth.uid && d.history.size() == 1 && d.history[0].action == 'recorded'));
    }
    function handoverCountChanged(d, old) {
      return d.counted_cents != old.counted_cents || d.count != old.count || d.reason != old.reason;
    }
    // A hand-over's change (checkHandoverWrite): fixed rider, day, hub and expected cash; the
    // recorder's signature and the history kept; signing off by the signer, once, without
    // changing the count; a reconciled one changed (by an admin) only with an «amended» entry.
    function handoverUpdate(d, old) {
      return handoverAmounts(d)
        && d.rider_id == old.rider_id && d.date == old.date && d.hub == old.hub && d.expected_cents == old.expected_cents
        && (old.recorded_by == '' || (d.recorded_by == old.recorded_by && d.recorded_at == old.recorded_at))
        && d.history.size() >= old.history.size() && (old.history.size() == 0 || d.history[0:old.history.size()] == old.history)
        && (old.status == 'reconciled'
          ? d.status == 'reconciled' && d.reconciled_by == old.reconciled_by && d.reconciled_at == old.reconciled_at
            && ((!handoverCountChanged(d, old) && d.history.size() == old.history.size())
              || (d.history.size() == old.history.size() + 1 && lastEntry(d).action == 'amended' && lastEntry(d).by == request.auth.uid
                && lastEntry(d).reason.trim() != '' && lastEntry(d).counted_cents == d.counted_cents))
          : d.status == 'reconciled'
            ? old.status == 'handed_over' && !handoverCountChanged(d, old) && d.reconciled_by == request.auth.uid
              && d.history.size() == old.history.size() + 1 && lastEntry(d).action == 'reconciled' && lastEntry(d).by == request.auth.uid
            : d.reconciled_by == '' && d.reconciled_at == 0
              && (old.status == 'collected' && d.status == 'handed_over'
                ? d.recorded_by == request.auth.uid && d.history.size() == old.history.size() + 1 && lastEntry(d).action == 'recorded'
                : (!handoverCountChanged(d, old) || (d.history.size() == old.history.size() + 1 && lastEntry(d).action == 'amended' && lastEntry(d).reason.trim() != ''))));
    }
    function hubRoute(d) {
      return d.route_id is string && d.route_id != '' && myHub(d.hub)
        && get(/databases/$(database)/documents/${prefix}routes/$(d.route_id)).data.hub == d.hub
        && (!('order_id' in d) || get(/databases/$(database)/documents/${prefix}orders/$(d.order_id)).data.route_id == d.route_id);
    }
${blocks.join('\n')}
    // The sync conflict log (admins read it at /config): written by the device whose push merged.
    match /${prefix}${CONFLICTS_COLLECTION}/{entryId} {
      allow read: if signedIn() && baseRole() == 'admin';
      allow create: if signedIn() && baseRole() in ['admin', 'operator', 'rider']
        && ${NEW}.user_id == request.auth.uid && ${NEW}.at == request.time;
      allow update, delete: if false;
    }
    match /{document=**} {
      allow read, write: if false;
    }
  }
}
`;
}
