import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BOX_LIMITS,
  boxLabels,
  boxesForOrder,
  classifyCode,
  codeMatchesProduct,
  encodeLabelCode,
  parseLabelCode,
  toGtin14,
} from '../../src/domain/picking';
import { order, point, product, route } from '../helpers/fixtures';

describe('box label codes', () => {
  it('encodes box, count and order id, and reads them back', () => {
    expect(encodeLabelCode({ order_id: 'o-20261122-0042', box: 2, of: 3 })).toBe('CB1-2-3-o-20261122-0042');
    expect(parseLabelCode('CB1-2-3-o-20261122-0042')).toEqual({ order_id: 'o-20261122-0042', box: 2, of: 3 });
    expect(parseLabelCode('  CB1-12-12-ord_a1.b2:c3 ')).toEqual({ order_id: 'ord_a1.b2:c3', box: 12, of: 12 });
  });

  it('round-trips every valid label (property)', () => {
    const id = fc.stringMatching(/^[A-Za-z0-9_.:-]{1,64}$/);
    fc.assert(
      fc.property(id, fc.integer({ min: 1, max: 99 }), fc.integer({ min: 0, max: 98 }), (order_id, of, k) => {
        const box = (k % of) + 1;
        expect(parseLabelCode(encodeLabelCode({ order_id, box, of }))).toEqual({ order_id, box, of });
      }),
    );
  });

  it('reads what a US-layout wedge scanner types on a Spanish tablet', () => {
    // «-» → «'», «_» → «?», «:» → «Ñ»
    expect(parseLabelCode("CB1'1'2'o'20261122'0042")).toEqual({ order_id: 'o-20261122-0042', box: 1, of: 2 });
    expect(parseLabelCode("CB1'1'1'ord?aÑb")).toEqual({ order_id: 'ord_a:b', box: 1, of: 1 });
  });

  it('refuses what is not a label', () => {
    for (const bad of ['', 'CB1', 'CB1-0-1-o1', 'CB1-2-1-o1', 'CB1-1-100-o1', 'CB2-1-1-o1', 'CB1-1-1-', 'CB1-1-1-o 1', 'CB1-1-1-ó', '8410000810004', `CB1-1-1-${'x'.repeat(65)}`]) {
      expect(parseLabelCode(bad), bad).toBeNull();
    }
    expect(() => encodeLabelCode({ order_id: 'o 1', box: 1, of: 1 })).toThrow();
    expect(() => encodeLabelCode({ order_id: 'o1', box: 2, of: 1 })).toThrow();
    expect(() => encodeLabelCode({ order_id: 'o1', box: 1, of: 100 })).toThrow();
  });
});

