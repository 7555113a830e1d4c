import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './test';
import { adminToken, pullAll, signInSynced, gotoSynced, type Doc } from './support';
import { madridDate, ordersFor, push } from './planningData';

/**
 * Route planning (issue 11): an operator plans a day the demo has no routes for, optimises,
 * saves the proposal and publishes it; the rider it went to sees it on his phone after sync. And
 * the route form refuses bad input with the field's message and offers only the machine's steps.
 */


test('an operator plans an empty day, optimises, saves and publishes; the rider sees his route after sync, and a later change of it with who made it', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const token = await adminToken(request);
  const date = madridDate(5);
  expect((await pullAll(request, token, 'routes')).filter((r) => r.date === date), 'the demo has no routes that day').toEqual([]);
  const orderIds = await ordersFor(request, token, date, `pl${Date.now().toString(36)}`);

  await signInSynced(page, 'operador@cargobici.test');
  await gotoSynced(page, '/routed');
  await page.getByTestId('board-date').fill(date);
  await expect(page.getByTestId('unplanned-point')).toHaveCount(4);
  await expect(page.getByText('Aún no hay rutas este día.')).toBeVisible();
  // Travel times come from the routing service the server is configured with (CB_OSRM_URL).
  await expect(page.getByTestId('travel-source')).toHaveText('Tiempos del servicio de rutas (OSRM, en bici).');

  await page.getByRole('button', { name: 'Optimizar' }).click();
  const proposal = page.getByTestId('proposal');
  await expect(proposal).toBeVisible({ timeout: 60_000 });
  await expect(proposal).toContainText('4 pedidos');
  await proposal.getByRole('button', { name: 'Guardar propuesta' }).click();
  await expect(proposal).toHaveCount(0);
  await expect(page.getByTestId('unplanned-point')).toHaveCount(0);
  const routes = page.getByTestId('board-route');
  await expect(routes.first()).toBeVisible();
  await expect(page.getByTestId('board-route-status').filter({ hasText: 'Borrador' })).toHaveCount(await routes.count());
  await expect(page.getByTestId('board-stop')).toHaveCount(4);

  // Publish (confirming if the board shows warnings).
  await page.getByTestId('publish-all').click();
  const confirm = page.getByRole('dialog').getByRole('button', { name: 'Publicar' });
  await expect(async () => {
    if (await confirm.isVisible()) await confirm.click();
    await expect(page.getByTestId('board-route-status').filter({ hasText: 'Borrador' })).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('board-route-status').filter({ hasText: 'Planificada' })).toHaveCount(await routes.count());

  // The server holds the published route with every order on it.
  let published: Doc | undefined;
  await expect
    .poll(async () => {
      published = (await pullAll(request, token, 'routes')).find((r) => r.date === date && r.status === 'planned' && (r.stops as Doc[]).some((s) => (s.order_ids as string[]).includes(orderIds[0] as string)));
      return published !== undefined;
    })
    .toBe(true);
  const route = published as Doc;
  const rider = (await pullAll(request, token, 'users')).find((u) => u.id === route.rider_id);
  expect(rider, 'the route has a rider').toBeDefined();
  const stops = (route.stops as Doc[]).length;
  const serverOrders = (await pullAll(request, token, 'orders')).filter((o) => orderIds.includes(String(o.id)));
  expect(serverOrders.every((o) => o.status === 'planned' && o.route_id !== '')).toBe(true);

  // The rider's phone.
  const phone = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  try {
    const riderPage = await phone.newPage();
    await signInSynced(riderPage, String(rider?.email));
    await expect(riderPage.getByRole('heading', { name: 'Próximas rutas' })).toBeVisible();
    const card = riderPage.getByTestId('upcoming-route-card').filter({ hasText: String(route.name) });
    await expect(card).toBeVisible();
    await card.getByRole('link', { name: 'Abrir' }).click();
    await expect(riderPage.getByTestId('route-progress')).toContainText(`0 de ${stops}`);
    const firstEta = String((route.stops as Doc[])[0]?.eta);
    await expect(riderPage.getByTestId('stop-row').first()).toContainText(`Hacia las ${firstEta}`);
    await expect(riderPage.getByTestId('route-changed'), 'its publication is not news to him').toHaveCount(0);

    // The office changes the published route: the record names who changed what, and the
    // rider's open screen says so as it syncs, without a reload.
    const start = String(route.planned_start);
    const earlier = `0${Number(start.slice(0, 2)) - 1}`.slice(-2) + start.slice(2);
    await page.goto(`/routes/route/form/${String(route.id)}`);
    await expect(page.getByLabel('Nombre')).toHaveValue(String(route.name));
    await expect(page.getByLabel('Salida prevista')).toHaveValue(start);
    await page.getByLabel('Salida prevista').fill(earlier);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('heading', { name: 'Cambios desde la publicación' })).toBeVisible();
    const record = page.getByTestId('route-changes');
    await expect(record.getByRole('listitem').first()).toContainText(`Salida prevista: ${start} → ${earlier}`);
    await expect(record.getByRole('listitem').last()).toContainText('Estado: Borrador → Planificada');
    const operatorName = String((await pullAll(request, token, 'users')).find((u) => u.email === 'operador@cargobici.test')?.name);
    await expect(record.getByRole('listitem').first()).toContainText(operatorName);
    const told = riderPage.getByTestId('route-changed');
    await expect(told).toBeVisible();
    await expect(told).toContainText(`Salida prevista: ${start} → ${earlier}`);
    await expect(told).toContainText(operatorName);
  } finally {
    await phone.close();
  }
});

