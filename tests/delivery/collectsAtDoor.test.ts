/** Issue 28: «Importe a cobrar» is not shown on orders paid on account (nothing is collected). */
import { describe, expect, it } from 'vitest';
import { collectsAtDoor } from '../../src/domain/delivery';
import { PAYMENT_METHODS } from '../../src/domain/entities/operation';

describe('collectsAtDoor', () => {
  it('is false only for orders paid on account', () => {
    expect(PAYMENT_METHODS.filter((m) => !collectsAtDoor(m))).toEqual(['on_account']);
    expect(collectsAtDoor('cash')).toBe(true);
    expect(collectsAtDoor('card')).toBe(true);
    expect(collectsAtDoor('transfer')).toBe(true);
  });
});
