import { describe, expect, it } from 'vitest';
import { createReportsService } from '../../src/workers/reports/service';
import { buildReport } from '../../src/domain/reports/aggregate';
import { generateMonth } from '../../server/demo/month';

describe('the reports worker service', () => {
  it('answers the figures without order ids, and the ids of a figure on request', () => {
    const data = generateMonth({ seed: 7, from: '2026-06-01', days: 2, ordersPerDay: 60, hubs: 2, ridersPerHub: 2, stopsPerRoute: 5 });
    const s = createReportsService();
    s.load({ users: data.users, hubs: data.hubs, clients: data.clients, reasons: data.reasons }, true);
    // In parts, as the page sends it.
    s.load({ orders: data.orders.slice(0, 50), routes: data.routes, events: data.events, payments: data.payments, incidences: data.incidences });
    s.load({ orders: data.orders.slice(50) });
    const period = { from: '2026-06-01', to: '2026-06-02' };
    const filters = { hub: 2, clientId: null, riderId: null };
    const { report } = s.compute(period, filters);
    const direct = buildReport({ period, filters, ...data });
    expect(report.total.delivered.count).toBe(direct.total.delivered.count);
    expect(report.total.delivered.orderIds).toEqual([]);
    expect(s.orderIds({ kind: 'tally', group: 'total', key: '', figure: 'delivered' })).toEqual(direct.total.delivered.orderIds);
    expect(s.orderIds({ kind: 'tally', group: 'byHub', key: '2', figure: 'orders' })).toEqual(direct.total.orders.orderIds);
    expect(s.orderIds({ kind: 'method', method: 'cash' })).toEqual(direct.money.byMethod.cash.orderIds);
    // A reset forgets the data sent before.
    s.load({}, true);
    expect(s.compute(period, filters).report.total.orders.count).toBe(0);
  });
});