test('the route form refuses bad input with the field message and offers only the allowed status steps', async ({ page }) => {
  await signInSynced(page, 'operador@cargobici.test');
  await gotoSynced(page, '/routes/route/form/new');
  const form = page.getByTestId('route-form');
  await expect(form.getByRole('combobox', { name: 'Hub' })).toHaveValue(/^1 · /);
  await form.getByLabel('Nombre').fill('   ');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('Escribe el nombre de la ruta.')).toBeVisible();
  await expect(form.getByLabel('Nombre')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('form-error')).toHaveText('Revisa los campos marcados en rojo.');

  const name = `Ruta e2e ${Date.now().toString(36)}`;
  await form.getByLabel('Nombre').fill(name);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/routes\/route\/rt-/);
  await expect(page.getByTestId('route-name')).toHaveText(name);
  await expect(page.getByTestId('route-status')).toHaveText('Borrador');

  // A draft may become «Planificada» or «Cancelada», nothing else; without a rider it is refused at the rider field.
  await page.getByRole('link', { name: 'Editar ruta' }).click();
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await expect(page.getByRole('option')).toHaveText(['Borrador', 'Planificada', 'Cancelada']);
  await page.getByRole('option', { name: 'Planificada' }).click();
  await page.getByTestId('route-form').getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(`La ruta «${name}» no tiene repartidor`)).toBeVisible();
  await expect(page.getByText(`La ruta «${name}» no tiene paradas`)).toBeVisible();

  // Cancelling needs a reason.
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Cancelada' }).click();
  await page.getByTestId('route-form').getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Escribe por qué se cancela la ruta.')).toBeVisible();
  await page.getByLabel('Motivo de la cancelación').fill('Prueba de cancelación');
  await page.getByTestId('route-form').getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByTestId('route-status')).toHaveText('Cancelada');
});

