/**
 * Issue 15 (part 4): every screen whose code loads on demand — the map (OpenLayers), the
 * signature pad, the import (its worker and the XLSX reader), the scanner's camera (html5-qrcode)
 * and the route optimiser (its worker) — opens with no network after one online visit: the
 * service worker precaches every chunk, not only those of the first screen.
 *
 * The online visit opens none of these screens, so each chunk comes from the precache.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './test';
import { t } from '../src/i18n';
import { signInSynced, waitForServiceWorker } from './support';

const XLSX_FIXTURE = join(import.meta.dirname, '..', 'tests', 'fixtures', 'import', 'date-as-text.xlsx');

test('offline after one online visit: map, signature, import, scanner and optimiser open', async ({ page, context }) => {
  // Admins may open every screen (developer ones included).
  await signInSynced(page, 'admin@cargobici.test');
  await waitForServiceWorker(page);
  await context.setOffline(true);

  // The map: OpenLayers' chunk (tiles need the network; the map itself must show).
  await page.goto('/blank/map');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('routeTitles.blankMap'));
  await expect(page.getByTestId('map').first()).toBeVisible();

  // The signature pad.
  await page.goto('/test/entrega');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('routeTitles.testEntrega'));
  await expect(page.getByTestId('signature-pad')).toBeVisible();

  // The import: its worker reads an XLSX file (the XLSX reader is a chunk of the worker).
  await page.goto('/import');
  await expect(page.getByTestId('import-page')).toHaveAttribute('data-phase', 'idle');
  await page.getByTestId('import-files').setInputFiles({
    name: 'date-as-text.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: readFileSync(XLSX_FIXTURE),
  });
  await expect(page.getByTestId('import-mapping')).toBeVisible();

  // The scanner's camera module (html5-qrcode) loads when the camera starts. This browser has no
  // camera: the message must be the camera's, not «could not load the scanner».
  await page.goto('/barcode');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('routeTitles.barcode'));
  await page.getByRole('button', { name: t('scanner.startCamera') }).first().click();
  const cameraError = page.getByTestId('scanner-camera-error');
  await expect(cameraError).toBeVisible();
  await expect(cameraError).not.toContainText(t('scanner.errors.load'));

  // The optimiser: its worker plans the day at the first hub.
  await page.goto('/routed');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('routeTitles.routed'));
  await page.getByTestId('optimise').click();
  await expect(page.getByTestId('proposal')).toBeVisible();
});

