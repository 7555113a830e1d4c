import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './test';
import { adminToken, gotoSynced, pullAll, signInSynced, type Doc } from './support';
import { demoDocs, hubOfUser, routeOfHub } from './choices';
import { RiderStop } from './pages/riderStop';
import { EntityList } from './pages/entityList';
import { t } from '../src/i18n';
import { toGtin14 } from '../src/domain/picking/codes';

/**
 * Issue 28, «a whole day tried as new users»: what got in the way, seen as a person sees it.
 * - The desk: the import screen and the planning board are in the operator's menu.
 * - The phone: a notification shown on the signature step covers neither the pad nor the
 *   header; an order paid on account shows no «Importe a cobrar».
 * - The tablet: a keyboard scanner's reads all count (the same code twice within a second), a
 *   partial read is refused as «lectura incompleta», the previous product's message does not
 *   follow to the next product, and a scan right after a product page opens counts.
 * Every route and order here is this spec's own, made through the sync API.
 */

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

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());

/** Whether two boxes share any area. */
function overlap(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

test.describe('the desk', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('an operator reaches the import screen and the planning board from the menu', async ({ page }) => {
    await signInSynced(page, 'operador@cargobici.test');
    const nav = page.getByRole('navigation', { name: t('app.navigation') });
    await nav.getByRole('link', { name: new RegExp(`^${t('menu.charge')}`) }).click();
    await expect(page).toHaveURL(/\/charge$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('routeTitles.charge'));
    await nav.getByRole('link', { name: new RegExp(`^${t('menu.routed')}`) }).click();
    await expect(page).toHaveURL(/\/routed$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('routeTitles.routed'));
  });

  test('hubs read by their names: the users list («Todos» for no hub of one’s own) and the picking hub selector', async ({ page, request }) => {
    const token = await adminToken(request);
    const [users, catalog] = await Promise.all([pullAll(request, token, 'users'), pullAll(request, token, 'catalog')]);
    const hubs = catalog.filter((c) => c.kind === 'hub');
    const admin = users.find((u) => u.email === 'admin@cargobici.test');
    const operator = users.find((u) => u.email === 'operador@cargobici.test');
    const operatorHub = hubs.find((h) => h.number === operator?.hub);
    expect(admin?.hub, 'the demo admin has no hub of his own').toBe(0);
    if (!operatorHub) throw new Error('the demo operator has no known hub');

    await signInSynced(page, 'admin@cargobici.test');
    await gotoSynced(page, '/crud-user');
    const list = new EntityList(page, '/crud-user');
    await expect((await list.row('admin@cargobici.test')).getByRole('cell').filter({ hasText: /^Todos$/ })).toHaveCount(1);
    // His home hub («Hub») and the one hub he works in («Hubs en los que trabaja»), by name.
    await expect((await list.row('operador@cargobici.test')).getByRole('cell').filter({ hasText: new RegExp(`^${String(operatorHub.name)}$`) })).toHaveCount(2);

    await gotoSynced(page, '/picking');
    // The browser's own select (issue 31): its options are read from it, not from a drop-down.
    const options = page.getByRole('combobox', { name: t('pickingScreens.hub') }).getByRole('option');
    await expect(options.nth(1)).toBeAttached();
    const names = new Set(hubs.map((h) => String(h.name)));
    const shown = await options.allTextContents();
    expect(shown.filter((x) => !names.has(x.trim())), 'every option is a hub’s name').toEqual([]);
    expect(shown.length).toBeGreaterThan(1);
  });
});

