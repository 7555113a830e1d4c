import { describe, expect, it } from 'vitest';
import {
  LOCAL_COLLECTIONS,
  LOCAL_COLLECTION_DEFS,
  STORED_COLLECTIONS,
  STORED_TO_LOCAL,
  localOf,
  storedIn,
  type LocalCollection,
} from '../../src/domain/collections';
import { toStorageSchema, type JsonSchema } from '../../src/domain/rxschema';
import { missingMigrations } from '../../src/domain/stored/define';
import { APP_CATALOG_KINDS, CATALOG_KINDS, catalogSchemas } from '../../src/domain/entities/reference';
import { FOLLOW_UP_KIND, INCIDENCE_KINDS, incidenceSchema } from '../../src/domain/entities/events';
import { readScope } from '../../src/domain/access/table';

/** The specification's stored collections, copied from section 3 (independent of the code). */
const SPEC_STORED = [
  'bikes', 'bikes-models', 'clients', 'deliveries', 'orders', 'routes', 'hubs', 'delivery-points', 'products', 'users',
  'roles', 'status-delivery', 'status-picking', 'status-order', 'status-route', 'errors-picker',
  'incidences-picker-products', 'incidences-delivery-products', 'paid-orders', 'status-payment', 'products-received',
  'taxes', 'config-synlab', 'config-synlab-temp',
];

/** Local collections that hold no stored collection: the spare slot of docs/architecture.md §2, used for picking events. */
const LOCAL_ONLY: readonly LocalCollection[] = ['picks'];

const sorted = <T>(xs: Iterable<T>): T[] => [...xs].sort();

describe('stored → local mapping (docs/architecture.md §2)', () => {
  it('lists the 24 stored collections of the specification, once each', () => {
    expect(SPEC_STORED).toHaveLength(24);
    expect(STORED_COLLECTIONS).toHaveLength(24);
    expect(new Set(STORED_COLLECTIONS).size).toBe(24);
    expect(sorted(STORED_COLLECTIONS)).toEqual(sorted(SPEC_STORED));
  });

  it('maps every stored collection exactly once', () => {
    expect(sorted(Object.keys(STORED_TO_LOCAL))).toEqual(sorted(STORED_COLLECTIONS));
    // Each stored collection is found in exactly one local collection.
    const all = LOCAL_COLLECTIONS.flatMap((l) => storedIn(l));
    expect(sorted(all)).toEqual(sorted(STORED_COLLECTIONS));
    for (const s of STORED_COLLECTIONS) expect(localOf(s)).toBe(STORED_TO_LOCAL[s]);
  });

  it('uses at most 12 local collections (RxDB opens at most 13 per realm)', () => {
    expect(LOCAL_COLLECTIONS.length).toBeLessThanOrEqual(12);
    expect(new Set(LOCAL_COLLECTIONS).size).toBe(LOCAL_COLLECTIONS.length);
    const used = new Set(Object.values(STORED_TO_LOCAL).map((m) => m.local));
    expect(used.size).toBeLessThanOrEqual(12);
    for (const l of used) expect(LOCAL_COLLECTIONS).toContain(l);
  });

  it('puts at least one stored collection in every local collection, except the documented spare slot', () => {
    const empty = LOCAL_COLLECTIONS.filter((l) => storedIn(l).length === 0);
    expect(empty).toEqual(LOCAL_ONLY);
  });

  it('tells documents apart by a unique kind where one local collection holds several', () => {
    for (const local of LOCAL_COLLECTIONS) {
      const stored = storedIn(local);
      const kinds = stored.map((s) => STORED_TO_LOCAL[s].kind);
      if (stored.length <= 1) {
        expect(kinds.filter((k) => k !== undefined), local).toEqual([]);
        continue;
      }
      expect(kinds.every((k) => k !== undefined), local).toBe(true);
      expect(new Set(kinds).size, local).toBe(kinds.length);
    }
  });

  it('uses the catalog kinds and the incidence kinds, each exactly once', () => {
    const kindsIn = (local: LocalCollection) => storedIn(local).map((s) => STORED_TO_LOCAL[s].kind);
    // Kinds of our own (APP_CATALOG_KINDS) have no stored collection of the specification.
    expect(sorted([...kindsIn('catalog'), ...APP_CATALOG_KINDS])).toEqual(sorted(CATALOG_KINDS));
    expect(sorted(kindsIn('incidences'))).toEqual(sorted(INCIDENCE_KINDS));
    // The follow-up kind (issue 13) is ours: no stored collection of the specification.
    expect(sorted(incidenceSchema.shape.kind.options)).toEqual(sorted([...INCIDENCE_KINDS, FOLLOW_UP_KIND]));
    expect(sorted(Object.keys(catalogSchemas))).toEqual(sorted(CATALOG_KINDS));
    // The stored `kind` enum of each collection is the same list.
    expect(sorted(toStorageSchema(LOCAL_COLLECTION_DEFS.catalog).properties.kind?.enum ?? [])).toEqual(sorted(CATALOG_KINDS));
    expect(sorted(toStorageSchema(LOCAL_COLLECTION_DEFS.incidences).properties.kind?.enum ?? [])).toEqual(sorted([...INCIDENCE_KINDS, FOLLOW_UP_KIND]));
  });

  it('has one definition per local collection, under its own name', () => {
    expect(sorted(Object.keys(LOCAL_COLLECTION_DEFS))).toEqual(sorted(LOCAL_COLLECTIONS));
    for (const l of LOCAL_COLLECTIONS) expect(LOCAL_COLLECTION_DEFS[l].name).toBe(l);
  });
});

