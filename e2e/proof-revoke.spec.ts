import { expect, test } from './test';
import { adminToken, gotoSynced, pullAll, signInSynced } from './support';
import { t } from '../src/i18n';
import { demoDocs, signedDelivery } from './choices';

/**
 * Issue 29, finding 9: an operator revokes an order's public albarán links from the order's proof
 * page before their 30 days; the client who opens a revoked link is told so in Spanish.
 */
test('an operator revokes the public link of an order, and the link says it was revoked', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  const [deliveries, orders] = await Promise.all([pullAll(request, token, 'deliveries'), pullAll(request, token, 'orders')]);
  // An order of the operator's hub (1): he revokes links of his hub's orders only (issue 29, finding 6).
  const hubOne = new Set(orders.filter((o) => o.hub === 1).map((o) => String(o.id)));
  // Not the order e2e/proof.spec.ts makes a link for (run side by side, its link would be revoked too).
  const proofSpecOrder = String(signedDelivery(demoDocs({ deliveries, orders }), 1).order.id);
  const delivered = deliveries.filter((d) => d.kind === 'delivered' && hubOne.has(String(d.order_id)) && String(d.order_id) !== proofSpecOrder).sort((a, b) => Number(b.at) - Number(a.at))[0];
  if (!delivered) throw new Error('the demo data has no delivered order');

  await signInSynced(page, 'operador@cargobici.test');
  await gotoSynced(page, `/proof-of-delivery/${encodeURIComponent(String(delivered.order_id))}`);
  await page.getByRole('button', { name: t('proof.link.create') }).click();
  const linkField = page.getByTestId('proof-link');
  await expect(linkField).toHaveValue(/\/albaran\/[A-Za-z0-9_-]{43}$/);
  const link = await linkField.inputValue();

  await page.getByRole('button', { name: t('proof.link.revoke') }).click();
  await expect(page.getByTestId('proof-link-revoked')).toHaveText(t('proof.link.revoked', { count: 1 }));
  await expect(linkField).toHaveCount(0);

  const visitor = await browser.newContext();
  try {
    const guest = await visitor.newPage();
    await guest.goto(link);
    await expect(guest.getByTestId('proof-error')).toHaveText(t('proof.errors.loadFailed', { message: t('proof.errors.linkRevoked') }));
  } finally {
    await visitor.close();
  }
});
