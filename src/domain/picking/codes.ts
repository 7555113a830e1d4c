/**
 * What a scanned code is (issue 12): a box label, a product's GTIN (EAN-13, EAN-8, UPC-A, with
 * or without leading zeros) or any other text (a SKU, an order number, a QR). And whether a
 * scanned code confirms the product a picker is asked for.
 */
import type { Product } from '../entities/operation';
import { parseLabelCode, type LabelCode } from './labels';

export type ScannedCode =
  | { readonly kind: 'box-label'; readonly label: LabelCode }
  /** `gtin`: the code as 14 digits (GTIN-14, left-padded with zeros). */
  | { readonly kind: 'gtin'; readonly gtin: string }
  | { readonly kind: 'text'; readonly text: string };

/** GS1 check digit of the digits before it (weights 3, 1, 3… from the right). */
function gs1CheckDigitOk(digits: string): boolean {
  let sum = 0;
  const body = digits.slice(0, -1);
  for (let i = 0; i < body.length; i += 1) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

/** A GTIN-8/12/13/14 with a valid check digit, as 14 digits; null otherwise. */
export function toGtin14(code: string): string | null {
  const c = code.trim();
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(c) || !gs1CheckDigitOk(c)) return null;
  return c.padStart(14, '0');
}

export function classifyCode(raw: string): ScannedCode {
  const label = parseLabelCode(raw);
  if (label) return { kind: 'box-label', label };
  const gtin = toGtin14(raw);
  if (gtin) return { kind: 'gtin', gtin };
  return { kind: 'text', text: raw.trim() };
}

/**
 * Whether `code` names `product`: the same GTIN (so a UPC-A read as 12 digits matches its
 * EAN-13 `0…`, and a GTIN-14 with leading zeros matches too), or its SKU (letters in any case).
 */
export function codeMatchesProduct(product: Pick<Product, 'barcode' | 'sku'>, code: string): boolean {
  const c = code.trim();
  if (c === '') return false;
  const gtin = toGtin14(c);
  if (gtin !== null && product.barcode !== '' && gtin === toGtin14(product.barcode)) return true;
  return product.sku !== '' && c.toUpperCase() === product.sku.trim().toUpperCase();
}

/**
 * A read that looks cut short (issue 28: a keyboard scanner that drops digits sent «40063813»
 * of «4006381333931», and the picker got a wrong-product error): only digits, at least 4, and
 * not a whole GTIN (8, 12, 13 or 14 digits with a valid check digit).
 */
export function looksPartial(code: string): boolean {
  const c = code.trim();
  return /^\d{4,}$/.test(c) && toGtin14(c) === null;
}

/** What a scan on a picking line is: the product asked for, a partial read, or another product. */
export type ScanJudgement = 'match' | 'partial' | 'wrong';

/**
 * Judges a scan on a line of `expected` (issue 28). A partial read — digits that are no whole
 * GTIN and name no known product (`knownCode`: some product has it as barcode or SKU) — is
 * refused as «lectura incompleta»: it counts nothing and is not a picker error (the scanner
 * misread; the picker did nothing wrong). Any other code that is not the product is `wrong`.
 */
export function judgeScan(expected: Pick<Product, 'barcode' | 'sku'>, code: string, knownCode: boolean): ScanJudgement {
  if (codeMatchesProduct(expected, code)) return 'match';
  if (looksPartial(code) && !knownCode) return 'partial';
  return 'wrong';
}