test('a point «sin ubicación» cannot be planned until it is placed on the map with «Ubicar»', async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  const date = madridDate(9);
  const tag = `pu${Date.now().toString(36)}`;
  const [source] = await ordersFor(request, token, date, tag);
  const order = (await pullAll(request, token, 'orders')).find((o) => o.id === source) as Doc;
  const base = (await pullAll(request, token, 'delivery_points')).find((p) => p.id === order.delivery_point_id) as Doc;
  // What the import makes from an address it does not know: the hub's position as a placeholder.
  const pointName = `Farmacia sin ubicar ${tag}`;
  await push(request, token, 'delivery_points', [{ ...base, id: `${tag}-dp`, name: pointName, ref_providers: [], client_providers: [], address: 'Calle Desconocida 7', located: false, updated_at: Date.now() }]);
  await push(request, token, 'orders', [{ ...order, id: `${tag}-ou`, code: `P-${tag.toUpperCase()}-U`, delivery_point_id: `${tag}-dp`, updated_at: Date.now() }]);

  await signInSynced(page, 'operador@cargobici.test');
  await gotoSynced(page, '/routed');
  await page.getByTestId('board-date').fill(date);
  await expect(page.getByTestId('unplanned-point')).toHaveCount(5);
  const row = page.getByTestId('unplanned-point').filter({ hasText: pointName });
  await expect(row).toContainText('sin ubicación');
  await expect(row.getByRole('checkbox')).toBeDisabled();
  await expect(row).toContainText('Ubícalo en el mapa para planificarlo');

  // Bad coordinates are refused at their field; a click on the picker's map fills both.
  await row.getByRole('button', { name: `Ubicar ${pointName} en el mapa` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Calle Desconocida 7');
  await dialog.getByLabel('Latitud').fill('95');
  await dialog.getByLabel('Longitud').fill('-3.7');
  await dialog.getByRole('button', { name: 'Guardar ubicación' }).click();
  await expect(dialog.getByText('La latitud debe ser un número entre -90 y 90 (por ejemplo 40.4168).')).toBeVisible();
  const map = dialog.getByTestId('map');
  await expect(map).toBeVisible();
  await map.click({ position: { x: 140, y: 140 } });
  await expect(dialog.getByLabel('Latitud')).not.toHaveValue('95');
  await dialog.getByRole('button', { name: 'Guardar ubicación' }).click();
  await expect(dialog).toHaveCount(0);

  // Now it is a point like any other: chosen and put on a new route.
  await expect(row).not.toContainText('sin ubicación');
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Crear ruta con los elegidos' }).click();
  await expect(page.getByTestId('board-stop').filter({ hasText: pointName })).toHaveCount(1);
  await expect
    .poll(async () => (await pullAll(request, token, 'delivery_points')).find((p) => p.id === `${tag}-dp`)?.located)
    .toBe(true);
});

/**
 * Four new orders at four points on `date`, and the operator's board of that day listing them,
 * in their final order (once the points' names are on the device). Returns the list's rows.
 */
async function boardWithFourOrders(page: Page, request: APIRequestContext, date: string, prefix: string, firstQuantity = 1): Promise<Locator> {
  const token = await adminToken(request);
  const ids = await ordersFor(request, token, date, `${prefix}${Date.now().toString(36)}`, firstQuantity);
  const pointIds = (await pullAll(request, token, 'orders')).filter((o) => ids.includes(String(o.id))).map((o) => o.delivery_point_id);
  const names = (await pullAll(request, token, 'delivery_points')).filter((p) => pointIds.includes(p.id)).map((p) => String(p.name));
  await signInSynced(page, 'operador@cargobici.test');
  await gotoSynced(page, '/routed');
  await page.getByTestId('board-date').fill(date);
  const rows = page.getByTestId('unplanned-point');
  await expect(rows).toHaveCount(4);
  for (const name of names) await expect(rows.filter({ hasText: name })).toHaveCount(1);
  return rows;
}

test('points are chosen with shift-click and a box (also when clustered), and a stop locked in place stays there when optimising', async ({ page, request }) => {
  test.setTimeout(240_000);
  // A desk screen tall enough for the whole 560 px map: the box is dragged corner to corner,
  // and a mouse outside the window draws nothing.
  await page.setViewportSize({ width: 1366, height: 1000 });
  const rows = await boardWithFourOrders(page, request, madridDate(11), 'lk');

  // Shift-click in the list chooses the range.
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(3).getByRole('checkbox').click({ modifiers: ['Shift'] });
  await expect(page.getByText('4 puntos elegidos')).toBeVisible();
  for (let i = 0; i < 4; i++) await expect(rows.nth(i).getByRole('checkbox')).toBeChecked();
  await page.getByRole('button', { name: 'Quitar selección' }).click();
  await expect(rows.nth(0).getByRole('checkbox')).not.toBeChecked();

  // Ctrl + drag on the map draws a box that chooses the points inside it (all of them here).
  const map = page.getByTestId('map');
  await expect(map.locator('canvas').first()).toBeAttached();
  // Checking the list's rows scrolls the page (more so when older orders to re-plan are listed
  // above it): bring the whole map back into view before measuring where to drag.
  await map.scrollIntoViewIfNeeded();
  await expect(map).toBeInViewport({ ratio: 1 });
  // Fitted to the day, the hub and four unplanned points (some may already share a cluster).
  await expect(map).toHaveAttribute('data-markers', /^[2-5]$/);
  // Zoomed out, the four points gather in one cluster beside the hub; the box still finds them.
  for (let i = 0; i < 8; i++) await map.getByRole('button', { name: 'Alejar' }).click();
  await expect(map).toHaveAttribute('data-markers', '2');
  const box = await map.boundingBox();
  if (!box) throw new Error('the map has no box');
  await page.keyboard.down('Control');
  await page.mouse.move(box.x + 4, box.y + 4);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + box.width - 4, box.y + box.height - 4, { steps: 4 });
  await page.mouse.up();
  await page.keyboard.up('Control');
  await expect(page.getByText('4 puntos elegidos')).toBeVisible();
  await page.getByRole('button', { name: 'Crear ruta con los elegidos' }).click();
  const stops = page.getByTestId('board-stop');
  await expect(stops).toHaveCount(4);

  // Lock stop 2; the optimiser's proposal keeps it second.
  const second = (await stops.nth(1).innerText()).split(' · ')[0]?.replace(/^\d+\s*/, '') ?? '';
  await page.getByRole('button', { name: 'Fijar la parada 2 en su sitio' }).click();
  await expect(page.getByRole('button', { name: 'Soltar la parada 2' })).toHaveAttribute('aria-pressed', 'true');
  await expect(stops.nth(1).getByTestId('stop-locked')).toHaveText('fija');
  await page.getByRole('button', { name: 'Optimizar' }).click();
  const proposal = page.getByTestId('proposal');
  await expect(proposal).toBeVisible({ timeout: 60_000 });
  await proposal.getByRole('button', { name: 'Guardar propuesta' }).click();
  await expect(proposal).toHaveCount(0);
  const route = page.getByTestId('board-route').filter({ has: page.getByTestId('stop-locked') });
  await expect(route).toHaveCount(1);
  await expect(route.getByTestId('board-stop').nth(1)).toContainText(second);
  await expect(route.getByTestId('board-stop').nth(1).getByTestId('stop-locked')).toBeVisible();
});

