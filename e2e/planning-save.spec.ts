import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './test';
import { adminToken, signInSynced, gotoSynced, waitForServiceWorker, waitForSync } from './support';
import { madridDate, ordersFor, serverProblems } from './planningData';

/**
 * Issue 27: a plan's save is all or nothing, whatever happens in between. An operator leaves the
 * board while the plan is saved, reloads the page in the middle of it, saves offline and comes
 * back, and two desks save the same day at once; afterwards every order of the day is on exactly
 * one stop of one route on the server (src/domain/routing/integrity.ts), the board shows no
 * «Comprobación del día», and the device holds what the server holds. Each test plans its own
 * day (no demo routes) with its own orders.
 */

async function openBoard(page: Page, date: string, points: number): Promise<void> {
  await gotoSynced(page, '/routed');
  await page.getByTestId('board-date').fill(date);
  await expect(page.getByTestId('unplanned-point')).toHaveCount(points);
}

async function propose(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Optimizar' }).click();
  await expect(page.getByTestId('proposal')).toBeVisible({ timeout: 60_000 });
}

async function expectSound(page: Page, request: Parameters<typeof adminToken>[0], date: string, orderIds: readonly string[]): Promise<void> {
  const token = await adminToken(request);
  const { problems, orders } = await serverProblems(request, token, date);
  expect(problems).toEqual([]);
  const mine = orders.filter((o) => orderIds.includes(o.id));
  // All or nothing: the plan's orders are all planned, or all still waiting.
  const planned = mine.filter((o) => o.status === 'planned' && o.route_id !== '').length;
  expect([0, orderIds.length]).toContain(planned);
  await expect(page.getByTestId('day-check')).toHaveCount(0);
  await expect(page.getByTestId('board-stop')).toHaveCount(planned === 0 ? 0 : new Set(mine.map((o) => o.delivery_point_id)).size);
}

async function desk(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await ctx.newPage();
  await signInSynced(page, 'operador@cargobici.test');
  return page;
}

test('leaving the board while the plan is saved waits for the save; a reload in the middle of a save leaves it whole or not at all', async ({ page, request }) => {
  test.setTimeout(240_000);
  const token = await adminToken(request);
  const date = madridDate(21);
  const first = await ordersFor(request, token, date, `ps${Date.now().toString(36)}a`);
  await signInSynced(page, 'operador@cargobici.test');
  await openBoard(page, date, 4);
  await propose(page);

  // Save, and leave for Home at once through the menu: the page changes once the save is done.
  await page.getByTestId('save-proposal').click();
  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await waitForSync(page);
  await openBoard(page, date, 0);
  await waitForSync(page);
  await expectSound(page, request, date, first);
  await expect(page.getByTestId('board-stop')).toHaveCount(4);

  // A second day: save, and reload the page in the middle of it.
  const date2 = madridDate(22);
  const second = await ordersFor(request, token, date2, `ps${Date.now().toString(36)}b`);
  await page.getByTestId('board-date').fill(date2);
  await expect(page.getByTestId('unplanned-point')).toHaveCount(4);
  await propose(page);
  await page.getByTestId('save-proposal').click();
  await page.reload();
  await page.getByTestId('board-date').fill(date2);
  await waitForSync(page);
  await expectSound(page, request, date2, second);
});

test('a plan saved offline, with a reload before the network is back, reaches the server whole', async ({ page, context, request }) => {
  test.setTimeout(240_000);
  const token = await adminToken(request);
  const date = madridDate(23);
  const ids = await ordersFor(request, token, date, `ps${Date.now().toString(36)}c`);
  await signInSynced(page, 'operador@cargobici.test');
  await waitForServiceWorker(page);
  await openBoard(page, date, 4);
  await propose(page);
  await context.setOffline(true);
  await page.getByTestId('save-proposal').click();
  await expect(page.getByTestId('proposal')).toHaveCount(0);
  await expect(page.getByTestId('board-stop')).toHaveCount(4);
  await page.reload();
  await page.getByTestId('board-date').fill(date);
  await expect(page.getByTestId('board-stop')).toHaveCount(4);
  await expect(page.getByTestId('day-check')).toHaveCount(0);
  await context.setOffline(false);
  await waitForSync(page);
  await expectSound(page, request, date, ids);
  expect((await serverProblems(request, token, date)).orders.filter((o) => ids.includes(o.id) && o.status === 'planned')).toHaveLength(4);
});

test('two desks save a plan of the same day at once: the server keeps one consistent plan and both desks show it', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const token = await adminToken(request);
  const date = madridDate(24);
  const ids = await ordersFor(request, token, date, `ps${Date.now().toString(36)}d`);
  const [a, b] = await Promise.all([desk(browser), desk(browser)]);
  await Promise.all([openBoard(a, date, 4), openBoard(b, date, 4)]);
  await Promise.all([propose(a), propose(b)]);
  await Promise.all([a.getByTestId('save-proposal').click(), b.getByTestId('save-proposal').click()]);
  await Promise.all([expect(a.getByTestId('proposal')).toHaveCount(0), expect(b.getByTestId('proposal')).toHaveCount(0)]);
  await Promise.all([waitForSync(a), waitForSync(b)]);
  const { problems, orders, routes } = await serverProblems(request, token, date);
  expect(problems).toEqual([]);
  expect(orders.filter((o) => ids.includes(o.id) && o.status === 'planned')).toHaveLength(4);
  const stopsOnServer = routes.filter((r) => r.status !== 'cancelled').reduce((n, r) => n + r.stops.length, 0);
  for (const p of [a, b]) {
    await p.reload();
    await p.getByTestId('board-date').fill(date);
    await waitForSync(p);
    await expect(p.getByTestId('board-stop')).toHaveCount(stopsOnServer);
    await expect(p.getByTestId('day-check')).toHaveCount(0);
  }
  await Promise.all([a.context().close(), b.context().close()]);
});
