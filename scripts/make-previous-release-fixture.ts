/**
 * Writes tests/fixtures/previous-release/: what a device's cb_localDB holds after this release —
 * for each local collection its schema version, the storage schema the app opens it with and a
 * sample of documents covering every shape the demo data has (each `kind`, each set of fields
 * present, nested ones included). tests/data/previousRelease.test.ts writes them with those
 * schemas and opens the database with the code of the next release: a schema changed without a
 * version and a migration (RxDB DB6), or a wrong migration, fails there.
 *
 * Run it at release time, after tagging (`npm run release:fixture`), and commit the folder with
 * the release's commit in release.json. Byte for byte reproducible (fixed seed, day and «now»).
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { LOCAL_COLLECTIONS, LOCAL_COLLECTION_DEFS, type LocalCollection } from '../src/domain/collections';
import { STORAGE_SCHEMAS } from '../src/data/storageSchemas.generated';
import { generateDemoData } from '../server/demo/generate';
import { recordHandover, reconcileHandover } from '../src/domain/payments/handover';
import { schemaHash } from './pin-storage-schemas';

export const FIXTURE_DIR = new URL('../tests/fixtures/previous-release/', import.meta.url);

/** At most this many documents of one shape, and of one collection. */
const PER_SHAPE = 2;
const PER_COLLECTION = 80;

export interface ReleaseCollectionFixture {
  readonly collection: LocalCollection;
  readonly version: number;
  readonly schemaHash: string;
  readonly schema: unknown;
  readonly documents: readonly Record<string, unknown>[];
}

/** The field paths a document has (`stops[].lock`), its shape. */
function shapeOf(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return [...new Set(value.flatMap((v) => shapeOf(v, `${prefix}[]`)))];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => [`${prefix}.${k}`, ...shapeOf(v, `${prefix}.${k}`)]);
}

/** A few documents of every shape, in the demo's order. */
export function sample(docs: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  const seen = new Map<string, number>();
  const out: Record<string, unknown>[] = [];
  for (const doc of docs) {
    const key = `${String(doc.kind ?? '')}|${shapeOf(doc).sort().join(',')}`;
    const n = seen.get(key) ?? 0;
    if (n >= PER_SHAPE) continue;
    seen.set(key, n + 1);
    out.push(doc);
    if (out.length >= PER_COLLECTION) break;
  }
  return out;
}

type Doc = Record<string, unknown>;

function first(docs: readonly Doc[], what: string, test: (d: Doc) => boolean = () => true): Doc {
  const doc = docs.find(test);
  if (!doc) throw new Error(`la demo no tiene ${what}`);
  return doc;
}

/** Shapes a device may hold that the demo data does not make (they come from screens and actions). */
function extraShapes(data: Record<LocalCollection, Doc[]>, now: number): Partial<Record<LocalCollection, Doc[]>> {
  const incidence = first(data.incidences, 'incidencias', (d) => d.kind === 'picker-product');
  const operator = first(data.users, 'operador', (d) => d.role === 'operator');
  const rider = first(data.users, 'repartidor', (d) => d.role === 'rider');
  const route = first(data.routes, 'rutas', (d) => d.rider_id === rider.id);
  const client = first(data.catalog, 'clientes', (d) => d.kind === 'client');
  const synlab = data.catalog.find((d) => d.kind === 'config-synlab');
  const handover = recordHandover({
    id: `cash-${String(route.date)}-${String(rider.id)}-1`,
    riderId: String(rider.id),
    routeId: String(route.id),
    hub: Number(route.hub),
    date: String(route.date),
    expectedCents: 12_345,
    count: [{ denomination_cents: 5000, quantity: 2 }, { denomination_cents: 2000, quantity: 1 }],
    amountCents: 0,
    reason: 'Faltan monedas',
    by: String(operator.id),
    at: now,
  });
  return {
    incidences: [
      { ...incidence, id: 'prev-picker-error', kind: 'picker-error', type: 'wrong_product', scanned_barcode: '4006381333931', created_by: operator.id },
      { ...incidence, id: 'prev-follow-up', kind: 'follow-up', follows: incidence.id, follow_state: 'in_review', assignee: operator.id },
    ],
    payments: [handover as unknown as Doc, reconcileHandover(handover, String(operator.id), now + 60_000) as unknown as Doc].map((d, i) => ({ ...d, id: `${String(d.id)}-${i}` })),
    catalog: [
      { id: 'imap-0123456789abcdef', name: 'Plantilla', active: true, updated_at: now, kind: 'import-mapping', client_id: client.id, header_key: '0123456789abcdef', headers: ['Referencia', 'Fecha', 'Otra'], fields: ['external_ref', 'date', ''] },
      ...(synlab ? [{ ...synlab, id: 'synlab-draft', kind: 'config-synlab-temp', base_id: synlab.id }] : []),
    ],
  };
}

export function makeFixture(): Record<LocalCollection, ReleaseCollectionFixture> {
  const now = Date.UTC(2026, 10, 23, 9, 45);
  const demo = generateDemoData({ seed: 1, today: '2026-11-23', now, scale: { deliveryPoints: 60, ordersPerDay: 30, ridersPerHub: 2 } });
  const data = demo as unknown as Record<LocalCollection, Doc[]>;
  const extra = extraShapes(data, now);
  for (const name of LOCAL_COLLECTIONS) {
    for (const doc of extra[name] ?? []) {
      const ok = LOCAL_COLLECTION_DEFS[name].schema.safeParse(doc);
      if (!ok.success) throw new Error(`${name} ${String(doc.id)}: ${ok.error.message}`);
    }
  }
  const out = {} as Record<LocalCollection, ReleaseCollectionFixture>;
  for (const name of LOCAL_COLLECTIONS) {
    out[name] = {
      collection: name,
      version: LOCAL_COLLECTION_DEFS[name].version,
      schemaHash: schemaHash(STORAGE_SCHEMAS[name]),
      schema: STORAGE_SCHEMAS[name],
      documents: [...sample(data[name]), ...(extra[name] ?? [])],
    };
  }
  return out;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  mkdirSync(FIXTURE_DIR, { recursive: true });
  for (const f of readdirSync(FIXTURE_DIR)) rmSync(new URL(f, FIXTURE_DIR));
  const fixture = makeFixture();
  for (const name of LOCAL_COLLECTIONS) writeFileSync(new URL(`${name}.json`, FIXTURE_DIR), `${JSON.stringify(fixture[name], null, 1)}\n`);
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  writeFileSync(new URL('release.json', FIXTURE_DIR), `${JSON.stringify({ app: pkg.version, commit }, null, 2)}\n`);
  console.info(`tests/fixtures/previous-release/ escrito (${LOCAL_COLLECTIONS.map((n) => `${n} ${fixture[n].documents.length}`).join(', ')})`);
}
