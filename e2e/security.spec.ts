import { expect, test } from './test';
import { signIn, waitForServiceWorker } from './support';

/**
 * Security headers in the browser (issue 17, finding 15): the page and an API answer carry the
 * Content-Security-Policy, nosniff, frame protection and the referrer policy; the built page has
 * no inline script, so the strict `script-src 'self'` holds; the app runs under the policy with
 * no violation (service worker, maps, the sync stream); and no other site can frame it.
 */

function expectCommon(headers: Record<string, string>): void {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
}

test('the page and its deep links carry a strict Content-Security-Policy', async ({ page }) => {
  for (const path of ['/', '/login', '/distribution']) {
    const res = await page.goto(path);
    expect(res, path).not.toBeNull();
    const headers = res?.headers() ?? {};
    expectCommon(headers);
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("connect-src 'self'");
  }
});

test('an API answer carries the headers too, and a policy under which nothing runs', async ({ request }) => {
  for (const res of [await request.get('/api/health'), await request.get('/api/sync/orders/pull')]) {
    expectCommon(res.headers());
    expect(res.headers()['content-security-policy']).toContain("default-src 'none'");
  }
});

test('the built page has no inline script nor inline event handler', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attrs, body] of scripts) {
    expect(attrs).toMatch(/\bsrc="\/[^"]+"/);
    expect((body ?? '').trim()).toBe('');
  }
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
});

test('the app works under the policy: no violation while signing in, syncing and opening a map', async ({ page }) => {
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = list;
    document.addEventListener('securitypolicyviolation', (e) => list.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`));
  });
  await signIn(page, 'admin@cargobici.test');
  await waitForServiceWorker(page);
  await page.goto('/delivery-points');
  await expect(page.getByTestId('crud-row').first()).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('crud-row').first().getByRole('link', { name: 'Ficha' }).click();
  await expect(page).toHaveURL(/\/delivery-points-data\//);
  await expect(page.getByTestId('map')).toBeVisible();
  await expect(page.getByTestId('map').locator('canvas').first()).toBeAttached();
  expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
});

test('nobody can frame the app, not even a page of its own origin', async ({ page }) => {
  // A page of the app's origin (whose own policy allows same-origin frames) puts the app in a frame.
  await page.goto('/login');
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const frame = document.createElement('iframe');
        frame.addEventListener('load', () => resolve(), { once: true });
        frame.src = '/login';
        document.body.append(frame);
      }),
  );
  const frame = page.frames().find((f) => f !== page.mainFrame());
  expect(frame).toBeDefined();
  // The browser refused to render it: the frame holds its error page, not the app (#root).
  expect(await frame?.locator('#root').count()).toBe(0);
});
