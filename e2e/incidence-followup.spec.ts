/**
 * Issue 13, incidence follow-up: an operator takes a delivery incidence into review, names who is
 * in charge, then resolves it with a note; the list shows its state and person in charge, the
 * history keeps each change with who and when, the server holds the follow-up documents and the
 * re-delivery order the resolution created for tomorrow; a follow-up with nothing in it is
 * refused in Spanish. The incidence is the demo data's
 * newest delivery incidence of hub 1 (no other test follows it up).
 */
import { expect, test } from './test';
import { adminToken, gotoSynced, pullAll, signInSynced } from './support';
import { demoDocs, openDeliveryIncidence } from './choices';
import { FollowUp } from './pages/followUp';

test('an operator reviews, assigns and resolves a delivery incidence; the history and the server keep every change', async ({ page, request }) => {
  const token = await adminToken(request);
  const [incidences, orders] = await Promise.all([pullAll(request, token, 'incidences'), pullAll(request, token, 'orders')]);
  const { incidence, code } = openDeliveryIncidence(demoDocs({ incidences, orders }));
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());

  await signInSynced(page, 'operador@cargobici.test');
  await gotoSynced(page, '/incidence-all-delivered');
  const followUp = new FollowUp(page, code);
  await followUp.find();
  await followUp.expectState('Abierta');

  // Into review, with a person in charge.
  await followUp.open();
  const dialog = followUp.dialog;
  await expect(dialog.getByText('Aún sin cambios: la incidencia está abierta.')).toBeVisible();
  // Saving with nothing changed says what is missing and writes nothing.
  await dialog.getByRole('button', { name: 'Guardar seguimiento' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Escribe una nota o cambia el responsable (o el estado)');
  await followUp.state('En revisión');
  await followUp.assignee('Javier Ruiz Ortega');
  await followUp.note('Llamo al cliente para confirmar el daño');
  await followUp.save('En revisión');
  await expect(followUp.row).toContainText('Javier Ruiz Ortega');

  // Resolved, with the resolution as its note; «Abierta» is no longer offered… but «Resuelta» is.
  await followUp.open();
  await expect(dialog.getByTestId('follow-up-history')).toContainText('Abierta → En revisión');
  await expect(dialog.getByTestId('follow-up-history')).toContainText('«Llamo al cliente para confirmar el daño»');
  await followUp.state('Resuelta');
  await followUp.note('Se repone la caja en la próxima entrega');
  // Resolving creates the re-delivery: a new unplanned order for tomorrow (the date offered).
  const tomorrow = await followUp.redelivery();
  expect(tomorrow > today).toBe(true);
  await followUp.save('Resuelta');

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
  // The re-delivery order: tomorrow, with no route (among that day's unplanned orders), the
  // incidence's product, naming the original; the follow-up's note names it.
  const redelivery = (await pullAll(request, token, 'orders')).filter((o) => o.notes === `Reentrega del pedido ${code}`);
  expect(redelivery.map((o) => [o.date, o.route_id, o.status, (o.lines as { product_id: string }[]).map((l) => l.product_id)])).toEqual([[tomorrow, '', 'pending', [incidence.product_id]]]);
  const resolved = (await pullAll(request, token, 'incidences')).find((i) => i.kind === 'follow-up' && i.follows === incidence.id && i.follow_state === 'resolved');
  expect(String(resolved?.note)).toBe(`Se repone la caja en la próxima entrega · Reentrega: pedido ${String(redelivery[0]?.code)} para el ${tomorrow}`);
});
