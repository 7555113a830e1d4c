/**
 * Issue 13: an operator settles card payments in bulk from the payment provider's statement. The
 * statement is built from the demo data: one card payment of the oldest day (no other test reads
 * it), one cash payment (settled at the hub, not by a statement), a line with no order, and a
 * line whose amount cannot be read. Only the card payment is settled; the server holds it as
 * «Conciliado» with who settled it; the same statement again changes nothing.
 */
import { expect, test } from './test';
import { adminToken, gotoSynced, pullAll, signInSynced } from './support';
import { demoDocs, settlementPayments } from './choices';

function euros(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}

test('an operator settles a card payment from the provider’s statement; unmatched and unreadable lines are listed; loading it again changes nothing', async ({ page, request }) => {
  const token = await adminToken(request);
  const [payments, orders, routes] = await Promise.all([pullAll(request, token, 'payments'), pullAll(request, token, 'orders'), pullAll(request, token, 'routes')]);
  // Payments of hub 1's routes (the operator's hub), oldest day first.
  const { card, cash, cardCode, cashCode } = settlementPayments(demoDocs({ payments, orders, routes }));
  const statement = [
    'Fecha;Concepto;Importe',
    `23/11/2026;Cobro TPV ${cardCode};${euros(Number(card.amount_collected_cents))}`,
    `23/11/2026;${cashCode};${euros(Number(cash.amount_collected_cents))}`,
    '23/11/2026;Devolución sin pedido;10,00',
    `23/11/2026;${cardCode};doce euros`,
  ].join('\n');

  await signInSynced(page, 'operador@cargobici.test');
  await gotoSynced(page, '/payments/all_orders');
  await page.getByRole('tab', { name: 'Liquidar tarjeta y transferencia' }).click();
  await page.getByTestId('settlement-file').setInputFiles({ name: 'extracto-tpv.csv', mimeType: 'text/csv', buffer: Buffer.from(statement, 'utf-8') });

  const summary = page.getByTestId('settlement-summary');
  await expect(summary.locator('[data-kind="settle"]')).toHaveText('A liquidar: 1');
  await expect(summary.locator('[data-kind="not_settleable"]')).toHaveText('No se liquidan así: 1');
  await expect(summary.locator('[data-kind="unmatched"]')).toHaveText('Sin pedido: 1');
  await expect(page.getByTestId('settlement-problems')).toContainText('Fila 5, columna «Importe»: «doce euros» no es un importe');
  await expect(page.getByRole('row').filter({ hasText: cashCode })).toContainText('Efectivo');
  // Nothing is written before «Liquidar».
  expect((await pullAll(request, token, 'payments')).find((p) => p.id === card.id)?.status).toBe(card.status);

  await page.getByTestId('settlement-apply').click();
  await expect(summary.locator('[data-kind="already"]')).toHaveText('Ya conciliados: 1');
  await expect(summary.locator('[data-kind="settle"]')).toHaveCount(0);
  await expect(page.getByTestId('settlement-apply')).toBeDisabled();
  await expect
    .poll(async () => {
      const now = (await pullAll(request, token, 'payments')).find((p) => p.id === card.id);
      return [now?.status, now?.reviewed_by];
    }, { timeout: 90_000 })
    .toEqual(['reconciled', 'u-operador']);
  const cashNow = (await pullAll(request, token, 'payments')).find((p) => p.id === cash.id);
  expect(cashNow?.status).toBe(cash.status);

  // The same statement again: nothing to settle.
  await page.getByTestId('settlement-file').setInputFiles({ name: 'extracto-tpv.csv', mimeType: 'text/csv', buffer: Buffer.from(statement, 'utf-8') });
  await expect(summary.locator('[data-kind="already"]')).toHaveText('Ya conciliados: 1');
  await expect(page.getByTestId('settlement-apply')).toHaveText('Ninguna línea se puede liquidar');
});
