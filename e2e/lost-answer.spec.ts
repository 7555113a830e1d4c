import { type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './test';
import { DEMO_PASSWORD, pullAll, signIn, waitForServiceWorker, type Doc } from './support';
import { demoDocs, routeWithPickedOrders } from './choices';
import { RiderStop } from './pages/riderStop';

/**
 * Issue 18 on a phone: the server stores the rider's pushes but their answers never come back
 * (the connection drops on the way back), he goes on offline, the app is reloaded, and back
 * online he finishes the round: the server must hold the statuses his screen showed. And when
 * the server does undo a change of his (the office cancelled the route he started offline), the
 * badge and the route screen tell him in Spanish.
 */
test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email: 'admin@cargobici.test', password: DEMO_PASSWORD } });
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function serverDoc(request: APIRequestContext, token: string, collection: string, id: string): Promise<Doc | undefined> {
  return (await pullAll(request, token, collection)).find((d) => d.id === id);
}

async function pushAll(request: APIRequestContext, token: string, collection: string, rows: { assumedMasterState: Doc | null; newDocumentState: Doc }[]): Promise<void> {
  const res = await request.post(`/api/sync/${collection}/push`, { headers: { Authorization: `Bearer ${token}` }, data: rows });
  expect(await res.json(), `push of ${collection}`).toEqual([]);
}

type Stop = { seq: number; delivery_point_id: string; order_ids: string[]; eta: string };

/**
 * A route of today of the rider's own, made by the office through the sync API from the first
 * stops of a demo route (its own orders, one per stop), so no other test changes it.
 */
async function routeFor(request: APIRequestContext, token: string, opts: { id: string; riderId: string; stops: number; status: 'ready' | 'loaded' }): Promise<{ routeId: string; name: string; orderIds: string[] }> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const orders = await pullAll(request, token, 'orders');
  const source = routeWithPickedOrders(demoDocs({ routes: await pullAll(request, token, 'routes'), orders }), today, opts.stops);
  const now = Date.now();
  const stops = (source.stops as Stop[]).slice(0, opts.stops).map((s, i) => ({ ...s, seq: i + 1, order_ids: [`${opts.id}-o${i + 1}`] }));
  const created = stops.map((s, i) => {
    const from = orders.find((o) => o.id === (source.stops as Stop[])[i]?.order_ids[0]) as Doc;
    return { ...from, id: s.order_ids[0], code: `P-${opts.id.toUpperCase()}-${i + 1}`, route_id: opts.id, status: 'planned', picking_status: 'pending', status_id: '', payment_method: 'card', updated_at: now };
  });
  await pushAll(request, token, 'orders', created.map((o) => ({ assumedMasterState: null, newDocumentState: o })));
  await pushAll(request, token, 'orders', created.map((o) => ({ assumedMasterState: o, newDocumentState: { ...o, status: 'picked', picking_status: 'picked', updated_at: now + 1 } })));
  const name = `Ruta de prueba ${opts.id}`;
  const route = { ...source, id: opts.id, code: opts.id.toUpperCase(), name, rider_id: opts.riderId, status: 'planned', status_id: '', stops, cancel_reason: '', updated_at: now };
  await pushAll(request, token, 'routes', [{ assumedMasterState: null, newDocumentState: route }]);
  await pushAll(request, token, 'routes', [{ assumedMasterState: route, newDocumentState: { ...route, status: opts.status, updated_at: now + 1 } }]);
  return { routeId: opts.id, name, orderIds: created.map((o) => String(o.id)) };
}

async function openRoute(page: Page, name: string): Promise<void> {
  await page.goto('/distribution');
  await page.getByTestId('route-card').filter({ hasText: name }).getByRole('link', { name: 'Abrir' }).click();
}

/** Every push of routes and orders reaches the server and is stored; its answer is lost. */
async function loseAnswersOfPushes(context: BrowserContext, lost: string[]): Promise<() => Promise<void>> {
  const pattern = /\/api\/sync\/(routes|orders)\/push$/;
  await context.route(pattern, async (route) => {
    // The request goes on to the server (offline it cannot); whatever came back, the page only
    // sees a failed request. Every push handled here had its answer thrown away, even one whose
    // forwarding the browser cut short after the server had stored it.
    lost.push(route.request().url());
    await route.fetch().catch(() => undefined);
    await route.abort('connectionreset');
  });
  return () => context.unrouteAll({ behavior: 'wait' });
}

