/**
 * Money and taxes, in integer euro cents; tax rates in integer basis points (2100 = 21 %).
 *
 * Rounding rule (as on a Spanish invoice, «por tipo impositivo»):
 * 1. A line's net amount is exact: quantity × unit price, both integers, so no rounding.
 * 2. Lines are grouped by tax rate. The base of a rate is the sum of its lines' nets.
 * 3. The tax of each rate is computed ONCE on that rate's base and rounded half away from zero
 *    to the cent: tax = ⌊(base × rate_bp + 5000) / 10000⌋ (amounts are never negative here, so
 *    «half away from zero» is «half up»). Lines are never taxed one by one: two lines of 0,50 €
 *    at 21 % give a base of 1,00 € and a tax of 0,21 €, not 0,11 € + 0,11 €.
 * 4. Gross = net + the sum of the taxes of every rate.
 *
 * Only integer arithmetic is used. Products are computed with BigInt, so they are exact even past
 * 2^53; every amount returned must still be a safe integer (Number.MAX_SAFE_INTEGER), or the
 * function throws. Negative or non-integer inputs throw (an `Error` with a Spanish message):
 * they are programming errors, the entity schemas already reject them from users.
 *
 * Rates whose base is 0 (no units, or free lines) are left out of `taxes`: an invoice does not
 * list a tax of 0,00 € on a base of 0,00 €.
 */
import type { Tax } from './entities/reference';
import { DomainError, msg, type DomainMessage } from './messages';

export interface TaxableLine {
  readonly quantity: number;
  readonly unit_price_cents: number;
  readonly tax_rate_bp: number;
}

export interface TaxBreakdown {
  readonly rate_bp: number;
  readonly base_cents: number;
  readonly tax_cents: number;
}

export interface OrderTotals {
  readonly net_cents: number;
  /** One entry per tax rate with a non-zero base, highest rate first. */
  readonly taxes: readonly TaxBreakdown[];
  readonly tax_cents: number;
  readonly gross_cents: number;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function assertNonNegativeInteger(value: number, what: DomainMessage): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new DomainError(msg('domain.money.notWhole', { what, value: String(value) }));
  }
}

function toSafeNumber(value: bigint, what: DomainMessage): number {
  if (value > MAX_SAFE) throw new DomainError(msg('domain.money.tooHigh', { what }));
  return Number(value);
}

/** Net amount of a line: quantity × unit price, exact. */
export function lineNetCents(quantity: number, unitPriceCents: number): number {
  assertNonNegativeInteger(quantity, msg('domain.money.what.quantity'));
  assertNonNegativeInteger(unitPriceCents, msg('domain.money.what.unitPrice'));
  return toSafeNumber(BigInt(quantity) * BigInt(unitPriceCents), msg('domain.money.what.lineAmount'));
}

/** Tax of one rate on its base, rounded half away from zero to the cent. */
export function taxOnBaseCents(baseCents: number, rateBp: number): number {
  assertNonNegativeInteger(baseCents, msg('domain.money.what.taxBase'));
  assertNonNegativeInteger(rateBp, msg('domain.money.what.taxRate'));
  if (rateBp > 10_000) throw new DomainError(msg('domain.money.rateOver', { rate: rateBp }));
  return toSafeNumber((BigInt(baseCents) * BigInt(rateBp) + 5000n) / 10000n, msg('domain.money.what.tax'));
}

/** Totals of a list of lines, with the tax computed per rate (see the rule at the top). */
export function orderTotals(lines: readonly TaxableLine[]): OrderTotals {
  const bases = new Map<number, bigint>();
  let net = 0n;
  lines.forEach((line, i) => {
    const n = i + 1;
    assertNonNegativeInteger(line.quantity, msg('domain.money.what.lineQuantity', { line: n }));
    assertNonNegativeInteger(line.unit_price_cents, msg('domain.money.what.lineUnitPrice', { line: n }));
    assertNonNegativeInteger(line.tax_rate_bp, msg('domain.money.what.lineTaxRate', { line: n }));
    if (line.tax_rate_bp > 10_000) throw new DomainError(msg('domain.money.lineRateOver', { line: n }));
    const lineNet = BigInt(line.quantity) * BigInt(line.unit_price_cents);
    net += lineNet;
    bases.set(line.tax_rate_bp, (bases.get(line.tax_rate_bp) ?? 0n) + lineNet);
  });
  const net_cents = toSafeNumber(net, msg('domain.money.what.net'));
  const taxes: TaxBreakdown[] = [...bases.entries()]
    .filter(([, base]) => base > 0n)
    .sort(([a], [b]) => b - a)
    .map(([rate_bp, base]) => {
      const base_cents = toSafeNumber(base, msg('domain.money.what.rateBase', { rate: String(rate_bp / 100).replace('.', ',') }));
      return { rate_bp, base_cents, tax_cents: taxOnBaseCents(base_cents, rate_bp) };
    });
  const tax = taxes.reduce((sum, t) => sum + BigInt(t.tax_cents), 0n);
  return {
    net_cents,
    taxes,
    tax_cents: toSafeNumber(tax, msg('domain.money.what.taxTotal')),
    gross_cents: toSafeNumber(net + tax, msg('domain.money.what.total')),
  };
}

export interface DueLine extends TaxableLine {
  readonly line_id: string;
}

