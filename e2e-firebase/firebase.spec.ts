import { expect, test } from './test';
import { LoginPage } from '../e2e/pages/login';
import { gotoSynced, signInSynced, waitForServiceWorker } from '../e2e/support';
import { E2E_PASSWORD } from './seed';
import { firestoreDoc, firestoreDocs, idToken, storedFile } from './support';

/**
 * The app built with VITE_BACKEND=firebase, on the emulators (scripts/e2e-firebase-server.ts):
 * Firebase Auth sign-in with the profile's role, the rider's offline round reaching Firestore and
 * Storage, and a change on one device showing on another through Firestore's snapshots.
 * Users (e2e-firebase/seed.ts): each test owns its own.
 */
const LIVE = { timeout: 30_000 };

test('signs in with Firebase Auth: a wrong password is refused in Spanish; the role comes from the profile', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.attempt('operador@cargobici.test', 'no-es-esta');
  await expect(login.error).toHaveText(/Correo o contraseña incorrectos/);
  await expect(page).toHaveURL(/\/login/);
  await signInSynced(page, 'operador@cargobici.test', E2E_PASSWORD);
  // The operator's menu (role «operator» from his profile in cb_users) and his own data.
  await gotoSynced(page, '/profile-user');
  await expect(page.getByLabel('Nombre')).toHaveValue('Olga Operadora');
});

test('a rider delivers offline with a signature; back online the event, the order and the signature reach Firebase', async ({ browser }) => {
  test.setTimeout(300_000);
  const ctx = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  await signInSynced(page, 'rider1@cargobici.test', E2E_PASSWORD);
  await gotoSynced(page, '/order_id/o1/rider_id/u-rider1/route_id/r1');
  await expect(page.getByTestId('order-line').first()).toBeVisible();
  await waitForServiceWorker(page);

  await ctx.setOffline(true);
  await page.getByRole('button', { name: 'Continuar a firma y cobro' }).click();
  await page.locator('label').filter({ hasText: /^Tarjeta$/ }).click();
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 40, box.y + 40);
  await page.mouse.down();
  for (let i = 1; i <= 10; i += 1) await page.mouse.move(box.x + 40 + i * 25, box.y + 40 + (i % 2) * 30, { steps: 2 });
  await page.mouse.up();
  await page.getByLabel('Nombre de quien firma').fill('Carla Ruiz');
  await page.getByRole('button', { name: 'Confirmar entrega' }).click();
  await expect(page.getByTestId('stop-of')).toBeVisible();
  await expect(page.getByTestId('pending-count')).toBeVisible();
  // Nothing reached Firestore while offline.
  expect((await firestoreDocs('cb_deliveries')).filter((e) => e.order_id === 'o1')).toEqual([]);

  await ctx.setOffline(false);
  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: 90_000 });
  const events = (await firestoreDocs('cb_deliveries')).filter((e) => e.order_id === 'o1');
  expect(events.filter((e) => e.kind === 'delivered')).toHaveLength(1);
  expect(events.find((e) => e.kind === 'delivered')).toMatchObject({ rider_id: 'u-rider1', route_id: 'r1', created_by: 'u-rider1' });
  expect(events.filter((e) => e.kind === 'signed')).toHaveLength(1);
  expect(events.find((e) => e.kind === 'signed')).toMatchObject({ signer_name: 'Carla Ruiz', signature_file: 'deliveries/u-rider1/sig-o1.png' });
  expect((await firestoreDoc('cb_orders', 'o1'))?.status).toBe('delivered');
  // The signature's image in Storage (the fake), under the rider's own folder, as an admin reads it.
  const token = await idToken('admin@cargobici.test', E2E_PASSWORD);
  await expect.poll(() => storedFile('deliveries/u-rider1/sig-o1.png', token), LIVE).toMatchObject({ contentType: 'image/png' });
  await ctx.close();
});

test('a change on one device shows on another without a reload, both ways', async ({ browser }) => {
  const riderCtx = await browser.newContext();
  const adminCtx = await browser.newContext();
  const rider = await riderCtx.newPage();
  const admin = await adminCtx.newPage();
  await signInSynced(rider, 'rider2@cargobici.test', E2E_PASSWORD);
  await signInSynced(admin, 'admin@cargobici.test', E2E_PASSWORD);
  await gotoSynced(rider, '/profile-user');
  await gotoSynced(admin, '/crud-user');
  await expect(admin.getByTestId('crud-row').first()).toBeVisible();

  // Rider → admin.
  const name = `Rosa Dos ${Date.now() % 10000}`;
  await rider.getByLabel('Nombre').fill(name);
  await rider.getByRole('button', { name: 'Guardar' }).first().click();
  await admin.getByTestId('crud-search').fill(name);
  await expect(admin.getByTestId('crud-row').filter({ hasText: name })).toBeVisible(LIVE);
  expect((await firestoreDoc('cb_users', 'u-rider2'))?.name).toBe(name);

  // Admin → rider.
  await admin.getByTestId('crud-row').filter({ hasText: name }).getByRole('link', { name: 'Editar' }).click();
  await admin.getByLabel('Teléfono').fill('+34 611 222 333');
  await admin.getByRole('button', { name: 'Guardar' }).first().click();
  await expect(rider.getByLabel('Teléfono')).toHaveValue('+34 611 222 333', LIVE);
  await riderCtx.close();
  await adminCtx.close();
});
