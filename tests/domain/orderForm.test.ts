import { describe, expect, it } from 'vitest';
import { lineFromProduct, liveTotals, newOrderCode, nextLineId } from '../../src/domain/orderForm';
import { orderTotals } from '../../src/domain/money';

const taxes = [
  { id: 'iva-21', rate_bp: 2100 },
  { id: 'iva-10', rate_bp: 1000 },
];

describe('order form helpers', () => {
  it('copies name, price and tax rate from the product', () => {
    expect(lineFromProduct({ id: 'p1', name: 'Leche', price_cents: 95, tax_id: 'iva-10' }, taxes, 'l3', 4)).toEqual({
      line_id: 'l3',
      product_id: 'p1',
      name: 'Leche',
      quantity: 4,
      unit_price_cents: 95,
      tax_id: 'iva-10',
      tax_rate_bp: 1000,
      picked_quantity: 0,
    });
    expect(lineFromProduct({ id: 'p2', name: 'X', price_cents: 1, tax_id: 'missing' }, taxes, 'l1').tax_rate_bp).toBe(0);
  });

  it('numbers new lines after the highest one', () => {
    expect(nextLineId([])).toBe('l1');
    expect(nextLineId([{ line_id: 'l1' }, { line_id: 'l7' }])).toBe('l8');
    expect(nextLineId([{ line_id: 'a' }, { line_id: 'b' }])).toBe('l3');
  });

  it('makes order codes from the day and a random id', () => {
    expect(newOrderCode('2026-11-22', 'f3a9c1d2')).toBe('P-20261122-F3A9');
    expect(newOrderCode('2026-11-22', '-a')).toBe('P-20261122-A000');
  });

  it('live totals follow orderTotals and ignore lines still being typed', () => {
    const lines = [
      { quantity: 2, unit_price_cents: 50, tax_rate_bp: 2100 },
      { quantity: 3, unit_price_cents: 199, tax_rate_bp: 1000 },
    ];
    expect(liveTotals(lines)).toEqual(orderTotals(lines));
    expect(liveTotals([...lines, { quantity: '', unit_price_cents: Number.NaN, tax_rate_bp: 2100 }, { quantity: 1.5, unit_price_cents: 1, tax_rate_bp: 0 }])).toEqual(orderTotals(lines));
    expect(liveTotals([])).toEqual({ net_cents: 0, taxes: [], tax_cents: 0, gross_cents: 0 });
  });
});
