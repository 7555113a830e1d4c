import { describe, expect, it } from 'vitest';
import { centsFromInput } from '../../src/ui/form/MoneyInput';

describe('MoneyInput: euros typed, cents held', () => {
  it('reads Spanish separators and the euro sign', () => {
    expect(centsFromInput('1.234,50 €')).toBe(123450);
    expect(centsFromInput('0,05')).toBe(5);
    expect(centsFromInput(12.3)).toBe(1230);
  });
  it('rounds to the cent and gives NaN for what is not a number', () => {
    expect(centsFromInput(0.1 + 0.2)).toBe(30);
    expect(centsFromInput('')).toBeNaN();
    expect(centsFromInput('doce')).toBeNaN();
  });
});
