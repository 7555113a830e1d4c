import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from './test';
import { adminToken, gotoSynced, pullAll, signInSynced, type Doc } from './support';
import { buildReport, share, type Report, type ReportFilters, type ReportInput } from '../src/domain/reports/aggregate';
import { summarisePicks } from '../src/domain/reports/extra';
import type { ReportPick } from '../src/domain/reports/reportTypes';
import { periodOf } from '../src/domain/reports/period';
import { madridDate } from '../src/domain/dates';

/**
 * Issue 34: an operator opens «Informes» for this month, filters it by his hub and a client, sees
 * its charts (by their accessible names), opens the orders behind a figure, exports a table as
 * XLSX, and opens the client's monthly report, whose figures are the report's with that client
 * (recounted here from the server's data with the same domain function the reports worker runs).
 */

const OPERATOR = 'operador@cargobici.test';

async function serverInput(request: APIRequestContext, token: string): Promise<Omit<ReportInput, 'period' | 'filters'>> {
  const [orders, routes, deliveries, payments, incidences, users, catalog, picks] = await Promise.all(
    ['orders', 'routes', 'deliveries', 'payments', 'incidences', 'users', 'catalog', 'picks'].map((c) => pullAll(request, token, c)),
  );
  return {
    orders,
    routes,
    events: deliveries,
    payments,
    incidences,
    users,
    hubs: catalog!.filter((c) => c.kind === 'hub'),
    clients: catalog!.filter((c) => c.kind === 'client'),
    reasons: catalog!.filter((c) => c.kind === 'status-delivery'),
    picks: summarisePicks(picks as unknown as ReportPick[]),
    sustainability: catalog!.filter((c) => c.kind === 'config-sustainability' && c.active === true),
  } as unknown as Omit<ReportInput, 'period' | 'filters'>;
}

/** The count a figure's button of the service table shows (its accessible name ends in «(n)»; no button: 0). */
async function serviceCount(page: Page, figure: string): Promise<number> {
  const button = page.getByTestId('report-table-servicio').getByRole('button', { name: `Ver los pedidos de «${figure}»` });
  if ((await button.count()) === 0) return 0;
  return Number(/\((\d+)\)$/.exec((await button.getAttribute('aria-label')) ?? '')?.[1] ?? NaN);
}

/** The value a row of the monthly report's summary shows. */
async function summaryValue(page: Page, label: string): Promise<string> {
  return (await page.getByTestId('client-month-resumen').getByRole('row').filter({ has: page.getByRole('cell', { name: label, exact: true }) }).getByRole('cell').nth(1).textContent()) ?? '';
}

const whole = (text: string): number => Number(text.replace(/\./g, ''));
const percentText = (part: number, of: number): string => `${new Intl.NumberFormat('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(share(part, of) * 100)} %`;

async function zipOf(download: Download): Promise<Record<string, string>> {
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 2).toString('latin1'), 'an XLSX is a zip file').toBe('PK');
  return Object.fromEntries(Object.entries(unzipSync(new Uint8Array(bytes))).map(([name, b]) => [name, strFromU8(b)]));
}

