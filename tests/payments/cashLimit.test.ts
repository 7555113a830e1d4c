import { describe, expect, it } from 'vitest';
import { cashLevel, cashLimitOf, DEFAULT_CASH_THRESHOLD_CENTS } from '../../src/domain/payments/cash';
import { hubSchema } from '../../src/domain/entities/reference';

const hub = {
  id: 'hub-1',
  kind: 'hub' as const,
  name: 'Hub Centro',
  active: true,
  updated_at: 1,
  number: 1,
  city: 'Madrid',
  address: 'Calle de Atocha 1',
  lat: 40.41,
  lng: -3.7,
  opens: '07:00',
  closes: '20:00',
  phone: '',
};

describe('the cash limit of a hub', () => {
  it('is the hub’s own, the default when it sets none, and none at 0', () => {
    const hubs = [{ number: 1, cash_limit_cents: 150_00 }, { number: 2 }, { number: 3, cash_limit_cents: 0 }];
    expect(cashLimitOf(hubs, 1)).toBe(150_00);
    expect(cashLimitOf(hubs, 2)).toBe(DEFAULT_CASH_THRESHOLD_CENTS);
    expect(cashLimitOf(hubs, 9)).toBe(DEFAULT_CASH_THRESHOLD_CENTS);
    expect(cashLimitOf(hubs, undefined)).toBe(DEFAULT_CASH_THRESHOLD_CENTS);
    expect(cashLevel(149_00, cashLimitOf(hubs, 1))).toBe('near');
    expect(cashLevel(150_00, cashLimitOf(hubs, 1))).toBe('over');
    expect(cashLevel(10_000_00, cashLimitOf(hubs, 3))).toBe('ok');
  });

  it('is optional on a hub (hubs saved before it existed stay valid), never negative nor fractional', () => {
    expect(hubSchema.safeParse(hub).success).toBe(true);
    expect(hubSchema.safeParse({ ...hub, cash_limit_cents: 0 }).success).toBe(true);
    expect(hubSchema.safeParse({ ...hub, cash_limit_cents: 450_50 }).success).toBe(true);
    expect(hubSchema.safeParse({ ...hub, cash_limit_cents: -1 }).success).toBe(false);
    expect(hubSchema.safeParse({ ...hub, cash_limit_cents: 1.5 }).success).toBe(false);
  });
});
