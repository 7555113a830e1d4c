/** A planning spec's own data: days the demo has no routes for, and orders of hub 1 on them. */
import { type APIRequestContext } from '@playwright/test';
import { expect } from './test';
import { pullAll, type Doc } from './support';
import { dayProblems, type IntegrityProblem } from '../src/domain/routing/integrity';
import type { Order, Route } from '../src/domain/entities/operation';

export function madridDate(offsetDays: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + offsetDays)).toISOString().slice(0, 10);
}

export async function push(request: APIRequestContext, token: string, collection: string, docs: Doc[]): Promise<void> {
  const res = await request.post(`/api/sync/${collection}/push`, { headers: { Authorization: `Bearer ${token}` }, data: docs.map((d) => ({ assumedMasterState: null, newDocumentState: d })) });
  expect(await res.json(), `push of ${collection}`).toEqual([]);
}

/** Orders of hub 1 for `date`, made by the office through the sync API at four demo delivery points. */
export async function ordersFor(request: APIRequestContext, token: string, date: string, tag: string, firstQuantity = 1): Promise<string[]> {
  const orders = await pullAll(request, token, 'orders');
  const points = new Map((await pullAll(request, token, 'delivery_points')).map((p) => [String(p.id), p]));
  const seen = new Set<string>();
  const sources = orders.filter((o) => {
    const p = points.get(String(o.delivery_point_id));
    if (o.hub !== 1 || !p || p.located === false || seen.has(String(o.delivery_point_id))) return false;
    seen.add(String(o.delivery_point_id));
    return true;
  });
  expect(sources.length, 'the demo has orders at four points of hub 1').toBeGreaterThanOrEqual(4);
  const now = Date.now();
  const made = sources.slice(0, 4).map((o, i) => ({
    ...o,
    id: `${tag}-o${i + 1}`,
    code: `P-${tag.toUpperCase()}-${i + 1}`,
    date,
    window_start: '09:00',
    window_end: '13:00',
    status: 'pending',
    picking_status: 'pending',
    status_id: '',
    route_id: '',
    lines: (o.lines as Doc[]).slice(0, 1).map((l) => ({ ...l, quantity: i === 0 ? firstQuantity : 1, picked_quantity: 0 })),
    external_ref: '',
    created_at: now,
    updated_at: now,
  }));
  await push(request, token, 'orders', made);
  return made.map((o) => o.id);
}

/** The planning's invariants on the server for a day of hub 1 (src/domain/routing/integrity.ts). */
export async function serverProblems(request: APIRequestContext, token: string, date: string): Promise<{ problems: IntegrityProblem[]; routes: Route[]; orders: Order[] }> {
  const routes = (await pullAll(request, token, 'routes')).filter((r) => r.date === date && r.hub === 1) as unknown as Route[];
  const orders = (await pullAll(request, token, 'orders')).filter((o) => o.date === date && o.hub === 1) as unknown as Order[];
  return { problems: dayProblems({ date, hub: 1 }, routes, orders), routes, orders };
}
