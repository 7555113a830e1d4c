/**
 * Keep: no acknowledged write is lost when the server process is killed (SIGKILL, no chance to
 * close anything). The real server (server/main.ts, demo data) runs as a child process; devices
 * push delivery events without pause; the process is killed in the middle, restarted on the same
 * data folder, three times. Every write the server answered 200 to is stored afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/demo/generate';

const dir = mkdtempSync(join(tmpdir(), 'cb-sigkill-'));
const dataDir = join(dir, 'data');
let child: ChildProcess | null = null;
afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const address = s.address();
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

async function start(port: number): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: join(dir, 'no-pwa') },
    stdio: 'ignore',
  });
  const until = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`the server exited with ${proc.exitCode}`);
    if (Date.now() > until) throw new Error('the server did not start');
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return proc;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Doc = Record<string, unknown>;

async function json(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, init);
  return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
}

describe('keep: acknowledged writes survive SIGKILL', () => {
  it('every write answered 200 is stored after three kills and restarts', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = await start(port);
    const login = await json(`${base}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'operador@cargobici.test', password: DEMO_PASSWORD }) });
    expect(login.status).toBe(200);
    const token = (login.body as { accessToken: string }).accessToken;
    const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const bike = (id: string) => ({ id, code: id.toUpperCase().slice(-16), model_id: 'bm-1', hub: 1, status: 'available', battery_pct: 80, last_service_date: '', notes: '', updated_at: 1, _deleted: false });

    const acknowledged: string[] = [];
    let n = 0;
    for (let round = 0; round < 3; round += 1) {
      // Four writers push batches without pause; the process is killed after some answers.
      let stop = false;
      const writer = async (w: number) => {
        while (!stop) {
          const ids = Array.from({ length: 5 }, () => `bk-${round}-${w}-${(n += 1)}`);
          const res = await fetch(`${base}/api/sync/bikes/push`, { method: 'POST', headers: auth, body: JSON.stringify(ids.map((id) => ({ assumedMasterState: null, newDocumentState: bike(id) }))) }).catch(() => null);
          if (!res) return; // the server is gone: this batch was never acknowledged
          if (res.status === 200 && JSON.stringify(await res.json()) === '[]') acknowledged.push(...ids);
        }
      };
      const writers = [0, 1, 2, 3].map(writer);
      const target = acknowledged.length + 150;
      while (acknowledged.length < target) await new Promise((resolve) => setTimeout(resolve, 5));
      child.kill('SIGKILL');
      await new Promise((resolve) => child?.once('exit', resolve));
      stop = true;
      await Promise.all(writers);
      child = await start(port);
    }

    // Every acknowledged bike is on the restarted server (read with the same, still valid session).
    const stored = new Set<string>();
    let checkpoint = 0;
    for (;;) {
      const page = await json(`${base}/api/sync/bikes/pull?limit=2000&checkpoint=${checkpoint}`, { headers: auth });
      const { documents, checkpoint: next } = page.body as { documents: Doc[]; checkpoint: { seq: number } };
      for (const d of documents) stored.add(String(d.id));
      if (documents.length < 2000) break;
      checkpoint = next.seq;
    }
    const lost = acknowledged.filter((id) => !stored.has(id));
    expect(acknowledged.length).toBeGreaterThanOrEqual(450);
    expect(lost).toEqual([]);
  }, 180_000);
});
