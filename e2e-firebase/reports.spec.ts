import { expect, test } from './test';
import { gotoSynced, signInSynced } from '../e2e/support';
import { E2E_PASSWORD, madridToday } from './seed';
import { firestoreDocs } from './support';
import { runNow } from '../e2e/clock';

/**
 * «Informes» on the Firebase backend (issue 34): the report is aggregated on the device from what
 * Firestore synced to it, so its figures are Firestore's; a figure opens the orders behind it.
 */
test('Informes on Firebase: today’s orders are Firestore’s, and the figure opens them', async ({ page }) => {
  const today = madridToday(new Date(runNow()));
  const orders = (await firestoreDocs('cb_orders')).filter((o) => o.date === today);
  expect(orders.length, 'the seeded day has orders').toBeGreaterThan(0);

  await signInSynced(page, 'admin@cargobici.test', E2E_PASSWORD);
  await gotoSynced(page, '/reports');
  const service = page.getByTestId('report-table-servicio');
  const figure = service.getByRole('button', { name: `Ver los pedidos de «Pedidos» (${orders.length})` });
  await expect(figure).toBeVisible({ timeout: 30_000 });

  await figure.click();
  const drawer = page.getByTestId('report-orders');
  await expect(drawer.locator('[data-order-id]')).toHaveCount(orders.length);
  for (const o of orders) await expect(drawer.locator(`[data-order-id="${String(o.id)}"]`)).toBeVisible();
});
