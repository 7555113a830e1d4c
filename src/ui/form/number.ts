/**
 * The value of a Mantine NumberInput as a number. Its onChange gives a string while the text is
 * not a plain number yet ('', '-', '3,' or a decimal with trailing zeros such as '3,10'): those
 * strings are read too, with «,» or «.» as the decimal mark. NaN when there is no number.
 */
export function numberFromInput(value: number | string): number {
  if (typeof value === 'number') return value;
  const text = value.trim().replace(/\s|€|%/g, '');
  if (text === '' || text === '-') return Number.NaN;
  const normal = text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text;
  return /^-?\d+(\.\d*)?$/.test(normal) ? Number(normal) : Number.NaN;
}

/** Euros typed in an input as integer cents; NaN unless an amount ≥ 0 with at most two decimals. */
export function centsFromInput(value: number | string): number {
  const n = numberFromInput(value);
  if (!Number.isFinite(n) || n < 0) return Number.NaN;
  const cents = Math.round(n * 100);
  return Math.abs(cents - n * 100) < 1e-6 ? cents : Number.NaN;
}
