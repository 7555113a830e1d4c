import { type Page } from '@playwright/test';
import { expect, test } from './test';
import { t } from '../src/i18n';
import { adminToken, gotoSynced, pullAll, signInSynced } from './support';
import { demoDocs, readOnlyRound } from './choices';
import { expectNothingCut } from './cutText';

/**
 * Issue 28: nothing a person reads is cut (e2e/cutText.ts) on the screens each role uses daily,
 * at the size of the device it is used on: the rider's phone (360 px), the picker's landscape
 * tablet (1024×768) and the desk (1440×900). On the tablet the desk's menu does not take the
 * width: it opens on demand. Read-only: nothing is recorded (a route of rider7 or rider8 is only looked at).
 */

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());

async function heading(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test.describe('phone 360×780', () => {
  test.use({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });

  test('a rider reads every button, choice, badge and product name whole', async ({ page, context, request }) => {
    test.setTimeout(240_000);
    const token = await adminToken(request);
    const [routes = [], orders = [], deliveries = [], users = []] = await Promise.all(['routes', 'orders', 'deliveries', 'users'].map((c) => pullAll(request, token, c)));
    const round = readOnlyRound(demoDocs({ routes, orders, deliveries, users }), today());

    await signInSynced(page, round.email);
    await expect(page).toHaveURL(/\/distribution$/);
    await heading(page);
    await expectNothingCut(page, 'round list');

    await gotoSynced(page, `/distribution/${round.routeId}`);
    await expect(page.getByTestId('route-status')).toBeVisible();
    await expectNothingCut(page, 'route page');

    const stop = `/distribution/pe/${encodeURIComponent(round.pointId)}/rider_id/${round.riderId}/routeId/${round.routeId}`;
    await gotoSynced(page, stop);
    await expect(page.getByTestId('stop-of')).toBeVisible();
    await expectNothingCut(page, 'stop');

    // The goods received at the hub: every product name whole.
    const route = routes.find((r) => r.id === round.routeId);
    await gotoSynced(page, `/distribution/product-receive/${String(route?.hub)}/rider_id/${round.riderId}/route_id/${round.routeId}`);
    await expect(page.getByTestId('load-lines')).toBeVisible();
    await expectNothingCut(page, 'receipt lines');

    // The delivery record: its lines, then the signature and payment choice (nothing is confirmed).
    await gotoSynced(page, `/order_id/${round.orderId}/rider_id/${round.riderId}/route_id/${round.routeId}`);
    await expect(page.getByTestId('order-line').first()).toBeVisible();
    await expectNothingCut(page, 'delivery record');
    await page.getByRole('button', { name: t('delivery.deliveredAll') }).click();
    await page.getByRole('button', { name: t('delivery.continueSign') }).click();
    await expect(page.getByText(t('delivery.method_transfer'), { exact: true })).toBeVisible();
    await expectNothingCut(page, 'signature and payment choice');

    // The failed delivery, with its reasons open.
    await gotoSynced(page, `/deliveryFailed/pe/${encodeURIComponent(round.pointId)}/order/${round.orderId}/rider_id/${round.riderId}/route_id/${round.routeId}`);
    await expect(page.getByRole('button', { name: t('delivery.recordFailure') })).toBeVisible();
    await expectNothingCut(page, 'failed delivery');
    await page.getByRole('combobox', { name: t('delivery.failReason') }).click();
    await expect(page.getByRole('option').first()).toBeVisible();
    await expectNothingCut(page, 'failed delivery: its reasons');
    await page.keyboard.press('Escape');

    // The sync badge, online and offline.
    await gotoSynced(page, stop);
    await expect(page.getByTestId('online-badge')).toHaveText(t('sync.online'));
    await expectNothingCut(page, 'sync badge online');
    await context.setOffline(true);
    await expect(page.getByTestId('online-badge')).toHaveText(t('sync.offline'));
    await expectNothingCut(page, 'sync badge offline');
    await context.setOffline(false);
  });
});

test.describe('landscape tablet 1024×768', () => {
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

  test('a picker gets the whole width (the menu opens on demand) and reads everything whole', async ({ page }) => {
    test.setTimeout(240_000);
    await signInSynced(page, 'operador.mad@cargobici.test');
    await gotoSynced(page, '/picking');
    await heading(page);

    // The menu is closed: the page starts at the left edge; the burger (44 px) opens it.
    const nav = page.getByRole('navigation', { name: t('app.navigation') });
    await expect(nav).not.toBeInViewport();
    const main = page.getByRole('main');
    expect((await main.boundingBox())?.x ?? -1).toBe(0);
    const burger = page.getByRole('button', { name: t('app.openMenu') });
    const box = await burger.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    await burger.click();
    await expect(nav).toBeInViewport();
    await expectNothingCut(page, 'picking: the menu open');
    await page.getByRole('button', { name: t('app.closeMenu') }).click();
    await expect(nav).not.toBeInViewport();
    await expectNothingCut(page, 'picking: routes of the day');

    await main.locator('a[href^="/picking/route/"]').first().click();
    await expect(page).toHaveURL(/\/picking\/route\//);
    await heading(page);
    await expectNothingCut(page, 'picking: a route');

    await main.locator('a[href*="/pe/"]').first().click();
    await expect(page).toHaveURL(/\/pe\//);
    await heading(page);
    await expectNothingCut(page, 'picking: a stop');

    await main.locator('a[href*="/order/"]').first().click();
    await expect(page.getByTestId('picker-product')).toBeVisible();
    await expectNothingCut(page, 'picking: the product page');

    // The incidence of a product, with its «Motivo» options.
    await page.getByRole('button', { name: t('pickingScreens.otherIncidence') }).click();
    await expect(page.getByTestId('incidence-type')).toBeVisible();
    await expect(page.getByTestId('incidence-type')).toContainText(t('picking.incidenceTypes.wrong_quantity'));
    await expectNothingCut(page, 'picking: a product incidence');

    await gotoSynced(page, '/incidence-all-picking');
    await heading(page);
    await expectNothingCut(page, 'picking: the day’s incidences');
  });
});

test.describe('desk 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  /** A desk screen, once its data has arrived (its list's rows, when it has a list). */
  async function deskScreen(page: Page, path: string, where: string, exclude: readonly string[] = []): Promise<void> {
    await gotoSynced(page, path);
    await heading(page);
    await expect(page.getByText(t('common.loading'), { exact: true })).toHaveCount(0);
    await expectNothingCut(page, where, exclude);
  }

  test('the desk’s daily screens show every header, button and needed column whole', async ({ page, request }) => {
    test.setTimeout(300_000);
    await signInSynced(page, 'admin@cargobici.test');
    // The menu stays open on a desk.
    await expect(page.getByRole('navigation', { name: t('app.navigation') })).toBeInViewport();
    await deskScreen(page, '/', 'Home');
    await deskScreen(page, '/orders', 'Pedidos');
    await expect(page.getByTestId('crud-row').first()).toBeVisible();
    await expectNothingCut(page, 'Pedidos: rows');
    await deskScreen(page, '/routes', 'Rutas');
    await deskScreen(page, '/routed', 'Planificación');
    await deskScreen(page, '/charge', 'Importar', ['[data-testid="import-preview"]']);
    await deskScreen(page, '/delivery-points', 'Puntos de entrega');
    await expect(page.getByTestId('crud-row').first()).toBeVisible();
    await expectNothingCut(page, 'Puntos de entrega: rows');
    await deskScreen(page, '/delivery-points-model', 'Puntos de entrega (modelo)');
    await deskScreen(page, '/incidence-all-delivered', 'Incidencias de reparto');
    await deskScreen(page, '/incidence-all-picking', 'Incidencias de picking');
    await deskScreen(page, '/user-model', 'Usuarios');
    await deskScreen(page, '/crud-user', 'Usuarios (lista)');

    await deskScreen(page, '/payments/all_orders', 'Pagos');
    await expect(page.getByTestId('crud-row').first()).toBeVisible();
    await expectNothingCut(page, 'Pagos: rows');
    await page.getByRole('tab', { name: t('payments.tabs.cash') }).click();
    await expect(page.getByRole('tab', { name: t('payments.tabs.cash') })).toHaveAttribute('aria-selected', 'true');
    // Every rider with a route that day has his card and its «Registrar entrega de …» button.
    await expect(page.getByTestId('rider-cash').first().getByRole('button')).toBeVisible();
    await expectNothingCut(page, 'Pagos: cash and reconciliation');
    await page.getByRole('tab', { name: t('settlement.tab') }).click();
    await expect(page.getByRole('tab', { name: t('settlement.tab') })).toHaveAttribute('aria-selected', 'true');
    await expectNothingCut(page, 'Pagos: card settlement');

    // A route's payments.
    const token = await adminToken(request);
    const route = (await pullAll(request, token, 'routes')).find((r) => r.date === today());
    expect(route, 'a route of today').toBeDefined();
    await deskScreen(page, `/payments/details_orders/${String(route?.id)}/status/all`, 'Pagos de una ruta');
  });
});
