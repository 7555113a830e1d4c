/**
 * Issue 34: reports over the server's data (GET /api/reports, POST /api/reports/orders) on the
 * real server. Only operators and administrators ask; an operator's report covers his hubs only
 * (nothing of another hub in the answer, a hub of another refused); the period is validated with
 * a Spanish message; the figures are the same pure aggregation as the device's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n';
import { startTestServer, seedDocs, type TestServer } from '../helpers/server';
import { deliveryEvent, order, route, T0, TODAY } from '../helpers/fixtures';
import { addDays } from '../../src/domain/reports/period';
import type { Report } from '../../src/domain/reports/aggregate';
import { MAX_REPORT_DAYS } from '../../server/reports';

let srv: TestServer;
const tokens: Record<string, string> = {};
const H = 3_600_000;
const bcn = { ...order('o-bcn', 'pe1', 'r-bcn'), hub: 3, client_id: 'c-bimbo' };

beforeAll(async () => {
  srv = await startTestServer({ now: () => T0 + 10 * H });
  for (const [who, email] of [
    ['op', 'operador@cargobici.test'],
    ['opBcn', 'operador.bcn@cargobici.test'],
    ['admin', 'admin@cargobici.test'],
    ['rider', 'rider1@cargobici.test'],
  ] as const)
    tokens[who] = (await srv.login(email)).accessToken;
  const o1 = order('o1', 'pe1', 'r1');
  const incidence = { id: 'inc-1', at: T0, created_by: 'u-rider1', position: null, kind: 'delivery-product', type: 'damaged', order_id: 'o1', product_id: 'p1', route_id: 'r1', delivery_point_id: 'pe1', hub: 1, quantity: 1, note: '', photo_file: '' };
  const followUp = (id: string, at: number, state: string) => ({ ...incidence, id, at, created_by: 'u-operador', kind: 'follow-up', quantity: 0, follows: 'inc-1', follow_state: state });
  seedDocs(srv, {
    catalog: [
      { id: 'hub-1', kind: 'hub', number: 1, name: 'Arganzuela', active: true, updated_at: T0 },
      { id: 'hub-3', kind: 'hub', number: 3, name: 'Poblenou', active: true, updated_at: T0 },
      { id: 'c-pascual', kind: 'client', name: 'Qualianza Pascual', active: true, updated_at: T0 },
    ],
    orders: [bcn],
    routes: [{ ...route('r-bcn', 'u-rider2', [{ point: 'pe1', orders: ['o-bcn'] }]), hub: 3 }],
    deliveries: [deliveryEvent('e1', o1, 'u-rider1'), deliveryEvent('e-bcn', bcn, 'u-rider2')],
    incidences: [incidence, followUp('fu-1', T0 + 1 * H, 'in_review'), followUp('fu-2', T0 + 3 * H, 'resolved')],
  });
});
afterAll(async () => {
  await srv.stop();
});

const ask = (token: string | undefined, query: string) => srv.api(`/api/reports?${query}`, token ? { token } : {});
const day = `from=${TODAY}&to=${TODAY}`;

describe('GET /api/reports', () => {
  it('needs a session, and an operator or an administrator', async () => {
    expect((await ask(undefined, day)).status).toBe(401);
    expect(await ask(tokens.rider, day)).toEqual({ status: 403, body: { error: 'forbidden', message: t('reports.server.officeOnly') } });
  });

  it("answers an operator his hubs' figures only, with nothing of another hub", async () => {
    const res = await ask(tokens.op, day);
    expect(res.status).toBe(200);
    const { report, users } = res.body as { report: Report; users: { id: string; name: string }[] };
    expect(report.total.orders.count).toBe(4);
    expect(report.byHub.map((h) => [h.key, h.name])).toEqual([['1', 'Arganzuela']]);
    expect(report.total.delivered.count).toBe(1);
    expect(report.byClient.map((c) => c.key)).not.toContain('c-bimbo');
    // Counts only: the orders behind a figure are asked for apart.
    expect(report.total.orders.orderIds).toEqual([]);
    expect(users.map((u) => u.id).sort()).toEqual(['u-rider1', 'u-rider2']);
    expect(JSON.stringify(res.body)).not.toContain('o-bcn');
    expect(JSON.stringify(res.body)).not.toContain('Poblenou');
    // The incidence was resolved three hours after it was opened.
    expect(report.incidenceResolution['delivery-product']).toMatchObject({ resolved: { count: 1 }, open: { count: 0 }, medianMs: 3 * H, p90Ms: 3 * H });

    const other = await ask(tokens.opBcn, day);
    expect((other.body as { report: Report }).report.total.orders.count).toBe(1);
    expect((other.body as { report: Report }).report.byHub.map((h) => h.key)).toEqual(['3']);
    expect((other.body as { users: { id: string }[] }).users.map((u) => u.id)).toEqual(['u-rider2']);
  });

  it("refuses an operator a hub he does not work in; an administrator reads every hub", async () => {
    expect(await ask(tokens.op, `${day}&hub=3`)).toEqual({ status: 403, body: { error: 'forbidden', message: t('reports.server.otherHub', { hub: 3 }) } });
    const admin = await ask(tokens.admin, day);
    expect((admin.body as { report: Report }).report.total.orders.count).toBe(5);
    const filtered = await ask(tokens.admin, `${day}&hub=3`);
    expect((filtered.body as { report: Report }).report.total.orders.count).toBe(1);
  });

  it('validates the period with a Spanish message', async () => {
    const bad = async (query: string) => (await ask(tokens.op, query)).body;
    expect(await bad(`from=2026-13-01&to=${TODAY}`)).toEqual({ error: 'bad_request', message: 'El primer día del periodo no es una fecha válida (AAAA-MM-DD).' });
    expect(await bad(`from=${TODAY}`)).toEqual({ error: 'bad_request', message: t('reports.server.badTo') });
    expect(await bad(`from=${TODAY}&to=${addDays(TODAY, -1)}`)).toEqual({ error: 'bad_request', message: t('reports.server.fromAfterTo') });
    expect(await bad(`from=${TODAY}&to=${addDays(TODAY, MAX_REPORT_DAYS)}`)).toEqual({ error: 'bad_request', message: t('reports.server.tooLong', { days: MAX_REPORT_DAYS }) });
    expect((await ask(tokens.op, `from=${TODAY}&to=${addDays(TODAY, MAX_REPORT_DAYS - 1)}`)).status).toBe(200);
    expect(await bad(`${day}&hub=x`)).toEqual({ error: 'bad_request', message: t('reports.server.badHub') });
  });
});

describe('POST /api/reports/orders', () => {
  it("answers the orders behind a figure, of the caller's hubs only", async () => {
    const figure = { kind: 'tally', group: 'total', key: '', figure: 'delivered' };
    expect(await srv.api('/api/reports/orders', { token: tokens.op, body: { from: TODAY, to: TODAY, figure } })).toEqual({ status: 200, body: { orderIds: ['o1'] } });
    expect(await srv.api('/api/reports/orders', { token: tokens.admin, body: { from: TODAY, to: TODAY, figure } })).toEqual({ status: 200, body: { orderIds: ['o-bcn', 'o1'] } });
    expect((await srv.api('/api/reports/orders', { token: tokens.op, body: { from: TODAY, to: TODAY, hub: 3, figure } })).status).toBe(403);
    expect(await srv.api('/api/reports/orders', { token: tokens.op, body: { from: TODAY, to: TODAY } })).toEqual({ status: 400, body: { error: 'bad_request', message: t('reports.server.badFigure') } });
  });
});
