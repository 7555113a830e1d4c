/**
 * The configuration screens (issue 7, from e2e/backoffice.spec.ts): an admin keeps taxes, statuses,
 * Synlab (draft and publish) and clients; an operator cannot open them.
 */
import { expect, test } from './test';
import { uid, signInAndSync, expectRow, expectNoRow, pick, save, deleteFromForm } from './pages/backoffice';
import { EntityList } from './pages/entityList';

test('configuration: taxes, statuses, Synlab (draft and publish) and clients', async ({ page }) => {
  test.setTimeout(240_000);
  await signInAndSync(page);
  const id = uid();

  // Taxes: rate typed in %, stored in basis points.
  await page.goto('/create-taxes');
  await page.getByLabel('Nombre').fill(`IGIC ${id}`);
  await page.getByLabel('Tipo (%)').fill('7,5');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page).toHaveURL(/\/config\/taxes$/);
  await expect(await expectRow(page, `IGIC ${id}`)).toContainText('7,5 %');
  await (await expectRow(page, `IGIC ${id}`)).getByRole('link', { name: `IGIC ${id}` }).click();
  await page.getByLabel('Tipo (%)').fill('7');
  await save(page);
  await page.goto('/config/taxes');
  await expect(await expectRow(page, `IGIC ${id}`)).toContainText('7 %');
  await (await expectRow(page, `IGIC ${id}`)).getByRole('link', { name: 'Editar' }).click();
  await deleteFromForm(page);
  await expectNoRow(page, `IGIC ${id}`);

  // Statuses: the system status offered is one of the family's.
  await page.goto('/config/create-status');
  await pick(page, 'Familia', 'Entregas');
  await page.getByLabel('Etiqueta').fill(`Cerrado ${id}`);
  await page.getByRole('combobox', { name: 'Estado del sistema' }).click();
  await expect(page.getByRole('option', { name: 'Fallida' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'En picking' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Fallida' }).click();
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page).toHaveURL(/\/config\/status$/);
  await expect(await expectRow(page, `Cerrado ${id}`)).toContainText('Entregas');
  await (await expectRow(page, `Cerrado ${id}`)).getByRole('link', { name: `Cerrado ${id}` }).click();
  await expect(page).toHaveURL(/\/config\/status-edit\/st-/);
  await page.getByLabel('Lo ve el rider').check();
  await save(page);
  await page.goto('/config/status');
  await expect(await expectRow(page, `Cerrado ${id}`)).toContainText('Sí');
  await (await expectRow(page, `Cerrado ${id}`)).getByRole('link', { name: 'Editar' }).click();
  await deleteFromForm(page);
  await expectNoRow(page, `Cerrado ${id}`);

  // Synlab: a new configuration is a draft until it is published; edits go to the draft.
  await page.goto('/synlab/form');
  await page.getByLabel('Nombre').fill(`Synlab ${id}`);
  await page.getByRole('button', { name: 'Guardar borrador' }).click();
  await expect(page).toHaveURL(/\/synlab\/form\/synlab-draft-/);
  await page.goto('/synlab');
  await expect(await expectRow(page, `Synlab ${id}`)).toContainText('Borrador sin publicar');
  await (await expectRow(page, `Synlab ${id}`)).getByRole('link', { name: 'Editar' }).click();
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page).toHaveURL(/\/synlab$/);
  await expect(await expectRow(page, `Synlab ${id}`)).toContainText('Publicada');
  await (await expectRow(page, `Synlab ${id}`)).getByRole('link', { name: 'Editar' }).click();
  await page.getByLabel('Nombre').fill(`Synlab ${id} v2`);
  await page.getByRole('button', { name: 'Guardar borrador' }).click();
  await expect(page.getByTestId('synlab-state')).toContainText('sin publicar');
  await page.goto('/synlab');
  await expect(await expectRow(page, `Synlab ${id} v2`)).toContainText('Publicada, con cambios sin publicar');
  await (await expectRow(page, `Synlab ${id} v2`)).getByRole('link', { name: 'Editar' }).click();
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page).toHaveURL(/\/synlab$/);
  const published = await expectRow(page, `Synlab ${id} v2`);
  await expect(published).not.toContainText('sin publicar');
  await published.getByRole('link', { name: 'Editar' }).click();
  await deleteFromForm(page);
  await expect(page).toHaveURL(/\/synlab$/);
  await expectNoRow(page, `Synlab ${id}`);

  // Clients: a section of /config.
  await page.goto('/config');
  const section = page.getByTestId('clients-section');
  const clients = new EntityList(page, '/config', section);
  await section.getByRole('button', { name: 'Nuevo cliente' }).click();
  const form = page.getByTestId('clients-section-form');
  await form.getByLabel('Nombre').fill(`Cliente ${id}`);
  await form.getByLabel('Clave').fill(`Mala Clave`);
  await form.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(form.getByText('Solo minúsculas, números y guiones')).toBeVisible();
  await form.getByLabel('Clave').fill(`cli-${id.toLowerCase()}`);
  await form.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(form).toHaveCount(0);
  const client = await clients.row(`Cliente ${id}`);
  await client.getByRole('button', { name: `Cliente ${id}` }).click();
  await form.getByLabel('CIF').fill('B12345678');
  await form.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Guardado', { exact: true }).first()).toBeVisible();
  await form.getByRole('button', { name: 'Cancelar' }).click();
  await expect(await clients.row(`Cliente ${id}`)).toContainText('B12345678');
  await (await clients.row(`Cliente ${id}`)).getByRole('button', { name: 'Editar' }).click();
  await deleteFromForm(page);
  await clients.expectNoRow(`Cliente ${id}`);

  // The reports' sustainability factors (issue 34): one document, its source written next to them.
  const sust = page.getByTestId('sustainability-section');
  await sust.getByRole('button', { name: 'Nuevos factores' }).click();
  const sustForm = page.getByTestId('sustainability-section-form');
  await expect(sustForm.getByLabel('Fuente de los factores')).toHaveValue(/EEA/);
  await sustForm.getByLabel('CO₂ de la furgoneta (g/km)').fill('215');
  await sustForm.getByLabel('Fuente de los factores').fill(`Prueba ${id}`);
  await sustForm.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(sustForm).toHaveCount(0);
  await expect(await new EntityList(page, '/config', sust).row(`Prueba ${id}`)).toContainText('215');
  // A second one is refused: there is one set of factors.
  await sust.getByRole('button', { name: 'Nuevos factores' }).click();
  await sustForm.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(sustForm.getByText('Ya hay factores de sostenibilidad')).toBeVisible();
  await sustForm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByTestId('planning-objectives-section')).toBeVisible();
});

test('an operator cannot open the configuration screens', async ({ page }) => {
  await signInAndSync(page, 'operador@cargobici.test');
  for (const path of ['/config', '/config/taxes', '/create-taxes', '/tax-edit/iva-21', '/config/status', '/config/create-status', '/synlab', '/synlab/form']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sin permiso');
    await expect(page.getByTestId('forbidden')).toBeVisible();
  }
  // What operators manage opens.
  await page.goto('/bike');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bicicletas');
  await expect(page.getByTestId('crud-row').first()).toBeVisible();
});