/** The route's next stop, once the route shows `visited` stops done (one order per stop here). */
async function toNextStop(page: Page, routeUrl: string, visited: number, total: number): Promise<void> {
  await page.goto(routeUrl);
  await expect(page.getByTestId('route-progress')).toHaveText(`${visited} de ${total} paradas`);
  await page.getByTestId('next-stop').getByRole('link', { name: 'Siguiente parada' }).click();
  await expect(page.getByTestId('stop-of')).toHaveText(`Parada ${visited + 1} de ${total}`);
}

async function failNextOrder(page: Page, routeUrl: string, visited: number, total: number): Promise<void> {
  await toNextStop(page, routeUrl, visited, total);
  await page.getByRole('link', { name: 'No entregado' }).first().click();
  await page.getByRole('combobox', { name: 'Motivo' }).click();
  await page.getByRole('option', { name: 'Ausente' }).click();
  await page.getByRole('button', { name: 'Registrar entrega fallida' }).click();
  await expect(page.getByTestId('stop-of')).toBeVisible();
}

async function deliverNextOrder(page: Page, routeUrl: string, visited: number, total: number): Promise<void> {
  await toNextStop(page, routeUrl, visited, total);
  await page.getByRole('link', { name: 'Entregar' }).first().click();
  await page.getByRole('button', { name: 'Continuar a firma y cobro' }).click();
  await page.locator('label').filter({ hasText: /^Tarjeta$/ }).click();
  await new RiderStop(page, routeUrl).sign('Marta Soler');
  await page.getByRole('button', { name: 'Confirmar entrega' }).click();
  await expect(page.getByTestId('stop-of')).toBeVisible();
}

test('lost push answers and a reload: the server ends with the statuses the rider saw', async ({ page, context, request }) => {
  test.setTimeout(300_000);
  const token = await adminToken(request);
  const { routeId, name, orderIds } = await routeFor(request, token, { id: `rt-e2e-lost-${Date.now().toString(36)}`, riderId: 'u-rider9', stops: 4, status: 'ready' });
  await signIn(page, 'rider9@cargobici.test');
  await expect(page).toHaveURL(/\/distribution$/);
  await openRoute(page, name);
  await expect(page.getByTestId('route-status')).toHaveText('Preparada');
  const routeUrl = page.url();
  expect(routeUrl.endsWith(routeId)).toBe(true);
  await waitForServiceWorker(page);

  // From here on the server takes every push of the route and its orders, and no answer returns.
  const lost: string[] = [];
  const restore = await loseAnswersOfPushes(context, lost);
  await page.getByRole('link', { name: 'Recoger mercancía en el hub' }).click();
  // Three unknown codes scanned at once: on a phone their notices come one at a time, at the
  // top below the header (issue 28), so the header and the sync badge stay visible, and the
  // page makes room for them: the scan field is not covered.
  const scan = page.getByLabel('Etiqueta de caja o código de producto');
  for (const code of ['0000000000001', '0000000000002', '0000000000003']) {
    await scan.fill(code);
    await scan.press('Enter');
  }
  const toast = page.locator('.mantine-Notification-root');
  await expect(toast.first()).toContainText('no es de ningún producto de esta ruta');
  await expect(toast).toHaveCount(1);
  const toastBox = await toast.first().boundingBox();
  const headerBox = await page.locator('header').first().boundingBox();
  expect(toastBox !== null && headerBox !== null && toastBox.y >= headerBox.y + headerBox.height - 0.5, 'the notification sits below the header').toBe(true);
  await expect
    .poll(async () => {
      const [n, f] = [await toast.first().boundingBox(), await scan.boundingBox()];
      return n !== null && f !== null && (n.y + n.height <= f.y || f.y + f.height <= n.y);
    }, { message: 'the notification does not cover the scan field' })
    .toBe(true);
  await expect(page.getByTestId('sync-indicator')).toBeInViewport();
  await expect(toast).toHaveCount(0, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Confirmar carga' }).click();
  await expect(page.getByTestId('route-status')).toHaveText('Cargada');
  // The server stored the load-out; the phone never heard back.
  await expect.poll(async () => (await serverDoc(request, token, 'routes', routeId))?.status, { timeout: 30_000 }).toBe('loaded');
  await expect.poll(() => lost.some((u) => u.endsWith('/routes/push'))).toBe(true);

  // The connection drops altogether; the rider goes on.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Empezar reparto' }).click();
  await expect(page.getByTestId('route-status')).toHaveText('En reparto');
  const total = orderIds.length;
  await deliverNextOrder(page, routeUrl, 0, total);
  await failNextOrder(page, routeUrl, 1, total);

  // The app is reloaded before any answer got through.
  await page.goto(routeUrl);
  await page.reload();
  await expect(page.getByTestId('route-status')).toHaveText('En reparto');
  await expect(page.getByTestId('pending-count')).toBeVisible();
  // Offline, the popover says so in the app's own words.
  await page.getByTestId('sync-indicator').click();
  await expect(page.getByTestId('sync-error')).toHaveText(/^Sin conexión con el servidor: los cambios se guardan en el dispositivo/);
  await page.keyboard.press('Escape');

  // Back online, with answers: the phone's pushes still name the old base («Preparada»).
  await restore();
  await context.setOffline(false);
  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: 60_000 });
  await expect.poll(async () => (await serverDoc(request, token, 'routes', routeId))?.status, { timeout: 30_000 }).toBe('in_progress');
  await expect(page.getByTestId('route-status')).toHaveText('En reparto');

  // The rest of the round, online: every other order fails, then the round is finished.
  for (let visited = 2; visited < total; visited += 1) await failNextOrder(page, routeUrl, visited, total);
  await page.goto(routeUrl);
  await expect(page.getByTestId('route-progress')).toHaveText(`${total} de ${total} paradas`);
  await page.goto(`/distribution/route-summary/${routeId}`);
  await expect(page.getByTestId('summary-pending').locator('p').last()).toHaveText('0');
  await page.getByRole('button', { name: 'Terminar la ruta' }).click();
  await expect(page.getByTestId('route-status')).toHaveText('Finalizada');
  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: 60_000 });

  // The server holds what the rider's screen showed: the route finished, one order delivered,
  // every other one failed, no conflict logged and nothing to tell the rider.
  await expect.poll(async () => (await serverDoc(request, token, 'routes', routeId))?.status, { timeout: 30_000 }).toBe('completed');
  const orders = (await pullAll(request, token, 'orders')).filter((o) => orderIds.includes(String(o.id)));
  expect(orders.map((o) => o.status).sort()).toEqual(['delivered', ...Array.from({ length: orderIds.length - 1 }, () => 'failed')]);
  const conflicts = (await (await request.get('/api/admin/conflicts', { headers: { Authorization: `Bearer ${token}` } })).json()) as { doc_id: string; fields: string[] }[];
  const ours = conflicts.filter((c) => c.doc_id === routeId || orderIds.includes(c.doc_id));
  expect(ours, JSON.stringify(ours)).toEqual([]);
  await expect(page.getByTestId('notice-count')).toHaveCount(0);
  await expect(page.getByTestId('sync-notice')).toHaveCount(0);
});

