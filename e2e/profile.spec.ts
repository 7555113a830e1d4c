/**
 * The profile's password change (issue 5's screen, on the shared action feedback of issue 16): a
 * new password too short is refused before anything is sent, a wrong current password is refused
 * by the server in Spanish, the right one changes it and says so; the new password then signs in.
 * The user is this test's own, made through the API (no other test signs in as him).
 */
import { expect, test } from './test';
import { DEMO_PASSWORD, adminToken, gotoSynced, pullAll, signInSynced, type Doc } from './support';

test('a user changes his password from his profile; a short or a wrong one is refused in Spanish', async ({ page, request }) => {
  const token = await adminToken(request);
  const model = (await pullAll(request, token, 'users')).find((u) => u.id === 'u-operador-mad') as Doc;
  const tag = `pf${Date.now().toString(36)}`;
  const user = { ...model, id: `u-${tag}`, email: `${tag}@cargobici.test`, name: `Pilar Perfil ${tag}`, updated_at: Date.now() };
  const push = await request.post('/api/sync/users/push', { headers: { Authorization: `Bearer ${token}` }, data: [{ assumedMasterState: null, newDocumentState: user }] });
  expect(await push.json()).toEqual([]);
  const set = await request.post('/api/auth/admin/password', { headers: { Authorization: `Bearer ${token}` }, data: { userId: user.id, password: DEMO_PASSWORD } });
  expect(set.status()).toBe(204);

  await signInSynced(page, user.email);
  await gotoSynced(page, '/profile-user');
  const current = page.getByLabel('Contraseña actual');
  const next = page.getByLabel('Contraseña nueva');
  const submit = page.getByRole('button', { name: 'Cambiar contraseña' });

  await current.fill(DEMO_PASSWORD);
  await next.fill('corta');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('La contraseña necesita al menos 8 caracteres');

  await current.fill('no-es-la-mia');
  await next.fill('bicis-de-carga-2026');
  await submit.click();
  await expect(page.getByRole('alert')).toContainText('La contraseña actual no es correcta');
  await expect(page.getByRole('status').filter({ hasText: 'Contraseña cambiada.' })).toHaveCount(0);

  await current.fill(DEMO_PASSWORD);
  await next.fill('bicis-de-carga-2026');
  await submit.click();
  await expect(page.getByRole('status').filter({ hasText: 'Contraseña cambiada.' })).toBeVisible();
  await expect(current).toHaveValue('');
  await expect(page.getByRole('alert')).toHaveCount(0);

  const login = await request.post('/api/auth/login', { data: { email: user.email, password: 'bicis-de-carga-2026' } });
  expect(login.ok(), 'the new password signs in').toBe(true);
});
