import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './test';
import { DEMO_PASSWORD, adminToken, gotoSynced, pullAll, signInSynced, waitForServiceWorker, waitForSync, type Doc } from './support';
import { demoDocs, hubOfUser, routeOfHub } from './choices';
import { RiderStop } from './pages/riderStop';

/**
 * Issue 13: a rider delivers two cash orders with no signal and his phone's cash card follows;
 * back online, an operator of his hub finds the payments at /payments/all_orders (filtered by rider, with
 * the totals), counts the rider's cash 5 € short, gives the reason, reconciles; the server holds
 * the signed-off hand-over; an administrator corrects it with a reason. The route and its orders are this test's own (rider11, whom no other
 * test uses).
 */

const RIDER = 'u-rider11';
const RIDER_EMAIL = 'rider11@cargobici.test';
const ROUTE_ID = 'pay-e2e-r1';
const ORDER_IDS = ['pay-e2e-o1', 'pay-e2e-o2'];

type Stop = { seq: number; delivery_point_id: string; order_ids: string[]; eta: string };

async function push(request: APIRequestContext, token: string, collection: string, docs: Doc[], before: Doc[] | null = null): Promise<void> {
  const data = docs.map((d, i) => ({ assumedMasterState: before?.[i] ?? null, newDocumentState: d }));
  const res = await request.post(`/api/sync/${collection}/push`, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(await res.json(), `push of ${collection}`).toEqual([]);
}

/** Creates documents in a first status, then moves them on as the office would (one push each). */
async function pushThrough(request: APIRequestContext, token: string, collection: string, docs: Doc[], steps: Doc[]): Promise<void> {
  let current = docs.map((d) => ({ ...d, ...steps[0] }));
  await push(request, token, collection, current);
  for (const step of steps.slice(1)) {
    const next = current.map((d) => ({ ...d, ...step, updated_at: Number(d.updated_at) + 1 }));
    await push(request, token, collection, next, current);
    current = next;
  }
}

/** «1.234,56 €» → 123456. */
function cents(text: string): number {
  const clean = text.replace(/[^\d,−-]/g, '').replace('−', '-');
  return Math.round(Number(clean.replace(',', '.')) * 100);
}

/**
 * The cash desk of rider11's hub: an operator writes only in his hub (issue 29, finding 6), and
 * the demo's hub 4 has none of its own, so the office makes one (a copy of the demo operator,
 * with the demo password).
 */
const DESK = { id: 'u-op-pay-e2e', email: 'op-pay-e2e@cargobici.test', name: 'Pau Caja Soler' };

async function makeDesk(request: APIRequestContext, token: string, hub: number): Promise<void> {
  const model = (await pullAll(request, token, 'users')).find((u) => u.id === 'u-operador') as Doc;
  await push(request, token, 'users', [{ ...model, ...DESK, hub, hubs: [hub], updated_at: Date.now() }]);
  const res = await request.post('/api/auth/admin/password', { headers: { Authorization: `Bearer ${token}` }, data: { userId: DESK.id, password: DEMO_PASSWORD } });
  expect(res.status(), 'password of the desk operator').toBe(204);
}

/** Today's route of rider11 on the road, two stops, one new cash order each. */
async function makeRoute(request: APIRequestContext, token: string): Promise<{ riderName: string }> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const [routes, orders, products, users] = await Promise.all([pullAll(request, token, 'routes'), pullAll(request, token, 'orders'), pullAll(request, token, 'products'), pullAll(request, token, 'users')]);
  const docs = demoDocs({ routes, orders, products, users });
  const rider = users.find((u) => u.id === RIDER) as Doc;
  const { source, template } = routeOfHub(docs, today, hubOfUser(docs, RIDER), 2);
  await makeDesk(request, token, hubOfUser(docs, RIDER));
  const product = products.find((p) => p.active === true && Number(p.price_cents) > 0) as Doc;
  const now = Date.now();
  const stops = (source.stops as Stop[]).slice(0, 2).map((s, i) => ({ ...s, seq: i + 1, order_ids: [ORDER_IDS[i] as string] }));
  const made = ORDER_IDS.map((id, i) => ({
    ...template,
    id,
    code: `P-PAYE2E-${i + 1}`,
    delivery_point_id: stops[i]?.delivery_point_id,
    route_id: ROUTE_ID,
    status_id: '',
    payment_method: 'cash',
    lines: [{ line_id: 'l1', product_id: String(product.id), name: String(product.name), quantity: i + 1, unit_price_cents: Number(product.price_cents), tax_id: String(product.tax_id), tax_rate_bp: 2100, picked_quantity: i + 1 }],
    external_ref: '',
    created_at: now,
    updated_at: now,
  }));
  await pushThrough(request, token, 'orders', made, [
    { status: 'planned', picking_status: 'pending' },
    { status: 'picking', picking_status: 'in_progress' },
    { status: 'picked', picking_status: 'picked' },
    { status: 'out_for_delivery' },
  ]);
  const route = { ...source, id: ROUTE_ID, code: 'PAYE2E1', name: 'Ruta de cobros e2e', rider_id: RIDER, status_id: '', stops, cancel_reason: '', ready_reason: '', updated_at: now };
  await pushThrough(request, token, 'routes', [route], ['planned', 'picking', 'ready', 'loaded', 'in_progress'].map((status) => ({ status })));
  return { riderName: String(rider.name) };
}

