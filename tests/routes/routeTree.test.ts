import { readFileSync } from 'node:fs';
import { redirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { href, linkTo, ROUTES } from '../../src/links/registry';
import { routeTreeSource } from '../../src/routes/routeTreeSource';
import { toRouterPath } from '../../src/routes/router';

describe('the generated route tree', () => {
  it('is exactly what the registry gives (run `npm run routes` after changing the registry)', () => {
    const onDisk = readFileSync(new URL('../../src/routes/routeTree.gen.ts', import.meta.url), 'utf8');
    expect(onDisk).toBe(routeTreeSource(ROUTES));
  });

  it('has one route per registry entry, with its path in the router’s syntax', () => {
    const source = routeTreeSource(ROUTES);
    for (const r of ROUTES) expect(source, r.id).toContain(`const ${r.id}Route = createRoute({ getParentRoute: () => ${r.layout}LayoutRoute, path: '${toRouterPath(r.path)}'`);
    expect(source.match(/createRoute\(/g)).toHaveLength(ROUTES.length);
  });
});

describe('linkTo (typed TanStack link targets from the registry)', () => {
  it('gives the router’s pattern and the parameters as strings', () => {
    expect(linkTo('routeDetail', { id: 'r1' })).toEqual({ to: '/routes/route/$id', params: { id: 'r1' } });
    expect(linkTo('orders')).toEqual({ to: '/orders' });
    expect(linkTo('errorPicking', { pe_name: 'Bar Pepe', order_id: 'o1', product_id: 'p1' })).toEqual({
      to: '/error-picking-producto/$pe_name/$order_id/$product_id',
      params: { pe_name: 'Bar Pepe', order_id: 'o1', product_id: 'p1' },
    });
    expect(linkTo('incidenceDeliveryProduct', { id: 'o1', product_id: 'p1', product_name: 'Café', picking_charge: 3, rider_id: 'u1', route_id: 'r1' }).params.picking_charge).toBe('3');
  });

  it('names, for every route, the same page as href', () => {
    for (const r of ROUTES) {
      const params = Object.fromEntries((r.path.match(/:(\w+)/g) ?? []).map((p) => [p.slice(1), `v-${p.slice(1)}`]));
      const target = (linkTo as (id: string, p?: object) => { to: string; params?: Record<string, string> })(r.id, params);
      expect(target.to, r.id).toBe(toRouterPath(r.path));
      const filled = target.to.replace(/\$(\w+)/g, (_, n: string) => encodeURIComponent(target.params?.[n] ?? ''));
      expect(filled, r.id).toBe((href as (id: string, p?: object) => string)(r.id, params));
    }
  });

  it('refuses a missing parameter at run time too', () => {
    expect(() => (linkTo as (id: string, p?: object) => unknown)('routeDetail', {})).toThrow(/id/);
  });

  it('is checked by the compiler, and the registered router checks TanStack’s own options', () => {
    // Compiled, never run: each `@ts-expect-error` fails `npm run typecheck` if the line compiles.
    const compileOnly = () => [
      // @ts-expect-error a misspelled parameter name
      linkTo('routeDetail', { route_id: 'r1' }),
      // @ts-expect-error a missing parameter object
      linkTo('routeDetail'),
      // @ts-expect-error an unknown route id
      linkTo('noSuchRoute'),
      redirect({ to: '/routes/route/$id', params: { id: 'r1' } }),
      redirect(linkTo('distributionStop', { id: 'pe1', riderId: 'u1', routeId: 'r1' })),
      // @ts-expect-error a path that no registry route has (the router is registered: router.tsx)
      redirect({ to: '/no-such-page' }),
      // @ts-expect-error a parameter the path does not have
      redirect({ to: '/routes/route/$id', params: { route_id: 'r1' } }),
    ];
    expect(typeof compileOnly).toBe('function');
  });
});
