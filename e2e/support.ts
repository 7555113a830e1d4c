import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, LoginPage } from './pages/login';

export { DEMO_PASSWORD };

/** Signs in through the /login screen and waits for the shell. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await new LoginPage(page).signIn(email, password);
}

/**
 * Waits until this page's data engine has finished a sync round with nothing of this device left
 * to send: the sync badge says «synced» (`data-sync-state`, see src/ui/layout/SyncIndicator.tsx).
 * Call it before reading anything that comes from the server (a count, a list, a form's data):
 * - after a page load (`goto`, `reload`, signing in): every load starts «idle», so the first
 *   «synced» means the local database holds what the server had when that round ran;
 * - not right after a local write in the same page: until the write is counted the badge may
 *   still show the previous round's «synced». Wait for the write to show (`pending-count`) or
 *   read the server's answer instead.
 * Only the tab that replicates (the first of a browser context) is sure to reach «synced».
 */
export async function waitForSync(page: Page, timeout = 90_000): Promise<void> {
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-sync-state', 'synced', { timeout });
}

/** Signs in and waits for the first sync (see `waitForSync`). */
export async function signInSynced(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await signIn(page, email, password);
  await waitForSync(page);
}

/** Goes to `path` (a full page load) and waits until the data is synced there. */
export async function gotoSynced(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForSync(page);
}

/** A token of the demo admin, for reading the server's state through the sync API. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email: 'admin@cargobici.test', password: DEMO_PASSWORD } });
  expect(res.ok(), 'the demo admin signs in through the API').toBe(true);
  return ((await res.json()) as { accessToken: string }).accessToken;
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


/** Pushes documents through the sync API as the holder of `token`; the server must take them all as sent. */
export async function pushDocs(request: APIRequestContext, token: string, collection: string, rows: { assumedMasterState: Doc | null; newDocumentState: Doc }[]): Promise<void> {
  const res = await request.post(`/api/sync/${collection}/push`, { headers: { Authorization: `Bearer ${token}` }, data: rows });
  expect(res.ok(), `push of ${collection}`).toBe(true);
  expect(await res.json(), `push of ${collection}`).toEqual([]);
}
