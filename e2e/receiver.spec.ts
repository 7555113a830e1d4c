import { expect, test } from './test';
import { DEMO_PASSWORD, adminToken, pullAll, pushDocs, type Doc } from './support';
import { RIDERS_OF_SPECS } from './choices';
import { deliveryEventId } from '../src/domain/delivery';
import { t } from '../src/i18n';

/**
 * Issue 33, receivers: the receiver's tracking page. An order still to deliver on a route of
 * today under way gets a tracking link; a visitor without an account opens it and sees the
 * expected window («entre 10:40 y 11:00», from the live ETA while the route is under way) and the rider's first name; the rider delivers it (signed) through the sync API;
 * the same link then shows the proof of delivery with the signature. In English with `?lang=en`.
 */
test('the receiver’s page shows the window, then the proof once delivered', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await adminToken(request);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const [routes, orders, deliveries, users] = await Promise.all(['routes', 'orders', 'deliveries', 'users'].map((c) => pullAll(request, admin, c)));
  const done = new Set((deliveries ?? []).filter((e) => ['delivered', 'partial', 'failed'].includes(String(e.kind))).map((e) => String(e.order_id)));
  const byId = new Map((orders ?? []).map((o) => [String(o.id), o]));
  // A route of today under way, of a rider no other spec signs in as, with an order still open;
  // outside hub 1, whose latest delivered order the albarán specs take (its links would count).
  let target: { route: Doc; order: Doc; eta: string; email: string } | null = null;
  for (const r of [...(routes ?? [])].sort((a, b) => Number(a.hub === 1) - Number(b.hub === 1))) {
    if (r.date !== today || r.status !== 'in_progress' || (RIDERS_OF_SPECS as readonly string[]).includes(String(r.rider_id))) continue;
    const email = users?.find((u) => u.id === r.rider_id)?.email;
    for (const s of r.stops as { order_ids: string[]; eta: string }[]) {
      const id = s.order_ids.find((o) => !done.has(o) && ['picked', 'out_for_delivery'].includes(String(byId.get(o)?.status)));
      if (id && typeof email === 'string') {
        target = { route: r, order: byId.get(id) as Doc, eta: s.eta, email };
        break;
      }
    }
    if (target) break;
  }
  if (!target) throw new Error('no route of today under way with an open order of a rider no other spec uses');
  const { route, order, email } = target;
  const riderName = String(users?.find((u) => u.id === route.rider_id)?.name ?? '');

  const made = await request.post('/api/tracking-links', { headers: { Authorization: `Bearer ${admin}` }, data: { order_id: order.id } });
  expect(made.status()).toBe(201);
  const { path } = (await made.json()) as { path: string };
  expect(path).toMatch(/^\/envio\/[A-Za-z0-9_-]{43}$/);

  const visitor = await browser.newContext();
  try {
    const guest = await visitor.newPage();
    await guest.goto(path);
    await expect(guest.getByRole('heading', { level: 1 })).toHaveText(t('routeTitles.publicTracking'));
    // The route is under way: the window is the live ETA's (server/notify/tracking.ts
    // `liveTracking`, unit-tested in tests/server/positions.test.ts), at most 20 minutes wide;
    // the plan's (± 10 minutes around the stop's planned arrival) before it starts.
    const [y, m, d] = today.split('-');
    const shown = guest.getByTestId('tracking-window');
    const pattern = t('notices.track.windowOn', { date: `${d}/${m}/${y}`, from: '__FROM__', to: '__TO__' }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('__FROM__', '(\\d{2}:\\d{2})').replace('__TO__', '(\\d{2}:\\d{2})');
    await expect(shown).toHaveText(new RegExp(`^${pattern}$`));
    const [, from = '', to = ''] = new RegExp(pattern).exec((await shown.textContent()) ?? '') ?? [];
    const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
    expect(minutes(to) - minutes(from)).toBeGreaterThan(0);
    expect(minutes(to) - minutes(from)).toBeLessThanOrEqual(20);
    await expect(guest.getByTestId('tracking-rider')).toHaveText(t('notices.track.rider', { name: riderName.split(' ')[0] ?? '' }));
    await expect(guest.getByText(t('notices.track.order', { code: String(order.code) }))).toBeVisible();
    await expect(guest.getByTestId('tracking-proof')).toHaveCount(0);
    await expect(guest.getByRole('navigation', { name: t('app.navigation') })).toHaveCount(0);

    // The rider delivers it, signed (as his device would push it).
    const login = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
    const rider = ((await login.json()) as { accessToken: string }).accessToken;
    const tplDelivered = deliveries?.find((e) => e.kind === 'delivered');
    const tplSigned = deliveries?.find((e) => e.kind === 'signed');
    if (!tplDelivered || !tplSigned) throw new Error('the demo data has no delivered and signed events');
    // Earlier than today's demo signatures, so the albarán specs (the newest signed delivery) never take this order.
    const madridDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(ms);
    const todays = (deliveries ?? []).map((e) => Number(e.at)).filter((ms) => madridDay(ms) === today);
    const at = todays.length > 0 ? Math.min(...todays) - 120_000 : Date.now();
    const common = { order_id: order.id, route_id: route.id, rider_id: route.rider_id, created_by: route.rider_id, delivery_point_id: order.delivery_point_id, position: null };
    const lines = (order.lines as { line_id: string; product_id: string; quantity: number }[]).map((l) => ({ line_id: l.line_id, product_id: l.product_id, delivered: l.quantity, refused: 0 }));
    await pushDocs(request, rider, 'deliveries', [
      { assumedMasterState: null, newDocumentState: { ...tplDelivered, ...common, id: deliveryEventId(String(order.id), 'delivered'), at, lines, photo_file: '' } },
      { assumedMasterState: null, newDocumentState: { ...tplSigned, ...common, id: deliveryEventId(String(order.id), 'signed'), at: at + 1000, signer_name: 'Lucía Receptora', signature_file: '' } },
    ]);
    let current = order;
    for (const status of order.status === 'picked' ? ['out_for_delivery', 'delivered'] : ['delivered']) {
      const next = { ...current, status, status_id: '', updated_at: Math.max(Number(current.updated_at) + 1, Date.now()) };
      await pushDocs(request, rider, 'orders', [{ assumedMasterState: current, newDocumentState: next }]);
      current = next;
    }

    await guest.reload();
    const proof = guest.getByTestId('tracking-proof');
    await expect(proof).toBeVisible();
    await expect(guest.getByTestId('tracking-status')).toHaveText(t('notices.track.statuses.delivered'));
    await expect(proof.getByText(t('proof.outcomes.delivered'), { exact: false })).toBeVisible();
    const signature = proof.getByRole('img', { name: t('proof.signatureOf', { name: 'Lucía Receptora' }) });
    await expect(signature).toBeVisible();
    await expect.poll(() => signature.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    // The English link of an English notice.
    await guest.goto(`${path}?lang=en`);
    await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Tracking your order');
    await expect(guest.getByTestId('tracking-status')).toHaveText('Delivered');

    // Revoked with the order's albarán links: the page says so.
    const revoked = await request.post('/api/proof-links/revoke', { headers: { Authorization: `Bearer ${admin}` }, data: { order_id: order.id } });
    expect(revoked.status()).toBe(200);
    await guest.goto(path);
    await expect(guest.getByTestId('tracking-error')).toContainText(t('notices.errors.linkRevoked'));
  } finally {
    await visitor.close();
  }
});
