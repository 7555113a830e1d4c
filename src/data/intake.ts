/**
 * The import screen's data actions (issue 10): what an intake is checked against, read from
 * cb_localDB; the column mappings the operator settles on, remembered as catalog documents of
 * kind `import-mapping` (they sync to every operator's device); and the plan's writes, applied
 * slice by slice as actions (src/data/action.ts: all of a slice or nothing), so an import works on a desk
 * without network and syncs afterwards.
 *
 * Ids are deterministic (src/domain/intake/ids.ts): a document that is already stored is never
 * written twice. An order that became planned or left «Pendiente» between the preview and the
 * write is not overwritten: it is skipped with the reason.
 */
import type { DeliveryPoint, Order, Product } from '../domain/entities/operation';
import type { Client, Hub, ImportMapping, Tax } from '../domain/entities/reference';
import type { IntakeContext } from '../domain/intake/context';
import { mappingDoc, type ColumnMapping } from '../domain/intake/mapping';
import type { IntakeBatch } from '../domain/intake/plan';
import { z } from 'zod';
import { validateDoc } from '../domain/validation';
import { defineAction, docArg, requireRole, type Actor } from './action';
import { loadCollectionDefs } from './collectionMeta';
import type { DataEngine } from './engine';
import { ValidationFailed } from './writes';

type Loose = Record<string, unknown>;

/** Who may import (the access table: orders and points are written by administrators and operators). */
const IMPORTERS = ['admin', 'operator'] as const;

/** The parts of the data engine the intake actions use (tests hand in just these). */
export type IntakeEngine = Pick<DataEngine, 'db' | 'writer'> & Partial<Pick<DataEngine, 'holdSync'>>;

export interface IntakeData {
  readonly context: IntakeContext;
  /** Remembered column mappings (active ones). */
  readonly mappings: readonly ImportMapping[];
}

const json = <T>(docs: readonly { toJSON(): unknown }[]): T[] => docs.map((d) => d.toJSON() as T);

/**
 * The catalogue, every delivery point and the orders dated `today` or later (the only ones an
 * intake may update: it never dates an order in the past), plus the remembered mappings.
 */
export async function loadIntakeContext(engine: IntakeEngine, today: string): Promise<IntakeData> {
  const { db } = engine;
  // Read page by page, giving the page the main thread back in between: thousands of points in
  // one query would block the screen for as long as they take to load.
  const catalog = await inPages<Client | Tax | Hub | ImportMapping>(db.catalog, { kind: { $in: ['client', 'tax', 'hub', 'import-mapping'] } });
  const products = await inPages<Product>(db.products, {});
  const points = await inPages<DeliveryPoint>(db.delivery_points, {});
  const orders = await inPages<Order>(db.orders, { date: { $gte: today } });
  return {
    context: {
      clients: catalog.filter((c): c is Client => c.kind === 'client'),
      taxes: catalog.filter((c): c is Tax => c.kind === 'tax'),
      hubs: catalog.filter((c): c is Hub => c.kind === 'hub'),
      products,
      points,
      orders,
    },
    mappings: catalog.filter((c): c is ImportMapping => c.kind === 'import-mapping' && c.active),
  };
}

/** Documents read per query when loading the intake context. */
export const CONTEXT_PAGE = 500;

interface PagedCollection {
  find(q: { selector: Record<string, unknown>; sort: { id: 'asc' }[]; limit: number }): { exec(): Promise<readonly { toJSON(): unknown }[]> };
}

/** Every document matching `selector`, read in pages of CONTEXT_PAGE by id, yielding between pages. */
async function inPages<T>(collection: unknown, selector: Record<string, unknown>): Promise<T[]> {
  const col = collection as PagedCollection;
  const out: T[] = [];
  let after = '';
  for (;;) {
    const page = await col.find({ selector: { ...selector, id: { $gt: after } }, sort: [{ id: 'asc' }], limit: CONTEXT_PAGE }).exec();
    const docs = json<T & { id: string }>(page);
    out.push(...docs);
    if (docs.length < CONTEXT_PAGE) return out;
    after = (docs[docs.length - 1] as { id: string }).id;
    await yieldToPage();
  }
}

export interface RememberMapping {
  /** The client chosen for the file ('' when the file names the client on every row). */
  readonly clientId: string;
  readonly headers: readonly string[];
  readonly mapping: ColumnMapping;
  /** Name shown to people (the file's name). */
  readonly name: string;
  readonly now: number;
}

/**
 * Remembers a mapping for its client and header set (one document per pair: a new choice
 * replaces the old one). Writes nothing when the same mapping is already remembered.
 */
export async function rememberImportMapping(engine: IntakeEngine, actor: Actor, m: RememberMapping): Promise<{ saved: boolean }> {
  return rememberMapping(engine, { doc: mappingDoc(m.clientId, m.headers, m.mapping, m.name, m.now) }, actor, { now: m.now });
}

const rememberMapping = defineAction({
  name: 'intake.rememberMapping',
  args: z.object({ doc: docArg('catalog') }),
  async run({ tx, args, actor }) {
    requireRole(actor, IMPORTERS);
    const doc = args.doc as ImportMapping;
    const existing = (await tx.get('catalog', doc.id)) as ImportMapping | null;
    if (
      existing &&
      existing.active &&
      existing.kind === 'import-mapping' &&
      existing.headers.length === doc.headers.length &&
      existing.headers.every((h, i) => h === doc.headers[i]) &&
      existing.fields.every((f, i) => f === doc.fields[i])
    ) {
      return { saved: false };
    }
    tx.put('catalog', doc);
    return { saved: true };
  },
});

