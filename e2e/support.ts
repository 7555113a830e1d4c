import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'cargobici-demo';

/** Signs in through the /login screen and waits for the shell. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel(/^Contraseña/).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Waits until the service worker controls the page (the app then opens offline). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

export type Doc = Record<string, unknown>;

/** Every live document of a collection, page by page from the sync API. */
export async function pullAll(request: APIRequestContext, token: string, collection: string): Promise<Doc[]> {
  const byId = new Map<string, Doc>();
  let checkpoint = 0;
  for (;;) {
    const res = await request.get(`/api/sync/${collection}/pull?limit=2000&checkpoint=${checkpoint}`, { headers: { Authorization: `Bearer ${token}` } });
    const page = (await res.json()) as { documents: Doc[]; checkpoint: { seq: number } };
    for (const d of page.documents) byId.set(String(d.id), d);
    if (page.documents.length < 2000) break;
    checkpoint = page.checkpoint.seq;
  }
  return [...byId.values()].filter((d) => d._deleted !== true);
}

