import { describe, expect, it } from 'vitest';
import { fillPath, type PathParamNames } from '../../src/links/href';
import { href, pathParams, ROUTES, samplePath, type RouteId } from '../../src/links/registry';

describe('href (typed links from the registry)', () => {
  it('fills the parameters of the route, keeping the specification’s mixed-case names', () => {
    expect(href('distributionStop', { id: 'pe1', riderId: 'u7', routeId: 'r3' })).toBe('/distribution/pe/pe1/rider_id/u7/routeId/r3');
    expect(href('distributionReceive', { id: 'h1', rider_id: 'u7', route_id: 'r3' })).toBe('/distribution/product-receive/h1/rider_id/u7/route_id/r3');
    expect(href('home')).toBe('/');
    expect(href('orders')).toBe('/orders');
    expect(href('pickingRoute', { id: 'all' })).toBe('/picking/route/all');
  });

  it('URL-encodes every value and writes numbers in decimal', () => {
    expect(href('incidenceDeliveryProduct', { id: 'o 1', product_id: 'p/2', product_name: 'Café «bio» 50%', picking_charge: 3, rider_id: 'u?1', route_id: 'r#1' })).toBe(
      '/incidenceByDeliveryProduct/order/o%201/product_id/p%2F2/product_name/Caf%C3%A9%20%C2%ABbio%C2%BB%2050%25/products_charge/3/rider_id/u%3F1/route_id/r%231',
    );
  });

  it('drops the trailing slash the specification gives /error-picking-producto', () => {
    expect(href('errorPicking', { pe_name: 'Bar Pepe', order_id: 'o1', product_id: 'p1' })).toBe('/error-picking-producto/Bar%20Pepe/o1/p1');
  });

  it('leaves no «:param» in any route’s link, and refuses a missing value', () => {
    for (const r of ROUTES) {
      const params = Object.fromEntries(pathParams(r.path).map((n) => [n, `v-${n}`]));
      const link = fillPath(r.path, params);
      expect(link, r.id).not.toMatch(/[:$]/);
      expect(link, r.id).toBe(samplePath(r, params));
      expect((href as (id: string, p?: object) => string)(r.id, params)).toBe(link);
    }
    expect(() => (href as (id: string, p?: object) => string)('editOrder', {})).toThrow('Missing parameter «id»');
    expect(() => (href as unknown as (id: string) => string)('nowhere')).toThrow('Unknown route id');
  });

  it('is checked by the compiler against the path pattern', () => {
    const names: PathParamNames<'/order_id/:id/rider_id/:riderId/route_id/:routeId'>[] = ['id', 'riderId', 'routeId'];
    expect(names).toHaveLength(3);
    const ids: RouteId[] = ['distributionStop', 'home'];
    expect(ids).toHaveLength(2);
    // Each line below is refused by the compiler (`npm run typecheck` covers tests/); at run
    // time the missing values throw and an extra one is ignored.
    // @ts-expect-error — a misspelled parameter (`rider_id` where the path says `:riderId`)
    expect(() => href('distributionStop', { id: 'pe1', rider_id: 'u7', routeId: 'r3' })).toThrow('«riderId»');
    // @ts-expect-error — a missing parameter
    expect(() => href('distributionStop', { id: 'pe1', riderId: 'u7' })).toThrow('«routeId»');
    // @ts-expect-error — no parameters at all for a route that has them
    expect(() => href('editOrder')).toThrow('«id»');
    // @ts-expect-error — an id that is not in the registry
    expect(() => href('ordrs')).toThrow('Unknown route id');
    // @ts-expect-error — `route_id` here, `routeId` in the path of the delivery page: the casing is checked
    expect(() => href('deliveryProducts', { id: 'o1', riderId: 'u1', route_id: 'r1' })).toThrow('«routeId»');
    // @ts-expect-error — a parameter the route does not have
    expect(href('orders', { id: 'o1' })).toBe('/orders');
  });
});