test.describe('the phone', () => {
  test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

  const ROUTE_ID = 'nu-e2e-r1';
  const CARD = 'nu-e2e-o1';
  const ON_ACCOUNT = 'nu-e2e-o2';

  /**
   * A route of today on the road for a rider whom the other specs only read (rider8, chosen with
   * a check): one stop, two orders of its own, one paid by card and one on account.
   */
  async function makeRound(request: APIRequestContext, token: string): Promise<{ riderId: string; email: string }> {
    const [routes, orders, products, users] = await Promise.all([pullAll(request, token, 'routes'), pullAll(request, token, 'orders'), pullAll(request, token, 'products'), pullAll(request, token, 'users')]);
    const rider = users.find((u) => u.id === 'u-rider8' && u.role === 'rider' && u.active === true);
    if (!rider) throw new Error('the demo data has no active rider8');
    // Checked over 60 days by tests/e2e/choices.test.ts.
    const { source, template } = routeOfHub(demoDocs({ routes, orders, users }), today(), hubOfUser(demoDocs({ users }), 'u-rider8'), 1);
    const product = products.find((p) => p.active === true && Number(p.price_cents) > 0);
    if (!product) throw new Error('the demo data has no priced product');
    const now = Date.now();
    const first = (source.stops as Stop[])[0] as Stop;
    const stops = [{ ...first, seq: 1, order_ids: [CARD, ON_ACCOUNT] }];
    const made = [CARD, ON_ACCOUNT].map((id, i) => ({
      ...template,
      id,
      code: `P-NUE2E-${i + 1}`,
      delivery_point_id: first.delivery_point_id,
      route_id: ROUTE_ID,
      status_id: '',
      payment_method: i === 0 ? 'card' : 'on_account',
      lines: [{ line_id: 'l1', product_id: String(product.id), name: String(product.name), quantity: 1, unit_price_cents: Number(product.price_cents), tax_id: String(product.tax_id), tax_rate_bp: 2100, picked_quantity: 1 }],
      external_ref: '',
      created_at: now,
      updated_at: now,
    }));
    await pushThrough(request, token, 'orders', made, [{ status: 'planned', picking_status: 'pending' }, { status: 'picking', picking_status: 'in_progress' }, { status: 'picked', picking_status: 'picked' }, { status: 'out_for_delivery' }]);
    const route = { ...source, id: ROUTE_ID, code: 'NUE2E1', name: 'Ruta de nuevos usuarios e2e', rider_id: String(rider.id), bike_id: '', status_id: '', stops, cancel_reason: '', ready_reason: '', updated_at: now };
    await pushThrough(request, token, 'routes', [route], ['planned', 'picking', 'ready', 'loaded', 'in_progress'].map((status) => ({ status })));
    return { riderId: String(rider.id), email: String(rider.email) };
  }

  test('a notification on the signature step covers neither the pad nor the header; an order on account shows no amount to collect', async ({ page, request }) => {
    test.setTimeout(240_000);
    const token = await adminToken(request);
    const { riderId, email } = await makeRound(request, token);
    await signInSynced(page, email);

    // The order paid by card is delivered: «Entrega registrada» shows and the stop opens.
    await gotoSynced(page, `/order_id/${CARD}/rider_id/${riderId}/route_id/${ROUTE_ID}`);
    await page.getByRole('button', { name: t('delivery.continueSign') }).click();
    await expect(page.getByTestId('amount-due')).toBeVisible();
    await new RiderStop(page, `/distribution/${ROUTE_ID}`).sign('Marta Sanz');
    await page.getByRole('button', { name: t('delivery.confirmDelivery') }).click();
    await expect(page.getByTestId('stop-of')).toBeVisible();
    const notice = page.locator('.mantine-Notification-root').filter({ hasText: t('delivery.delivered') });
    await expect(notice).toBeVisible();
    // The pointer rests on it (it stays while read); the rider goes on by the links themselves,
    // so it is still shown on the next order's signature step.
    const shown = await box(notice);
    await page.mouse.move(shown.x + shown.width / 2, shown.y + shown.height / 2);
    const next = page.getByTestId('stop-order').filter({ hasText: 'P-NUE2E-2' });
    await next.getByRole('link', { name: t('delivery.deliver') }).dispatchEvent('click');
    await page.getByRole('button', { name: t('delivery.continueSign') }).dispatchEvent('click');
    const pad = page.getByTestId('signature-pad');
    await expect(pad).toBeVisible();
    await expect(notice).toBeVisible();

    // Nothing collected on an order paid on account.
    await expect(page.getByText(t('delivery.amountDue'))).toHaveCount(0);
    await expect(page.getByTestId('amount-due')).toHaveCount(0);
    await expect(page.getByTestId('on-account-note')).toBeVisible();

    // The notification sits below the header and over neither the pad, the signer's field nor
    // the main button (once it has settled in its place).
    const header = page.locator('header').first();
    const signer = page.getByLabel(t('delivery.signerName'));
    const confirm = page.getByRole('button', { name: t('delivery.confirmDelivery') });
    await expect
      .poll(async () => {
        const n = await box(notice);
        const h = await box(header);
        const covered = await Promise.all([pad, signer, confirm].map(async (l) => overlap(n, await box(l))));
        return { belowHeader: n.y >= h.y + h.height - 0.5, covers: covered.some(Boolean), headerInView: h.y >= 0 };
      })
      .toEqual({ belowHeader: true, covers: false, headerInView: true });

    // It can be closed; the page takes its room back (the pad's place in the page moves up).
    const inPage = () => pad.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    const padTop = await inPage();
    await notice.getByRole('button').click();
    await expect(notice).toHaveCount(0);
    await expect.poll(inPage).toBeLessThan(padTop);
  });
});

