/**
 * The admins' order-API keys through the server backend's admin API and src/data/apiKeys.ts,
 * against the real embedded server (demo data): create (the secret once), list (no secret, last
 * use after an order), revoke, the refusals, and the create form's Spanish messages.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { AppStore } from '../../src/data/appStore';
import { createServerBackend } from '../../src/backend/server';
import { BackendError } from '../../src/backend/types';
import { apiKeyFormSchema, apiKeyState, createApiKey, defaultApiKeyExpiry, listApiKeys, revokeApiKey, sortApiKeys, type ApiKeyInfo } from '../../src/data/apiKeys';
import { madridDate } from '../../src/domain/dates';
import { addDays } from '../../src/domain/intake';
import { startTestServer, type TestServer } from '../helpers/server';

const PASSWORD = 'cargobici-demo';
const DEMO = { scale: { deliveryPoints: 60, ordersPerDay: 8, ridersPerHub: 1 } } as const;

let server: TestServer | null = null;
const stores: AppStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  await server?.stop();
  server = null;
});

async function signedIn(email: string) {
  if (!server) throw new Error('no server');
  const store = new AppStore(`cb-app-apikeys-${process.pid}-${Date.now()}-${stores.length}`);
  stores.push(store);
  const backend = createServerBackend({ baseUrl: server.url, store });
  await backend.auth.login(email, PASSWORD);
  return backend;
}

describe('order-API keys through the backend seam', () => {
  it('an admin creates a key (shown once), lists it without the secret, sees its last use and revokes it', async () => {
    server = await startTestServer({ fixture: 'none', seed: DEMO });
    const { admin } = await signedIn('admin@cargobici.test');
    const expiry = addDays(madridDate(), 30);
    const created = await createApiKey({ client: 'pascual', name: '  ERP Qualianza pruebas  ', expires_at: expiry }, admin);
    expect(created.id).toMatch(/^ak-/);
    expect(created.key.length).toBeGreaterThan(20);

    const listed = await listApiKeys(admin);
    const info = listed.find((k) => k.id === created.id);
    expect(info).toMatchObject({ client: 'pascual', name: 'ERP Qualianza pruebas', last_used_at: null, revoked_at: null });
    expect(JSON.stringify(listed)).not.toContain(created.key);
    expect(apiKeyState(info as ApiKeyInfo)).toBe('active');

    // The key works on its client's endpoint; the list then shows its last use.
    const used = await fetch(`${server.url}/api/ordersqualianza`, { method: 'POST', headers: { 'x-api-key': created.key, 'content-type': 'application/json' }, body: '{}' });
    expect(used.status).toBe(422); // authenticated, the (empty) order refused
    const after = (await listApiKeys(admin)).find((k) => k.id === created.id);
    expect(after?.last_used_at).toEqual(expect.any(Number));

    const revoked = await revokeApiKey(created.id, admin);
    expect(revoked.revoked_at).toEqual(expect.any(Number));
    expect(apiKeyState(revoked)).toBe('revoked');
    const refused = await fetch(`${server.url}/api/ordersqualianza`, { method: 'POST', headers: { 'x-api-key': created.key, 'content-type': 'application/json' }, body: '{}' });
    expect(refused.status).toBe(401);

    // A key without an expiry lasts one year (the server's default, the form's default).
    const yearly = await createApiKey({ client: 'bimbo', name: 'ERP Bimbo' }, admin);
    const yearlyInfo = (await listApiKeys(admin)).find((k) => k.id === yearly.id);
    expect(madridDate((yearlyInfo?.expires_at ?? 0) - 1)).toBe(defaultApiKeyExpiry());
  });

  it('refusals arrive as BackendErrors with the server’s Spanish message', async () => {
    server = await startTestServer({ fixture: 'none', seed: DEMO });
    const { admin } = await signedIn('admin@cargobici.test');
    const past = createApiKey({ client: 'pascual', name: 'x', expires_at: addDays(madridDate(), -1) }, admin);
    await expect(past).rejects.toBeInstanceOf(BackendError);
    await expect(past).rejects.toMatchObject({ status: 422, code: 'invalid' });
    await expect(revokeApiKey('ak-0000000000000000', admin)).rejects.toMatchObject({ status: 404 });

    const operator = await signedIn('operador@cargobici.test');
    await expect(listApiKeys(operator.admin)).rejects.toMatchObject({ status: 403 });
  });
});

describe('key state and the create form', () => {
  const base: ApiKeyInfo = { id: 'ak-1', client: 'pascual', name: 'a', created_at: 1000, created_by: 'u', expires_at: 5000, last_used_at: null, revoked_at: null };

  it('active until the expiry instant, then expired; revoked wins', () => {
    expect(apiKeyState(base, 4999)).toBe('active');
    expect(apiKeyState(base, 5000)).toBe('expired');
    expect(apiKeyState({ ...base, revoked_at: 2000 }, 3000)).toBe('revoked');
    expect(apiKeyState({ ...base, revoked_at: 2000 }, 9000)).toBe('revoked');
  });

  it('sorts active keys first, newest first', () => {
    const old = { ...base, id: 'old', created_at: 1 };
    const revoked = { ...base, id: 'rev', created_at: 3, revoked_at: 4 };
    const recent = { ...base, id: 'new', created_at: 2 };
    expect(sortApiKeys([old, revoked, recent], 100).map((k) => k.id)).toEqual(['new', 'old', 'rev']);
  });

  it('says what is wrong in each field, in Spanish', () => {
    const schema = apiKeyFormSchema('2026-06-01');
    expect(schema.safeParse({ client: 'pascual', name: 'ERP', expires_at: '2026-06-01' }).success).toBe(true);
    const bad = schema.safeParse({ client: 'synlab', name: '   ', expires_at: '2026-05-31' });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries((bad.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(messages.client).toMatch(/^Cliente: elige/);
    expect(messages.name).toMatch(/^Nombre: escribe/);
    expect(messages.expires_at).toMatch(/no puede ser anterior a hoy/);
    const badDate = schema.safeParse({ client: 'bimbo', name: 'x'.repeat(81), expires_at: '31/12/2026' });
    const m2 = Object.fromEntries((badDate.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(m2.name).toMatch(/80 caracteres/);
    expect(m2.expires_at).toMatch(/fecha válida/);
  });
});
