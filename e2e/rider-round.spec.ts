import { type Page } from '@playwright/test';
import { expect, test } from './test';
import { RiderStop } from './pages/riderStop';
import { adminToken, gotoSynced, pullAll, pushDocs, signInSynced, waitForServiceWorker, waitForSync, type Doc } from './support';
import { riderRoundChoice, type DemoDocs } from './choices';

/**
 * The rider's round on a phone, offline: goods received at the hub, two deliveries with
 * signature and cash (one partial), one failed delivery, one product incidence, a reload while
 * still offline; back online, the server holds every event and both signatures exactly once,
 * and an operator sees the progress, the incidence and the cash. Its orders are chosen among
 * the day's demo data by e2e/choices.ts (checked over 60 days by tests/e2e/choices.test.ts); the
 * two it collects cash for are set to pay cash first, whatever the day's data says.
 */
test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

/** The figure of a card of the route summary (delivered, partial, failed, pending, incidences). */
function summaryFigure(page: Page, key: string) {
  return page.getByTestId(`summary-${key}`).locator('p').last();
}

test('a rider runs his round offline and everything reaches the server once', async ({ page, context, browser, request }) => {
  test.setTimeout(300_000);
  const token = await adminToken(request);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const names = ['routes', 'orders', 'deliveries', 'incidences', 'payments', 'users', 'products', 'catalog'] as const;
  const pulled = await Promise.all(names.map((c) => pullAll(request, token, c)));
  const docs = Object.fromEntries(names.map((c, i) => [c, pulled[i] ?? []])) as unknown as DemoDocs;
  const choice = riderRoundChoice(docs, today);
  const routeId = choice.routeId;
  const toCash = docs.orders.filter((o) => choice.makeCash.includes(String(o.id)));
  await pushDocs(request, token, 'orders', toCash.map((o): { assumedMasterState: Doc; newDocumentState: Doc } => ({ assumedMasterState: o, newDocumentState: { ...o, payment_method: 'cash', updated_at: Number(o.updated_at) + 1 } })));

  await signInSynced(page, 'rider1@cargobici.test');
  await expect(page).toHaveURL(/\/distribution$/);
  await page.getByRole('link', { name: 'Abrir' }).first().click();
  await expect(page.getByTestId('route-status')).toHaveText('Preparada');
  const routeUrl = page.url();
  expect(routeUrl.split('/').pop()).toBe(routeId);
  await waitForServiceWorker(page);
  // Incidences the route already had (the demo data's picking incidences): read once the first
  // sync has brought them, and the same number the server holds.
  const incidencesBefore = (await pullAll(request, token, 'incidences')).filter((i) => i.route_id === routeId && i.kind !== 'follow-up').length;
  await gotoSynced(page, `/distribution/route-summary/${routeId}`);
  await expect(summaryFigure(page, 'incidences')).toHaveText(String(incidencesBefore));
  await gotoSynced(page, routeUrl);

  // ── No signal from here on ───────────────────────────────────────────────────────────────
  await context.setOffline(true);

  // Goods received at the hub, one unit short of the first product.
  await page.getByRole('link', { name: 'Recoger mercancía en el hub' }).click();
  const firstCount = page.getByTestId('load-lines').getByRole('textbox').first();
  const expected = Number(await firstCount.inputValue());
  await firstCount.fill(String(expected - 1));
  await expect(page.getByText('se registrará 1 incidencia')).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar carga' }).click();
  await expect(page.getByTestId('route-status')).toHaveText('Cargada');
  await page.getByRole('button', { name: 'Empezar reparto' }).click();
  await expect(page.getByTestId('route-status')).toHaveText('En reparto');

  // 1. Delivered in full, paid in cash with change.
  const stop = new RiderStop(page, routeUrl);
  expect(await stop.openNextOrder()).toBe(choice.full.code);
  await stop.startDelivery();
  await stop.continueToPayment();
  await stop.payCash('200');
  const due1 = await page.getByTestId('amount-due').innerText();
  await expect(page.getByTestId('change')).not.toHaveText('—');
  await stop.sign('Ana García');
  await stop.confirmDelivery();
  expect(due1).toMatch(/€/);

  // 2. Delivered in part, with a product incidence on the short line.
  await stop.openOrder(choice.partial, 'u-rider1', routeId);
  await stop.startDelivery();
  const firstLine = page.getByTestId('order-line').first();
  await firstLine.getByRole('link', { name: 'Incidencia' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Incidencia de producto');
  await page.getByLabel('Nota').fill('Caja aplastada');
  await page.getByRole('button', { name: 'Registrar incidencia' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Productos del pedido');
  const delivered = page.getByTestId('order-line').first().getByLabel('Entregado');
  const full = Number(await delivered.inputValue());
  await delivered.fill(String(Math.max(0, full - 1)));
  await page.getByTestId('order-line').first().getByLabel('Rechazado').fill('1');
  if (full - 1 === 0 && (await page.getByTestId('order-line').count()) === 1) throw new Error('demo order too small for a partial delivery');
  await stop.continueToPayment();
  await stop.payCash();
  await stop.sign('Bruno Pérez');
  await stop.confirmDelivery();

  // 3. Failed with a reason.
  await stop.openOrder(choice.failed, 'u-rider1', routeId);
  await stop.startFailure();
  await stop.submitFailure();
  await expect(page.getByText('Elige un motivo')).toBeVisible();
  await stop.fail('Ausente', 'Nadie en el local');

  // Still offline: a reload finds everything as it was left.
  await page.goto(routeUrl);
  await page.reload();
  await expect(page.getByTestId('route-status')).toHaveText('En reparto');
  await expect(page.getByTestId('online-badge')).toHaveText('Sin conexión');
  await expect(page.getByTestId('pending-count')).toBeVisible();
  await page.goto(`/distribution/route-summary/${routeId}`);
  await expect(summaryFigure(page, 'delivered')).toHaveText('1');
  await expect(summaryFigure(page, 'partial')).toHaveText('1');
  await expect(summaryFigure(page, 'failed')).toHaveText('1');
  await expect(summaryFigure(page, 'incidences')).toHaveText(String(incidencesBefore + 2));
  const cash = await page.getByTestId('summary-cash').innerText();
  expect(cash).not.toBe('0,00 €');

  // ── Back online ──────────────────────────────────────────────────────────────────────────
  await context.setOffline(false);
  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: 90_000 });
  await waitForSync(page);

  const auth = { Authorization: `Bearer ${token}` };
  const pull = async (collection: string) => (await pullAll(request, token, collection)).filter((d) => d.route_id === routeId);
  const events = await pull('deliveries');
  const kinds = events.map((e) => e.kind).sort();
  const mine = events.filter((e) => e.created_by === 'u-rider1');
  expect(mine.filter((e) => e.kind === 'delivered')).toHaveLength(1);
  expect(mine.filter((e) => e.kind === 'partial')).toHaveLength(1);
  expect(mine.filter((e) => e.kind === 'failed')).toHaveLength(1);
  expect(mine.filter((e) => e.kind === 'signed')).toHaveLength(2);
  expect(mine.filter((e) => e.kind === 'collected')).toHaveLength(2);
  expect(kinds.length).toBeGreaterThanOrEqual(7);
  expect((await pull('receipts')).filter((r) => r.created_by === 'u-rider1')).toHaveLength(1);
  const incidences = (await pull('incidences')).filter((i) => i.created_by === 'u-rider1');
  expect(incidences).toHaveLength(2);
  const signedPaths = mine.filter((e) => e.kind === 'signed').map((e) => String(e.signature_file));
  await expect
    .poll(async () => ((await (await request.get('/api/files?prefix=deliveries/u-rider1/sig-', { headers: auth })).json()) as { fullPath: string }[]).map((f) => f.fullPath).sort(), {
      timeout: 60_000,
    })
    .toEqual([...signedPaths].sort());
  for (const p of signedPaths) {
    const res = await request.get(`/api/files/${p}`, { headers: auth });
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('image/png');
  }

  // ── An operator's browser shows the progress, the incidence and the cash ───────────────────
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });
  const op = await desk.newPage();
  await signInSynced(op, 'operador@cargobici.test');
  await gotoSynced(op, `/distribution/${routeId}`);
  await expect(op.getByTestId('route-status')).toHaveText('En reparto');
  await expect(op.getByTestId('route-progress')).toHaveText(/^[1-9]\d* de \d+ paradas$/);
  await gotoSynced(op, '/incidence-all-delivered');
  await expect(op.getByTestId('crud-row').filter({ hasText: 'Caja aplastada' })).toBeVisible();
  await gotoSynced(op, `/distribution/route-summary/${routeId}`);
  await expect(summaryFigure(op, 'incidences')).toHaveText(String(incidencesBefore + 2));
  await expect(op.getByTestId('summary-cash')).toHaveText(cash);
  await desk.close();
});
