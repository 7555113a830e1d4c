/**
 * What a local collection is (docs/storage.md): one module per collection in this folder exports
 * its definition — the zod schema of its documents, the schema `version`, the `migrations` that
 * bring older documents to it, its indexes and how sync scopes it — so a stored shape, its
 * version and its migrations change together. Pure: src/data hands them to RxDB.
 */
import type { z } from 'zod';
import type { LocalCollection } from './names';

/**
 * Where the server's row-scope columns of a document come from (server/store.ts keeps them next
 * to the document, so a rider's pull is one indexed query):
 * - `route`: the field naming the document's route, `'id'` for a route itself, or `'stops'` for
 *   a document that belongs to the routes whose stops name it (delivery points);
 * - `rider`: the field naming the rider it is assigned to;
 * - `owner`: the field naming the user it belongs to (`'id'` for a user's own profile).
 * `null` = the column stays empty (nobody reaches the document that way).
 */
export interface RowScopeFields {
  readonly route: string | null;
  readonly rider: string | null;
  readonly owner: string | null;
}

/** Changes of a route that change what devices may see of the documents that follow it. */
export type RouteChange = 'rider' | 'stops';

/** Turns a stored document of the previous schema version into one of the next (null drops it). */
export type MigrationStrategy = (oldDoc: Record<string, unknown>) => Record<string, unknown> | null;
/** By target version: strategy `n` migrates version n-1 → n. */
export type MigrationStrategies = Readonly<Record<number, MigrationStrategy>>;

/**
 * How each local collection behaves:
 * - `editable` documents use the three-way field-aware merge on conflict;
 * - `event` documents are insert-only (client-made ids), so they never conflict.
 * `indexes` back the hot queries (every index ends with the primary key implicitly).
 * `version` is the schema version: raising it needs its migration strategy in `migrations`
 * (tests/data/schemaPins.test.ts fails when the storage schema changes at the same version).
 */
export interface LocalCollectionDef {
  readonly name: LocalCollection;
  readonly schema: z.ZodType;
  readonly mode: 'editable' | 'event';
  readonly version: number;
  /** One strategy per version from 1 to `version` (RxDB runs them when it opens an older cb_localDB). */
  readonly migrations: MigrationStrategies;
  readonly indexes: readonly (string | readonly string[])[];
  readonly rowScope: RowScopeFields;
  /**
   * Which changes of a route make every device pull this collection's documents of that route
   * again (a new rider, or the route deleted or restored, counts as `rider`): the dependents of
   * a route, which the server re-stamps when it changes.
   */
  readonly followsRoute: readonly RouteChange[];
}

/** A version that only added optional fields: the old document is a valid new one. */
export const unchanged: MigrationStrategy = (oldDoc) => oldDoc;

export const NO_SCOPE: RowScopeFields = { route: null, rider: null, owner: null };
/** Events of a rider's round: on a route, of a rider, made by a user. */
export const ROUND_EVENT_SCOPE: RowScopeFields = { route: 'route_id', rider: 'rider_id', owner: 'created_by' };
/** Events without a rider (incidences, picks): on a route, made by a user. */
export const EVENT_SCOPE: RowScopeFields = { route: 'route_id', rider: null, owner: 'created_by' };

/** Versions 1…n that have no migration strategy (empty when the collection is complete). */
export function missingMigrations(def: Pick<LocalCollectionDef, 'version' | 'migrations'>): number[] {
  return Array.from({ length: def.version }, (_, i) => i + 1).filter((v) => typeof def.migrations[v] !== 'function');
}
