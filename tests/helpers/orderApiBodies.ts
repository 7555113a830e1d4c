/**
 * Request bodies of the clients' order API for tests (the embedded server's and the Firebase
 * function's): a client's point (by its code) and two of its products picked from the demo data,
 * and a valid Qualianza order for tomorrow built from them.
 */
import type { DeliveryPoint, Product } from '../../src/domain/entities/operation';
import { madridDate } from '../../src/domain/dates';
import { addDays } from '../../src/domain/intake';

export const TOMORROW = addDays(madridDate(), 1);

export interface ClientRefs {
  readonly point: string;
  readonly pointId: string;
  readonly products: readonly [Product, Product];
}

/** A point of the client with its code, and two of its active products. */
export function clientRefs(points: readonly DeliveryPoint[], products: readonly Product[], clientKey: 'pascual' | 'bimbo'): ClientRefs {
  const point = points.find((p) => p.active && p.client_providers.some((e) => e.startsWith(`${clientKey}-`)));
  const own = products.filter((p) => p.client_id === `client-${clientKey}` && p.active);
  if (!point || !own[0] || !own[1]) throw new Error('demo data without a point or products');
  const entry = point.client_providers.find((e) => e.startsWith(`${clientKey}-`)) as string;
  return { point: entry.slice(clientKey.length + 1), pointId: point.id, products: [own[0], own[1]] };
}

/** A Qualianza order (`pascual`): 6 of the first product by SKU, 2 of the second by barcode. */
export function qualianzaBody(r: ClientRefs, ref: string, over: Record<string, unknown> = {}) {
  return {
    pedido: ref,
    fecha_entrega: TOMORROW,
    franja: { desde: '09:00', hasta: '12:00' },
    punto_entrega: { codigo: r.point },
    forma_pago: 'transfer',
    lineas: [
      { articulo: r.products[0].sku, cantidad: 6 },
      { articulo: r.products[1].barcode || r.products[1].sku, cantidad: 2 },
    ],
    ...over,
  };
}
