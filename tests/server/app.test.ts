import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';

let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cb-app-'));
  const staticDir = join(dir, 'dist');
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>CargoBici</title>');
  writeFileSync(join(staticDir, 'sw.js'), 'self;');
  writeFileSync(join(staticDir, 'assets', 'app-abc.js'), 'console.log(1)');
  app = await buildApp({ dataDir: join(dir, 'data'), staticDir });
});

afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('embedded server', () => {
  it('answers the health check', async () => {
    const res = await app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('serves deep links with index.html (SPA fallback)', async () => {
    const res = await app.inject('/distribution/route-summary/42');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>CargoBici</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers unknown API paths with a JSON 404 in Spanish', async () => {
    const res = await app.inject('/api/no-existe');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });

  it('never caches the service worker and caches hashed assets for good', async () => {
    expect((await app.inject('/sw.js')).headers['cache-control']).toBe('no-cache');
    expect((await app.inject('/assets/app-abc.js')).headers['cache-control']).toContain('immutable');
  });
});

describe('server configuration', () => {
  it('defaults to port 8080 and ./data', () => {
    const c = configFromEnv({});
    expect(c.port).toBe(8080);
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('rejects a bad PORT with a Spanish message', () => {
    expect(() => configFromEnv({ PORT: 'abc' })).toThrow(/PORT debe ser un número entero/);
  });
});