test('stops are reordered and moved to another route with the buttons and by dragging (mouse and keyboard); a stop locked in place keeps it', async ({ page, request }) => {
  test.setTimeout(240_000);
  const rows = await boardWithFourOrders(page, request, madridDate(13), 'mv');

  // Route A with three points, route B with the last one.
  await rows.nth(3).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Crear ruta con los elegidos' }).click();
  await expect(rows).toHaveCount(3);
  for (let i = 0; i < 3; i++) await rows.nth(i).getByRole('checkbox').check();
  await expect(page.getByText('3 puntos elegidos')).toBeVisible();
  await page.getByRole('button', { name: 'Crear ruta con los elegidos' }).click();
  await expect(rows).toHaveCount(0);
  const routes = page.getByTestId('board-route');
  await expect(routes).toHaveCount(2);
  // Routes are listed by code: the first made comes first.
  const small = routes.nth(0);
  const big = routes.nth(1);
  await expect(small.getByTestId('board-stop')).toHaveCount(1);
  await expect(big.getByTestId('board-stop')).toHaveCount(3);
  const stopName = async (i: number) => (await big.getByTestId('board-stop').nth(i).innerText()).replace(/^\d+\s*/, '').split(' · ')[0] ?? '';
  const [a, b, c] = [await stopName(0), await stopName(1), await stopName(2)];

  // «Bajar» moves stop 1 after stop 2.
  await big.getByRole('button', { name: 'Bajar la parada 1' }).click();
  await expect(big.getByTestId('board-stop').nth(0)).toContainText(b);
  await expect(big.getByTestId('board-stop').nth(1)).toContainText(a);

  // Locked in place: it cannot move, nor can its neighbour take its place.
  await big.getByRole('button', { name: 'Fijar la parada 2 en su sitio' }).click();
  await expect(big.getByRole('button', { name: 'Soltar la parada 2' })).toHaveAttribute('aria-pressed', 'true');
  await expect(big.getByRole('button', { name: 'Subir la parada 2' })).toBeDisabled();
  await expect(big.getByRole('button', { name: 'Bajar la parada 2' })).toBeDisabled();
  await expect(big.getByRole('button', { name: 'Subir la parada 3' })).toBeDisabled();
  await expect(big.getByRole('button', { name: 'Bajar la parada 1' })).toBeDisabled();

  // «Mover a…» sends stop 3 to the other route, at its end.
  await big.getByLabel('Mover la parada 3 a otra ruta').click();
  await page.getByRole('option').first().click();
  await expect(big.getByTestId('board-stop')).toHaveCount(2);
  await expect(small.getByTestId('board-stop')).toHaveCount(2);
  await expect(small.getByTestId('board-stop').nth(1)).toContainText(c);
  await expect(big.getByTestId('board-stop').nth(1)).toContainText(a);

  // Dragged with the mouse: big's first stop onto small's first, which it then precedes.
  const first = await big.getByTestId('board-stop').nth(0).innerText();
  const dropOn = small.getByTestId('board-stop').nth(0);
  await dropOn.scrollIntoViewIfNeeded();
  await big.getByRole('button', { name: 'Arrastrar la parada 1' }).hover();
  await page.mouse.down();
  const box = await dropOn.boundingBox();
  if (!box) throw new Error('the stop to drop on is not drawn');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 12 });
  await expect(page.getByTestId('stop-drag-overlay')).toBeVisible();
  await expect(dropOn).toHaveAttribute('data-drop-over', 'true');
  await page.mouse.up();
  await expect(small.getByTestId('board-stop')).toHaveCount(3);
  await expect(small.getByTestId('board-stop').nth(0)).toContainText(first.replace(/^\d+\s*/, '').split(' · ')[0] ?? '');
  await expect(big.getByTestId('board-stop')).toHaveCount(1);
  await expect(big.getByTestId('board-stop').nth(0)).toContainText(a);
  await expect(big.getByTestId('stop-locked')).toHaveCount(1);

  // With the keyboard: small's last stop picked up with Space, two places up, dropped with Space.
  const last = (await small.getByTestId('board-stop').nth(2).innerText()).replace(/^\d+\s*/, '').split(' · ')[0] ?? '';
  await small.getByRole('button', { name: 'Arrastrar la parada 3' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('stop-drag-overlay')).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await expect(small.getByTestId('board-stop').nth(1)).toHaveAttribute('data-drop-over', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(small.getByTestId('board-stop').nth(0)).toHaveAttribute('data-drop-over', 'true');
  await page.keyboard.press('Space');
  await expect(small.getByTestId('board-stop').nth(0)).toContainText(last);
  // A stop locked in place has no handle to drag it by.
  await expect(big.getByRole('button', { name: 'Arrastrar la parada 1' })).toBeDisabled();
});

