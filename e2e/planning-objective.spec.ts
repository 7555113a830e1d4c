import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './test';
import { adminToken, pullAll, signInSynced, gotoSynced, type Doc } from './support';

/**
 * The planning objective per hub (issue 32): «Mínimo de repartidores» by default, the proposal
 * shows its routes against the lower bound, and «Repartir entre los disponibles» is remembered for
 * the hub on this device after a reload.
 */

function madridDate(offsetDays: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + offsetDays)).toISOString().slice(0, 10);
}

async function push(request: APIRequestContext, token: string, collection: string, docs: Doc[]): Promise<void> {
  const res = await request.post(`/api/sync/${collection}/push`, { headers: { Authorization: `Bearer ${token}` }, data: docs.map((d) => ({ assumedMasterState: null, newDocumentState: d })) });
  expect(await res.json(), `push of ${collection}`).toEqual([]);
}

/** Orders of hub 1 for `date`, made by the office through the sync API at four demo delivery points. */
async function ordersFor(request: APIRequestContext, token: string, date: string, tag: string, firstQuantity = 1): Promise<string[]> {
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

test('the board plans with the hub’s objective, shows routes against the fewest possible, and remembers the choice', async ({ page, request }) => {
  test.setTimeout(240_000);
  const token = await adminToken(request);
  const date = madridDate(7);
  await ordersFor(request, token, date, `ob${Date.now().toString(36)}`);

  await signInSynced(page, 'operador@cargobici.test');
  await gotoSynced(page, '/routed');
  await page.getByTestId('board-date').fill(date);
  await expect(page.getByTestId('unplanned-point')).toHaveCount(4);
  const objective = page.getByTestId('board-objective');
  await expect(objective).toHaveValue('Mínimo de repartidores');

  await page.getByRole('button', { name: 'Optimizar' }).click();
  const proposal = page.getByTestId('proposal');
  await expect(proposal).toBeVisible({ timeout: 60_000 });
  // Four small orders fit one bike: one route, and the bound says one is the fewest possible.
  await expect(proposal.getByTestId('proposal-bound')).toHaveText('1 ruta (mínimo posible: 1) · Mínimo de repartidores');
  await proposal.getByRole('button', { name: 'Descartar' }).click();
  await expect(proposal).toHaveCount(0);

  await objective.click();
  await page.getByRole('option', { name: 'Repartir entre los disponibles' }).click();
  await expect(objective).toHaveValue('Repartir entre los disponibles');
  await page.reload();
  await page.getByTestId('board-date').fill(date);
  await expect(page.getByTestId('board-objective')).toHaveValue('Repartir entre los disponibles');
  await page.getByRole('button', { name: 'Optimizar' }).click();
  await expect(page.getByTestId('proposal')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('proposal-bound')).toContainText('(mínimo posible: 1) · Repartir entre los disponibles');
});