/** Delivers an order in full, paid in cash with a 100 € note; returns the amount due. */
async function deliverCash(page: Page, orderId: string): Promise<number> {
  await page.goto(`/order_id/${orderId}/rider_id/${RIDER}/route_id/${ROUTE_ID}`);
  await page.getByRole('button', { name: 'Continuar a firma y cobro' }).click();
  await page.locator('label').filter({ hasText: /^Efectivo$/ }).click();
  const due = cents(await page.getByTestId('amount-due').innerText());
  await page.getByLabel('Importe entregado por el cliente').fill('100');
  await expect(page.getByTestId('change')).not.toHaveText('—');
  await new RiderStop(page, `/distribution/${ROUTE_ID}`).sign('Marta Sanz');
  await page.getByRole('button', { name: 'Confirmar entrega' }).click();
  await expect(page.getByTestId('stop-of')).toBeVisible();
  return due;
}

test('a rider collects cash offline; an operator reconciles it 5 € short with a reason; an admin corrects it', async ({ browser, request }) => {
  test.setTimeout(600_000);
  const token = await adminToken(request);
  const { riderName } = await makeRoute(request, token);

  // ── The rider's phone ──────────────────────────────────────────────────────────────────────
  const phone = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await signInSynced(page, RIDER_EMAIL);
  await expect(page).toHaveURL(/\/distribution$/);
  const card = page.getByTestId('rider-cash-card');
  await expect(card).toBeVisible();
  const collectedBefore = cents(await card.getByTestId('rider-cash-collected').innerText());
  const onHandBefore = cents(await card.getByTestId('rider-cash-on-hand').innerText());
  const toggle = card.getByTestId('rider-cash-toggle');
  expect((await toggle.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  await waitForServiceWorker(page);

  await phone.setOffline(true);
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-sync-state', 'offline');
  const due1 = await deliverCash(page, ORDER_IDS[0] as string);
  const due2 = await deliverCash(page, ORDER_IDS[1] as string);
  expect(due1).toBeGreaterThan(0);
  // Still offline: the card counts the new cash from the phone's own data.
  await page.goto('/distribution');
  await expect.poll(async () => cents(await card.getByTestId('rider-cash-collected').innerText())).toBe(collectedBefore + due1 + due2);
  expect(cents(await card.getByTestId('rider-cash-on-hand').innerText())).toBe(onHandBefore + due1 + due2);

  await phone.setOffline(false);
  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: 90_000 });
  await waitForSync(page);
  const serverPayments = (await pullAll(request, token, 'payments')).filter((p) => p.route_id === ROUTE_ID);
  expect(serverPayments.map((p) => [p.order_id, p.method, p.status, p.amount_collected_cents]).sort()).toEqual([
    [ORDER_IDS[0], 'cash', 'collected', due1],
    [ORDER_IDS[1], 'cash', 'collected', due2],
  ]);

  // ── The operator's desk ────────────────────────────────────────────────────────────────────
  const desk = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const op = await desk.newPage();
  await signInSynced(op, DESK.email);
  await gotoSynced(op, '/payments/all_orders');
  await expect(op.getByRole('heading', { level: 1 })).toHaveText('Pagos');
  await op.getByRole('combobox', { name: 'Rider' }).click();
  await op.getByRole('option', { name: riderName }).click();
  await op.getByRole('combobox', { name: 'Forma de pago' }).click();
  await op.getByRole('option', { name: 'Efectivo' }).click();
  await expect(op.getByTestId('crud-row').filter({ hasText: 'P-PAYE2E-1' })).toBeVisible();
  await expect(op.getByTestId('crud-row').filter({ hasText: 'P-PAYE2E-2' })).toBeVisible();
  const cashTotal = cents(await op.getByTestId('total-method-cash-collected').innerText());
  expect(cashTotal).toBeGreaterThanOrEqual(due1 + due2);
  await expect(op.getByTestId('total-method-card')).toHaveCount(0);

  // The route's collected payments, from the row's status.
  await op.getByTestId('crud-row').filter({ hasText: 'P-PAYE2E-1' }).getByRole('link', { name: /PAYE2E1/ }).click();
  await expect(op.getByRole('heading', { level: 1 })).toHaveText('Detalle de pagos');
  await expect(op.getByTestId('details-route')).toContainText('PAYE2E1');
  await expect(op.getByTestId('crud-row')).toHaveCount(2);
  expect(cents(await op.getByTestId('total-all-collected').innerText())).toBe(due1 + due2);
  await op.goBack();

  // Cash count: 5 € short.
  await op.getByRole('tab', { name: 'Efectivo y conciliación' }).click();
  const riderCard = op.locator(`[data-testid="rider-cash"][data-rider="${RIDER}"]`);
  const expected = onHandBefore + due1 + due2;
  await expect.poll(async () => cents(await riderCard.getByTestId('rider-on-hand').innerText())).toBe(expected);
  await riderCard.getByRole('button', { name: `Registrar entrega de ${riderName}` }).click();
  const dialog = op.getByRole('dialog');
  await expect(dialog.getByTestId('count-expected')).toContainText(String(Math.floor(expected / 100)));
  await dialog.getByLabel('Importe contado (€)').fill(((expected - 500) / 100).toFixed(2).replace('.', ','));
  await expect(dialog.getByTestId('count-difference')).toHaveText('Diferencia: −5,00 €');
  await dialog.getByRole('button', { name: 'Registrar recuento' }).click();
  await expect(dialog.getByText('Motivo de la diferencia: explica por qué lo contado no coincide con lo esperado')).toBeVisible();
  await dialog.getByLabel('Motivo de la diferencia').fill('Faltan 5 € del cambio');
  await dialog.getByRole('button', { name: 'Registrar recuento' }).click();
  await expect(dialog).toHaveCount(0);
  const row = op.getByTestId('handover').filter({ hasText: riderName });
  await expect(row).toHaveAttribute('data-status', 'handed_over');
  await expect(row.getByTestId('handover-difference')).toHaveText('−5,00 €');
  await expect(riderCard.getByTestId('rider-on-hand')).toHaveText(/^5,00/);

  await row.getByRole('button', { name: 'Conciliar' }).click();
  await op.getByRole('dialog').getByRole('button', { name: 'Conciliar' }).click();
  await expect(row).toHaveAttribute('data-status', 'reconciled');
  await expect(row.getByTestId('reconciled-by')).toContainText(DESK.name);
  // Reconciling settled the shortfall (issue 28): written off with its reason, nothing left on hand.
  await expect(row.getByTestId('handover-written-off')).toHaveText('Diferencia saldada al conciliar: −5,00 €');
  await expect(riderCard.getByTestId('rider-on-hand')).toHaveText(/^0,00/);
  // An operator cannot correct a reconciled record.
  await expect(row.getByRole('button', { name: 'Corregir' })).toHaveCount(0);

  // The server holds the signed-off hand-over.
  await expect
    .poll(async () => (await pullAll(request, token, 'payments')).filter((p) => p.kind === 'cash-handover' && p.rider_id === RIDER && p.status === 'reconciled').length, { timeout: 60_000 })
    .toBe(1);
  const h = (await pullAll(request, token, 'payments')).find((p) => p.kind === 'cash-handover' && p.rider_id === RIDER) as Doc;
  expect(h).toMatchObject({ expected_cents: expected, counted_cents: expected - 500, reason: 'Faltan 5 € del cambio', recorded_by: DESK.id, reconciled_by: DESK.id });
  expect((h.history as Doc[]).map((e) => [e.action, e.reason])).toEqual([
    ['recorded', 'Faltan 5 € del cambio'],
    ['reconciled', 'Faltan 5 € del cambio'],
  ]);
  // The rider's phone reads «Efectivo en mano» 0,00 € once the shortfall is reconciled.
  await page.reload();
  await waitForSync(page);
  await expect(card.getByTestId('rider-cash-on-hand')).toHaveText(/^0,00/);

  // An administrator corrects the reconciled count, with the reason of the change kept.
  const office = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const adm = await office.newPage();
  await signInSynced(adm, 'admin@cargobici.test');
  await gotoSynced(adm, '/payments/all_orders');
  await adm.getByRole('tab', { name: 'Efectivo y conciliación' }).click();
  const admRow = adm.getByTestId('handover').filter({ hasText: riderName });
  await admRow.getByRole('button', { name: 'Corregir' }).click();
  const fix = adm.getByRole('dialog');
  await fix.getByLabel('Importe contado (€)').fill((expected / 100).toFixed(2).replace('.', ','));
  await expect(fix.getByTestId('count-difference')).toHaveText('Diferencia: 0,00 €');
  await fix.getByRole('button', { name: 'Guardar corrección' }).click();
  await expect(fix.getByText('Motivo de la corrección: explica por qué cambias una entrega conciliada')).toBeVisible();
  await fix.getByLabel('Motivo de la corrección').fill('Billete de 5 € encontrado en la bolsa');
  await fix.getByRole('button', { name: 'Guardar corrección' }).click();
  await expect(fix).toHaveCount(0);
  await expect(admRow.getByTestId('handover-difference')).toHaveText('0,00 €');
  await expect(admRow).toHaveAttribute('data-status', 'reconciled');
  await expect
    .poll(async () => ((await pullAll(request, token, 'payments')).find((p) => p.id === h.id)?.history as Doc[] | undefined)?.map((e) => e.action), { timeout: 60_000 })
    .toEqual(['recorded', 'reconciled', 'amended']);
  const amended = (await pullAll(request, token, 'payments')).find((p) => p.id === h.id) as Doc;
  expect(amended).toMatchObject({ status: 'reconciled', counted_cents: expected, reason: '', reconciled_by: DESK.id });
  expect((amended.history as Doc[])[2]).toMatchObject({ by: 'u-admin', reason: 'Billete de 5 € encontrado en la bolsa', counted_cents: expected });
  await office.close();

  // The rider's phone shows the hand-over and that nothing is left on hand.
  await page.reload();
  await waitForSync(page);
  await expect(card.getByTestId('rider-cash-on-hand')).toHaveText(/^0,00/);
  await card.getByTestId('rider-cash-toggle').click();
  await expect(card.getByTestId('rider-handover')).toContainText('Conciliado');

  await desk.close();
  await phone.close();
});
