/**
 * One mapping, three entries: an order sent through the clients' API (Qualianza's and Bimbo's
 * shapes) is the order a file import makes of the same data — same id, lines, prices — so a
 * file exported from it imports back as «sin cambios», and the API sending it again plans
 * nothing.
 */
import { describe, expect, it } from 'vitest';
import { addDays, indexIntakeContext, orderRows, toCsv, intakeOrderId } from '../../src/domain/intake';
import { checkBody, placeIssues, planApiOrder } from '../../src/domain/orderApi/check';
import { apiClientByKey, type OrderApiClient } from '../../src/domain/orderApi/shapes';
import { templateHeaders } from '../../src/i18n/intake';
import { apiIntakeProblems, apiShapeProblems } from '../../src/i18n/orderApi';
import { ImportService } from '../../src/workers/import/service';
import { contextOf, demo, NOW, TODAY } from './helpers';

const data = demo();
const ctx = contextOf(data);
const TOMORROW = addDays(TODAY, 1);

function client(key: 'pascual' | 'bimbo'): OrderApiClient {
  const c = apiClientByKey(key);
  if (!c) throw new Error(key);
  return c;
}

function refsOf(key: 'pascual' | 'bimbo') {
  const point = ctx.points.find((p) => p.active && p.client_providers.some((e) => e.startsWith(`${key}-`)));
  const products = ctx.products.filter((p) => p.client_id === `client-${key}` && p.active);
  if (!point || !products[0] || !products[1]) throw new Error('demo without point or products');
  return { pointRef: (point.client_providers.find((e) => e.startsWith(`${key}-`)) as string).slice(key.length + 1), products: [products[0].sku, products[1].barcode] as [string, string] };
}

describe('order API mapping (pure)', () => {
  for (const key of ['pascual', 'bimbo'] as const) {
    it(`${key}: the API order imports back from a file as unchanged, and repeats as unchanged`, async () => {
      const c = client(key);
      const r = refsOf(key);
      const body = c.example({ date: TOMORROW, pointRef: r.pointRef, products: r.products, ref: `${key.toUpperCase()}-A-1` });
      const checked = checkBody(c, body);
      if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
      const index = indexIntakeContext({ ...ctx, orders: [] });
      const plan = planApiOrder(c, checked.body, index, { clientId: `client-${key}`, today: TODAY, now: NOW });
      expect(plan.issues).toEqual([]);
      expect(plan.writes.create).toHaveLength(1);
      const order = plan.writes.create[0];
      if (!order) throw new Error('no order');
      expect(order.id).toBe(intakeOrderId(`client-${key}`, `${key.toUpperCase()}-A-1`));
      expect(order.lines.map((l) => l.product_id)).toHaveLength(2);

      // The file entry: the order exported as an intake CSV imports as «sin cambios».
      const s = new ImportService();
      s.setContext({ ...ctx, orders: [order] });
      await s.readFiles([{ name: 'export.csv', data: new TextEncoder().encode(toCsv([templateHeaders(), ...orderRows([order], ctx)])) }]);
      expect(s.plan({ mode: 'all-or-nothing', today: TODAY, now: NOW }).summary).toMatchObject({ create: 0, update: 0, unchanged: 1, refused: 0 });

      // The API again: nothing to write.
      const again = planApiOrder(c, checked.body, indexIntakeContext({ ...ctx, orders: [order] }), { clientId: `client-${key}`, today: TODAY, now: NOW + 1000 });
      expect(again.summary).toMatchObject({ create: 0, update: 0, unchanged: 1 });
    });
  }

  it('lists an order-level problem once and line problems with their line, in Spanish', () => {
    const c = client('pascual');
    const r = refsOf('pascual');
    const body = { ...(c.example({ date: addDays(TODAY, -1), pointRef: r.pointRef, products: r.products, ref: 'QZ-B' }) as Record<string, unknown>) };
    body.lineas = [{ articulo: r.products[0], cantidad: 2.5 }, { articulo: r.products[1], cantidad: 1 }, { articulo: 'PAS-9999', cantidad: 1 }];
    const checked = checkBody(c, body);
    if (!checked.ok) throw new Error('shape should be valid');
    const plan = planApiOrder(c, checked.body, indexIntakeContext({ ...ctx, orders: [] }), { clientId: 'client-pascual', today: TODAY, now: NOW });
    expect(plan.writes.create).toEqual([]);
    const problems = apiIntakeProblems(placeIssues(plan.issues));
    expect(problems.map((p) => [p.path, p.line, p.code])).toEqual([
      ['fecha_entrega', null, 'date_past'],
      ['lineas[0].cantidad', 1, 'quantity'],
      ['lineas[2].articulo', 3, 'unknown_product'],
    ]);
    expect(problems[1]?.message).toMatch(/^Línea 1, campo «lineas\[0\]\.cantidad»: .*entero/);
    expect(problems[0]?.message).toMatch(/^Campo «fecha_entrega»: /);
  });

  it('refuses wrong types, missing and unknown fields with their paths', () => {
    const checked = checkBody(client('bimbo'), { orderId: '', deliveryDate: 20261201, store: {}, items: [{ product: 'X', qty: '3', extra: 1 }] });
    if (checked.ok) throw new Error('should be refused');
    const problems = apiShapeProblems(checked.problems);
    expect(problems.map((p) => [p.path, p.line, p.code])).toEqual([
      ['orderId', null, 'too_short'],
      ['deliveryDate', null, 'type'],
      ['items[0].qty', 1, 'type'],
      ['items[0].extra', 1, 'unknown_field'],
    ]);
    expect(problems[1]?.message).toBe('Campo «deliveryDate»: debe ser un texto y es un número');
    expect(problems[0]?.message).toBe('Campo «orderId»: no puede estar vacío');
  });
});
