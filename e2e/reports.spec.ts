import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { adminToken, gotoSynced, pullAll, signInSynced, type Doc } from './support';
import { buildReport, type Report, type ReportInput } from '../src/domain/reports/aggregate';
import { summarisePicks } from '../src/domain/reports/extra';
import { madridDate } from '../src/domain/dates';
import { addDays } from '../src/domain/reports/period';

/**
 * Issue 34: an operator opens «Informes», filters today's report by his hub, opens the orders
 * behind a figure and exports a table as CSV. The expected figures are computed from what the
 * server holds with the same domain function the reports worker runs (buildReport), so the test
 * holds whatever the run's date produces; other specs may change today's data while this one
 * runs, so the page's figure and the server's are compared again (after «Actualizar») until they
 * agree.
 */

const OPERATOR = 'operador@cargobici.test';

async function expectedReport(request: Parameters<typeof pullAll>[0], token: string, today: string, hub: number, from = today): Promise<Report> {
  const [orders, routes, deliveries, payments, incidences, users, catalog, picks] = await Promise.all(
    ['orders', 'routes', 'deliveries', 'payments', 'incidences', 'users', 'catalog', 'picks'].map((c) => pullAll(request, token, c)),
  );
  const input = {
    period: { from, to: today },
    filters: { hub, clientId: null, riderId: null },
    orders,
    routes,
    // The page's cut marks an event with a photo (src/data/reports.ts).
    events: deliveries!.map((e) => ({ ...e, photo: e.photo_file !== '' })),
    payments,
    incidences,
    users,
    hubs: catalog!.filter((c) => c.kind === 'hub'),
    clients: catalog!.filter((c) => c.kind === 'client'),
    reasons: catalog!.filter((c) => c.kind === 'status-delivery'),
    picks: summarisePicks(picks as never),
    sustainability: catalog!.filter((c) => c.kind === 'config-sustainability' && c.active),
  } as unknown as ReportInput;
  return buildReport(input);
}

/** The count a figure's button of the service table shows (its accessible name ends in «(n)»). */
async function serviceCount(page: Page, figure: string): Promise<number> {
  const name = await page.getByTestId('report-table-servicio').getByRole('button', { name: `Ver los pedidos de «${figure}»` }).getAttribute('aria-label');
  return Number(/\((\d+)\)$/.exec(name ?? '')?.[1] ?? NaN);
}

test('an operator opens Informes, filters by his hub, opens the orders behind a figure and exports a CSV', async ({ page, request }) => {
  const token = await adminToken(request);
  const today = madridDate();
  const users = await pullAll(request, token, 'users');
  const catalog = await pullAll(request, token, 'catalog');
  const operator = users.find((u) => u.email === OPERATOR) as Doc;
  const hub = catalog.find((c) => c.kind === 'hub' && c.number === operator.hub) as Doc;
  expect(hub, 'the operator works from a hub').toBeTruthy();

  await signInSynced(page, OPERATOR);
  // From the menu.
  await gotoSynced(page, '/');
  await page.getByRole('link', { name: /^Informes/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Informes' })).toBeVisible();
  await expect(page.getByTestId('report')).toBeVisible({ timeout: 30_000 });

  await page.getByRole('combobox', { name: 'Hub' }).click();
  await page.getByRole('option', { name: String(hub.name) }).click();
  await expect(page.getByTestId('report')).toBeVisible({ timeout: 30_000 });
  // Only the chosen hub is left in the per-hub table.
  await expect(page.getByTestId('report-table-hubs').locator('tbody tr')).toHaveCount(1);
  await expect(page.getByTestId('report-table-hubs').locator('tbody tr').first()).toContainText(String(hub.name));

  // The page's figures are the server's, recounted here with the same function.
  let expected: Report | null = null;
  await expect
    .poll(
      async () => {
        expected = await expectedReport(request, token, today, Number(hub.number));
        const shown = [await serviceCount(page, 'Pedidos'), await serviceCount(page, 'Entregados').catch(() => 0), await serviceCount(page, 'Intentos fallidos').catch(() => 0)];
        const want = [expected.total.orders.count, expected.total.delivered.count, expected.total.failedAttempts.count];
        if (shown.join() !== want.join()) {
          await page.getByRole('button', { name: 'Actualizar' }).click();
          await expect(page.getByTestId('report')).toBeVisible({ timeout: 30_000 });
        }
        return shown.join() === want.join();
      },
      { timeout: 90_000, message: 'the report shows the server’s figures' },
    )
    .toBe(true);
  const report = expected as unknown as Report;
  expect(report.total.orders.count, 'the demo has orders today in every hub').toBeGreaterThan(0);

  // A figure opens its orders.
  const figure = report.total.delivered.count > 0 ? 'Entregados' : 'Pedidos';
  const ids = new Set(figure === 'Entregados' ? report.total.delivered.orderIds : report.total.orders.orderIds);
  await page.getByTestId('report-table-servicio').getByRole('button', { name: `Ver los pedidos de «${figure}»` }).click();
  const drawer = page.getByTestId('report-orders');
  await expect(drawer.locator('tbody tr')).toHaveCount(Math.min(ids.size, 200));
  for (const id of await drawer.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-id')))) expect(ids.has(String(id))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // A further figure (issue 34): the orders with a proof of delivery (a signature or a photo).
  const proofs = page.getByTestId('report-table-pruebas-entrega');
  await expect(proofs).toBeVisible();
  const proofIds = new Set(report.extra.proofs.total.orderIds);
  if (proofIds.size === 0) await expect(proofs.locator('tbody tr').last()).toContainText('Total0');
  else {
    await proofs.getByRole('button', { name: `Ver los pedidos de «Pedidos con prueba de entrega» (${proofIds.size})` }).click();
    await expect(drawer.locator('tbody tr')).toHaveCount(Math.min(proofIds.size, 200));
    for (const id of await drawer.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-id')))) expect(proofIds.has(String(id))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  }
  await expect(page.getByTestId('report-table-sostenibilidad')).toContainText('g CO₂/km');

  // The service table as CSV.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV: Servicio' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`informe-servicio-${today}-${today}.csv`);
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv).toContain(`Pedidos;${report.total.orders.count};`);
  expect(csv).toContain(`Entregados;${report.total.delivered.count};`);

  // Today is on the device: computed here. A period that starts before what the device holds
  // comes from the server (/api/reports), which says so; its figures are the server's data's.
  await expect(page.getByTestId('report-source')).toHaveAttribute('data-source', 'device');
  const from = addDays(today, -300);
  await page.getByRole('combobox', { name: 'Periodo' }).click();
  await page.getByRole('option', { name: 'Rango personalizado' }).click();
  await page.getByLabel('Desde').fill(from);
  await page.getByLabel('Hasta').fill(today);
  await expect(page.getByTestId('report-source')).toHaveAttribute('data-source', 'server');
  await expect(page.getByTestId('report')).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(
      async () => {
        const want = (await expectedReport(request, token, today, Number(hub.number), from)).total.orders.count;
        const shown = await serviceCount(page, 'Pedidos');
        if (shown !== want) {
          await page.getByRole('button', { name: 'Actualizar' }).click();
          await expect(page.getByTestId('report')).toBeVisible({ timeout: 30_000 });
        }
        return shown === want;
      },
      { timeout: 60_000, message: 'the server’s report of the older period' },
    )
    .toBe(true);
});
