/**
 * Finding 16: the data folder holds password hashes and the token signing key: it is created
 * 0700, the SQLite files and uploaded files 0600, and a folder made looser by an older version
 * is tightened when the server starts.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { raw } from './helpers';

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('firma')]);

let srv: TestServer | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await srv?.stop();
  srv = null;
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
});

function parent(): string {
  const d = mkdtempSync(join(tmpdir(), 'cb-perm-'));
  dirs.push(d);
  return d;
}

describe('finding 16: only the server’s user reads the data folder', () => {
  it('creates the folder 0700, the database files and uploads 0600', async () => {
    const dataDir = join(parent(), 'data');
    const s = await startTestServer({ dataDir });
    srv = s;
    const { accessToken } = await s.login('rider1@cargobici.test');
    const put = await raw(s.url, { method: 'PUT', path: '/api/files/deliveries/u-rider1/sig-o1.png', rawBody: PNG, headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'image/png' } });
    expect(put.status).toBe(201);
    expect(mode(dataDir)).toBe('700');
    for (const f of ['cargobici.sqlite', 'cargobici.sqlite-wal', 'cargobici.sqlite-shm']) expect(mode(join(dataDir, f)), f).toBe('600');
    expect(mode(join(dataDir, 'files'))).toBe('700');
    expect(mode(join(dataDir, 'files', 'deliveries', 'u-rider1'))).toBe('700');
    expect(mode(join(dataDir, 'files', 'deliveries', 'u-rider1', 'sig-o1.png'))).toBe('600');
  });

  it('tightens a folder left world-readable by an older version', async () => {
    const dataDir = join(parent(), 'data');
    const first = await startTestServer({ dataDir });
    await first.stop({ keepData: true });
    const upload = join(dataDir, 'files', 'deliveries', 'u-rider1');
    mkdirSync(upload, { recursive: true });
    writeFileSync(join(upload, 'old.png'), PNG);
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'cargobici.sqlite'), 0o644);
    chmodSync(join(dataDir, 'files'), 0o755);
    chmodSync(upload, 0o755);
    chmodSync(join(upload, 'old.png'), 0o644);
    srv = await startTestServer({ dataDir, fixture: 'none' });
    expect(mode(dataDir)).toBe('700');
    expect(mode(join(dataDir, 'cargobici.sqlite'))).toBe('600');
    expect(mode(join(dataDir, 'files'))).toBe('700');
    expect(mode(upload)).toBe('700');
    expect(mode(join(upload, 'old.png'))).toBe('600');
  });
});