test('an over-capacity route shows its warning and is published only once confirmed; rider and bike are chosen on the board', async ({ page, request }) => {
  test.setTimeout(240_000);
  // The first order asks for 100,000 units: far more than any bike carries.
  const rows = await boardWithFourOrders(page, request, madridDate(17), 'cap', 100_000);
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(3).getByRole('checkbox').click({ modifiers: ['Shift'] });
  await expect(page.getByText('4 puntos elegidos')).toBeVisible();
  await page.getByRole('button', { name: 'Crear ruta con los elegidos' }).click();
  const route = page.getByTestId('board-route');
  await expect(route).toHaveCount(1);
  await expect(route.getByTestId('board-stop')).toHaveCount(4);

  // Rider and bike, chosen on the board.
  await route.getByRole('combobox', { name: 'Repartidor' }).click();
  await page.getByRole('option').first().click();
  await expect(route.getByRole('combobox', { name: 'Repartidor' })).not.toHaveValue('');
  await route.getByRole('combobox', { name: 'Bici' }).click();
  await page.getByRole('option').first().click();
  await expect(route.getByRole('combobox', { name: 'Bici' })).not.toHaveValue('');

  const warnings = route.getByTestId('board-route-warnings');
  await expect(warnings).toContainText('Supera la capacidad de peso de la bici en');

  // «Publicar» asks first, naming the warning; «Cancelar» publishes nothing.
  await route.getByTestId('publish-route').click();
  const dialog = page.getByRole('dialog', { name: '¿Publicar con avisos?' });
  await expect(dialog).toContainText('Supera la capacidad de peso de la bici en');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(route.getByTestId('board-route-status')).toHaveText('Borrador');

  await route.getByTestId('publish-route').click();
  await page.getByRole('dialog', { name: '¿Publicar con avisos?' }).getByRole('button', { name: 'Publicar' }).click();
  await expect(route.getByTestId('board-route-status')).toHaveText('Planificada');
});
