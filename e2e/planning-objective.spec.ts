import { expect, test } from './test';
import { adminToken, signInSynced, gotoSynced } from './support';
import { madridDate, ordersFor } from './planningData';

/**
 * The planning objective per hub (issue 32): «Mínimo de repartidores» by default, the proposal
 * shows its routes against the lower bound, and «Repartir entre los disponibles» is remembered for
 * the hub on this device after a reload.
 */

test('the board plans with the hub’s objective, shows routes against the fewest possible, and remembers the choice', async ({ page, request }) => {
  test.setTimeout(240_000);
  const token = await adminToken(request);
  const date = madridDate(7);
  await ordersFor(request, token, date, `ob${Date.now().toString(36)}`);

  await signInSynced(page, 'operador@cargobici.test');
  await gotoSynced(page, '/routed');
  await page.getByTestId('board-date').fill(date);
  await expect(page.getByTestId('unplanned-point')).toHaveCount(4);
  const objective = page.getByTestId('board-objective');
  await expect(objective).toHaveValue('Mínimo de repartidores');

  await page.getByRole('button', { name: 'Optimizar' }).click();
  const proposal = page.getByTestId('proposal');
  await expect(proposal).toBeVisible({ timeout: 60_000 });
  // Four small orders fit one bike: one route, and the bound says one is the fewest possible.
  await expect(proposal.getByTestId('proposal-bound')).toHaveText('1 ruta (mínimo posible: 1) · Mínimo de repartidores');
  await proposal.getByRole('button', { name: 'Descartar' }).click();
  await expect(proposal).toHaveCount(0);

  await objective.click();
  await page.getByRole('option', { name: 'Repartir entre los disponibles' }).click();
  await expect(objective).toHaveValue('Repartir entre los disponibles');
  await page.reload();
  await page.getByTestId('board-date').fill(date);
  await expect(page.getByTestId('board-objective')).toHaveValue('Repartir entre los disponibles');
  await page.getByRole('button', { name: 'Optimizar' }).click();
  await expect(page.getByTestId('proposal')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('proposal-bound')).toContainText('(mínimo posible: 1) · Repartir entre los disponibles');
});
