/** Starts the real embedded server on loopback with a fresh data directory. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type App, type AppOptions } from '../../server/app';
import type { LocalCollection } from '../../src/domain/collections';
import type { StoredDoc } from '../../server/store';
import { PASSWORD, smallOperation } from './fixtures';

export interface TestServer extends App {
  readonly url: string;
  readonly dataDir: string;
  login(email: string, password?: string): Promise<{ accessToken: string; refreshToken: string; user: Record<string, unknown> }>;
  api(path: string, init?: { method?: string; token?: string; body?: unknown }): Promise<{ status: number; body: unknown }>;
  stop(opts?: { keepData?: boolean }): Promise<void>;
}

export function seedDocs(app: App, docs: Partial<Record<LocalCollection, Record<string, unknown>[]>>): void {
  app.store.transaction(() => {
    for (const [collection, list] of Object.entries(docs) as [LocalCollection, Record<string, unknown>[]][]) {
      for (const d of list) app.store.put(collection, { ...d, _deleted: false } as StoredDoc);
    }
  });
}

export async function startTestServer(
  /** `port` and `dataDir` let a test restart a server on the same address with the same data. */
  opts: Partial<AppOptions> & { fixture?: 'small' | 'none'; dataDir?: string; port?: number } = {},
): Promise<TestServer> {
  const { port = 0, fixture: _fixture, ...appOpts } = opts;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'cb-server-'));
  const app = await createApp({ staticDir: join(dataDir, 'no-pwa'), seed: false, ...appOpts, dataDir });
  if ((opts.fixture ?? 'small') === 'small' && app.store.count('users') === 0) {
    const op = smallOperation();
    seedDocs(app, op);
    for (const u of op.users) app.auth.setPassword(u.id, u.email, PASSWORD);
  }
  await app.server.listen({ port, host: '127.0.0.1' });
  const address = app.server.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const api: TestServer['api'] = async (path, init = {}) => {
    const res = await fetch(`${url}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      // keep text
    }
    return { status: res.status, body };
  };

  return {
    ...app,
    url,
    dataDir,
    api,
    async login(email, password = PASSWORD) {
      const res = await api('/api/auth/login', { body: { email, password } });
      if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { accessToken: string; refreshToken: string; user: Record<string, unknown> };
    },
    async stop(stopOpts = {}) {
      // Node's fetch (undici) may keep a fresh, never-used socket open after an aborted stream;
      // the server would wait for its keep-alive timeout. The test is over: stop accepting, then
      // cut every connection left at once.
      const closing = app.server.close();
      app.server.server.closeAllConnections();
      await closing;
      if (!stopOpts.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
