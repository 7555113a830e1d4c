/**
 * Finding 4: a production start refuses a data folder holding the demo data or a demo account
 * (their password is public), saying what to do; ADMIN_PASSWORD must meet the password rules.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { startTestServer, type TestServer } from '../helpers/server';

const SMALL = { deliveryPoints: 20, ordersPerDay: 10, ridersPerHub: 1 };
const dirs: string[] = [];
let srv: TestServer | null = null;
afterEach(async () => {
  await srv?.stop();
  srv = null;
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
});

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const address = s.address();
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

function folder(): string {
  const d = mkdtempSync(join(tmpdir(), 'cb-prod-'));
  dirs.push(d);
  return join(d, 'data');
}

async function demoFolder(): Promise<string> {
  const dataDir = folder();
  const demo = await createApp({ dataDir, staticDir: join(dataDir, 'no-pwa'), seed: { mode: 'demo', scale: SMALL } });
  await demo.server.close();
  return dataDir;
}

const production = (dataDir: string, adminPassword = 'una-clave-larga') =>
  createApp({ dataDir, staticDir: join(dataDir, 'no-pwa'), seed: { mode: 'production', adminEmail: 'jefa@empresa.example', adminPassword } });

describe('finding 4: production mode never runs with demo accounts', () => {
  it('refuses a folder started once in demo mode, with the way out', async () => {
    const dataDir = await demoFolder();
    await expect(production(dataDir)).rejects.toThrow(/datos de demostración.*NODE_ENV=production.*DATA_DIR=\/ruta\/nueva.*ADMIN_EMAIL y ADMIN_PASSWORD/);
  });

  it('refuses a folder with one demo account, although it has no demo marker (made by an older version)', async () => {
    const dataDir = folder();
    srv = await startTestServer({ dataDir });
    await srv.stop({ keepData: true });
    srv = null;
    await expect(production(dataDir)).rejects.toThrow(/cuentas/);
  });

  it('refuses an ADMIN_PASSWORD that breaks the password rules', async () => {
    await expect(production(folder(), 'a')).rejects.toThrow('ADMIN_PASSWORD no es válida: La contraseña necesita al menos 8 caracteres.');
  });

  it('refuses an empty folder without a first administrator', async () => {
    const dataDir = folder();
    await expect(createApp({ dataDir, staticDir: join(dataDir, 'no-pwa'), seed: { mode: 'production' } })).rejects.toThrow(/define ADMIN_EMAIL y ADMIN_PASSWORD/);
  });

  it('starts a fresh folder with only the administrator, who signs in; no demo account exists', async () => {
    const dataDir = folder();
    const app = await production(dataDir);
    try {
      await app.server.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const login = (email: string, password: string) =>
        fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
      expect((await login('jefa@empresa.example', 'una-clave-larga')).status).toBe(200);
      expect((await login('admin@cargobici.test', 'cargobici-demo')).status).toBe(401);
      expect(app.store.count('users')).toBe(1);
    } finally {
      await app.server.close();
    }
  });

  it('the real server process exits with the message instead of starting', async () => {
    const dataDir = await demoFolder();
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), ADMIN_EMAIL: 'jefa@empresa.example', ADMIN_PASSWORD: 'una-clave-larga' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    // Should it start after all, stop it (the test then fails on the exit code).
    child.stdout.on('data', (c: Buffer) => {
      if (c.toString().includes('CargoBici en http')) child.kill('SIGTERM');
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('CargoBici no arranca');
    expect(stderr).toContain('datos de demostración');
  }, 60_000);
});
