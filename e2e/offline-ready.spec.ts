/**
 * Issue 28, «Ready to work offline»: a rider who loses the connection right after his first
 * sign-in, before the service worker has stored the app's code. Here the worker's downloads of
 * the app's files are held until the connection goes (and then cut), so the install is
 * interrupted for certain. The rider:
 * - reads what is still missing instead of «Listo para trabajar sin conexión»;
 * - opens a screen whose code is not on the phone: a clear Spanish message with «Reintentar»,
 *   never an endless spinner; the screen opens by itself when the connection is back;
 * - sees the interrupted install (the code, his stops' map) resume by itself with the network,
 *   and then «Listo para trabajar sin conexión»;
 * - and from then on, offline, the app opens and «Recepción de mercancía» (a screen he never
 *   opened) shows.
 * The tile server is local (every tile a magenta PNG, as in map-offline.spec.ts). rider10's data
 * is only read.
 */
import type { Route } from '@playwright/test';
import { expect, test } from './test';
import { t } from '../src/i18n';
import { OSM_TILE_URL, tileUrlPrefix } from '../src/domain/map/tiles';
import { adminToken, pullAll, signInSynced } from './support';

const TILE_PREFIX = tileUrlPrefix(OSM_TILE_URL, 'http://localhost');
/** A 1×1 PNG: the tiles' content does not matter here, only that they are stored. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==', 'base64');
const TILE_CACHE = 'cb-map-tiles-v1';

test('offline right after the first sign-in: what is missing, a screen not on the phone says so, and the install resumes with the network', async ({ page, context, request }) => {
  await context.route(`${TILE_PREFIX}**`, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', headers: { 'Access-Control-Allow-Origin': '*' }, body: PNG }),
  );
  // The service worker's downloads of the app's files wait here while `holding`.
  let holding = true;
  const held: Route[] = [];
  await context.route('**/assets/**', async (route) => {
    if (holding && route.request().serviceWorker() !== null) held.push(route);
    else await route.continue();
  });

  await signInSynced(page, 'rider10@cargobici.test');
  await expect(page).toHaveURL(/\/distribution$/);
  await expect(page.getByTestId('route-card').first()).toBeVisible();
  const readiness = page.getByTestId('offline-readiness');
  await expect(readiness).toHaveAttribute('data-ready', 'false');
  await expect(readiness).toContainText(t('pwa.offlineMissingTitle'));
  await expect(readiness).toContainText(t('pwa.missingCodeInstalling'));
  await expect(readiness).toContainText(t('pwa.missingTilesPending'));
  await expect(readiness).not.toContainText(t('pwa.missingData'));
  expect(held.length, 'the worker started storing the app').toBeGreaterThan(0);

  // The connection goes while the worker is still storing the app: its install is cut.
  await context.setOffline(true);
  holding = false;
  for (const route of held.splice(0)) await route.abort('internetdisconnected');
  await expect(readiness).toContainText(t('pwa.missingCodeFailed'));

  // A screen whose code is not on the phone: a message and «Reintentar», not a spinner.
  await page.getByTestId('route-card').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/distribution\/[^/]+$/);
  const routeId = new URL(page.url()).pathname.split('/').pop();
  const waiting = page.getByTestId('chunk-waiting');
  await expect(waiting).toContainText(t('pwa.chunkWaitingTitle'));
  await expect(page.getByLabel(t('app.loading'))).toHaveCount(0);
  await waiting.getByRole('button', { name: t('pwa.chunkRetry') }).click();
  // Still offline: trying again leaves the message (and no error).
  await expect(waiting).toBeVisible();
  await expect(page.getByTestId('chunk-failed')).toHaveCount(0);

  // The connection is back: the screen opens by itself, and the install resumes by itself.
  await context.setOffline(false);
  await expect(waiting).toHaveCount(0);
  await expect(page.getByTestId('route-progress')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/distribution$/);
  await expect(readiness).toHaveAttribute('data-ready', 'true');
  await expect(readiness).toHaveText(t('pwa.offlineReadyTitle'));
  expect(await page.evaluate(async (name) => (await (await caches.open(name)).keys()).length, TILE_CACHE)).toBeGreaterThan(0);

  // Ready: offline, the app opens, and «Recepción de mercancía», never opened, shows.
  const route = (await pullAll(request, await adminToken(request), 'routes')).find((r) => r.id === routeId);
  expect(route, 'rider10’s route is on the server').toBeDefined();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('route-card').first()).toBeVisible();
  await expect(readiness).toHaveAttribute('data-ready', 'true');
  await page.goto(`/distribution/product-receive/${String(route?.hub)}/rider_id/${String(route?.rider_id)}/route_id/${String(route?.id)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('routeTitles.distributionReceive'));
  await expect(page.getByTestId('load-lines')).toBeVisible();
  await expect(page.getByTestId('chunk-waiting')).toHaveCount(0);
  await context.setOffline(false);
});