test('Informes: charts, XLSX, and the client monthly report with the report’s figures', async ({ page, request }) => {
  const token = await adminToken(request);
  const today = madridDate();
  const month = today.slice(0, 7);
  const period = periodOf('month', today, { month })!;
  const users = await pullAll(request, token, 'users');
  const catalog = await pullAll(request, token, 'catalog');
  const operator = users.find((u) => u.email === OPERATOR) as Doc;
  const hubNumber = Number(operator.hub);
  const hub = catalog.find((c) => c.kind === 'hub' && c.number === hubNumber) as Doc;
  expect(operator.hubs, 'the demo operator works in one hub').toEqual([hubNumber]);

  // The client with most orders this month in the operator's hub.
  const input = await serverInput(request, token);
  const perClient = new Map<string, number>();
  for (const o of input.orders) if (o.hub === hubNumber && o.date >= period.from && o.date <= period.to) perClient.set(o.client_id, (perClient.get(o.client_id) ?? 0) + 1);
  const clientId = [...perClient.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  expect(clientId, 'the demo has orders this month in the operator’s hub').toBeTruthy();
  const client = catalog.find((c) => c.kind === 'client' && c.id === clientId) as Doc;
  const filters: ReportFilters = { hub: hubNumber, clientId: String(clientId), riderId: null };
  const expectedNow = async (): Promise<Report> => buildReport({ period, filters, ...(await serverInput(request, token)) });

  await signInSynced(page, OPERATOR);
  await gotoSynced(page, '/reports');
  await expect(page.getByTestId('report')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('combobox', { name: 'Periodo' }).click();
  await page.getByRole('option', { name: 'Un mes' }).click();
  await expect(page.getByLabel('Mes')).toHaveValue(month);
  await page.getByRole('combobox', { name: 'Hub' }).click();
  await page.getByRole('option', { name: String(hub.name) }).click();
  await page.getByRole('combobox', { name: 'Cliente' }).click();
  await page.getByRole('option', { name: String(client.name), exact: true }).click();
  await expect(page.getByTestId('report-table-clientes').locator('tbody tr')).toHaveCount(1, { timeout: 30_000 });

  // The page's figures are the server's (recounted; «Actualizar» until both have the same data).
  let expected: Report | null = null;
  await expect
    .poll(
      async () => {
        expected = await expectedNow();
        const shown = [await serviceCount(page, 'Pedidos'), await serviceCount(page, 'Entregados'), await serviceCount(page, 'Intentos fallidos')];
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
  expect(report.total.orders.count).toBeGreaterThan(0);

  // The charts sit with their tables, named and described.
  const days = page.getByRole('figure', { name: 'Servicio por día' });
  await expect(days).toBeVisible();
  await expect(days).toHaveAccessibleDescription(/gráfico de líneas: pedidos entregados y fallidos .* «Por día»/);
  await expect(days.locator('svg.recharts-surface').first()).toBeVisible();
  await expect(page.getByTestId('report-table-riders').getByRole('figure', { name: 'Entregas por rider' })).toBeVisible();
  if (report.total.failedAttempts.count > 0) await expect(page.getByTestId('report-table-motivos').getByRole('figure', { name: 'Intentos fallidos por motivo' })).toBeVisible();

  // A figure opens its orders.
  const ids = new Set(report.total.orders.orderIds);
  await page.getByTestId('report-table-servicio').getByRole('button', { name: 'Ver los pedidos de «Pedidos»' }).click();
  const drawer = page.getByTestId('report-orders');
  await expect(drawer.locator('tbody tr')).toHaveCount(Math.min(ids.size, 200));
  for (const id of await drawer.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-id')))) expect(ids.has(String(id))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The service table as XLSX: a workbook whose sheet «Servicio» holds the counts as numbers.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar XLSX: Servicio' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`informe-servicio-${period.from}-${period.to}.xlsx`);
  const xlsx = await zipOf(file);
  expect(xlsx['xl/workbook.xml']).toContain('name="Servicio"');
  expect(xlsx['xl/worksheets/sheet1.xml']).toContain(`<v>${report.total.orders.count}</v>`);

  // The client's monthly report: the same figures, printable and as one workbook.
  await page.getByRole('link', { name: /^Informe mensual del cliente/ }).click();
  await expect(page).toHaveURL(new RegExp(`/reports/client/${String(clientId)}/${month}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Informe mensual del cliente' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: String(client.name) })).toBeVisible();
  await expect(page.getByTestId('client-month-resumen')).toBeVisible({ timeout: 30_000 });
  const fresh = await expectedNow();
  expect(whole(await summaryValue(page, 'Pedidos'))).toBe(fresh.total.orders.count);
  expect(whole(await summaryValue(page, 'Entregados'))).toBe(fresh.total.delivered.count);
  expect(whole(await summaryValue(page, 'Fallidos'))).toBe(fresh.total.failed.count);
  expect(whole(await summaryValue(page, 'Intentos fallidos'))).toBe(fresh.total.failedAttempts.count);
  expect(await summaryValue(page, '% a tiempo')).toBe(percentText(fresh.total.onTime.count, fresh.total.delivered.count + fresh.total.partial.count));
  expect(await summaryValue(page, '% al primer intento')).toBe(percentText(fresh.total.firstAttempt.count, fresh.total.attempted.count));
  expect(whole(await summaryValue(page, 'Pruebas de entrega disponibles'))).toBe(fresh.extra.proofs.total.count);
  await expect(page.getByTestId('client-month-dias').locator('tbody tr')).toHaveCount(fresh.byDay.length);
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeEnabled();

  const monthly = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar XLSX' }).click();
  const book = await zipOf(await monthly);
  expect([...book['xl/workbook.xml']!.matchAll(/<sheet [^>]*name="([^"]*)"/g)].map((m) => m[1])).toEqual(['Resumen', 'Fallidos por motivo', 'Por día']);
  expect(book['xl/worksheets/sheet1.xml']).toContain(`<v>${fresh.total.orders.count}</v>`);
});
