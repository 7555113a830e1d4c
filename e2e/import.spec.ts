/**
 * The import screen (issue 10) in Chromium against the real server: an operator imports a CSV
 * of the intake corpus, finds the order in «Pedidos» and on the server, imports it again and
 * nothing new is written; a malformed file names its row and column; «Cancelar» writes nothing;
 * an XLSX whose orders are on its second sheet imports once the sheet is picked.
 *
 * The corpus (tests/fixtures/import) is dated for the day it was made, so each test moves the
 * fixture's date to three days ahead (Madrid) and gives it references and delivery points of its
 * own (`E2E-IMP-…`): no other test reads them, and the new points are «sin ubicación».
 * The last two tests write their CSV row by row (`csvOf`, e2e/pages/import.ts), with a date of their own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './test';
import { adminToken, gotoSynced, pullAll, waitForServiceWorker, waitForSync } from './support';
import { writeXlsx, type XlsxCell } from '../src/workers/xlsx/write';
import { FIXTURES, targetDay, fixture, madridDay, csvOf, openImport, chooseFiles, review, findInOrders } from './pages/import';

test('an operator imports a CSV, finds the order in «Pedidos», and importing it again writes nothing', async ({ page, request }) => {
  const csv = fixture('valid-new-point.csv', [
    ['FX-12', 'E2E-IMP-1'],
    ['NUEVO-1', 'E2E-IMP-PUNTO-1'],
    ['Cafetería Nueva', 'Bar Importado E2E'],
    ['Mesón La Mancha', 'Bar Importado E2E'],
  ]);
  const file = { name: 'pedidos-e2e.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') };
  await openImport(page);
  await chooseFiles(page, [file]);
  await expect(page.getByTestId('import-file-progress')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('import-file-progress')).toContainText('2 filas leídas');
  // The recognised mapping is shown and can be changed: «Notas» stays a used column.
  await expect(page.getByRole('combobox', { name: 'Dato de la columna «Cantidad»' }).locator('option:checked')).toHaveText('Cantidad');
  await review(page);
  await expect(page.getByTestId('count-create')).toHaveText('1');
  await expect(page.getByTestId('count-lines')).toHaveText('2');
  await expect(page.getByTestId('count-points')).toHaveText('1');
  await expect(page.getByTestId('import-issues')).toContainText('No hay errores');
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-result-summary')).toHaveText('1 creado, 0 actualizados, 0 sin cambios, 0 rechazados');
  await expect(page.getByTestId('import-result')).toContainText('1 punto de entrega nuevo sin ubicación');

  await page.getByTestId('import-view-orders').click();
  await expect(page).toHaveURL(new RegExp(`/orders\\?date=${targetDay().iso}$`));
  await findInOrders(page, 'Bar Importado E2E');

  // The order reaches the server (written locally, then synced), with its new point «sin ubicación».
  const token = await adminToken(request);
  await expect.poll(async () => (await pullAll(request, token, 'orders')).filter((o) => o.external_ref === 'E2E-IMP-1').length, { timeout: 60_000 }).toBe(1);
  const points = (await pullAll(request, token, 'delivery_points')).filter((p) => p.name === 'Bar Importado E2E');
  expect(points).toHaveLength(1);
  expect(points[0]?.located).toBe(false);

  // The same file again: nothing new, and the screen says so.
  await gotoSynced(page, '/charge');
  await chooseFiles(page, [file]);
  await expect(page.getByTestId('import-file-mapping')).toContainText('Columnas recordadas');
  await review(page);
  await expect(page.getByTestId('count-create')).toHaveText('0');
  await expect(page.getByTestId('count-unchanged')).toHaveText('1');
  await expect(page.getByTestId('import-nothing-new')).toContainText('No hay nada nuevo que importar: 1 pedido sin cambios');
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-result-summary')).toHaveText('0 creados, 0 actualizados, 1 sin cambios, 0 rechazados');
  await expect(page.getByTestId('import-result-nothing-new')).toBeVisible();
  expect((await pullAll(request, token, 'orders')).filter((o) => o.external_ref === 'E2E-IMP-1')).toHaveLength(1);
});

test('a malformed file shows the row and column of each problem and imports nothing of it', async ({ page }) => {
  const csv = fixture('quantity-negative.csv', [['FX-1', 'E2E-IMP-BAD']]);
  await openImport(page, '/import');
  await chooseFiles(page, [{ name: 'mal.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') }]);
  // The operator changes a column's field: the mapping's problem shows at once, and goes away.
  const quantity = page.getByRole('combobox', { name: 'Dato de la columna «Cantidad»' });
  await quantity.selectOption({ label: 'No usar' });
  await expect(page.getByTestId('import-mapping-issues')).toContainText('Fila 1: falta la columna «Cantidad»');
  await quantity.selectOption({ label: 'Cantidad' });
  await expect(page.getByTestId('import-mapping-issues')).toHaveCount(0);
  await review(page);
  await expect(page.getByTestId('count-refused')).toHaveText('1');
  await expect(page.getByTestId('count-create')).toHaveText('0');
  await expect(page.getByTestId('import-issue').filter({ hasText: 'Fila 3, columna «Cantidad»: debe ser un número entero mayor que 0' })).toBeVisible();
  await expect(page.getByTestId('import-error-report')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByTestId('import-error-report').click();
  expect((await download).suggestedFilename()).toBe('errores-importacion.csv');
  await expect(page.getByTestId('import-submit')).toBeDisabled();

  // A file that is not a table is refused whole, with its name.
  await chooseFiles(page, [{ name: 'factura.csv', mimeType: 'text/csv', buffer: readFileSync(join(FIXTURES, 'renamed-pdf.csv')) }]);
  await expect(page.getByTestId('import-mapping-issues')).toContainText('Archivo «factura.csv»: es un PDF');
});

test('«Cancelar» stops the import and writes nothing', async ({ page, request }) => {
  const csv = fixture('valid-comma-no-bom.csv', [
    ['FX-4', 'E2E-IMP-CANCEL'],
    ['CLI01741', 'E2E-IMP-PUNTO-C'],
    ['Mesón La Mancha', 'Bar Cancelado E2E'],
  ]);
  await openImport(page, '/blank/charge');
  await chooseFiles(page, [{ name: 'cancelar.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') }]);
  await review(page);
  await expect(page.getByTestId('count-create')).toHaveText('1');
  await page.getByTestId('import-cancel').click();
  await expect(page.getByTestId('import-notice')).toHaveText('Importación cancelada: no se ha escrito nada.');
  await expect(page.getByTestId('import-page')).toHaveAttribute('data-phase', 'idle');

  await gotoSynced(page, '/orders');
  await page.getByLabel('Fecha', { exact: true }).fill(targetDay().iso);
  await page.getByLabel('Buscar').fill('Bar Cancelado E2E');
  await expect(page.getByText('Bar Cancelado E2E')).toHaveCount(0);
  const token = await adminToken(request);
  expect((await pullAll(request, token, 'orders')).filter((o) => o.external_ref === 'E2E-IMP-CANCEL')).toHaveLength(0);
  expect((await pullAll(request, token, 'delivery_points')).filter((p) => p.name === 'Bar Cancelado E2E')).toHaveLength(0);
});

test('an XLSX whose orders are on its second sheet imports once the sheet is picked', async ({ page, request }) => {
  const csv = fixture('valid-new-point.csv', [
    ['FX-12', 'E2E-IMP-XLSX'],
    ['NUEVO-1', 'E2E-IMP-PUNTO-X'],
    ['Cafetería Nueva', 'Bar Hoja E2E'],
    ['Mesón La Mancha', 'Bar Hoja E2E'],
  ]);
  const [head = '', ...lines] = csv.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l !== '');
  const headers = head.split(';');
  const dateCol = headers.indexOf('Fecha entrega');
  const qtyCol = headers.indexOf('Cantidad');
  const rows: XlsxCell[][] = lines.map((l) =>
    l.split(';').map((c, i): XlsxCell => {
      if (i === dateCol) return { date: targetDay().iso };
      if (i === qtyCol) return Number(c);
      return c.replace(/^'/, '');
    }),
  );
  const book = writeXlsx([
    { name: 'Instrucciones', rows: [['Rellena la hoja «Pedidos»']] },
    { name: 'Pedidos', rows: [headers, ...rows] },
  ]);
  await openImport(page);
  await chooseFiles(page, [{ name: 'pedidos-e2e.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(book) }]);
  await expect(page.getByTestId('import-file-mapping')).toContainText('hoja «Instrucciones»');
  await page.getByTestId('import-sheet').click();
  await page.getByRole('option', { name: 'Pedidos' }).click();
  await expect(page.getByTestId('import-file-mapping')).toContainText('hoja «Pedidos» · 2 filas');
  await review(page);
  await expect(page.getByTestId('count-create')).toHaveText('1');
  await expect(page.getByTestId('import-issues')).toContainText('No hay errores');
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-result-summary')).toHaveText('1 creado, 0 actualizados, 0 sin cambios, 0 rechazados');
  const token = await adminToken(request);
  await expect.poll(async () => (await pullAll(request, token, 'orders')).filter((o) => o.external_ref === 'E2E-IMP-XLSX').length, { timeout: 60_000 }).toBe(1);
});

test('an operator imports a template with three bad rows, reads the errors, fixes the file, imports it and finds the orders in «Pedidos»; the same file again reports «4 sin cambios»', async ({ page, request }) => {
  const point = ['E2E-IMP-PUNTO-FIX', 'Bar Corregido E2E'] as const;
  const refs = ['E2E-IMP-FIX-1', 'E2E-IMP-FIX-2', 'E2E-IMP-FIX-3', 'E2E-IMP-FIX-4'];
  const bad = csvOf([
    { ref: 'E2E-IMP-FIX-1', point },
    { ref: 'E2E-IMP-FIX-2', point, quantity: 'dos' },
    { ref: 'E2E-IMP-FIX-3', point, product: 'PAS-9999' },
    { ref: 'E2E-IMP-FIX-4', point, date: madridDay(-2) },
  ]);
  await openImport(page);
  await chooseFiles(page, [{ name: 'pedidos-con-errores.csv', mimeType: 'text/csv', buffer: bad }]);
  await expect(page.getByTestId('import-file-progress')).toContainText('4 filas leídas');
  await review(page);
  // Each bad row refuses its own order, and the screen says where and what.
  await expect(page.getByTestId('count-refused')).toHaveText('3');
  await expect(page.getByTestId('count-create')).toHaveText('1');
  const issues = page.getByTestId('import-issue');
  await expect(issues).toHaveCount(3);
  await expect(issues.filter({ hasText: 'Fila 3, columna «Cantidad»: debe ser un número entero mayor que 0' })).toBeVisible();
  await expect(issues.filter({ hasText: 'Fila 4, columna «Producto»:' }).filter({ hasText: 'no tiene ningún producto con código o EAN «PAS-9999»' })).toBeVisible();
  await expect(issues.filter({ hasText: 'Fila 5, columna «Fecha entrega»: la fecha' }).filter({ hasText: 'ya ha pasado' })).toBeVisible();

  // The operator fixes the three rows in the file and chooses it again.
  const fixed = { name: 'pedidos-corregidos.csv', mimeType: 'text/csv', buffer: csvOf(refs.map((ref) => ({ ref, point }))) };
  await chooseFiles(page, [fixed]);
  await review(page);
  await expect(page.getByTestId('count-refused')).toHaveText('0');
  await expect(page.getByTestId('count-create')).toHaveText('4');
  await expect(page.getByTestId('import-issues')).toContainText('No hay errores');
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-result-summary')).toHaveText('4 creados, 0 actualizados, 0 sin cambios, 0 rechazados');

  await page.getByTestId('import-view-orders').click();
  await expect(page).toHaveURL(new RegExp(`/orders\\?date=${targetDay().iso}$`));
  await findInOrders(page, 'Bar Corregido E2E');
  await expect(page.getByText('Bar Corregido E2E')).toHaveCount(4);

  const token = await adminToken(request);
  await expect.poll(async () => (await pullAll(request, token, 'orders')).filter((o) => refs.includes(String(o.external_ref))).length, { timeout: 60_000 }).toBe(4);

  // The fixed file again: nothing is written, and the result says «4 sin cambios».
  await gotoSynced(page, '/charge');
  await chooseFiles(page, [fixed]);
  await review(page);
  await expect(page.getByTestId('count-create')).toHaveText('0');
  await expect(page.getByTestId('count-unchanged')).toHaveText('4');
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-result-summary')).toHaveText('0 creados, 0 actualizados, 4 sin cambios, 0 rechazados');
  await expect(page.getByTestId('import-result-nothing-new')).toContainText('4 sin cambios');
  expect((await pullAll(request, token, 'orders')).filter((o) => refs.includes(String(o.external_ref)))).toHaveLength(4);
});

test('an import made offline reaches the server once after reconnecting', async ({ page, context, request }) => {
  const point = ['E2E-IMP-PUNTO-OFF', 'Bar Sin Red E2E'] as const;
  const refs = ['E2E-IMP-OFF-1', 'E2E-IMP-OFF-2'];
  // Online first: the service worker takes the page and the import screen (its chunk and its worker) is loaded once.
  await openImport(page);
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-sync-state', 'offline');

  await chooseFiles(page, [{ name: 'pedidos-sin-red.csv', mimeType: 'text/csv', buffer: csvOf(refs.map((ref) => ({ ref, point }))) }]);
  await review(page);
  await expect(page.getByTestId('count-create')).toHaveText('2');
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-result-summary')).toHaveText('2 creados, 0 actualizados, 0 sin cambios, 0 rechazados');
  // Written here and waiting to be sent: two orders and their new point.
  await expect(page.getByTestId('pending-count')).toBeVisible();
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-sync-state', 'offline');
  const token = await adminToken(request);
  expect((await pullAll(request, token, 'orders')).filter((o) => refs.includes(String(o.external_ref)))).toHaveLength(0);

  await context.setOffline(false);
  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: 90_000 });
  await waitForSync(page);
  const orders = (await pullAll(request, token, 'orders')).filter((o) => refs.includes(String(o.external_ref)));
  expect(orders.map((o) => o.external_ref).sort()).toEqual(refs);
  expect((await pullAll(request, token, 'delivery_points')).filter((p) => p.name === 'Bar Sin Red E2E')).toHaveLength(1);
});

test('the review (issue 28): a total line is skipped once, an order goes without its bad line, a row is corrected inline, the rejected rows stay after «Importar», and «Ver los pedidos» opens their day', async ({ page }) => {
  const point = ['E2E-IMP-PUNTO-REV', 'Bar Revisado E2E'] as const;
  const rows = csvOf([
    { ref: 'E2E-IMP-REV-1', point },
    { ref: 'E2E-IMP-REV-1', point, product: 'PAS-0999' },
    { ref: 'E2E-IMP-REV-1', point, product: 'PAS-0002' },
    { ref: 'E2E-IMP-REV-2', point, quantity: 'dos' },
  ]);
  const withTotal = Buffer.concat([rows, Buffer.from('TOTAL;;;;;;;;;;;123;;\r\n', 'utf8')]);
  await openImport(page);
  await chooseFiles(page, [{ name: 'pedidos-revision.csv', mimeType: 'text/csv', buffer: withTotal }]);
  await review(page);
  // The total line is said once, and is no error.
  await expect(page.getByTestId('import-skipped-rows')).toContainText('Fila 6: es una línea de total: no se importa');
  await expect(page.getByTestId('import-issue').filter({ hasText: 'Fila 6' })).toHaveCount(0);
  await expect(page.getByTestId('count-refused')).toHaveText('2');

  // REV-1: held by default; the operator imports it without its bad line.
  const choice = page.getByTestId('import-order-choice').filter({ hasText: 'E2E-IMP-REV-1' });
  await expect(choice).toContainText('La fila 3 tiene errores');
  await choice.getByRole('radio', { name: 'Importar sin esa línea' }).check();
  await expect(page.getByTestId('count-create')).toHaveText('1');
  await expect(page.getByTestId('import-preview')).not.toHaveAttribute('aria-busy', 'true');

  // REV-2: its quantity corrected in the review, checked again at once.
  const fix = page.getByRole('textbox', { name: 'Cantidad de la fila 5' });
  await expect(fix).toHaveValue('dos');
  await fix.fill('2');
  await fix.press('Enter');
  await expect(page.getByTestId('count-create')).toHaveText('2');
  await expect(page.getByTestId('count-refused')).toHaveText('0');
  await expect(page.getByTestId('count-refused-rows')).toHaveText('1');

  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-result-summary')).toHaveText('2 creados, 0 actualizados, 0 sin cambios, 0 rechazados');
  // The row left out stays listed, and downloads in words (no internal codes).
  await expect(page.getByTestId('import-rejected-row')).toHaveCount(1);
  await expect(page.getByTestId('import-rejected-row')).toContainText('Fila 3, columna «Producto»');
  const download = page.waitForEvent('download');
  await page.getByTestId('import-rejected-download').click();
  const csv = readFileSync(String(await (await download).path()), 'utf8');
  expect(csv).toContain('PAS-0999');
  expect(csv).not.toMatch(/unknown_product|order_has_errors|Código/);

  // «Ver los pedidos» opens the imported day: the orders are there without choosing the date.
  await page.getByTestId('import-view-orders').click();
  await expect(page).toHaveURL(new RegExp(`/orders\\?date=${targetDay().iso}$`));
  await expect(page.getByTestId('orders-date')).toHaveValue(targetDay().iso);
  await page.getByLabel('Buscar').fill('Bar Revisado E2E');
  await expect(page.getByText('Bar Revisado E2E')).toHaveCount(2);
  // The order imported without a line says so in its notes.
  const codes = await page.getByRole('row').filter({ hasText: 'Bar Revisado E2E' }).getByRole('link').allTextContents();
  let found = false;
  for (const code of codes.filter((c) => c.startsWith('P-'))) {
    await page.getByRole('link', { name: code, exact: true }).first().click();
    const notes = page.getByLabel('Notas');
    await expect(notes).toBeVisible();
    if ((await notes.inputValue()).includes('Importado sin la fila 3 del archivo (con errores)')) found = true;
    await page.goBack();
    await page.getByLabel('Buscar').fill('Bar Revisado E2E');
  }
  expect(found).toBe(true);
});

test('a «Cliente» column holding delivery point codes is proposed as the point, saying why', async ({ page, request }) => {
  // A code of one of pascual's delivery points, as a shop's file writes it in «Cliente».
  const points = await pullAll(request, await adminToken(request), 'delivery_points');
  const provider = points
    .filter((p) => p.active === true)
    .flatMap((p) => (Array.isArray(p.client_providers) ? p.client_providers : []))
    .find((c): c is string => typeof c === 'string' && c.startsWith('pascual-'));
  expect(provider).toBeDefined();
  const code = String(provider).slice('pascual-'.length);
  const header = 'Empresa;Cliente;Referencia pedido;Fecha entrega;Producto;Cantidad';
  const lines = [`pascual;${code};E2E-IMP-VAL-1;${targetDay().es};PAS-0001;2`];
  await openImport(page);
  await chooseFiles(page, [{ name: 'tienda.csv', mimeType: 'text/csv', buffer: Buffer.from(`${[header, ...lines].join('\r\n')}\r\n`, 'utf8') }]);
  const column = page.getByRole('combobox', { name: 'Dato de la columna «Cliente»' });
  await expect(column.locator('option:checked')).toHaveText('Código punto');
  await expect(page.getByTestId('import-file-mapping')).toContainText(`su valor es un código de punto de entrega (p. ej. «${code}»), no un cliente`);
  await expect(page.getByRole('combobox', { name: 'Dato de la columna «Empresa»' }).locator('option:checked')).toHaveText('Cliente');
  await expect(page.getByTestId('import-mapping-issues')).toHaveCount(0);
  await review(page);
  await expect(page.getByTestId('count-create')).toHaveText('1');
  await expect(page.getByTestId('import-issues')).toContainText('No hay errores');
});

for (const width of [1024, 1440]) {
  test(`the review table's headers are not cut at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openImport(page);
    await chooseFiles(page, [{ name: 'anchos.csv', mimeType: 'text/csv', buffer: csvOf([{ ref: 'E2E-IMP-W-1', point: ['E2E-IMP-PUNTO-W', 'Bar Ancho E2E'] }]) }]);
    await review(page);
    const headers = page.getByRole('table', { name: 'Pedidos del archivo' }).getByRole('columnheader');
    await expect(headers.filter({ hasText: 'Líneas' })).toBeVisible();
    const cut = await headers.evaluateAll((els) =>
      els
        .filter((el) => {
          const box = el.getBoundingClientRect();
          const inner = [...el.querySelectorAll('*')].some((c) => c.getBoundingClientRect().right > box.right + 0.5);
          return el.scrollWidth > el.clientWidth + 0.5 || inner;
        })
        .map((el) => el.textContent),
    );
    expect(cut).toEqual([]);
  });
}
