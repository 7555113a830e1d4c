import { expect, test } from './test';
import { adminToken, gotoSynced, pullAll, signInSynced } from './support';
import { demoDocs, signedDelivery } from './choices';
import { t } from '../src/i18n';

/**
 * Issue 13: proof of delivery. An operator opens a delivered demo order's albarán (read-only demo
 * data: the latest signed delivery), makes the client's public link; a fresh browser context with
 * no account opens the link and sees that order's albarán: the signer's name and the signature
 * image served through the link. A wrong link says so in Spanish.
 */
test('an operator opens a delivered order’s albarán and its public link works without an account', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  const [deliveries, orders] = await Promise.all([pullAll(request, token, 'deliveries'), pullAll(request, token, 'orders')]);
  // An order of the operator's hub (1): he makes links of his hub's orders only (issue 29, finding 6).
  const { signed, order } = signedDelivery(demoDocs({ deliveries, orders }), 1);
  const signer = String(signed.signer_name);
  const code = String(order.code);

  await signInSynced(page, 'operador@cargobici.test');
  await gotoSynced(page, `/proof-of-delivery/${encodeURIComponent(String(order.id))}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('routeTitles.proofOfDelivery'));
  const doc = page.getByTestId('proof-document');
  await expect(doc.getByRole('heading', { level: 2 })).toHaveText(t('proof.document', { code }));
  await expect(doc.getByTestId('proof-outcome')).toHaveText(t('proof.outcomes.delivered'));
  await expect(doc.getByTestId('proof-signer')).toHaveText(signer);
  await expect(doc.getByRole('img', { name: t('proof.signatureOf', { name: signer }) })).toBeVisible();
  await expect(page.getByRole('button', { name: t('proof.print') })).toBeVisible();

  await page.getByRole('button', { name: t('proof.link.create') }).click();
  const linkField = page.getByTestId('proof-link');
  await expect(linkField).toHaveValue(/\/albaran\/[A-Za-z0-9_-]{43}$/);
  const link = await linkField.inputValue();

  // A visitor without an account: a new browser context, nothing signed in.
  const visitor = await browser.newContext();
  try {
    const guest = await visitor.newPage();
    await guest.goto(link);
    await expect(guest).toHaveURL(link);
    await expect(guest.getByRole('heading', { level: 1 })).toHaveText(t('routeTitles.publicProof'));
    const shown = guest.getByTestId('proof-document');
    await expect(shown.getByRole('heading', { level: 2 })).toHaveText(t('proof.document', { code }));
    await expect(shown.getByTestId('proof-signer')).toHaveText(signer);
    const signature = shown.getByRole('img', { name: t('proof.signatureOf', { name: signer }) });
    await expect(signature).toBeVisible();
    await expect(signature).toHaveAttribute('src', /\/api\/public\/proof\/[A-Za-z0-9_-]{43}\/signature$/);
    // The image really loaded (served through the token, no session).
    await expect.poll(() => signature.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expect(guest.getByRole('navigation', { name: t('app.navigation') })).toHaveCount(0);

    // A wrong link: the server's Spanish refusal.
    await guest.goto(link.replace(/.{4}$/, 'AAAA') === link ? link.replace(/.{4}$/, 'BBBB') : link.replace(/.{4}$/, 'AAAA'));
    await expect(guest.getByTestId('proof-error')).toHaveText(t('proof.errors.loadFailed', { message: t('proof.errors.linkInvalid') }));
  } finally {
    await visitor.close();
  }
});
