/**
 * What the Firebase transport asks Firestore for each role and collection: the query matches
 * what firestore.rules let the user read («rules are not filters»: a query the rules cannot
 * prove allowed is refused whole). One plan per (role, collection), from the access table; the
 * transport runs it and scripts/firestore-indexes.ts derives firestore.indexes.json from it.
 * No Firebase import here.
 */
import { LOCAL_COLLECTIONS, type LocalCollection } from '../../domain/collections';
import type { SystemRole } from '../../domain/access/groups';
import { readScope, rulesFor } from '../../domain/access/table';
import { SERVER_TIME_FIELD } from '../../domain/access/firestoreRules';

/** A delivery point's readers (FUNCTION_FIELDS: written by functions/src/routeWrite.ts only). */
export const POINT_READERS_FIELD = 'rider_ids';

export type PullPlan =
  /** The role may read nothing of the collection. */
  | { readonly kind: 'none' }
  /** Every document, by server time. */
  | { readonly kind: 'all' }
  /** The user's own document (users). */
  | { readonly kind: 'self' }
  /** Documents whose `field` is the user's id (a rider's routes by `rider_id`). */
  | { readonly kind: 'mine'; readonly field: string }
  /** Documents of the user's routes (`route_id in […]`), optionally of some kinds only. */
  | { readonly kind: 'routes'; readonly kinds?: readonly string[] }
  /**
   * Documents whose `field` (an array) holds the user's id: the delivery points of his routes'
   * stops, whose readers (`rider_ids`) the trusted function keeps (issue 29, finding 2).
   */
  | { readonly kind: 'points'; readonly field: string };

export function pullPlan(role: SystemRole, collection: LocalCollection): PullPlan {
  const scope = readScope(role, collection);
  if (scope === null) return { kind: 'none' };
  if (scope === 'all') return { kind: 'all' };
  if (scope === 'self') {
    if (collection === 'users') return { kind: 'self' };
    return { kind: 'mine', field: 'created_by' };
  }
  if (collection === 'routes') return { kind: 'mine', field: 'rider_id' };
  if (collection === 'delivery_points') return { kind: 'points', field: POINT_READERS_FIELD };
  const kinds = rulesFor(role, collection, 'read').flatMap((r) => r.kinds ?? []);
  return kinds.length > 0 ? { kind: 'routes', kinds } : { kind: 'routes' };
}

export type IndexField = { readonly fieldPath: string; readonly order: 'ASCENDING' | 'DESCENDING' } | { readonly fieldPath: string; readonly arrayConfig: 'CONTAINS' };
export interface CompositeIndex {
  readonly collectionGroup: string;
  readonly queryScope: 'COLLECTION';
  readonly fields: readonly IndexField[];
}

/**
 * The composite indexes the transport's queries need. Pulls order by (server time, id) after
 * equality / `in` filters; the change listeners order by server time descending with the same
 * filters (a point's readers: `array-contains`). Queries with no filter, or by id only, use Firestore's automatic single-field indexes.
 */
export function compositeIndexes(prefix: string): CompositeIndex[] {
  const out = new Map<string, CompositeIndex>();
  const add = (collection: LocalCollection, equalities: readonly string[], contains?: string) => {
    for (const order of ['ASCENDING', 'DESCENDING'] as const) {
      const fields: IndexField[] = [
        ...(contains ? [{ fieldPath: contains, arrayConfig: 'CONTAINS' as const }] : []),
        ...equalities.map((f) => ({ fieldPath: f, order: 'ASCENDING' as const })),
        { fieldPath: SERVER_TIME_FIELD, order },
        { fieldPath: '__name__', order },
      ];
      const index: CompositeIndex = { collectionGroup: `${prefix}${collection}`, queryScope: 'COLLECTION', fields };
      out.set(JSON.stringify(index), index);
    }
  };
  for (const role of ['admin', 'operator', 'rider'] as const) {
    for (const c of LOCAL_COLLECTIONS) {
      const plan = pullPlan(role, c);
      if (plan.kind === 'mine') add(c, [plan.field]);
      if (plan.kind === 'routes') add(c, plan.kinds ? ['kind', 'route_id'] : ['route_id']);
      if (plan.kind === 'points') add(c, [], plan.field);
    }
  }
  return [...out.values()].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** The text of firestore.indexes.json (`firebase deploy --only firestore:indexes`). */
export function firestoreIndexes(prefix: string): string {
  return `${JSON.stringify({ indexes: compositeIndexes(prefix), fieldOverrides: [] }, null, 2)}\n`;
}
