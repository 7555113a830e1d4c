import { readFile } from 'node:fs/promises';
import { expect, test } from './test';
import { adminToken, gotoSynced, pullAll, signInSynced, type Doc } from './support';
import { demoDocs, signedDelivery } from './choices';
import { t } from '../src/i18n';
import { eurosCell } from '../src/domain/money';

/**
 * Issue 28 (money, client numbers, times, hubs): what a person sees.
 * - The albarán shows the delivery time on the operation's clock (Europe/Madrid), labelled, to a
 *   viewer in Canarias (browser in Atlantic/Canary), and prints the client's own order number.
 * - The client's order number finds its order in «Pedidos» (desk at 1440 px).
 * - The product CSV export writes prices in euros as people read them («1,29»).
 * - An operator of hub 2 is refused a hub-1 route before he starts picking it, in Spanish.
 * (Reconciling a cash shortfall to «Efectivo en mano» 0,00 €: e2e/payments.spec.ts.)
 */

const clock = (at: number, zone: string): { date: string; time: string } => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.day}/${parts.month}/${parts.year}`, time: `${parts.hour}:${parts.minute}` };
};

/** Time of the event that closes the order at the door (latest delivered / partial / failed). */
function closingAt(deliveries: readonly Doc[], orderId: string): number {
  return Math.max(...deliveries.filter((d) => d.order_id === orderId && ['delivered', 'partial', 'failed'].includes(String(d.kind))).map((d) => Number(d.at)));
}

test('the albarán in Canarias shows the Madrid time, labelled, and the client’s order number', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  const [deliveries, orders] = await Promise.all([pullAll(request, token, 'deliveries'), pullAll(request, token, 'orders')]);
  const { order } = signedDelivery(demoDocs({ deliveries, orders }), 1);
  const ref = String(order.external_ref);
  expect(ref).not.toBe('');
  const at = closingAt(deliveries, String(order.id));
  const madrid = clock(at, 'Europe/Madrid');
  const canary = clock(at, 'Atlantic/Canary');
  expect(canary.time).not.toBe(madrid.time);
  const shown = t('proof.madridTime', madrid);

  const desk = await browser.newContext({ timezoneId: 'Atlantic/Canary', viewport: { width: 1440, height: 900 } });
  const visitor = await browser.newContext({ timezoneId: 'Atlantic/Canary' });
  try {
    const page = await desk.newPage();
    await signInSynced(page, 'operador@cargobici.test');
    await gotoSynced(page, `/proof-of-delivery/${encodeURIComponent(String(order.id))}`);
    const doc = page.getByTestId('proof-document');
    await expect(doc.getByTestId('proof-at')).toHaveText(shown);
    await expect(doc.getByTestId('proof-at')).toContainText('(hora peninsular)');
    await expect(doc.getByTestId('proof-client-ref')).toHaveText(ref);

    // The client's public link, opened in Canarias with no account: the same Madrid time.
    await page.getByRole('button', { name: t('proof.link.create') }).click();
    const link = await page.getByTestId('proof-link').inputValue();
    expect(link).toMatch(/\/albaran\//);
    const guest = await visitor.newPage();
    await guest.goto(link);
    const pub = guest.getByTestId('proof-document');
    await expect(pub.getByTestId('proof-at')).toHaveText(shown);
    await expect(pub.getByTestId('proof-client-ref')).toHaveText(ref);
    // The browser really is in Canarias: its own clock reads an hour earlier.
    expect(await guest.evaluate((ms) => new Date(ms).getHours(), at)).toBe(Number(canary.time.slice(0, 2)));
  } finally {
    await desk.close();
    await visitor.close();
  }
});

test('the client’s order number finds its order in «Pedidos»', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  const orders = await pullAll(request, token, 'orders');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const order = orders.find((o) => o.date === today && String(o.external_ref).trim() !== '' && Number(o.hub) === 1);
  if (!order) throw new Error('no order of today with a client reference in hub 1');
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await ctx.newPage();
    await signInSynced(page, 'operador@cargobici.test');
    await gotoSynced(page, '/orders');
    await page.getByTestId('crud-search').fill(String(order.external_ref));
    const rows = page.getByTestId('crud-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(String(order.code));
  } finally {
    await ctx.close();
  }
});

test('the product CSV export writes prices in euros («1,29»)', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  const products = (await pullAll(request, token, 'products')).filter((p) => p.active === true && Number(p.price_cents) % 100 !== 0);
  const product = products[0];
  if (!product) throw new Error('no active product with cents in its price');
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  try {
    const page = await ctx.newPage();
    await signInSynced(page, 'admin@cargobici.test');
    await gotoSynced(page, '/product-crud');
    await page.getByTestId('crud-search').fill(String(product.sku));
    await expect(page.getByTestId('crud-row').first()).toContainText(String(product.name));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: t('crud.exportCsv') }).click();
    const file = await (await download).path();
    const csv = await readFile(file, 'utf8');
    const line = csv.split('\r\n').find((l) => l.includes(String(product.sku)));
    expect(line).toBeDefined();
    const cells = (line ?? '').split(';');
    expect(cells).toContain(eurosCell(Number(product.price_cents)));
    expect(cells).not.toContain(String(product.price_cents));
  } finally {
    await ctx.close();
  }
});

test('an operator of hub 2 is refused a hub-1 route before he starts picking it', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  const routes = await pullAll(request, token, 'routes');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const route = routes.find((r) => r.date === today && Number(r.hub) === 1 && !['draft', 'cancelled'].includes(String(r.status)) && (r.stops as unknown[]).length > 0);
  if (!route) throw new Error('no route of today in hub 1');
  const ctx = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  try {
    const page = await ctx.newPage();
    await signInSynced(page, 'operador.mad@cargobici.test');
    // Not offered: his picking list is his hub's.
    await gotoSynced(page, '/picking');
    await expect(page.locator(`[data-testid="picking-route-card"][data-route="${String(route.id)}"]`)).toHaveCount(0);
    // Opened by its address: refused before he starts, with the reason in Spanish.
    await gotoSynced(page, `/picking/route/${encodeURIComponent(String(route.id))}`);
    const refused = page.getByTestId('picking-refused');
    await expect(refused).toContainText(`La ruta ${String(route.code)} es de`);
    await expect(refused).toContainText('solo la preparan sus operadores o un administrador');
    await expect(page.getByTestId('picking-stop').first()).toBeVisible();
    await expect(page.getByRole('link', { name: /^Preparar la parada/ })).toHaveCount(0);
  } finally {
    await ctx.close();
  }
});
