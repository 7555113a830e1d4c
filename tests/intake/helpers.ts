/** Demo data as an intake context, for the intake tests. */
import { generateDemoData, type DemoData } from '../../server/demo/generate';
import type { IntakeContext } from '../../src/domain/intake';
import type { Client, Hub, Tax } from '../../src/domain/entities/reference';

export const TODAY = '2026-11-22';
export const NOW = Date.UTC(2026, 10, 22, 7, 30);

export function demo(points = 80, ordersPerDay = 80): DemoData {
  return generateDemoData({ seed: 7, today: TODAY, now: NOW, scale: { deliveryPoints: points, ordersPerDay, ridersPerHub: 1 } });
}

export function contextOf(data: DemoData): IntakeContext {
  return {
    clients: data.catalog.filter((c): c is Client => c.kind === 'client'),
    products: data.products,
    taxes: data.catalog.filter((c): c is Tax => c.kind === 'tax'),
    hubs: data.catalog.filter((c): c is Hub => c.kind === 'hub'),
    points: data.delivery_points,
    orders: data.orders,
  };
}
