/**
 * The admins' order-API keys (/config/api-keys, issue 10): an admin creates a key for Qualianza
 * and sees it once, the key sends a valid order (the example of GET /api/docs with this test's
 * own reference), the list shows its last use, «Revocar» ends it and the same request gets 401.
 */
import { expect, test } from './test';
import { gotoSynced, signInSynced } from './support';

test('an admin creates an API key, sees it once, it is used, then revoked', async ({ page, request }) => {
  const name = `ERP e2e ${Date.now()}`;
  await signInSynced(page, 'admin@cargobici.test');
  await gotoSynced(page, '/config');
  await page.getByRole('link', { name: 'Claves de la API de pedidos' }).click();
  await expect(page).toHaveURL(/\/config\/api-keys$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Claves de la API');

  // Every field is checked, with a Spanish message at the field.
  await page.getByRole('button', { name: 'Crear clave' }).click();
  await expect(page.getByText('Cliente: elige Qualianza (pascual) o Bimbo')).toBeVisible();
  await expect(page.getByText('Nombre: escribe un nombre que diga quién usa la clave')).toBeVisible();

  await page.getByRole('combobox', { name: 'Cliente' }).click();
  await page.getByRole('option', { name: /pascual/ }).click();
  await page.getByRole('textbox', { name: 'Nombre' }).fill(name);
  await page.getByRole('button', { name: 'Crear clave' }).click();

  const dialog = page.getByRole('dialog', { name: 'Clave creada: cópiala ahora' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/única vez que se muestra la clave/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copiar' })).toBeVisible();
  const keyInput = dialog.getByLabel('Clave de la API');
  await expect(keyInput).not.toHaveValue('');
  const key = await keyInput.inputValue();
  await dialog.getByRole('button', { name: 'Ya la he guardado' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('body')).not.toContainText(key);

  const row = page.getByTestId('api-keys').getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Activa');
  await expect(row.getByTestId('last-used')).toHaveText('Nunca');

  // The key sends a valid order: the documentation's example, with this test's own reference.
  const docs = (await (await request.get('/api/docs')).json()) as { paths: Record<string, { post: { requestBody: { content: { 'application/json': { example: Record<string, unknown> } } } } }> };
  const example = docs.paths['/api/ordersqualianza']?.post.requestBody.content['application/json'].example;
  expect(example).toBeTruthy();
  const order = { ...example, pedido: `E2E-AK-${Date.now()}` };
  const sent = await request.post('/api/ordersqualianza', { headers: { 'X-Api-Key': key }, data: order });
  expect(sent.status(), await sent.text()).toBe(201);

  await page.reload();
  await expect(row.getByTestId('last-used')).not.toHaveText('Nunca');
  await expect(row.getByTestId('last-used')).toHaveText(/\d{2}:\d{2}/);

  await row.getByRole('button', { name: 'Revocar' }).click();
  const confirm = page.getByRole('dialog', { name: `Revocar la clave «${name}»` });
  await confirm.getByRole('button', { name: 'Revocar' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Revocada');
  await expect(row.getByRole('button', { name: 'Revocar' })).toHaveCount(0);

  const refused = await request.post('/api/ordersqualianza', { headers: { 'X-Api-Key': key }, data: { ...order, pedido: `E2E-AK-${Date.now()}-2` } });
  expect(refused.status()).toBe(401);
});
