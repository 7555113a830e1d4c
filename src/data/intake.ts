/**
 * The import screen's data actions (issue 10): what an intake is checked against, read from
 * cb_localDB; the column mappings the operator settles on, remembered as catalog documents of
 * kind `import-mapping` (they sync to every operator's device); and the plan's writes, applied
 * batch by batch through the one writer (src/data/writes.ts), so an import works on a desk
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
import type { DataEngine } from './engine';
import { ValidationFailed } from './writes';

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
export async function rememberImportMapping(engine: IntakeEngine, m: RememberMapping): Promise<{ saved: boolean }> {
  const doc = mappingDoc(m.clientId, m.headers, m.mapping, m.name, m.now);
  const existing = (await engine.db.catalog.findOne(doc.id).exec())?.toJSON() as ImportMapping | undefined;
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
  await engine.writer.save('catalog', doc);
  return { saved: true };
}

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

/** Writes one batch of a plan (see writeBatches: points, then new orders, then updated orders). */
export async function writeIntakeBatch(engine: IntakeEngine, batch: IntakeBatch, reasons: SkipReasons): Promise<IntakeWriteResult> {
  const { db, writer } = engine;
  let points = 0;
  let created = 0;
  let updated = 0;
  const skipped: { id: string; reason: string }[] = [];
  if (batch.collection === 'delivery_points') {
    const stored = await db.delivery_points.findByIds(batch.docs.map((d) => d.id)).exec();
    // A point made by an earlier import of the same point: nothing to do.
    for (const slice of slices(batch.docs.filter((d) => !stored.has(d.id)))) {
      const result = await writer.insertMany('delivery_points', slice);
      points += result.written.length;
      for (const f of result.failed) skipped.push({ id: f.id, reason: reasonOf(f.error) });
      await yieldToPage();
    }
    return { points, created, updated, skipped };
  }
  const stored = await db.orders.findByIds(batch.docs.map((d) => d.id)).exec();
  const writable: Order[] = [];
  for (const doc of batch.docs) {
    const current = stored.get(doc.id)?.toJSON() as Order | undefined;
    if (batch.op === 'insert' && current) {
      skipped.push({ id: doc.id, reason: reasons.exists });
    } else if (batch.op !== 'insert' && current && (current.status !== 'pending' || current.route_id !== '')) {
      skipped.push({ id: doc.id, reason: reasons.planned(current.code) });
    } else {
      writable.push(doc);
    }
  }
  // One storage write and one outbox write per slice: open lists re-run once per slice, not per
  // order, and the page gets the main thread back between slices.
  for (const slice of slices(writable)) {
    const result = batch.op === 'insert' ? await writer.insertMany('orders', slice) : await writer.saveMany('orders', slice);
    if (batch.op === 'insert') created += result.written.length;
    else updated += result.written.length;
    for (const f of result.failed) skipped.push({ id: f.id, reason: reasonOf(f.error) });
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
      if (batch) result = addWriteResults(result, await writeIntakeBatch(engine, batch, reasons));
      onProgress?.(i + 1, source.count);
    }
  } finally {
    release?.();
  }
  return result;
}