describe('versions and migrations (src/domain/stored)', () => {
  it.each(LOCAL_COLLECTIONS)('%s has one migration strategy for each version from 1 to its version, and no other', (name) => {
    const def = LOCAL_COLLECTION_DEFS[name];
    expect(missingMigrations(def)).toEqual([]);
    expect(Object.keys(def.migrations).map(Number).sort((a, b) => a - b)).toEqual(Array.from({ length: def.version }, (_, i) => i + 1));
  });

  it('names what is missing when a version is raised without its migration', () => {
    expect(missingMigrations({ version: 3, migrations: { 1: (d) => d } })).toEqual([2, 3]);
    expect(missingMigrations({ version: 0, migrations: {} })).toEqual([]);
  });
});

describe('storage schemas (toStorageSchema)', () => {
  const fieldsOf = (index: string | readonly string[]): string[] => (typeof index === 'string' ? [index] : [...index]);

  it.each(LOCAL_COLLECTIONS.map((l) => [l]))('%s: primary key, indexes backed by required, bounded fields', (local) => {
    const def = LOCAL_COLLECTION_DEFS[local];
    const schema = toStorageSchema(def);
    expect(schema.primaryKey).toBe('id');
    expect(schema.type).toBe('object');
    expect(schema.title).toBe(local);
    expect(schema.version).toBe(def.version);
    expect(schema.required).toContain('id');
    const id = schema.properties.id as JsonSchema;
    expect(id.type).toBe('string');
    expect(id.maxLength).toBeLessThanOrEqual(2048);

    expect(schema.indexes.length).toBe(def.indexes.length);
    expect(schema.indexes.length).toBeGreaterThan(0);
    for (const index of schema.indexes) {
      for (const field of fieldsOf(index)) {
        const p = schema.properties[field];
        expect(p, `${local}: index field «${field}» is not a property`).toBeDefined();
        if (!p) continue;
        expect(schema.required, `${local}: index field «${field}» must be required`).toContain(field);
        if (p.type === 'string') {
          expect(p.maxLength, `${local}.${field}: maxLength`).toBeTypeOf('number');
          expect(p.maxLength as number).toBeLessThanOrEqual(2048);
        } else if (p.type === 'number' || p.type === 'integer') {
          expect(p.minimum, `${local}.${field}: minimum`).toBeTypeOf('number');
          expect(p.maximum, `${local}.${field}: maximum`).toBeTypeOf('number');
          expect(p.multipleOf, `${local}.${field}: multipleOf`).toBeTypeOf('number');
        } else {
          expect.fail(`${local}.${field}: an index field must be a string or a number (it is ${JSON.stringify(p.type)})`);
        }
      }
    }
  });

  it('keeps every field of the entity in the storage schema', () => {
    const props = toStorageSchema(LOCAL_COLLECTION_DEFS.orders).properties;
    expect(props.lines?.type).toBe('array');
    expect(props.window_end?.type).toBe('string');
    const catalog = toStorageSchema(LOCAL_COLLECTION_DEFS.catalog).properties;
    for (const field of ['rate_bp', 'system_status', 'groups', 'number', 'endpoint_url']) expect(catalog[field], field).toBeDefined();
  });
});

describe('row scope and dependents (read by the server)', () => {
  const SYSTEM_ROLES_READING = ['admin', 'operator', 'rider', 'anonimus'] as const;

  it('names only fields of the collection (or its id, or the routes\u2019 stops) as scope columns', () => {
    for (const c of LOCAL_COLLECTIONS) {
      const props = Object.keys(toStorageSchema(LOCAL_COLLECTION_DEFS[c]).properties);
      const { route, rider, owner } = LOCAL_COLLECTION_DEFS[c].rowScope;
      for (const f of [route, rider, owner]) {
        if (f === null || f === 'id' || (f === 'stops' && f === route)) continue;
        expect([c, props.includes(f)]).toEqual([c, true]);
      }
    }
  });

  it('gives every collection a rider reads by his routes a way to reach them, and the same for self and hub scopes', () => {
    for (const role of SYSTEM_ROLES_READING) {
      for (const c of LOCAL_COLLECTIONS) {
        const scope = readScope(role, c);
        const { route, owner } = LOCAL_COLLECTION_DEFS[c].rowScope;
        if (scope === 'own-routes') expect([role, c, route !== null || owner !== null]).toEqual([role, c, true]);
        if (scope === 'self') expect([role, c, owner]).not.toEqual([role, c, null]);
        if (scope === 'hub-routes') expect([role, c, route !== null && route !== 'stops']).toEqual([role, c, true]);
      }
    }
  });

  it('makes the documents of a route follow it when its rider changes, and only collections that belong to routes', () => {
    for (const c of LOCAL_COLLECTIONS) {
      const { rowScope, followsRoute } = LOCAL_COLLECTION_DEFS[c];
      const onRoutes = rowScope.route !== null && rowScope.route !== 'id';
      // Everything that belongs to a route leaves the old rider's devices with it.
      expect([c, followsRoute.includes('rider')]).toEqual([c, onRoutes]);
    }
    expect(LOCAL_COLLECTION_DEFS.orders.followsRoute).toContain('stops');
    expect(LOCAL_COLLECTION_DEFS.delivery_points.followsRoute).toContain('stops');
  });
});
