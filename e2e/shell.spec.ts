import { expect, test } from './test';
import { MENU } from '../src/links/registry';
import { t } from '../src/i18n';
import { signIn } from './support';

const LABELS = ['Home', 'Rutas', 'Productos', 'Picking Rutas', 'Picking Destino', 'Picker Producto', 'Hubs', 'Bikes', 'Bike Model'];

test('desktop: side navigation with the specification menu, «Productos» once', async ({ page }) => {
  await signIn(page, 'admin@cargobici.test');
  const nav = page.getByRole('navigation', { name: t('app.navigation') });
  await expect(nav).toBeVisible();
  const links = nav.getByRole('link');
  await expect(links).toHaveCount(MENU.length);
  // The specification's entries keep their order among the others.
  const texts = await links.allInnerTexts();
  const specOrder = texts.map((x) => x.split('\n')[0] ?? '').filter((x) => LABELS.includes(x));
  expect(specOrder).toEqual(LABELS);
  await expect(nav.getByRole('link', { name: /^Productos/ })).toHaveCount(1);
  await nav.getByRole('link', { name: /^Hubs/ }).click();
  await expect(page).toHaveURL(/\/hub$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hubs');
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('compact header with a drawer menu', async ({ page }) => {
    await signIn(page, 'operador@cargobici.test');
    const nav = page.getByRole('navigation', { name: t('app.navigation') });
    await expect(nav).not.toBeInViewport();
    const burger = page.getByRole('button', { name: t('app.openMenu') });
    const box = await burger.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    await burger.click();
    await expect(nav).toBeInViewport();
    await nav.getByRole('link', { name: /^Bikes/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bicicletas');
    await expect(nav).not.toBeInViewport();
  });
});

test('keyboard: skip link and visible focus', async ({ page }) => {
  await page.goto('/login');
  // The app renders after restoring the session: Tab only once the page is there.
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: t('app.skipToContent') });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  const outline = await skip.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
});