describe('boxes per order', () => {
  const milk = { ...product('milk'), volume_ml: 1_100, weight_g: 1_050, cold: true };
  const water = { ...product('water'), volume_ml: 6_000, weight_g: 6_200, cold: false };
  const chips = { ...product('chips'), volume_ml: 4_000, weight_g: 150, cold: false };
  const products = new Map([milk, water, chips].map((p) => [p.id, p]));
  const withLines = (lines: [string, number][]) => ({
    ...order('o1', 'pe1', 'r1', 'picking'),
    lines: lines.map(([product_id, quantity], i) => ({ line_id: `l${i + 1}`, product_id, name: product_id, quantity, unit_price_cents: 100, tax_id: 'iva-10', tax_rate_bp: 1000, picked_quantity: 0 })),
  });

  it('one box while volume and weight fit', () => {
    expect(BOX_LIMITS).toEqual({ volume_ml: 30_000, weight_g: 15_000 });
    expect(boxesForOrder(withLines([['water', 2]]), products)).toBe(1); // 12 l, 12.4 kg
    expect(boxesForOrder(withLines([['chips', 7]]), products)).toBe(1); // 28 l
  });

  it('weight or volume, whichever needs more boxes', () => {
    expect(boxesForOrder(withLines([['water', 3]]), products)).toBe(2); // 18.6 kg → 2
    expect(boxesForOrder(withLines([['chips', 8]]), products)).toBe(2); // 32 l → 2
    expect(boxesForOrder(withLines([['water', 5]]), products)).toBe(3); // 31 kg, 30 l → 3
  });

  it('cold products go in boxes of their own', () => {
    expect(boxesForOrder(withLines([['milk', 6], ['chips', 1]]), products)).toBe(2);
    expect(boxesForOrder(withLines([['milk', 6]]), products)).toBe(1);
  });

  it('counts what was picked when given, at least one box, at most 99; unknown products count a box', () => {
    const o = withLines([['water', 5], ['chips', 1]]);
    expect(boxesForOrder(o, products, new Map([['l1', 1], ['l2', 0]]))).toBe(1);
    expect(boxesForOrder(o, products, new Map([['l1', 0], ['l2', 0]]))).toBe(1);
    expect(boxesForOrder(withLines([['water', 10_000]]), products)).toBe(99);
    expect(boxesForOrder(withLines([['nope', 1], ['chips', 1]]), products)).toBe(2);
  });

  it('labels carry the route, the stop number and the delivery point', () => {
    const o = { ...withLines([['water', 3], ['milk', 1]]), id: 'o2', code: 'P-20261122-0002' };
    const r = route('r1', 'u-rider1', [{ point: 'pe1', orders: ['o1'] }, { point: 'pe2', orders: ['o2'] }], 'ready');
    const labels = boxLabels({ order: o, route: r, point: point('pe2'), products });
    expect(labels.map((l) => l.code)).toEqual(['CB1-1-3-o2', 'CB1-2-3-o2', 'CB1-3-3-o2']);
    expect(labels[0]).toMatchObject({ box: 1, of: 3, order_code: 'P-20261122-0002', route_code: 'R1', stop_seq: 2, delivery_point_name: 'Bar pe2', address: 'Calle de Toledo 12, Madrid', window: '09:00–12:00', cold: true });
  });
});

describe('scanned codes', () => {
  it('tells box labels, GTINs and other text apart', () => {
    expect(classifyCode('CB1-1-2-o1')).toEqual({ kind: 'box-label', label: { order_id: 'o1', box: 1, of: 2 } });
    expect(classifyCode('8410000810004')).toEqual({ kind: 'gtin', gtin: '08410000810004' });
    expect(classifyCode('8410000810005')).toEqual({ kind: 'text', text: '8410000810005' });
    expect(classifyCode(' SKU-1 ')).toEqual({ kind: 'text', text: 'SKU-1' });
  });

  it('GTIN-8/12/13/14 with valid check digits', () => {
    expect(toGtin14('96385074')).toBe('00000096385074'); // EAN-8
    expect(toGtin14('036000291452')).toBe('00036000291452'); // UPC-A
    expect(toGtin14('4006381333931')).toBe('04006381333931');
    expect(toGtin14('04006381333931')).toBe('04006381333931');
    expect(toGtin14('036000291453')).toBeNull();
    expect(toGtin14('12345')).toBeNull();
  });

  it('a scan confirms a product by GTIN (any length) or SKU', () => {
    const p = { ...product('p1'), barcode: '0036000291452', sku: 'PAS-LECHE-1L' };
    expect(codeMatchesProduct(p, '036000291452')).toBe(true); // UPC-A read of the EAN-13 0…
    expect(codeMatchesProduct(p, '0036000291452')).toBe(true);
    expect(codeMatchesProduct(p, '00036000291452')).toBe(true);
    expect(codeMatchesProduct(p, 'pas-leche-1l')).toBe(true);
    expect(codeMatchesProduct(p, '4006381333931')).toBe(false);
    expect(codeMatchesProduct(p, '')).toBe(false);
    expect(codeMatchesProduct({ barcode: '', sku: 'X1' }, '')).toBe(false);
  });
});
