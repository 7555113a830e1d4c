import { type Page } from '@playwright/test';
import { expect, test } from './test';

/**
 * A file of the app's first modules that cannot be fetched (a connection that drops while the
 * page loads) left the page blank for good: the browser runs none of the modules. The page now
 * loads once more by itself, and when that fails too it says so and offers to reload
 * (public/boot-guard.js).
 */

/** Fails the app's first modules (every /assets/*.js but the entry) on the page loads listed. */
async function failModulesOn(page: Page, failing: (navigation: number) => boolean): Promise<{ navigations: () => number }> {
  let navigations = 0;
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations += 1;
    const url = new URL(request.url());
    if (failing(navigations) && /^\/assets\/.+\.js$/.test(url.pathname) && !/^\/assets\/index-[^/]+\.js$/.test(url.pathname)) {
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });
  return { navigations: () => navigations };
}

test('a page whose modules failed to load loads once more by itself and the app starts', async ({ page }) => {
  const loads = await failModulesOn(page, (n) => n === 1);
  await page.goto('/login');
  await expect(page.getByLabel('Correo electrónico')).toBeVisible();
  expect(loads.navigations()).toBe(2);
  await expect(page.getByTestId('boot-failed')).toHaveCount(0);
});

test('when the second load fails too, the page says so and reloads on request', async ({ page }) => {
  let failing = true;
  const loads = await failModulesOn(page, () => failing);
  await page.goto('/login');
  const notice = page.getByRole('alert').filter({ hasText: 'No se pudo cargar la aplicación' });
  await expect(notice).toBeVisible();
  // One retry only: no reloading without end.
  expect(loads.navigations()).toBe(2);
  failing = false;
  await notice.getByRole('button', { name: 'Recargar la página' }).click();
  await expect(page.getByLabel('Correo electrónico')).toBeVisible();
  expect(loads.navigations()).toBe(3);
});
