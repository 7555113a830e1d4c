/**
 * cb_localDB: the local database (specification §4: «cb_localDB, version 1»). The only module
 * family that imports rxdb. Twelve collections (RxDB's free edition opens at most 13 per JS
 * realm), one per entry of LOCAL_COLLECTION_DEFS
 * (their storage schemas: src/data/storageSchemas.generated.ts). Opening needs no zod: the
 * definitions' migrations are loaded only when a migration runs (issue 31).
 */
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase, type RxJsonSchema, type RxStorage } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { LOCAL_COLLECTIONS } from '../domain/stored/names';
import type { LocalCollection, LocalCollectionDef, MigrationStrategies } from '../domain/collections';
import { loadCollectionDefs } from './collectionMeta';
import type { StorageJsonSchema } from '../domain/rxschema';
import type { CatalogDoc } from '../domain/entities/reference';
import type { Bike, DeliveryPoint, Order, PaymentDoc, Product, Route, User } from '../domain/entities/operation';
import type { DeliveryEvent, Incidence, Pick, Receipt } from '../domain/entities/events';
import { withQueriesAtOnce } from './fastQueries';
// The storage schemas are converted from the zod schemas at build time (npm run schemas), so
// zod's JSON-schema code is not loaded at start-up (issue 15).
import { STORAGE_SCHEMAS } from './storageSchemas.generated';

/** Name of the local database (specification §4). */
export const LOCAL_DB_NAME = 'cb_localDB';

export interface DocTypes {
  users: User;
  catalog: CatalogDoc;
  bikes: Bike;
  products: Product;
  delivery_points: DeliveryPoint;
  orders: Order;
  routes: Route;
  deliveries: DeliveryEvent;
  incidences: Incidence;
  payments: PaymentDoc;
  receipts: Receipt;
  picks: Pick;
}

export type CbCollections = { [K in LocalCollection]: RxCollection<DocTypes[K]> };
export type CbDatabase = RxDatabase<CbCollections>;

let pluginsAdded = false;
function addPlugins(): void {
  if (pluginsAdded) return;
  addRxPlugin(RxDBMigrationSchemaPlugin);
  addRxPlugin(RxDBLeaderElectionPlugin);
  pluginsAdded = true;
}

export type StorageChoice =
  /** IndexedDB through dexie: the browser. */
  | { kind: 'dexie'; indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange }
  /** In memory: Node tests and benchmarks. */
  | { kind: 'memory' };

export interface OpenOptions {
  /** Database name; tests use their own so parallel devices do not share storage. */
  readonly name?: string;
  readonly storage: StorageChoice;
  /**
   * Validate every storage write against the JSON schema with ajv. Default: on in development
   * and tests, off in the production build — every write of the app already goes through the
   * entity's zod schema (src/data/writes.ts) and the server validates what it sends, so the
   * second check would only add ajv (≈ 70 KB gzipped) to the phone's first download.
   */
  readonly validate?: boolean;
  /** Share the database between tabs of one browser (default: true for dexie). */
  readonly multiInstance?: boolean;
  /** Open only these collections (tests that must stay under the 13-collection limit). */
  readonly collections?: readonly LocalCollection[];
  /** Replace collection definitions and migrations (tests of schema migrations). */
  readonly definitions?: Partial<Record<LocalCollection, LocalCollectionDef>>;
  readonly migrations?: Partial<Record<LocalCollection, MigrationStrategies>>;
  /**
   * Open with these storage schemas as they are (tests/data/previousRelease.test.ts writes the
   * previous release's documents with the previous release's schemas).
   */
  readonly storageSchemas?: Partial<Record<LocalCollection, StorageJsonSchema>>;
}

const PRODUCTION = (import.meta as { env?: { PROD?: boolean } }).env?.PROD === true;

/** The storage; the memory storage and the ajv validator are loaded only when used. */
async function storageOf(choice: StorageChoice, validate: boolean): Promise<RxStorage<unknown, unknown>> {
  const base: RxStorage<unknown, unknown> =
    choice.kind === 'memory'
      ? ((await import('rxdb/plugins/storage-memory')).getRxStorageMemory() as RxStorage<unknown, unknown>)
      : // Queries read their documents in one IndexedDB request where they can (./fastQueries.ts).
        (withQueriesAtOnce(getRxStorageDexie(choice.indexedDB ? { indexedDB: choice.indexedDB, IDBKeyRange: choice.IDBKeyRange } : {})) as RxStorage<unknown, unknown>);
  if (!validate) return base;
  const { wrappedValidateAjvStorage } = await import('rxdb/plugins/validate-ajv');
  return wrappedValidateAjvStorage({ storage: base }) as RxStorage<unknown, unknown>;
}

/**
 * The app's migration strategies of a collection, one per version from 1 to its schema's: each
 * loads the definitions (src/domain/collections.ts, with zod) when RxDB first runs it, so a
 * start with nothing to migrate never loads them. RxDB awaits a strategy that returns a promise.
 */
function migrationsOf(name: LocalCollection): MigrationStrategies {
  const strategies: Record<number, (doc: Record<string, unknown>) => Promise<Record<string, unknown> | null>> = {};
  for (let v = 1; v <= STORAGE_SCHEMAS[name].version; v++) {
    strategies[v] = async (doc) => {
      const strategy = (await loadCollectionDefs())[name].migrations[v];
      if (!strategy) throw new Error(`No migration of ${name} to version ${v}`);
      return strategy(doc);
    };
  }
  return strategies as unknown as MigrationStrategies;
}

/** Opens (or creates) cb_localDB with every local collection. */
export async function openLocalDatabase(opts: OpenOptions): Promise<CbDatabase> {
  addPlugins();
  const db = (await createRxDatabase<CbCollections>({
    name: opts.name ?? LOCAL_DB_NAME,
    storage: await storageOf(opts.storage, opts.validate ?? !PRODUCTION),
    multiInstance: opts.multiInstance ?? opts.storage.kind === 'dexie',
    eventReduce: true,
    closeDuplicates: true,
  })) as CbDatabase;
  const names = opts.collections ?? LOCAL_COLLECTIONS;
  // Replaced definitions (tests of migrations) are converted here; the app's are generated.
  const definitions = opts.definitions;
  const convert = definitions && Object.keys(definitions).length > 0 ? (await import('../domain/rxschema')).toStorageSchema : null;
  const schemaOf = (name: LocalCollection): StorageJsonSchema => {
    const def = definitions?.[name];
    return opts.storageSchemas?.[name] ?? (def && convert ? convert(def) : STORAGE_SCHEMAS[name]);
  };
  try {
    await db.addCollections(
      Object.fromEntries(
        names.map((name) => [
          name,
          {
            schema: schemaOf(name) as unknown as RxJsonSchema<unknown>,
            migrationStrategies: opts.migrations?.[name] ?? migrationsOf(name),
          },
        ]),
      ),
    );
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

/** Closes the database and deletes all its data (sign-out on a shared device, tests). */
export async function removeLocalDatabase(db: CbDatabase): Promise<void> {
  await db.remove();
}