export interface DeliveredQuantity {
  readonly line_id: string;
  readonly delivered: number;
}

/**
 * Totals of what was actually delivered: each order line taxed on its delivered quantity (same
 * rounding rule). A line without an entry in `delivered` counts as not delivered (0 units).
 * Throws (Spanish message) when an entry names a line the order does not have, repeats a line,
 * or delivers more units than were ordered.
 */
export function deliveredTotals(lines: readonly DueLine[], delivered: readonly DeliveredQuantity[]): OrderTotals {
  const byId = new Map<string, DueLine>();
  for (const line of lines) {
    if (byId.has(line.line_id)) throw new DomainError(msg('domain.money.lineRepeated', { id: line.line_id }));
    byId.set(line.line_id, line);
  }
  const units = new Map<string, number>();
  for (const d of delivered) {
    const line = byId.get(d.line_id);
    if (!line) throw new DomainError(msg('domain.money.lineNotInOrder', { id: d.line_id }));
    if (units.has(d.line_id)) throw new DomainError(msg('domain.money.lineTwice', { id: d.line_id }));
    assertNonNegativeInteger(d.delivered, msg('domain.money.what.deliveredQuantity', { id: d.line_id }));
    if (d.delivered > line.quantity) {
      throw new DomainError(msg('domain.money.tooManyDelivered', { id: d.line_id, delivered: d.delivered, ordered: line.quantity }));
    }
    units.set(d.line_id, d.delivered);
  }
  return orderTotals(
    lines.map((l) => ({ quantity: units.get(l.line_id) ?? 0, unit_price_cents: l.unit_price_cents, tax_rate_bp: l.tax_rate_bp })),
  );
}

/** What the rider must collect for a delivery: the gross of the delivered quantities. */
export function amountDueCents(lines: readonly DueLine[], delivered: readonly DeliveredQuantity[]): number {
  return deliveredTotals(lines, delivered).gross_cents;
}

export type ChangeResult = { readonly ok: true; readonly change_cents: number } | { readonly ok: false; readonly message: DomainMessage };

/** Change to give back when `collectedCents` is handed over for `dueCents`. */
export function changeCents(dueCents: number, collectedCents: number): ChangeResult {
  if (!Number.isSafeInteger(dueCents) || dueCents < 0) {
    return { ok: false, message: msg('domain.money.dueInvalid', { value: String(dueCents) }) };
  }
  if (!Number.isSafeInteger(collectedCents) || collectedCents < 0) {
    return { ok: false, message: msg('domain.money.collectedInvalid', { value: String(collectedCents) }) };
  }
  if (collectedCents < dueCents) {
    return {
      ok: false,
      message: msg('domain.money.collectedShort', { collected: formatEuros(collectedCents), due: formatEuros(dueCents) }),
    };
  }
  return { ok: true, change_cents: collectedCents - dueCents };
}

/**
 * Integer cents as Spanish euros, exactly as `Intl.NumberFormat('es-ES', {style:'currency',
 * currency:'EUR'})` prints them (src/domain cannot import src/i18n, and must not depend on the
 * ICU data of the runtime): decimal comma, «.» between thousands, a no-break space (U+00A0)
 * before «€». Like es-ES, a four-digit amount has no thousands separator («1234,56 €») and
 * grouping starts at five digits («12.345,67 €»). Negative amounts get a leading «-».
 */
export function formatEuros(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new DomainError(msg('domain.money.notCents', { value: String(cents) }));
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const euros = String(Math.floor(abs / 100));
  const rest = String(abs % 100).padStart(2, '0');
  const grouped = euros.length >= 5 ? euros.replace(/\B(?=(\d{3})+$)/g, '.') : euros;
  return `${sign}${grouped},${rest}\u00a0€`;
}

/**
 * Integer cents as a spreadsheet cell in euros, as people read them (issue 28): «1,29», «-0,50»,
 * «1234,56» (decimal comma, no thousands mark, no symbol, so that a Spanish spreadsheet reads a
 * number and `centsOfEurosCell` reads it back).
 */
export function eurosCell(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new DomainError(msg('domain.money.notCents', { value: String(cents) }));
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Euros written in a file or a cell as integer cents: «1,29», «1.29», «1,29 €», «1.234,56»,
 * «1,234.56», «12», «-0,50»; null when it is not an amount with at most two decimals. A dot or
 * comma followed by exactly three digits and nothing else is a thousands mark («1.234» = 1234 €).
 */
export function centsOfEurosCell(text: string): number | null {
  const s = text.replace(/[\s\u00a0]|€|eur/gi, '');
  const m = /^(-?)(\d{1,3}(?:([.,])\d{3})*|\d+)(?:([.,])(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const [, sign, whole = '', group, decimalMark, decimals = ''] = m;
  if (group !== undefined && decimalMark === group) return null;
  const cents = Number(whole.replace(/[.,]/g, '')) * 100 + Number(decimals.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign === '-' ? -cents : cents;
}

/** Rate (basis points) of a tax of the taxes catalogue; throws a Spanish error if it is missing. */
export function taxRateOf(taxId: string, taxes: readonly Pick<Tax, 'id' | 'rate_bp'>[]): number {
  const tax = taxes.find((t) => t.id === taxId);
  if (!tax) throw new DomainError(msg('domain.money.noTax', { id: taxId }));
  return tax.rate_bp;
}