test('a change the server undid is shown on the badge and on the route screen until read', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  const { routeId, name } = await routeFor(request, token, { id: `rt-e2e-undone-${Date.now().toString(36)}`, riderId: 'u-rider6', stops: 2, status: 'loaded' });
  await signIn(page, 'rider6@cargobici.test');
  await openRoute(page, name);
  await expect(page.getByTestId('route-status')).toHaveText('Cargada');
  await waitForServiceWorker(page);

  // The rider starts his round without signal…
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Empezar reparto' }).click();
  await expect(page.getByTestId('route-status')).toHaveText('En reparto');
  // …while the office cancels the loaded route.
  const loaded = await serverDoc(request, token, 'routes', routeId);
  expect(loaded?.status).toBe('loaded');
  const cancel = await request.post('/api/sync/routes/push', {
    headers: { Authorization: `Bearer ${token}` },
    data: [{ assumedMasterState: loaded, newDocumentState: { ...loaded, status: 'cancelled', cancel_reason: 'Avería de la bici', updated_at: Date.now() } }],
  });
  expect(await cancel.json()).toEqual([]);

  // Back online: a cancellation comes after «En reparto» in the route's machine, so it wins,
  // and the rider is told, on the badge and on the route.
  await context.setOffline(false);
  await expect(page.getByTestId('route-status')).toHaveText('Cancelada', { timeout: 60_000 });
  await expect(page.getByTestId('notice-count')).toBeVisible();
  const notice = page.getByTestId('sync-notice');
  await expect(notice).toContainText('El servidor cambió el estado de la ruta');
  await expect(notice).toContainText('a «Cancelada» (tú lo habías dejado en «En reparto»)');
  await page.getByTestId('sync-indicator').click();
  await expect(page.getByTestId('sync-notices')).toContainText('El servidor no mantuvo 1 cambio tuyo');
  await page.keyboard.press('Escape');

  // The notice survives a reload until the rider says he has read it.
  await page.reload();
  await expect(page.getByTestId('sync-notice')).toBeVisible();
  await page.getByTestId('sync-notice').getByRole('button', { name: 'Entendido' }).click();
  await expect(page.getByTestId('sync-notice')).toHaveCount(0);
  await expect(page.getByTestId('notice-count')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('route-status')).toHaveText('Cancelada');
  await expect(page.getByTestId('sync-notice')).toHaveCount(0);
});
