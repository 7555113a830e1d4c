import { expect, test } from './test';
import { t } from '../src/i18n';
import { signInSynced, waitForServiceWorker } from './support';

test('the manifest describes an installable Spanish app', async ({ request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.ok()).toBe(true);
  const m = (await res.json()) as Record<string, unknown> & { icons: { sizes: string; purpose?: string; src: string }[] };
  expect(m.short_name).toBe('CargoBici');
  expect(m.lang).toBe('es');
  expect(m.display).toBe('standalone');
  expect(m.start_url).toBe('/');
  expect(typeof m.theme_color).toBe('string');
  expect(m.icons.some((i) => i.sizes === '192x192')).toBe(true);
  expect(m.icons.some((i) => i.sizes === '512x512')).toBe(true);
  expect(m.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of m.icons) expect((await request.get(icon.src)).ok(), icon.src).toBe(true);
});

test('after one online visit the app opens offline, on any path, still signed in', async ({ page, context }) => {
  await signInSynced(page, 'operador@cargobici.test');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('routeTitles.home'));
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('routeTitles.home'));
  await expect(page.getByTestId('online-badge')).toHaveText(t('sync.offline'));
  // A deep link that was never visited also opens from the offline navigation fallback.
  await page.goto('/bike/bike-formulario');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('routeTitles.bikeCreate'));
  await context.setOffline(false);
  await expect(page.getByTestId('online-badge')).toHaveText(t('sync.online'));
});

test.describe('install offer on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('«Instalar la app» appears when the browser offers it, opens the browser’s dialog, and goes away', async ({ page }) => {
    await signInSynced(page, 'rider2@cargobici.test');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('install-prompt')).toHaveCount(0);
    // The browser's install event, as Chromium fires it once the app is installable.
    await page.evaluate(() => {
      const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: string }> };
      offer.prompt = async () => {
        (window as unknown as { installPrompted: number }).installPrompted = ((window as unknown as { installPrompted?: number }).installPrompted ?? 0) + 1;
      };
      offer.userChoice = Promise.resolve({ outcome: 'accepted' });
      window.dispatchEvent(offer);
    });
    const offer = page.getByTestId('install-prompt');
    await expect(offer).toContainText(t('pwa.installBody'));
    await offer.getByRole('button', { name: t('pwa.install') }).click();
    await expect(offer).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { installPrompted?: number }).installPrompted)).toBe(1);
  });
});
