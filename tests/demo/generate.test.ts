import { describe, expect, it } from 'vitest';
import { isValidEan13 } from '../../src/domain/barcode';
import { LOCAL_COLLECTIONS, type LocalCollection } from '../../src/domain/collections';
import { DEFAULT_ROLE_GROUPS, SYSTEM_ROLES } from '../../src/domain/access/groups';
import { MACHINES, STATUS_FAMILIES } from '../../src/domain/status/machines';
import type { Client, Hub, Status, Tax } from '../../src/domain/entities/reference';
import { DEMO_PASSWORD, FAILED_DELIVERY_REASONS, demoAccounts, generateDemoData, type DemoData } from '../../server/demo/generate';
import { STREETS } from '../../server/demo/places';
import { TODAY, TOMORROW, NOW, haversineM, insideMadrid, insideBarcelona, schemaProblems, integrityProblems, consistencyProblems } from './demoChecks';

const data = generateDemoData({ today: TODAY, now: NOW });

describe('generateDemoData', () => {
  it('has exactly the local collections as keys', () => {
    expect(Object.keys(data).sort()).toEqual([...LOCAL_COLLECTIONS].sort());
    for (const c of LOCAL_COLLECTIONS) expect(Array.isArray(data[c as LocalCollection])).toBe(true);
  });

  it('is deterministic for a seed and changes with the seed', () => {
    const again = generateDemoData({ today: TODAY, now: NOW });
    expect(JSON.stringify(again)).toBe(JSON.stringify(data));
    const s7a = generateDemoData({ seed: 7, today: TODAY, now: NOW });
    const s7b = generateDemoData({ seed: 7, today: TODAY, now: NOW });
    expect(JSON.stringify(s7a)).toBe(JSON.stringify(s7b));
    const s8 = generateDemoData({ seed: 8, today: TODAY, now: NOW });
    expect(JSON.stringify(s8)).not.toBe(JSON.stringify(s7a));
    expect(JSON.stringify(s8.delivery_points)).not.toBe(JSON.stringify(s7a.delivery_points));
    expect(JSON.stringify(s8.orders)).not.toBe(JSON.stringify(s7a.orders));
  });

  it('passes every collection schema', () => {
    expect(schemaProblems(data)).toEqual([]);
    for (const seed of [2, 3, 99]) expect(schemaProblems(generateDemoData({ seed, today: TODAY, now: NOW }))).toEqual([]);
  });

  it('keeps every reference pointing at an existing document', () => {
    expect(integrityProblems(data)).toEqual([]);
    for (const seed of [2, 3, 99]) expect(integrityProblems(generateDemoData({ seed, today: TODAY, now: NOW }))).toEqual([]);
  });

  it('tells one consistent story in statuses, events and payments', () => {
    expect(consistencyProblems(data)).toEqual([]);
    for (const seed of [2, 3, 99]) expect(consistencyProblems(generateDemoData({ seed, today: TODAY, now: NOW }))).toEqual([]);
  });

  it('makes the reference catalogue', () => {
    const kinds = (k: string) => data.catalog.filter((c) => c.kind === k);
    const hubs = kinds('hub') as Hub[];
    expect(hubs.map((h) => [h.number, h.city])).toEqual([
      [1, 'Madrid'],
      [2, 'Madrid'],
      [3, 'Barcelona'],
      [4, 'Barcelona'],
    ]);
    for (const h of hubs) expect(h.city === 'Madrid' ? insideMadrid(h.lat, h.lng) : insideBarcelona(h.lat, h.lng)).toBe(true);

    const roles = kinds('role');
    expect(roles.map((r) => r.id)).toEqual([...SYSTEM_ROLES]);
    for (const r of roles) {
      if (r.kind !== 'role') continue;
      expect(r.groups).toEqual(DEFAULT_ROLE_GROUPS[r.base_role]);
      expect(r.base_role).toBe(r.id);
      expect(r.system).toBe(true);
    }

    expect((kinds('tax') as Tax[]).map((t) => [t.id, t.rate_bp])).toEqual([
      ['iva-21', 2100],
      ['iva-10', 1000],
      ['iva-4', 400],
    ]);

    for (const family of STATUS_FAMILIES) {
      const list = kinds(`status-${family}`) as Status[];
      const machine = MACHINES[family] as unknown as { statuses: readonly string[]; labels: Record<string, string> };
      for (const s of machine.statuses) {
        const doc = list.find((x) => x.system_status === s && !x.rider_visible);
        expect(doc?.name, `${family}/${s}`).toBe(machine.labels[s]);
      }
    }
    const reasons = (kinds('status-delivery') as Status[]).filter((s) => s.rider_visible);
    expect(reasons.map((r) => r.name)).toEqual(['Ausente', 'Cerrado', 'Rechazado por el cliente', 'Dirección incorrecta', 'Otro motivo']);
    expect(reasons.every((r) => r.system_status === 'failed')).toBe(true);
    expect(FAILED_DELIVERY_REASONS.map((r) => r.id)).toEqual(reasons.map((r) => r.id));

    expect((kinds('client') as Client[]).map((c) => c.key)).toEqual(['pascual', 'bimbo', 'synlab']);
    for (const c of kinds('client') as Client[]) expect(c.tax_id).toMatch(/^[A-HJNP-SUVW]\d{7}[0-9A-J]$/);
    expect(kinds('config-synlab')).toHaveLength(1);
    expect(kinds('config-synlab-temp')).toHaveLength(0);
    expect(kinds('bike-model').length).toBeGreaterThanOrEqual(4);
  });

  it('makes the requested amounts', () => {
    expect(data.delivery_points).toHaveLength(400);
    expect(data.orders.filter((o) => o.date === TODAY)).toHaveLength(150);
    expect(data.orders.filter((o) => o.date === TOMORROW)).toHaveLength(150);
    expect(data.products.length).toBeGreaterThanOrEqual(110);
    expect(data.products.length).toBeLessThanOrEqual(130);
    const riders = data.users.filter((u) => u.role === 'rider');
    expect(riders).toHaveLength(12);
    for (const hub of [1, 2, 3, 4]) {
      expect(riders.filter((r) => r.hub === hub)).toHaveLength(3);
      expect(data.bikes.filter((b) => b.hub === hub).length).toBeGreaterThanOrEqual(6);
      for (const date of [TODAY, TOMORROW]) {
        const routes = data.routes.filter((r) => r.hub === hub && r.date === date);
        expect(routes).toHaveLength(3);
        expect(new Set(routes.map((r) => r.rider_id)).size).toBe(3);
        expect(new Set(routes.map((r) => r.bike_id)).size).toBe(3);
        for (const r of routes) {
          expect(r.stops.length).toBeGreaterThanOrEqual(8);
          expect(r.stops.length).toBeLessThanOrEqual(15);
        }
      }
    }
    expect(data.bikes.every((b) => /^CB-(MAD|BCN)\d-\d{2}$/.test(b.code))).toBe(true);
    // Today's operation is under way: some routes in progress, with events of every kind.
    const today = data.routes.filter((r) => r.date === TODAY);
    expect(today.some((r) => r.status === 'in_progress')).toBe(true);
    for (const kind of ['delivered', 'signed', 'collected'] as const) expect(data.deliveries.some((e) => e.kind === kind)).toBe(true);
    expect(data.incidences.some((i) => i.kind === 'picker-product')).toBe(true);
    expect(data.incidences.some((i) => i.kind === 'delivery-product')).toBe(true);
    expect(data.receipts.length).toBeGreaterThan(0);
    expect(data.picks.length).toBeGreaterThan(0);
    expect(data.payments.length).toBeGreaterThan(0);
    expect(data.orders.some((o) => o.status === 'pending' && o.route_id === '')).toBe(true);
  });

  it('gives every product a valid, unique Spanish EAN-13 and realistic fields', () => {
    const codes = data.products.map((p) => p.barcode);
    for (const c of codes) {
      expect(isValidEan13(c), c).toBe(true);
      expect(c.startsWith('84')).toBe(true);
    }
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(data.products.map((p) => p.sku)).size).toBe(data.products.length);
    const clientOf = (key: string) => data.products.filter((p) => p.client_id === `client-${key}`);
    expect(clientOf('pascual').some((p) => /Bezoya/.test(p.name))).toBe(true);
    expect(clientOf('pascual').some((p) => /Vivesoy/.test(p.name))).toBe(true);
    expect(clientOf('bimbo').some((p) => /Donettes/.test(p.name))).toBe(true);
    expect(clientOf('bimbo').some((p) => /Bollycao/.test(p.name))).toBe(true);
    expect(clientOf('synlab').every((p) => p.tax_id === 'iva-21')).toBe(true);
    expect(clientOf('pascual').some((p) => p.tax_id === 'iva-4' && /Leche/.test(p.name))).toBe(true);
    expect(data.products.every((p) => p.price_cents > 0 && p.weight_g > 0)).toBe(true);
  });

  it('places delivery points inside the cities, with their postal codes and nearest hub', () => {
    const hubs = data.catalog.filter((c): c is Hub => c.kind === 'hub');
    for (const dp of data.delivery_points) {
      if (dp.city === 'Madrid') {
        expect(insideMadrid(dp.lat, dp.lng), `${dp.id} ${dp.lat},${dp.lng}`).toBe(true);
        expect(dp.postal_code).toMatch(/^280\d\d$/);
      } else {
        expect(dp.city).toBe('Barcelona');
        expect(insideBarcelona(dp.lat, dp.lng), `${dp.id} ${dp.lat},${dp.lng}`).toBe(true);
        expect(dp.postal_code).toMatch(/^080\d\d$/);
      }
      const nearest = [...hubs].sort((a, b) => haversineM(dp.lat, dp.lng, a.lat, a.lng) - haversineM(dp.lat, dp.lng, b.lat, b.lng))[0];
      expect(dp.hub).toBe(nearest?.number);
      expect(dp.ref_providers.length).toBeGreaterThan(0);
      expect(dp.ref_providers.length).toBe(dp.client_providers.length);
      for (const ref of dp.ref_providers) expect(ref).toMatch(/^(PASCUAL|BIMBO|SYNLAB)-\d{6}$/);
      for (const ref of dp.client_providers) expect(ref).toMatch(/^(pascual|bimbo|synlab)-CLI\d{5,}$/);
      expect(dp.opens < dp.closes).toBe(true);
    }
    const cities = new Set(data.delivery_points.map((d) => d.city));
    expect(cities).toEqual(new Set(['Madrid', 'Barcelona']));
    // The street anchors themselves lie inside the limits.
    for (const s of STREETS.madrid) expect(insideMadrid(s.lat, s.lng), s.street).toBe(true);
    for (const s of STREETS.barcelona) expect(insideBarcelona(s.lat, s.lng), s.street).toBe(true);
  });

  it('orders stops by nearest neighbour from the hub', () => {
    const hubs = new Map(data.catalog.filter((c): c is Hub => c.kind === 'hub').map((h) => [h.number, h]));
    const points = new Map(data.delivery_points.map((d) => [d.id, d]));
    for (const r of data.routes) {
      const hub = hubs.get(r.hub);
      if (!hub) throw new Error('hub');
      let at = { lat: hub.lat, lng: hub.lng };
      const left = r.stops.map((s) => points.get(s.delivery_point_id));
      for (const s of r.stops) {
        const dp = points.get(s.delivery_point_id);
        if (!dp) throw new Error('punto');
        const best = Math.min(...left.map((x) => (x ? haversineM(at.lat, at.lng, x.lat, x.lng) : Infinity)));
        // Equal to the nearest remaining stop (up to the flat-earth approximation the generator uses).
        expect(haversineM(at.lat, at.lng, dp.lat, dp.lng)).toBeLessThanOrEqual(best * 1.01 + 1);
        left.splice(left.indexOf(dp), 1);
        at = dp;
      }
    }
  });

  it('has the demo accounts, with rider1 ready to start a round today', () => {
    expect(DEMO_PASSWORD).toBe('cargobici-demo');
    const accounts = demoAccounts(data);
    const by = new Map(accounts.map((a) => [a.email, a]));
    expect(by.get('admin@cargobici.test')?.role).toBe('admin');
    expect(by.get('operador@cargobici.test')?.role).toBe('operator');
    expect(by.get('operador.bcn@cargobici.test')?.role).toBe('operator');
    expect(by.get('rider1@cargobici.test')?.role).toBe('rider');
    expect(by.get('rider12@cargobici.test')?.role).toBe('rider');
    expect(accounts).toHaveLength(data.users.length);
    for (const a of accounts) expect(a.name.split(' ').length).toBeGreaterThanOrEqual(2);

    const rider1 = data.users.find((u) => u.email === 'rider1@cargobici.test');
    expect(rider1?.id).toBe('u-rider1');
    expect(rider1?.hub).toBe(1);
    const routes = data.routes.filter((r) => r.rider_id === 'u-rider1' && r.date === TODAY);
    expect(routes).toHaveLength(1);
    const route = routes[0];
    expect(route?.status).toBe('ready');
    const orders = data.orders.filter((o) => o.route_id === route?.id);
    expect(orders.length).toBeGreaterThanOrEqual(8);
    expect(orders.every((o) => o.status === 'picked' && o.picking_status === 'picked')).toBe(true);
    expect(data.routes.find((r) => r.rider_id === 'u-rider1' && r.date === TOMORROW)?.status).toBe('planned');
  });

  it('shifts with the day it is given', () => {
    const other = generateDemoData({ today: '2027-03-28', now: Date.UTC(2027, 2, 28, 8) });
    expect(new Set(other.orders.map((o) => o.date))).toEqual(new Set(['2027-03-28', '2027-03-29']));
    expect(new Set(other.routes.map((r) => r.date))).toEqual(new Set(['2027-03-28', '2027-03-29']));
    const yearEnd = generateDemoData({ today: '2026-12-31', now: Date.UTC(2026, 11, 31, 9), scale: { deliveryPoints: 60, ordersPerDay: 40 } });
    expect(new Set(yearEnd.orders.map((o) => o.date))).toEqual(new Set(['2026-12-31', '2027-01-01']));
  });

  it('works at tiny scales and with a «now» near the epoch', () => {
    for (const scale of [
      { deliveryPoints: 1, ordersPerDay: 0, ridersPerHub: 1 },
      { deliveryPoints: 6, ordersPerDay: 5, ridersPerHub: 1 },
      { deliveryPoints: 30, ordersPerDay: 20, ridersPerHub: 5 },
    ]) {
      const d = generateDemoData({ seed: 4, today: TODAY, now: 1000, scale });
      expect(schemaProblems(d)).toEqual([]);
      expect(integrityProblems(d)).toEqual([]);
      expect(consistencyProblems(d)).toEqual([]);
      expect(d.delivery_points).toHaveLength(scale.deliveryPoints);
    }
  });

  it('rejects invalid options', () => {
    expect(() => generateDemoData({ today: '2026-02-30', now: NOW })).toThrow(RangeError);
    expect(() => generateDemoData({ today: '23/11/2026', now: NOW })).toThrow(RangeError);
    expect(() => generateDemoData({ today: TODAY, now: Number.NaN })).toThrow(RangeError);
    expect(() => generateDemoData({ today: TODAY, now: NOW, scale: { deliveryPoints: 0 } })).toThrow(RangeError);
    expect(() => generateDemoData({ today: TODAY, now: NOW, scale: { ridersPerHub: 1.5 } })).toThrow(RangeError);
  });

  it(
    'scales to 20 000 delivery points and 25 000 orders a day',
    () => {
      const t0 = performance.now();
      const big = generateDemoData({ seed: 3, today: TODAY, now: NOW, scale: { deliveryPoints: 20_000, ordersPerDay: 25_000 } });
      const ms = performance.now() - t0;
      console.info(`demo data: 20 000 points, 50 000 orders generated in ${Math.round(ms)} ms`);
      expect(big.delivery_points.length).toBeGreaterThanOrEqual(20_000);
      expect(big.orders.length).toBeGreaterThanOrEqual(50_000);
      // The time is printed, not asserted: a timed assertion fails on a busy machine (it took
      // 19.5 s under npm run test:stress). Speed goals belong to the benchmarks in bench/.
      // A sample of every collection still passes its schema.
      const sampled = Object.fromEntries(
        LOCAL_COLLECTIONS.map((c) => [c, (big[c] as unknown[]).filter((_, i) => i % 97 === 0)]),
      ) as unknown as DemoData;
      expect(schemaProblems(sampled)).toEqual([]);
      expect(new Set(big.orders.map((o) => o.id)).size).toBe(big.orders.length);
      expect(new Set(big.delivery_points.map((o) => o.id)).size).toBe(big.delivery_points.length);
      for (const r of big.routes) expect(r.stops.length).toBeLessThanOrEqual(15);
    },
    240_000,
  );
});
