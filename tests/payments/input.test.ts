import { describe, expect, it } from 'vitest';
import { centsFromInput } from '../../src/ui/form/number';

describe('euros typed by the operator as cents', () => {
  it('reads Spanish and plain decimals', () => {
    expect(centsFromInput('45,50')).toBe(4550);
    expect(centsFromInput('1.234,5')).toBe(123450);
    expect(centsFromInput(12.3)).toBe(1230);
    expect(centsFromInput('0')).toBe(0);
  });
  it('refuses empty, negative, text and more than two decimals', () => {
    for (const bad of ['', '-1', 'abc', '1,234', -0.5]) expect(centsFromInput(bad)).toBeNaN();
  });
});
