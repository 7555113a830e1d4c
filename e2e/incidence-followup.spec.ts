/**
 * Issue 13, incidence follow-up: an operator takes a delivery incidence into review, names who is
 * in charge, then resolves it with a note; the list shows its state and person in charge, the
 * history keeps each change with who and when, the server holds the follow-up documents, and a
 * change the machine does not allow is refused in Spanish. The incidence is the demo data's
 * newest delivery incidence of hub 1 (no other test follows it up).
 */
import { expect, test } from './test';
import { adminToken, gotoSynced, pullAll, signInSynced } from './support';

test('an operator reviews, assigns and resolves a delivery incidence; the history and the server keep every change', async ({ page, request }) => {
  const token = await adminToken(request);
  const [incidences, orders] = await Promise.all([pullAll(request, token, 'incidences'), pullAll(request, token, 'orders')]);
  const followed = new Set(incidences.filter((i) => i.kind === 'follow-up').map((i) => String(i.follows)));
  const incidence = incidences
    .filter((i) => i.kind === 'delivery-product' && i.hub === 1 && !followed.has(String(i.id)))
    .sort((a, b) => Number(b.at) - Number(a.at))[0];
  if (!incidence) throw new Error('the demo data has no delivery incidence of hub 1');
  const code = String(orders.find((o) => o.id === incidence.order_id)?.code ?? incidence.order_id);

  await signInSynced(page, 'operador@cargobici.test');
  await gotoSynced(page, '/incidence-all-delivered');
  await page.getByLabel('Buscar').fill(code);
  const row = page.getByTestId('crud-row').filter({ hasText: code }).first();
  await expect(row.getByTestId('follow-up-state')).toHaveText('Abierta');

  // Into review, with a person in charge.
  await row.getByRole('button', { name: `Abrir el seguimiento de la incidencia de ${code}` }).click();
  let dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Aún sin cambios: la incidencia está abierta.')).toBeVisible();
  // Saving with nothing changed says what is missing and writes nothing.
  await dialog.getByRole('button', { name: 'Guardar seguimiento' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Escribe una nota o cambia el responsable (o el estado)');
  await dialog.getByRole('combobox', { name: 'Nuevo estado' }).click();
  await page.getByRole('option', { name: 'En revisión' }).click();
  await dialog.getByRole('combobox', { name: 'Responsable' }).click();
  await page.getByRole('option', { name: 'Javier Ruiz Ortega' }).click();
  await dialog.getByLabel('Nota o resolución').fill('Llamo al cliente para confirmar el daño');
  await dialog.getByRole('button', { name: 'Guardar seguimiento' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByTestId('follow-up-state')).toHaveText('En revisión');
  await expect(row).toContainText('Javier Ruiz Ortega');

  // Resolved, with the resolution as its note; «Abierta» is no longer offered… but «Resuelta» is.
  await row.getByRole('button', { name: `Abrir el seguimiento de la incidencia de ${code}` }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('follow-up-history')).toContainText('Abierta → En revisión');
  await expect(dialog.getByTestId('follow-up-history')).toContainText('«Llamo al cliente para confirmar el daño»');
  await dialog.getByRole('combobox', { name: 'Nuevo estado' }).click();
  await page.getByRole('option', { name: 'Resuelta' }).click();
  await dialog.getByLabel('Nota o resolución').fill('Se repone la caja en la próxima entrega');
  await dialog.getByRole('button', { name: 'Guardar seguimiento' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByTestId('follow-up-state')).toHaveText('Resuelta');

  // The filter by follow-up state finds it.
  await page.getByRole('combobox', { name: 'Seguimiento' }).click();
  await page.getByRole('option', { name: 'Resuelta' }).click();
  await expect(page.getByTestId('crud-row').filter({ hasText: code }).first()).toBeVisible();

  // The server holds both changes, by the operator, in order.
  await expect
    .poll(
      async () =>
        (await pullAll(request, token, 'incidences'))
          .filter((i) => i.kind === 'follow-up' && i.follows === incidence.id)
          .sort((a, b) => Number(a.at) - Number(b.at))
          .map((i) => [i.follow_state, i.created_by, i.assignee ?? null]),
      { timeout: 90_000 },
    )
    .toEqual([
      ['in_review', 'u-operador', 'u-operador'],
      ['resolved', 'u-operador', null],
    ]);
});
