import { type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './test';
import { t } from '../src/i18n';
import { pullAll, signIn, waitForSync } from './support';

/**
 * Until a user's first sync on a device has finished, screens that show counts say they are
 * waiting instead of a confident 0 (issue 15). The sync API's pulls are held back (not timed:
 * they wait for the test to let them through), so «before the first sync» lasts as long as the
 * test needs. Each test uses its own user, whom no other test signs in as (and whose route no
 * other test hands over: see access.spec.ts).
 */

/** Holds every pull of the sync API until the returned function is called. */
async function holdPulls(ctx: BrowserContext): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await ctx.route(
    (url) => /^\/api\/sync\/[^/]+\/pull$/.test(url.pathname),
    async (route) => {
      await gate;
      // The page that asked may have been reloaded meanwhile.
      await route.continue().catch(() => undefined);
    },
  );
  return release;
}

async function tokenOf(ctx: BrowserContext, email: string): Promise<string> {
  const res = await ctx.request.post('/api/auth/login', { data: { email, password: 'cargobici-demo' } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

const awaitingNotice = (page: Page) => page.getByTestId('awaiting-first-sync');

test('an operator sees «waiting for the first sync», not zeros, until his first sync finished', async ({ browser }) => {
  test.setTimeout(180_000);
  // No service worker: every request of the page goes through the held route.
  const ctx = await browser.newContext({ serviceWorkers: 'block' });
  const page = await ctx.newPage();
  const email = 'operador.bcn@cargobici.test';
  const token = await tokenOf(ctx, email);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const route = (await pullAll(ctx.request, token, 'routes')).find((r) => r.date === today);
  expect(route, 'the operator has a route of today').toBeDefined();
  const routeId = String(route?.id);
  const incidences = (await pullAll(ctx.request, token, 'incidences')).filter((i) => i.route_id === routeId && i.kind !== 'follow-up').length;

  const release = await holdPulls(ctx);
  await signIn(page, email);
  // Home: a notice, and a placeholder instead of every figure.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('routeTitles.home'));
  await expect(awaitingNotice(page)).toContainText(t('syncState.awaitingFirst'));
  await expect(page.getByTestId('home-orders-value').getByTestId('awaiting-value')).toBeVisible();
  await expect(page.getByTestId('home-incidences-value').getByTestId('awaiting-value')).toBeVisible();
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-last-sync', '');
  // The route summary: waiting, not «route not found».
  await page.goto(`/distribution/route-summary/${routeId}`);
  await expect(awaitingNotice(page)).toBeVisible();
  await expect(page.getByText(t('delivery.routeNotFound'))).toHaveCount(0);
  // A list: waiting, not «0 de 0».
  await page.goto('/incidence-all-delivered');
  await expect(page.getByTestId('crud-count')).toHaveText(t('syncState.awaitingFirst'));

  // The first sync comes through: the real figures, the same the server holds.
  release();
  await page.goto(`/distribution/route-summary/${routeId}`);
  await waitForSync(page);
  await expect(awaitingNotice(page)).toHaveCount(0);
  await expect(page.getByTestId('summary-incidences').locator('p').last()).toHaveText(String(incidences));
  await expect(page.getByTestId('sync-indicator')).not.toHaveAttribute('data-last-sync', '');

  // Once synced on this device, a later start shows the local data at once, even while the
  // next sync round is still held back.
  await ctx.unrouteAll({ behavior: 'ignoreErrors' });
  const releaseAgain = await holdPulls(ctx);
  await page.goto('/');
  await expect(page.getByTestId('home-orders-value')).toHaveText(/^[1-9]\d*$/);
  await expect(awaitingNotice(page)).toHaveCount(0);
  await expect(page.getByTestId('sync-indicator')).not.toHaveAttribute('data-sync-state', 'synced');
  releaseAgain();
  await waitForSync(page);
  await ctx.close();
});

test('a rider sees «waiting for the first sync», not «no routes today», until his first sync finished', async ({ browser }) => {
  const ctx = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  const release = await holdPulls(ctx);
  await signIn(page, 'rider12@cargobici.test');
  await expect(page).toHaveURL(/\/distribution$/);
  await expect(awaitingNotice(page)).toBeVisible();
  await expect(page.getByText(t('delivery.noRoutes'))).toHaveCount(0);
  release();
  await waitForSync(page);
  await expect(awaitingNotice(page)).toHaveCount(0);
  await expect(page.getByTestId('route-card').first()).toBeVisible();
  await expect(page.getByTestId('route-card-progress').first()).toHaveText(/^\d+ de \d+ paradas$/);
  await ctx.close();
});
