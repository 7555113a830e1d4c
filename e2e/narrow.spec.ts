import { type Page } from '@playwright/test';
import { expect, test } from './test';
import { adminToken, gotoSynced, pullAll, signInSynced } from './support';

/**
 * Issue 15, part 2: on the narrowest phones we support (360 px), the rider's screens show every
 * primary label whole — buttons, status badges, tabs — and nothing makes the page scroll sideways.
 * Read-only: rider7's demo route is only looked at.
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

/** Labels cut by the layout (text wider than its box), and the page's sideways overflow. */
async function cutLabels(page: Page): Promise<{ cut: string[]; overflow: number }> {
  return page.evaluate(() => {
    const selectors = ['.mantine-Button-label', '.mantine-Badge-label', '.mantine-Tabs-tabLabel', '.mantine-SegmentedControl-label', '[data-testid="route-status"]'];
    const cut: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selectors.join(','))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (el.scrollWidth > el.clientWidth + 1) cut.push(el.textContent?.trim() ?? '');
    }
    return { cut, overflow: document.documentElement.scrollWidth - window.innerWidth };
  });
}

async function expectWhole(page: Page, where: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const { cut, overflow } = await cutLabels(page);
  expect(cut, `${where}: labels cut at 360 px`).toEqual([]);
  expect(overflow, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(0);
}

test('a rider’s screens show every primary label whole at 360 px', async ({ page, request }) => {
  test.setTimeout(240_000);
  await signInSynced(page, 'rider7@cargobici.test');
  await expect(page).toHaveURL(/\/distribution$/);
  await expectWhole(page, 'route list');

  await page.getByRole('link', { name: 'Abrir' }).first().click();
  await expect(page.getByTestId('route-status')).toBeVisible();
  const routeUrl = page.url();
  const routeId = routeUrl.split('/').pop() ?? '';
  await expectWhole(page, 'route page');

  await gotoSynced(page, `/distribution/route-summary/${routeId}`);
  await expectWhole(page, 'route summary');

  // The load-out page (its link shows only while the route is «Preparada»; the page itself opens
  // in any state).
  const route = (await pullAll(request, await adminToken(request), 'routes')).find((r) => r.id === routeId);
  expect(route, 'the rider’s route is on the server').toBeDefined();
  await gotoSynced(page, `/distribution/product-receive/${String(route?.hub)}/rider_id/${String(route?.rider_id)}/route_id/${routeId}`);
  await expect(page.getByTestId('load-lines')).toBeVisible();
  await expectWhole(page, 'load-out');

  await gotoSynced(page, routeUrl);
  const stop = page.getByRole('main').locator('a[href*="/distribution/pe/"]').first();
  await stop.click();
  await expect(page).toHaveURL(/\/distribution\/pe\//);
  await expectWhole(page, 'stop');
});

test('a picker’s screens show every primary label whole at 360 px', async ({ page }) => {
  test.setTimeout(240_000);
  await signInSynced(page, 'operador.mad@cargobici.test');
  await gotoSynced(page, '/picking');
  await expectWhole(page, 'picking: routes of the day');

  const main = page.getByRole('main');
  await main.locator('a[href^="/picking/route/"]').first().click();
  await expect(page).toHaveURL(/\/picking\/route\//);
  await expectWhole(page, 'picking: a route');

  await main.locator('a[href*="/pe/"]').first().click();
  await expect(page).toHaveURL(/\/pe\//);
  await expectWhole(page, 'picking: a stop');

  await main.locator('a[href*="/order/"]').first().click();
  await expect(page.getByTestId('picker-product')).toBeVisible();
  await expectWhole(page, 'picking: the product page');
});
