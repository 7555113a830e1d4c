/**
 * The scanner in Chromium (issue 12), on the developer page /test/two («Cámara y lector de
 * códigos»): a fake camera fed with a generated video of a box label decodes through the
 * app's scanner (html5-qrcode), also offline from the service worker's precache; a
 * keyboard-wedge scanner types a code with no field focused; a refused or missing camera shows
 * a Spanish message and the typed field keeps working.
 *
 * The camera is Chromium's fake capture device playing a .y4m video made by
 * scripts/make-barcode-video.ts (no ffmpeg, no internet). Phase 2's product-page e2e uses the
 * same fixture with a product's EAN-13.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, launchWithFakeCamera, test as base } from './test';
import { t } from '../src/i18n';
import { encodeLabelCode } from '../src/domain/picking';
import { makeBarcodeVideo } from '../scripts/make-barcode-video';
import { signIn, waitForServiceWorker } from './support';

const LABEL = encodeLabelCode({ order_id: 'o-20261122-0042', box: 1, of: 2 });

/** Chromium with a fake camera that shows `LABEL` as a Code 128 barcode. */
const test = base.extend<object, { cameraBrowser: Browser }>({
  cameraBrowser: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const dir = resolve('test-results', `camera-${workerInfo.workerIndex}`);
      mkdirSync(dir, { recursive: true });
      const video = join(dir, 'label.y4m');
      makeBarcodeVideo(video, [{ kind: 'code128', text: LABEL }], 1);
      const browser = await launchWithFakeCamera(video);
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
});

/**
 * Types like a keyboard-wedge scanner: real key presses through Chromium's input pipeline (CDP),
 * stamped 5 ms apart (what a USB scanner does), then Enter. The page reads `event.timeStamp`,
 * which Chromium takes from these stamps, so a busy test machine cannot stretch the gaps.
 */
async function wedgeType(page: Page, code: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const t0 = Date.now() / 1000;
  const keys = [...code].map((ch) => ({ key: ch, text: ch, code: /\d/.test(ch) ? `Digit${ch}` : `Key${ch.toUpperCase()}`, vk: ch.toUpperCase().charCodeAt(0) }));
  let i = 0;
  for (const k of keys) {
    const timestamp = t0 + i * 0.005;
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: k.key, text: k.text, code: k.code, windowsVirtualKeyCode: k.vk, timestamp });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: k.key, code: k.code, windowsVirtualKeyCode: k.vk, timestamp: timestamp + 0.001 });
    i += 1;
  }
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r', timestamp: t0 + i * 0.005 });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, timestamp: t0 + i * 0.005 + 0.001 });
  await cdp.detach();
}

async function openScanLab(browser: Browser, baseURL: string | undefined, init?: () => void): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid', permissions: ['camera'], viewport: { width: 1280, height: 800 }, hasTouch: true });
  const page = await context.newPage();
  if (init) await page.addInitScript(init);
  await signIn(page, 'admin@cargobici.test');
  await page.goto('/test/two');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('routeTitles.testTwo'));
  await expect(page.getByRole('heading', { name: t('scanLab.title') })).toBeVisible();
  return page;
}

test.describe('the scanner with a camera', () => {
  test('decodes a box label from the camera, with no field focused, online and offline', async ({ cameraBrowser, baseURL }) => {
    const page = await openScanLab(cameraBrowser, baseURL);
    const cameraChunk: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/camera-[^/]+\.js$/.test(r.url())) cameraChunk.push(r.url());
    });
    // The camera library is not loaded until the camera starts.
    expect(cameraChunk).toEqual([]);
    await page.getByRole('button', { name: t('scanner.startCamera') }).click();
    await expect(page.getByTestId('scan-lab-code')).toHaveText(LABEL, { timeout: 30_000 });
    await expect(page.getByTestId('scan-lab-source')).toHaveText(t('scanLab.sources.camera'));
    await expect(page.getByText(t('scanLab.kinds.box-label'))).toBeVisible();
    expect(cameraChunk).toHaveLength(1);
    await page.getByRole('button', { name: t('scanner.stopCamera') }).click();
    await expect(page.getByRole('button', { name: t('scanner.startCamera') })).toBeVisible();

    // Offline: the camera chunk comes from the service worker's precache.
    await waitForServiceWorker(page);
    await page.context().setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: t('scanLab.title') })).toBeVisible();
    await page.getByRole('button', { name: t('scanner.startCamera') }).click();
    await expect(page.getByTestId('scan-lab-code')).toHaveText(LABEL, { timeout: 30_000 });
    await expect(page.getByTestId('scan-lab-source')).toHaveText(t('scanLab.sources.camera'));
    await page.context().close();
  });

  test('a keyboard-wedge scanner works with nothing focused; typing by hand too', async ({ cameraBrowser, baseURL }) => {
    const page = await openScanLab(cameraBrowser, baseURL);
    // A scanner types fast and ends with Enter; the focus is on the page, not on a field.
    await page.locator('h1').click();
    await wedgeType(page, '8410000810004');
    await expect(page.getByTestId('scan-lab-code')).toHaveText('8410000810004');
    await expect(page.getByTestId('scan-lab-source')).toHaveText(t('scanLab.sources.wedge'));
    await expect(page.getByText(t('scanLab.kinds.gtin'))).toBeVisible();
    // Typed by hand in the labelled field.
    await page.getByRole('textbox', { name: t('scanner.manualLabel'), exact: true }).fill('SKU-LECHE-1L');
    await page.getByRole('button', { name: t('scanner.manualSubmit') }).click();
    await expect(page.getByTestId('scan-lab-code')).toHaveText('SKU-LECHE-1L');
    await expect(page.getByTestId('scan-lab-source')).toHaveText(t('scanLab.sources.manual'));
    // The buttons are big enough for a finger (≥ 44 px).
    for (const name of [t('scanner.startCamera'), t('scanner.manualSubmit')]) {
      const box = await page.getByRole('button', { name }).boundingBox();
      expect(box?.height ?? 0, name).toBeGreaterThanOrEqual(44);
    }
    await page.context().close();
  });

  test('a refused camera says so in Spanish and the typed field still works', async ({ cameraBrowser, baseURL }) => {
    const page = await openScanLab(cameraBrowser, baseURL, () => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await page.getByRole('button', { name: t('scanner.startCamera') }).click();
    await expect(page.getByTestId('scanner-camera-error')).toHaveText(t('scanner.errors.denied'));
    await page.getByRole('textbox', { name: t('scanner.manualLabel'), exact: true }).fill('8410000810004');
    await page.getByRole('textbox', { name: t('scanner.manualLabel'), exact: true }).press('Enter');
    await expect(page.getByTestId('scan-lab-code')).toHaveText('8410000810004');
    await page.context().close();
  });

  test('no camera at all says so in Spanish', async ({ cameraBrowser, baseURL }) => {
    const page = await openScanLab(cameraBrowser, baseURL, () => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Requested device not found', 'NotFoundError'));
    });
    await page.getByRole('button', { name: t('scanner.startCamera') }).click();
    await expect(page.getByTestId('scanner-camera-error')).toHaveText(t('scanner.errors.absent'));
    await page.context().close();
  });
});
