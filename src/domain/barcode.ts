/** EAN-13 barcodes: 12 digits plus a check digit (GS1 modulo-10, weights 1 and 3). */

export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error('EAN-13: se esperaban 12 cifras');
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function isValidEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  return ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/** Completes 12 digits into a valid EAN-13. */
export function makeEan13(first12: string): string {
  return `${first12}${ean13CheckDigit(first12)}`;
}
