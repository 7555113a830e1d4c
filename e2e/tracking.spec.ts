import { expect, test } from './test';
import { adminToken, gotoSynced, pullAll, pushDocs, signInSynced, type Doc } from './support';
import { demoDocs, trackedRoute } from './choices';

/**
 * Issue 33: a rider's phone (the browser's geolocation override) shares his position while his
 * route is in progress; the office's «Seguimiento» shows him, his progress and the expected
 * arrival at each remaining stop, and flags a stop whose window is already over. With the network
 * cut the phone keeps what it records, and sends it when the network is back: the office gets it.
 * The route is chosen among the day's demo data by e2e/choices.ts (checked over 60 days).
 */
test.use({ viewport: { width: 1280, height: 900 } });

async function latestOf(request: Parameters<typeof adminToken>[0], token: string, routeId: string): Promise<number> {
  const res = await request.get('/api/tracking/positions', { headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { positions: { route_id: string; at: number }[] };
  return body.positions.find((p) => p.route_id === routeId)?.at ?? 0;
}

test('the office follows a rider on the live map, with ETAs and a late stop, across a network cut', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const token = await adminToken(request);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const [routes, orders, users, deliveries, points] = await Promise.all(['routes', 'orders', 'users', 'deliveries', 'delivery_points'].map((c) => pullAll(request, token, c)));
  const choice = trackedRoute(demoDocs({ routes, orders, users, deliveries }), today);
  const routeId = String(choice.route.id);
  const first = choice.pending[0]!;
  const late = choice.pending[choice.pending.length - 1]!;
  const place = points!.find((p) => p.id === first.delivery_point_id)!;
  const start = { latitude: Number(place.lat) - 0.004, longitude: Number(place.lng), accuracy: 10 };

  // The last stop still to visit had to be served before 07:00: whatever the ETA, it is late.
  const lateOrders = orders!.filter((o) => late.order_ids.includes(String(o.id)));
  await pushDocs(request, token, 'orders', lateOrders.map((o): { assumedMasterState: Doc; newDocumentState: Doc } => ({ assumedMasterState: o, newDocumentState: { ...o, window_start: '06:00', window_end: '07:00', updated_at: Number(o.updated_at) + 1 } })));

  // ── The rider's phone ──────────────────────────────────────────────────────────────────────
  const phone = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, geolocation: start, permissions: ['geolocation'] });
  const rider = await phone.newPage();
  await signInSynced(rider, choice.email);
  await expect(rider.getByTestId('position-sharing')).toHaveAttribute('data-state', 'on');
  await expect(rider.getByTestId('position-sharing')).toContainText('Tu posición se comparte');
  await expect.poll(() => latestOf(request, token, routeId), { timeout: 60_000 }).toBeGreaterThan(0);

  // ── The office ─────────────────────────────────────────────────────────────────────────────
  const desk = await browser.newContext();
  const office = await desk.newPage();
  await signInSynced(office, 'admin@cargobici.test');
  await gotoSynced(office, '/tracking');
  await expect(office.getByRole('heading', { name: 'Seguimiento en directo' })).toBeVisible();
  const card = office.locator(`[data-testid="tracking-route"][data-route="${routeId}"]`);
  await expect(card.getByTestId('tracking-position')).toContainText('posición de hace');
  await expect(card.getByTestId('tracking-eta').first()).toHaveText(/^\d\d:\d\d$/);
  await expect(card.getByTestId('tracking-stop')).toHaveCount(choice.pending.length);
  await expect(card.getByTestId('tracking-late')).toBeVisible();
  await expect(card.locator('[data-testid="tracking-stop"][data-late="true"]').last()).toContainText(/Llega .* tarde/);
  await expect(office.getByTestId('map')).not.toHaveAttribute('data-markers', '0');
  // Sorted by lateness: a late route comes before every route on time.
  const lateness = await office.getByTestId('tracking-route').evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-late') ?? 0) > 0));
  expect(lateness.indexOf(false) === -1 || lateness.lastIndexOf(true) < lateness.indexOf(false)).toBe(true);

  // ── The rider's own stop list: the same ETAs, the late stop flagged, none for a stop done ───
  await gotoSynced(rider, `/distribution/${routeId}`);
  await expect(rider.getByTestId('stop-eta')).toHaveCount(choice.pending.length);
  await expect(rider.getByTestId('stop-eta').first()).toHaveText(/^Llegada prevista \d\d:\d\d/);
  await expect(rider.locator('[data-testid="stop-eta"][data-late="true"]').last()).toContainText(/con retraso de \d+ min/);

  // ── No signal: the phone keeps what it records ─────────────────────────────────────────────
  const before = await latestOf(request, token, routeId);
  await phone.setOffline(true);
  let step = 0;
  // He rides on (a new place every poll) until the phone has recorded a sample it cannot send.
  await expect
    .poll(
      async () => {
        step += 1;
        await phone.setGeolocation({ latitude: start.latitude + step * 0.0008, longitude: start.longitude, accuracy: 10 });
        return rider.getByTestId('position-sharing').innerText();
      },
      { timeout: 150_000, intervals: [3_000] },
    )
    .toMatch(/pendientes? de enviar/i);
  expect(await latestOf(request, token, routeId)).toBe(before);

  // ── Signal back: sent, and the office hears it ─────────────────────────────────────────────
  await phone.setOffline(false);
  await expect.poll(() => latestOf(request, token, routeId), { timeout: 60_000 }).toBeGreaterThan(before);
  await expect(rider.getByTestId('position-sharing')).not.toContainText(/pendientes? de enviar/i);
  await expect(card.getByTestId('tracking-position')).toContainText('posición de hace');
  await phone.close();
  await desk.close();
});
