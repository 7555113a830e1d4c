import { type Page } from '@playwright/test';
import { expect, test } from './test';
import { adminToken, gotoSynced, pullAll, signInSynced, waitForServiceWorker, waitForSync } from './support';
import { demoDocs, routeInProgressWithPending } from './choices';

async function sign(page: Page): Promise<void> {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 40, box.y + 40);
  await page.mouse.down();
  for (let i = 1; i <= 10; i += 1) await page.mouse.move(box.x + 40 + i * 25, box.y + 40 + (i % 2) * 30, { steps: 2 });
  await page.mouse.up();
}

// The change reaches the other device through the change stream, with no reload. The limits
// below only bound how long a broken stream takes to fail; speed is not asserted here.
const LIVE = { timeout: 30_000 };

test('a change on one device shows on another without a reload, both ways', async ({ browser }) => {
  const riderCtx = await browser.newContext();
  const adminCtx = await browser.newContext();
  const rider = await riderCtx.newPage();
  const admin = await adminCtx.newPage();
  await signInSynced(rider, 'rider3@cargobici.test');
  await signInSynced(admin, 'admin@cargobici.test');
  await gotoSynced(rider, '/profile-user');
  await gotoSynced(admin, '/crud-user');
  await expect(admin.getByTestId('crud-row').first()).toBeVisible();

  // Rider → admin.
  const name = `Rider Tres ${Date.now() % 10000}`;
  await rider.getByLabel('Nombre').fill(name);
  await rider.getByRole('button', { name: 'Guardar' }).first().click();
  await admin.getByTestId('crud-search').fill(name);
  await expect(admin.getByTestId('crud-row').filter({ hasText: name })).toBeVisible(LIVE);

  // Admin → rider.
  await admin.getByTestId('crud-row').filter({ hasText: name }).getByRole('link', { name: 'Editar' }).click();
  await admin.getByLabel('Teléfono').fill('+34 611 222 333');
  await admin.getByRole('button', { name: 'Guardar' }).first().click();
  await expect(rider.getByLabel('Teléfono')).toHaveValue('+34 611 222 333', LIVE);
  await riderCtx.close();
  await adminCtx.close();
});

test('changes made offline, across a reload, reach the server after reconnecting', async ({ browser, request }) => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signInSynced(page, 'rider4@cargobici.test');
  await gotoSynced(page, '/profile-user');
  await expect(page.getByLabel('Nombre')).not.toHaveValue('');
  await waitForServiceWorker(page);
  await ctx.setOffline(true);
  const name = `Sin red ${Date.now() % 10000}`;
  await page.getByLabel('Nombre').fill(name);
  await page.getByRole('button', { name: 'Guardar' }).first().click();
  await expect(page.getByTestId('pending-count')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Nombre')).toHaveValue(name);
  await expect(page.getByTestId('pending-count')).toBeVisible();
  await ctx.setOffline(false);
  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: 90_000 });
  const token = await adminToken(request);
  const users = await pullAll(request, token, 'users');
  expect(users.find((u) => u.email === 'rider4@cargobici.test')?.name).toBe(name);
  await ctx.close();
});

test('a queued signature survives a reload while offline and arrives exactly once', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const token = await adminToken(request);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const [routes, deliveries, users, orders] = await Promise.all([pullAll(request, token, 'routes'), pullAll(request, token, 'deliveries'), pullAll(request, token, 'users'), pullAll(request, token, 'orders')]);
  // Riders other tests sign in as (rider-round, access, first-sync, this file).
  const skip = new Set(['u-rider1', 'u-rider2', 'u-rider3', 'u-rider4', 'u-rider5', 'u-rider12']);
  const target = routeInProgressWithPending(demoDocs({ routes, deliveries, users, orders }), today, skip, 'card');

  const ctx = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  await signInSynced(page, target.email);
  await gotoSynced(page, `/order_id/${target.orderId}/rider_id/${String(target.route.rider_id)}/route_id/${String(target.route.id)}`);
  await expect(page.getByTestId('order-line').first()).toBeVisible();
  await waitForServiceWorker(page);
  await ctx.setOffline(true);
  await page.getByRole('button', { name: 'Continuar a firma y cobro' }).click();
  await page.locator('label').filter({ hasText: /^Tarjeta$/ }).click();
  await sign(page);
  await page.getByLabel('Nombre de quien firma').fill('Carla Ruiz');
  await page.getByRole('button', { name: 'Confirmar entrega' }).click();
  await expect(page.getByTestId('stop-of')).toBeVisible();

  // Reload without signal: the signature is still queued (and shown as waiting).
  await page.reload();
  await expect(page.getByTestId('pending-count')).toBeVisible();
  await page.getByTestId('sync-indicator').click();
  await expect(page.getByText('Ficheros por subir: 1')).toBeVisible();
  await page.keyboard.press('Escape');

  await ctx.setOffline(false);
  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: 90_000 });
  const path = `deliveries/${String(target.route.rider_id)}/sig-${target.orderId}.png`;
  const files = async () =>
    ((await (await request.get(`/api/files?prefix=${encodeURIComponent(path)}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { fullPath: string }[]).map(
      (f) => f.fullPath,
    );
  await expect.poll(files, { timeout: 60_000 }).toEqual([path]);
  // Opening the app again re-sends nothing new.
  await page.reload();
  await waitForSync(page);
  await expect(page.getByTestId('pending-count')).toHaveCount(0);
  expect(await files()).toEqual([path]);
  await ctx.close();
});

test('one tab replicates; every tab of the browser shows the sync status', async ({ browser }) => {
  const ctx = await browser.newContext();
  const first = await ctx.newPage();
  await signInSynced(first, 'rider5@cargobici.test');
  await gotoSynced(first, '/profile-user');
  await expect(first.getByLabel('Nombre')).not.toHaveValue('');
  // A tab opened later shows the replicating tab's status at once (it asks for it).
  const second = await ctx.newPage();
  await gotoSynced(second, '/profile-user');
  await expect(second.getByLabel('Nombre')).not.toHaveValue('');
  await ctx.setOffline(true);
  // A change made in the second tab is counted in both.
  await second.getByLabel('Nombre').fill('Rider Cinco, dos pestañas');
  await second.getByRole('button', { name: 'Guardar' }).first().click();
  await expect(first.getByTestId('pending-count')).toBeVisible();
  await expect(second.getByTestId('pending-count')).toBeVisible();
  await expect(first.getByLabel('Nombre')).toHaveValue('Rider Cinco, dos pestañas');
  await ctx.setOffline(false);
  await expect(first.getByTestId('pending-count')).toHaveCount(0, { timeout: 90_000 });
  await expect(second.getByTestId('pending-count')).toHaveCount(0, { timeout: 90_000 });
  await ctx.close();
});
