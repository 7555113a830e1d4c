import { describe, expect, it } from 'vitest';
import { ean13CheckDigit, isValidEan13, makeEan13 } from '../../src/domain/barcode';

/**
 * Real EAN-13 codes whose check digits are published:
 * - 4006381333931: the EAN-13 example of Wikipedia (a Stabilo pen);
 * - 5901234123457: GS1's own example code;
 * - 9780306406157: ISBN-13 of ISBN 0-306-40615-2, the ISBN example;
 * - 9780201633610: ISBN-13 of «Design Patterns» (ISBN 0-201-63361-2);
 * - 5449000000996: Coca-Cola 33 cl can.
 */
const REAL = ['4006381333931', '5901234123457', '9780306406157', '9780201633610', '5449000000996'];

describe('EAN-13', () => {
  it.each(REAL)('accepts the real code %s and recomputes its check digit', (code) => {
    expect(isValidEan13(code)).toBe(true);
    expect(ean13CheckDigit(code.slice(0, 12))).toBe(Number(code[12]));
    expect(makeEan13(code.slice(0, 12))).toBe(code);
  });

  it('computes check digits worked out by hand (weights 1, 3, 1, 3… from the left)', () => {
    // 4·1+0·3+0·1+6·3+3·1+8·3+1·1+3·3+3·1+3·3+9·1+3·3 = 89 → 10 − 9 = 1
    expect(ean13CheckDigit('400638133393')).toBe(1);
    // 8·1+4·3+1·1+0+0+0+0+8·3+1·1+0+0+0 = 46 → 10 − 6 = 4
    expect(ean13CheckDigit('841000081000')).toBe(4);
    expect(isValidEan13('8410000810004')).toBe(true);
    // 8·1+4·3 = 20 → a multiple of 10 gives 0, not 10
    expect(ean13CheckDigit('840000000000')).toBe(0);
    expect(isValidEan13('8400000000000')).toBe(true);
    expect(ean13CheckDigit('000000000000')).toBe(0);
    // 9·1 + 9·3 = 36 → 4
    expect(ean13CheckDigit('990000000000')).toBe(4);
  });

  it('detects every single wrong digit of a real code', () => {
    for (const code of REAL) {
      for (let i = 0; i < 13; i += 1) {
        for (let d = 0; d <= 9; d += 1) {
          const digit = String(d);
          if (code[i] === digit) continue;
          const typo = `${code.slice(0, i)}${digit}${code.slice(i + 1)}`;
          expect(isValidEan13(typo), typo).toBe(false);
        }
      }
    }
  });

  it('accepts only 13 digits', () => {
    for (const bad of ['', '400638133393', '40063813339310', '400638133393a', ' 4006381333931', '4006381333931 ', '4006-381333931', '４００６３８１３３３９３１']) {
      expect(isValidEan13(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('needs exactly 12 digits to compute a check digit, and says so in Spanish', () => {
    expect(() => ean13CheckDigit('12345')).toThrow('EAN-13: se esperaban 12 cifras');
    expect(() => ean13CheckDigit('40063813339a')).toThrow('EAN-13: se esperaban 12 cifras');
    expect(() => makeEan13('4006381333931')).toThrow('EAN-13: se esperaban 12 cifras');
  });
});
