/** Steps the back-office specs share (e2e/backoffice.spec.ts, e2e/configuration.spec.ts): unique names, signing in, the CRUD kit's list and form. */
import type { Page } from '@playwright/test';
import { expect } from '../test';
import { EntityForm, EntityList } from './entityList';
import { gotoSynced, signInSynced } from '../support';

export const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

/** Signs in and waits until the first sync brought everything (reference data, orders…). */
export async function signInAndSync(page: Page, email = 'admin@cargobici.test'): Promise<void> {
  await signInSynced(page, email);
  await gotoSynced(page, '/hub');
  await expect(page.getByTestId('crud-count')).toHaveText(/^[1-9]\d* de [1-9]\d*$/);
}

/** Steps of the CRUD kit for the tests below that work on whatever list or form is open. */
export async function expectRow(page: Page, text: string) {
  return new EntityList(page, page.url()).row(text);
}

export async function expectNoRow(page: Page, text: string) {
  await new EntityList(page, page.url()).expectNoRow(text);
}

export async function pick(page: Page, label: string, option: string | RegExp) {
  await new EntityForm(page).choose(label, option);
}

export async function save(page: Page, message = 'Guardado') {
  await new EntityForm(page).save(message);
}

export async function deleteFromForm(page: Page) {
  await new EntityForm(page).delete();
}
