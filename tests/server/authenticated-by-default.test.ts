/**
 * Every /api route asks for a session unless it is on PUBLIC_API (server/authenticate.ts): the
 * routes are listed as Fastify registers them (onRoute), so a route added tomorrow is checked
 * without touching this file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_API, createApp, type App } from '../../server/app';
import { principalOf, publicRoutes, registerAuthentication } from '../../server/authenticate';
import { AuthError } from '../../server/authCore';
import { PASSWORD, smallOperation } from '../helpers/fixtures';
import { ORDER_API_PATHS } from '../../server/routes/orderApi';
import { t } from '../../src/i18n';
import { seedDocs } from '../helpers/server';

let dir: string;
let app: App;
const isPublicRoute = publicRoutes(PUBLIC_API);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cb-auth-default-'));
  app = await createApp({ dataDir: join(dir, 'data'), staticDir: join(dir, 'no-pwa'), seed: false });
  const op = smallOperation();
  seedDocs(app, op);
  for (const u of op.users) app.auth.setPassword(u.id, u.email, PASSWORD);
  await app.server.ready();
});

afterAll(async () => {
  await app.server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A concrete URL of a registered path pattern (parameters filled with plausible values). */
function concrete(url: string): string {
  return url.replace(':collection', 'orders').replace('*', 'deliveries/u1/e1.png');
}

const NO_SESSION = { error: 'no_token', message: 'Falta la sesión: inicia sesión', key: 'server.auth.noToken' };

describe('authenticated by default', () => {
  it('lists the API routes as they are registered, the known ones among them', () => {
    const keys = app.routes.map((r) => `${r.method} ${r.url}`);
    expect(keys).toEqual(expect.arrayContaining(['GET /api/health', 'POST /api/auth/login', 'GET /api/sync/:collection/pull', 'PUT /api/files/*', 'GET /api/admin/refusals']));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('refuses every route outside the public list without a session, with 401 and the Spanish body', async () => {
    const closed = app.routes.filter((r) => !isPublicRoute(r.method, r.url));
    expect(closed.length).toBeGreaterThanOrEqual(11);
    for (const r of closed) {
      const res = await app.server.inject({ method: r.method as 'GET', url: concrete(r.url) });
      expect({ route: `${r.method} ${r.url}`, status: res.statusCode, body: res.json() as unknown }).toEqual({
        route: `${r.method} ${r.url}`,
        status: 401,
        body: NO_SESSION,
      });
    }
  });

  it('refuses a forged or malformed token on every closed route', async () => {
    for (const r of app.routes.filter((x) => !isPublicRoute(x.method, x.url))) {
      const res = await app.server.inject({ method: r.method as 'GET', url: concrete(r.url), headers: { authorization: 'Bearer abc.def' } });
      expect([`${r.method} ${r.url}`, res.statusCode]).toEqual([`${r.method} ${r.url}`, 401]);
      expect(res.json()).toMatchObject({ error: 'invalid_token' });
    }
  });

  it('answers the public routes without a session (never 401 for a missing one)', async () => {
    const open = app.routes.filter((r) => isPublicRoute(r.method, r.url));
    expect(open.map((r) => `${r.method} ${r.url}`).sort()).toEqual(PUBLIC_API.filter((k) => app.routes.some((r) => `${r.method} ${r.url}` === k)).sort());
    for (const r of open) {
      const res = await app.server.inject({ method: r.method as 'GET', url: r.url, ...(r.method === 'POST' ? { payload: {} } : {}) });
      if (r.method === 'POST' && ORDER_API_PATHS.includes(`${r.method} ${r.url}`)) {
        // The clients' order API needs no session but its own key: a missing key is refused as such.
        expect([`${r.method} ${r.url}`, res.statusCode, res.json<{ message: string }>().message]).toEqual([`${r.method} ${r.url}`, 401, t('orderApi.error.missingKey')]);
      } else {
        expect([`${r.method} ${r.url}`, res.statusCode === 401]).toEqual([`${r.method} ${r.url}`, false]);
      }
    }
  });

  it('lets a valid session through to the handler, which sees the signed-in user', async () => {
    const login = await app.server.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'operador@cargobici.test', password: PASSWORD } });
    expect(login.statusCode).toBe(200);
    const { accessToken } = login.json<{ accessToken: string }>();
    const me = await app.server.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'operador@cargobici.test' });
  });

  it('keeps the unknown API paths a JSON 404 (no route, nothing to authenticate)', async () => {
    const res = await app.server.inject({ method: 'GET', url: '/api/no-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('the hook on a route nobody listed', () => {
  it('closes a new /api route by default and leaves other paths alone', async () => {
    const server = Fastify();
    const auth = { authenticate: () => { throw new AuthError(401, 'no_token', 'server.auth.noToken'); } };
    registerAuthentication(server, auth as never, ['GET /api/health']);
    server.setErrorHandler((err, _req, reply) => (err instanceof AuthError ? reply.code(err.status).send({ error: err.code, message: err.message }) : reply.code(500).send()));
    server.get('/api/something-new', async (req) => ({ user: principalOf(req).id }));
    server.get('/api/health', async () => ({ status: 'ok' }));
    server.get('/not-api', async () => 'page');
    expect((await server.inject('/api/something-new')).statusCode).toBe(401);
    expect((await server.inject('/api/health')).statusCode).toBe(200);
    expect((await server.inject('/not-api')).statusCode).toBe(200);
    await server.close();
  });

  it('principalOf refuses on a public route (a handler there has no user)', async () => {
    const server = Fastify();
    registerAuthentication(server, {} as never, ['GET /api/health']);
    server.setErrorHandler((err, _req, reply) => (err instanceof AuthError ? reply.code(err.status).send({ error: err.code }) : reply.code(500).send()));
    server.get('/api/health', async (req) => ({ user: principalOf(req).id }));
    const res = await server.inject('/api/health');
    expect(res.statusCode).toBe(401);
    await server.close();
  });
});
