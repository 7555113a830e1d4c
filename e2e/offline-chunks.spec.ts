/**
 * A device that loses the connection before the service worker has stored the app's code (a
 * picker's tablet on weak Wi-Fi, a rider leaving the hub right after signing in) keeps working:
 * a part whose code is not on the device waits for the connection instead of breaking the app
 * (src/data/chunks.ts, src/ui/lazyChunk.tsx). Here the service worker is blocked, so nothing
 * that was not downloaded while online can load offline.
 */
import { expect, test } from './test';
import { t } from '../src/i18n';
import { gotoSynced, signInSynced, waitForSync } from './support';
import type { Page } from '@playwright/test';

/** Whether the page has downloaded a chunk whose file name starts with `name`. */
function downloaded(page: Page, name: string): Promise<boolean> {
  return page.evaluate((n) => performance.getEntriesByType('resource').some((e) => e.name.includes(`/assets/${n}-`)), name);
}

test('offline before the code was stored: the notifications and a screen not yet downloaded wait for the connection; the app keeps working', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await signInSynced(page, 'rider8@cargobici.test');
  await gotoSynced(page, '/profile-user');
  await expect(page.getByLabel('Nombre')).not.toHaveValue('');
  // The premise: neither the notifications nor the rider's Home screen were downloaded yet.
  expect(await downloaded(page, 'AppNotifications')).toBe(false);
  expect(await downloaded(page, 'HomePage')).toBe(false);

  await context.setOffline(true);
  await page.getByLabel('Nombre').fill('Rider Ocho, sin conexión');
  await page.getByRole('button', { name: 'Guardar' }).first().click();
  // Saving shows a notification, whose container cannot download now: the app stays whole.
  await expect(page.getByTestId('pending-count')).toBeVisible();
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page.getByTestId('signout-refused')).toContainText('sin enviar al servidor');
  await page.getByRole('button', { name: 'Entendido' }).click();

  // A screen never opened: its title and a message that it opens when the connection is back
  // (issue 28: not an endless «Cargando…», not an error).
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('chunk-waiting')).toContainText(t('pwa.chunkWaitingBody'));
  await expect(page.getByRole('main').getByLabel(t('app.loading'))).toHaveCount(0);
  await expect(page.getByTestId('chunk-failed')).toHaveCount(0);
  await expect(page.getByTestId('rider-home')).toHaveCount(0);

  await context.setOffline(false);
  await expect(page.getByTestId('rider-home')).toBeVisible();
  await expect(page.getByTestId('chunk-waiting')).toHaveCount(0);
  await expect(page.locator('.mantine-Notifications-root').first()).toBeAttached();
  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: 90_000 });
  await waitForSync(page);
  await expect(page.getByTestId('chunk-failed')).toHaveCount(0);
  await context.close();
});
