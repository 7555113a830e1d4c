/**
 * Helpers of the order form (/create-order, /edit-order/:id): lines copied from a product, line
 * ids, order codes and totals that never throw while the user is still typing.
 */
import type { OrderLine, Product } from './entities/operation';
import type { Tax } from './entities/reference';
import { orderTotals, type OrderTotals, type TaxableLine } from './money';

/** A new line for `product`: its name, price and tax (with the tax's current rate) are copied. */
export function lineFromProduct(
  product: Pick<Product, 'id' | 'name' | 'price_cents' | 'tax_id'>,
  taxes: readonly Pick<Tax, 'id' | 'rate_bp'>[],
  lineId: string,
  quantity = 1,
): OrderLine {
  const rate = taxes.find((t) => t.id === product.tax_id)?.rate_bp ?? 0;
  return {
    line_id: lineId,
    product_id: product.id,
    name: product.name,
    quantity,
    unit_price_cents: product.price_cents,
    tax_id: product.tax_id,
    tax_rate_bp: rate,
    picked_quantity: 0,
  };
}

/** The next free line id (`l1`, `l2`…): one more than the highest numbered one. */
export function nextLineId(lines: readonly Pick<OrderLine, 'line_id'>[]): string {
  let max = 0;
  for (const l of lines) {
    const m = /^l(\d+)$/.exec(l.line_id);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return `l${Math.max(max, lines.length) + 1}`;
}

/** «P-20261122-7F3A»: the day and four characters of a random id. */
export function newOrderCode(date: string, randomId: string): string {
  const suffix = randomId.replace(/[^A-Za-z0-9]/g, '').slice(0, 4).toUpperCase().padEnd(4, '0');
  return `P-${date.replace(/-/g, '')}-${suffix}`;
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * Totals of the lines as typed so far (orderTotals, the domain's rule): a line whose quantity,
 * price or rate is not yet a valid number counts as empty, so the live totals never fail.
 */
export function liveTotals(lines: readonly { readonly quantity: unknown; readonly unit_price_cents: unknown; readonly tax_rate_bp: unknown }[]): OrderTotals {
  const valid: TaxableLine[] = [];
  for (const l of lines) {
    if (isCount(l.quantity) && isCount(l.unit_price_cents) && isCount(l.tax_rate_bp) && l.tax_rate_bp <= 10_000) {
      valid.push({ quantity: l.quantity, unit_price_cents: l.unit_price_cents, tax_rate_bp: l.tax_rate_bp });
    }
  }
  try {
    return orderTotals(valid);
  } catch {
    return { net_cents: 0, taxes: [], tax_cents: 0, gross_cents: 0 };
  }
}
