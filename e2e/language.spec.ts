/**
 * The English catalogue (issue 15): a rider chooses English in «Mi perfil» on his phone. The app
 * speaks English at once (same page, no reload), still after a reload with no signal (the English
 * chunk comes from the service worker's cache), and Spanish comes back the same way. The choice
 * belongs to the device: it changes nothing on the server.
 */
import { expect, test } from './test';
import { gotoSynced, signInSynced, waitForServiceWorker } from './support';

test('a rider switches the app to English and back, also offline after a reload', async ({ page, context }) => {
  await signInSynced(page, 'rider1@cargobici.test');
  await gotoSynced(page, '/profile-user');
  await waitForServiceWorker(page);
  await expect(page.getByText('Tus datos en CargoBici.')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  await page.getByRole('radio', { name: 'English' }).check();
  await expect(page.getByText('Your details in CargoBici.')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Change password' })).toBeVisible();
  // Texts set up when the app started (the theme's) follow the switch too.
  await expect(page.getByRole('button', { name: 'Show or hide the password' }).first()).toBeAttached();
  await expect(page.getByRole('button', { name: 'Mostrar u ocultar la contraseña' })).toHaveCount(0);

  // No signal, reloaded: still English, from the device alone.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Your details in CargoBici.')).toBeVisible();
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-sync-state', 'offline');

  await page.getByRole('radio', { name: 'Español' }).check();
  await expect(page.getByText('Tus datos en CargoBici.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await context.setOffline(false);
});
