/**
 * The record of changes of a published route (issue 11: «changing a published route keeps a
 * record of who changed what»), pure. The data layer compares the route before and after each
 * planning change and appends what `routeChanges` names to the route's `changes`; the route's
 * page and the rider's screen word them from the catalogue.
 *
 * - Recorded once the route is published (any status but «Borrador»), its publication included.
 *   A draft's edits are the plan being made, not changes to anyone's work.
 * - ETAs, the distance and the optimiser's locks are not changes people act on: not recorded.
 * - A cancelled route records its cancellation, not each stop it lost.
 * - Values are kept as people read them (names, codes, times; a status as its key, worded when
 *   shown), so the record reads the same on a device that does not hold those users or bikes.
 */
import { MAX_ROUTE_CHANGES, type Route, type RouteChange, type RouteChangeKind } from '../entities/operation';

/** How the record names a rider, a bike and a delivery point ('' for none). */
export interface ChangeLabels {
  rider(id: string): string;
  bike(id: string): string;
  point(id: string): string;
}

export interface ChangeAuthor {
  readonly id: string;
  readonly name: string;
}

type RouteState = Pick<Route, 'status' | 'name' | 'date' | 'hub' | 'rider_id' | 'bike_id' | 'planned_start' | 'stops'>;

/** Whether a change from `before` to `after` goes on the record: the route is or becomes published. */
export function recordsChanges(before: Pick<Route, 'status'>, after: Pick<Route, 'status'>): boolean {
  return before.status !== 'draft' || after.status !== 'draft';
}

const clip = (s: string) => (s.length > 200 ? `${s.slice(0, 199)}…` : s);

/** What changed from `before` to `after`, as entries of the record (none for a draft). */
export function routeChanges(before: RouteState, after: RouteState, labels: ChangeLabels, author: ChangeAuthor, at: number): RouteChange[] {
  if (!recordsChanges(before, after)) return [];
  const out: RouteChange[] = [];
  const entry = (kind: RouteChangeKind, values: { point?: string; from?: string; to?: string }) => {
    const clipped = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, clip(v)]));
    out.push({ at, by: author.id, by_name: (author.name.trim() || author.id).slice(0, 120), kind, ...clipped });
  };
  if (before.status !== after.status) entry('status', { from: before.status, to: after.status });
  if (before.name !== after.name) entry('name', { from: before.name, to: after.name });
  if (before.date !== after.date) entry('date', { from: before.date, to: after.date });
  if (before.hub !== after.hub) entry('hub', { from: String(before.hub), to: String(after.hub) });
  if (before.rider_id !== after.rider_id) entry('rider', { from: labels.rider(before.rider_id), to: labels.rider(after.rider_id) });
  if (before.bike_id !== after.bike_id) entry('bike', { from: labels.bike(before.bike_id), to: labels.bike(after.bike_id) });
  if (before.planned_start !== after.planned_start) entry('planned_start', { from: before.planned_start, to: after.planned_start });
  if (after.status === 'cancelled') return out;

  const was = new Map(before.stops.map((s) => [s.delivery_point_id, s]));
  const now = new Map(after.stops.map((s) => [s.delivery_point_id, s]));
  for (const s of before.stops) if (!now.has(s.delivery_point_id)) entry('stop_removed', { point: labels.point(s.delivery_point_id), from: String(s.seq) });
  for (const s of after.stops) {
    const old = was.get(s.delivery_point_id);
    if (!old) entry('stop_added', { point: labels.point(s.delivery_point_id), to: String(s.seq) });
    else if (old.order_ids.length !== s.order_ids.length || old.order_ids.some((id) => !s.order_ids.includes(id))) {
      entry('stop_orders', { point: labels.point(s.delivery_point_id), from: String(old.order_ids.length), to: String(s.order_ids.length) });
    }
  }
  const kept = (stops: RouteState['stops'], other: ReadonlyMap<string, unknown>) => stops.filter((s) => other.has(s.delivery_point_id)).map((s) => s.delivery_point_id);
  if (kept(before.stops, now).join('\n') !== kept(after.stops, was).join('\n')) entry('stops_order', {});
  return out;
}

/** The record with `added` at its end, keeping the latest `MAX_ROUTE_CHANGES`. */
export function appendChanges(record: readonly RouteChange[] | undefined, added: readonly RouteChange[]): RouteChange[] {
  return [...(record ?? []), ...added].slice(-MAX_ROUTE_CHANGES);
}
