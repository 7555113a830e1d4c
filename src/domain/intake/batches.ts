/**
 * The writes of an intake plan in batches, in the order the data layer applies them.
 */
import type { DeliveryPoint, Order } from '../entities/operation';
import { DomainError, msg } from '../messages';

export interface IntakeWrites {
  /** New delivery points «sin ubicación» (written first: orders refer to them). */
  readonly points: readonly DeliveryPoint[];
  readonly create: readonly Order[];
  readonly update: readonly Order[];
}

export type IntakeBatch =
  | { readonly collection: 'delivery_points'; readonly op: 'insert'; readonly docs: readonly DeliveryPoint[] }
  | { readonly collection: 'orders'; readonly op: 'insert' | 'update'; readonly docs: readonly Order[] };

/**
 * The writes of a plan in batches of at most `size` documents, in the order they must be
 * applied: new points, then new orders, then updated orders. Applying every batch gives the
 * plan's result; a batch is independent of the next (an interrupted import leaves whole orders).
 */
export function writeBatches(writes: IntakeWrites, size = 500): IntakeBatch[] {
  if (!Number.isInteger(size) || size < 1) throw new DomainError(msg('domain.intake.batchSize', { value: String(size) }));
  const out: IntakeBatch[] = [];
  for (let i = 0; i < writes.points.length; i += size) out.push({ collection: 'delivery_points', op: 'insert', docs: writes.points.slice(i, i + size) });
  for (let i = 0; i < writes.create.length; i += size) out.push({ collection: 'orders', op: 'insert', docs: writes.create.slice(i, i + size) });
  for (let i = 0; i < writes.update.length; i += size) out.push({ collection: 'orders', op: 'update', docs: writes.update.slice(i, i + size) });
  return out;
}

/** Number of documents a plan writes. */
export function writeCount(writes: IntakeWrites): number {
  return writes.points.length + writes.create.length + writes.update.length;
}