test.describe('the tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

  const ROUTE_ID = 'nu-e2e-pk-r1';
  const ORDER_ID = 'nu-e2e-pk-o1';

  /** A planned route of today in hub 1 (the demo operator's): one stop, one order of three products with whole GTINs. */
  async function makePicking(request: APIRequestContext, token: string) {
    const [routes, orders, products] = await Promise.all([pullAll(request, token, 'routes'), pullAll(request, token, 'orders'), pullAll(request, token, 'products')]);
    const { source, template } = routeOfHub(demoDocs({ routes, orders }), today(), 1, 1);
    const withGtin = products.filter((p) => p.active === true && toGtin14(String(p.barcode)) !== null);
    const [a, b, c] = withGtin as [Doc, Doc, Doc];
    if (withGtin.length < 3) throw new Error('the demo data has fewer than three products with a GTIN');
    // A cut read of product A: 6 digits, no product's barcode or SKU.
    const partial = String(a.barcode).slice(0, 6);
    expect(products.some((p) => p.barcode === partial || p.sku === partial), 'the cut read names no product').toBe(false);
    const now = Date.now();
    const first = (source.stops as Stop[])[0] as Stop;
    const line = (id: string, p: Doc, quantity: number) => ({ line_id: id, product_id: String(p.id), name: String(p.name), quantity, unit_price_cents: Number(p.price_cents), tax_id: String(p.tax_id), tax_rate_bp: 2100, picked_quantity: 0 });
    const order = { ...template, id: ORDER_ID, code: 'P-NUPK-1', delivery_point_id: first.delivery_point_id, route_id: ROUTE_ID, status: 'planned', picking_status: 'pending', status_id: '', lines: [line('l1', a, 2), line('l2', b, 1), line('l3', c, 1)], external_ref: '', created_at: now, updated_at: now };
    await push(request, token, 'orders', [order]);
    const route = { ...source, id: ROUTE_ID, code: 'NUPK1', name: 'Ruta de picking de nuevos usuarios', rider_id: '', bike_id: '', status: 'planned', status_id: '', stops: [{ ...first, seq: 1, order_ids: [ORDER_ID] }], cancel_reason: '', ready_reason: '', updated_at: now };
    await push(request, token, 'routes', [route]);
    return { a, b, c, partial, point: first.delivery_point_id };
  }

  /**
   * Types like a keyboard-wedge scanner (as e2e/picking.spec.ts): each code's key presses 5 ms
   * apart, then Enter; the codes one after the other, as fast as the browser takes them (the
   * events are sent without waiting for each one's answer, in order).
   */
  async function wedgeType(page: Page, ...codes: string[]): Promise<void> {
    const cdp = await page.context().newCDPSession(page);
    const t0 = Date.now() / 1000;
    const sent: Promise<unknown>[] = [];
    let i = 0;
    for (const code of codes) {
      for (const ch of code) {
        const timestamp = t0 + i * 0.005;
        const k = { key: ch, text: ch, code: /\d/.test(ch) ? `Digit${ch}` : `Key${ch.toUpperCase()}`, windowsVirtualKeyCode: ch.toUpperCase().charCodeAt(0) };
        sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...k, timestamp }));
        sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: k.key, code: k.code, windowsVirtualKeyCode: k.windowsVirtualKeyCode, timestamp: timestamp + 0.001 }));
        i += 1;
      }
      sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r', timestamp: t0 + i * 0.005 }));
      sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, timestamp: t0 + i * 0.005 + 0.001 }));
      i += 40;
    }
    await Promise.all(sent);
    await cdp.detach();
  }

  test('every scanner read counts, a partial read is refused, messages stay with their product, a scan right after a page opens counts', async ({ page, request }) => {
    test.setTimeout(240_000);
    const token = await adminToken(request);
    const { a, b, c, partial, point } = await makePicking(request, token);
    await signInSynced(page, 'operador@cargobici.test');
    await gotoSynced(page, `/picking/products/pe/${point}/${String(a.id)}/order/${ORDER_ID}`);
    await expect(page.getByTestId('picker-product-name')).toHaveText(String(a.name));
    await page.getByTestId('picker-product-name').click();

    // Two units of A scanned one right after the other (well within a second): both count.
    const started = Date.now();
    await wedgeType(page, String(a.barcode), String(a.barcode));
    expect(Date.now() - started, 'both reads within a second').toBeLessThan(1000);
    await expect(page.getByTestId('qty-picked')).toHaveText('2');

    // A cut read is refused as incomplete: nothing counted, no picker error.
    await wedgeType(page, partial);
    await expect(page.getByTestId('pick-feedback')).toHaveText(t('pickingScreens.scanPartial', { code: partial }));
    await expect(page.getByTestId('pick-feedback').getByRole('link', { name: t('pickingScreens.seeErrors') })).toHaveCount(0);
    await expect(page.getByTestId('qty-picked')).toHaveText('2');

    // The next product opens without the previous one's message.
    await page.getByRole('link', { name: t('pickingScreens.nextProduct') }).click();
    await expect(page.getByTestId('picker-product-name')).toHaveText(String(b.name));
    await expect(page.getByTestId('pick-feedback')).toHaveCount(0);
    await wedgeType(page, String(b.barcode));
    await expect(page.getByTestId('qty-picked')).toHaveText('1');

    // A scan right as the next product page opens counts there.
    await page.getByRole('link', { name: t('pickingScreens.nextProduct') }).click();
    await wedgeType(page, String(c.barcode));
    await expect(page.getByTestId('picker-product-name')).toHaveText(String(c.name));
    await expect(page.getByTestId('qty-picked')).toHaveText('1');

    // The server, once synced, holds four units and no picker error.
    await expect
      .poll(async () => {
        const picks = (await pullAll(request, token, 'picks')).filter((p) => p.order_id === ORDER_ID && !p.undoes);
        const errors = (await pullAll(request, token, 'incidences')).filter((i) => i.order_id === ORDER_ID && i.kind === 'picker-error');
        return { units: picks.reduce((n, p) => n + Number(p.quantity), 0), errors: errors.length };
      })
      .toEqual({ units: 4, errors: 0 });
  });
});
