import { type Page } from '@playwright/test';
import { expect, test } from './test';
import { ROUTES, samplePath, type RouteEntry } from '../src/links/registry';
import { t } from '../src/i18n';
import { signIn, signInSynced } from './support';

/** Opens each entry's sample path as a deep link and checks what every page must have. */
async function visitEvery(page: Page, entries: readonly RouteEntry[]): Promise<void> {
  for (const entry of entries) {
    const url = samplePath(entry);
    await page.goto(url);
    const h1 = page.locator('h1');
    await expect(h1, `${url} shows its title`).toHaveText(t(entry.title));
    await expect(h1, `${url} has exactly one h1`).toHaveCount(1);
    await expect(page.locator(`[data-route-id="${entry.id}"]`), `${url} renders entry ${entry.id}`).toBeVisible();
    if (entry.pending !== undefined) {
      await expect(page.getByTestId('under-construction')).toContainText('En construcción');
    } else {
      await expect(page.getByTestId('under-construction')).toHaveCount(0);
    }
    const nav = page.getByRole('navigation', { name: t('app.navigation') });
    if (entry.layout === 'shell') await expect(nav).toBeAttached();
    else await expect(nav).toHaveCount(0);
  }
}

test.describe('route registry', () => {
  // Independent read-only tests (each its own browser context): they may share the workers.
  test.describe.configure({ mode: 'parallel' });

  test('public paths render signed out; private ones send to /login', async ({ page }) => {
    for (const entry of ROUTES.filter((r) => r.access === 'public')) {
      await page.goto(samplePath(entry));
      await expect(page.locator('h1')).toHaveText(t(entry.title));
      await expect(page.locator('h1')).toHaveCount(1);
    }
    await page.goto('/bike/bike-formulario/7');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await signIn(page, 'admin@cargobici.test');
    await expect(page).toHaveURL(/\/bike\/bike-formulario\/7$/);
  });

  // Every path is a full page load (a deep link): in four parts, each with its own time budget,
  // that may run side by side (each signs in on its own browser context).
  const PRIVATE = ROUTES.filter((r) => r.access !== 'public');
  const PARTS = 4;
  const size = Math.ceil(PRIVATE.length / PARTS);
  for (let part = 0; part < PARTS; part += 1) {
    const entries = PRIVATE.slice(part * size, (part + 1) * size);
    test(`every path of the specification renders its page with one <h1> (part ${part + 1} of ${PARTS})`, async ({ page }) => {
      test.setTimeout(300_000);
      // Synced first: each page load then starts from a full local database.
      await signInSynced(page, 'admin@cargobici.test');
      await visitEvery(page, entries);
    });
  }

  test('an unknown path shows «Página no encontrada» with a link to Home', async ({ page }) => {
    await signIn(page, 'operador@cargobici.test');
    await page.goto('/esto/no/existe');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada');
    await page.getByRole('link', { name: t('notFound.home') }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('routeTitles.home'));
  });

  test('breadcrumbs lead back through the parents', async ({ page }) => {
    await signIn(page, 'operador@cargobici.test');
    await page.goto('/routes/route/7');
    const crumbs = page.getByRole('navigation', { name: t('app.breadcrumbs') });
    await expect(crumbs).toContainText('Home');
    await crumbs.getByRole('link', { name: 'Listado de rutas' }).click();
    await expect(page).toHaveURL(/\/routes$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Listado de rutas');
  });

  test('navigation scrolls back to the top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await signIn(page, 'admin@cargobici.test');
    await page.goto('/test/dataroutes');
    await expect(page.getByTestId('route-registry')).toBeVisible();
    await page.mouse.wheel(0, 4000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByTestId('route-registry').getByRole('link', { name: '/charge', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('routeTitles.charge'));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