/** What writing an intake did. */
export interface IntakeWriteResult {
  readonly points: number;
  readonly created: number;
  readonly updated: number;
  /** Documents not written, with the Spanish reason (already stored, planned meanwhile, invalid). */
  readonly skipped: readonly { readonly id: string; readonly reason: string }[];
}

export const EMPTY_WRITE_RESULT: IntakeWriteResult = { points: 0, created: 0, updated: 0, skipped: [] };

export function addWriteResults(a: IntakeWriteResult, b: IntakeWriteResult): IntakeWriteResult {
  return { points: a.points + b.points, created: a.created + b.created, updated: a.updated + b.updated, skipped: [...a.skipped, ...b.skipped] };
}

function reasonOf(err: unknown): string {
  if (err instanceof ValidationFailed) return err.message;
  return err instanceof Error ? err.message : String(err);
}

/** Messages of the skipped documents (Spanish, for the summary). */
export interface SkipReasons {
  readonly exists: string;
  readonly planned: (code: string) => string;
}

const sliceArgs = z.object({
  collection: z.enum(['delivery_points', 'orders']),
  op: z.enum(['insert', 'update']),
  docs: z.array(z.custom<Loose>((v) => typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string')),
  exists: z.string(),
  planned: z.record(z.string(), z.string()),
});

/**
 * One slice of a batch, written together (src/data/action.ts): what is stored meanwhile is read
 * again here, so a point already made is left alone, an order that exists is not inserted again
 * and one planned meanwhile is not overwritten; an invalid document is skipped with its reason,
 * the others are written.
 */
const writeSlice = defineAction({
  name: 'intake.writeSlice',
  args: sliceArgs,
  async run({ tx, args, actor }) {
    requireRole(actor, IMPORTERS);
    const defs = await loadCollectionDefs();
    const c = args.collection;
    const stored = await tx.findByIds(c, args.docs.map((d) => String(d.id)));
    const written: string[] = [];
    const skipped: { id: string; reason: string }[] = [];
    for (const doc of args.docs) {
      const id = String(doc.id);
      const current = stored.get(id);
      if (c === 'delivery_points') {
        // A point made by an earlier import of the same point: nothing to do.
        if (current) continue;
      } else if (args.op === 'insert' && current) {
        skipped.push({ id, reason: args.exists });
        continue;
      } else if (args.op !== 'insert' && current && ((current as Order).status !== 'pending' || (current as Order).route_id !== '')) {
        skipped.push({ id, reason: args.planned[id] ?? args.exists });
        continue;
      }
      // Checked as it will be written (editable documents carry the action's time).
      const checked = validateDoc(defs[c].schema, { ...doc, updated_at: tx.now });
      if (!checked.ok) {
        skipped.push({ id, reason: reasonOf(new ValidationFailed(checked.errors)) });
        continue;
      }
      tx.put(c, doc as never);
      written.push(id);
    }
    return { written, skipped };
  },
});

/** Writes one batch of a plan (see writeBatches: points, then new orders, then updated orders). */
export async function writeIntakeBatch(engine: IntakeEngine, actor: Actor, batch: IntakeBatch, reasons: SkipReasons): Promise<IntakeWriteResult> {
  let points = 0;
  let created = 0;
  let updated = 0;
  const skipped: { id: string; reason: string }[] = [];
  // The planned reasons name the stored order's code: read once per batch, for the orders stored.
  const planned: Record<string, string> = {};
  if (batch.collection === 'orders' && batch.op !== 'insert') {
    const stored = await engine.db.orders.findByIds(batch.docs.map((d) => d.id)).exec();
    for (const [id, d] of stored) planned[id] = reasons.planned((d.toJSON() as Order).code);
  }
  // One action per slice: one storage write and one outbox write per collection, open lists
  // re-run once per slice, not per order, and the page gets the main thread back between slices.
  for (const slice of slices<Loose>(batch.docs as readonly Loose[])) {
    const result = await writeSlice(engine, { collection: batch.collection, op: batch.op, docs: slice, exists: reasons.exists, planned }, actor);
    if (batch.collection === 'delivery_points') points += result.written.length;
    else if (batch.op === 'insert') created += result.written.length;
    else updated += result.written.length;
    skipped.push(...result.skipped);
    await yieldToPage();
  }
  return { points, created, updated, skipped };
}

/** Orders per storage write: big enough to write fast, small enough to keep every task short. */
export const WRITE_SLICE = 100;

function slices<T>(items: readonly T[], size = WRITE_SLICE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const yieldToPage = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Applies every batch of a plan, one after the other, reporting after each. `batch(i)` hands
 * out batch i (from the import worker, so the page never holds the whole plan).
 */
export async function applyIntake(
  engine: IntakeEngine,
  actor: Actor,
  source: { readonly count: number; batch(i: number): Promise<IntakeBatch | null> },
  reasons: SkipReasons,
  onProgress?: (done: number, total: number) => void,
): Promise<IntakeWriteResult> {
  let result = EMPTY_WRITE_RESULT;
  onProgress?.(0, source.count);
  // The import writes alone; what it wrote is sent right after (see ReplicationHandle.hold).
  const release = engine.holdSync?.(['delivery_points', 'orders']);
  try {
    for (let i = 0; i < source.count; i += 1) {
      const batch = await source.batch(i);
      if (batch) result = addWriteResults(result, await writeIntakeBatch(engine, actor, batch, reasons));
      onProgress?.(i + 1, source.count);
    }
  } finally {
    release?.();
  }
  return result;
}
