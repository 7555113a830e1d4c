/**
 * Money in files (issue 28): exports write euros as people read them («1,29», not «129» cents)
 * and what they write reads back to the same cents.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { centsOfEurosCell, eurosCell } from '../../src/domain/money';
import { toCsv } from '../../src/ui/crud/csv';
import '../../src/i18n';

describe('euros in a file', () => {
  it('writes cents as euros with a decimal comma', () => {
    expect(eurosCell(129)).toBe('1,29');
    expect(eurosCell(5)).toBe('0,05');
    expect(eurosCell(-50)).toBe('-0,50');
    expect(eurosCell(123_456)).toBe('1234,56');
    expect(eurosCell(0)).toBe('0,00');
  });

  it('reads what people write: comma or dot, symbol, thousands marks', () => {
    expect(centsOfEurosCell('1,29')).toBe(129);
    expect(centsOfEurosCell('1.29')).toBe(129);
    expect(centsOfEurosCell(' 1,29 € ')).toBe(129);
    expect(centsOfEurosCell('1,29\u00a0€')).toBe(129);
    expect(centsOfEurosCell('12')).toBe(1200);
    expect(centsOfEurosCell('12,5')).toBe(1250);
    expect(centsOfEurosCell('1.234,56')).toBe(123_456);
    expect(centsOfEurosCell('1,234.56')).toBe(123_456);
    expect(centsOfEurosCell('1234,56')).toBe(123_456);
    expect(centsOfEurosCell('-0,50')).toBe(-50);
    // Three digits after one mark are thousands, never decimals (prices have cents).
    expect(centsOfEurosCell('1,299')).toBe(129_900);
  });

  it('refuses what is not an amount of euros and cents', () => {
    for (const bad of ['', 'abc', '1,2,3', '1.234.5', '1.234.567,8,9', '€', '1,29x']) expect(centsOfEurosCell(bad), bad).toBeNull();
  });

  it('reads back every amount it writes', () => {
    fc.assert(fc.property(fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }), (c) => centsOfEurosCell(eurosCell(c)) === c));
  });

  it('a CSV of a 1,29 € product holds «1,29»', () => {
    const csv = toCsv(['Nombre', 'Precio (sin IVA)'], [['Leche', eurosCell(129)]]);
    expect(csv.split('\r\n')[1]).toBe('Leche;1,29');
  });
});
