/**
 * Issue 29, finding 8: no upload quota or rate per user (20 × 1 MB were stored in about a
 * second). Now each user has a rate (files a minute) and a 24-hour quota (files and bytes): over
 * them the server answers 429 with a Spanish message and Retry-After, which the device's upload
 * queue takes as «try again later» — the file stays queued, nothing is lost. One user's limit does
 * not stop another; the same bytes again are not counted; the window frees with time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { outcomeOf } from '../../src/data/uploadQueue';
import { t } from '../../src/i18n';
import { startTestServer, type TestServer } from '../helpers/server';
import { T0 } from '../helpers/fixtures';

let srv: TestServer;
let clock = T0;
const tokens: Record<string, string> = {};
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const png = (n: number, extra = 0) => Buffer.concat([PNG, Buffer.from([n]), Buffer.alloc(extra)]);

async function put(who: string, path: string, body: Buffer): Promise<{ status: number; retryAfter: string | null; body: { error?: string; message?: string } }> {
  const res = await fetch(`${srv.url}/api/files/${path}`, { method: 'PUT', headers: { Authorization: `Bearer ${tokens[who]}`, 'Content-Type': 'image/png' }, body: new Uint8Array(body) });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { error?: string; message?: string } };
}

beforeAll(async () => {
  srv = await startTestServer({ now: () => clock, uploads: { perMinute: 3, filesPerDay: 5, bytesPerDay: 4096 } });
  for (const who of ['rider1', 'rider2']) tokens[who] = (await srv.login(`${who}@cargobici.test`)).accessToken;
});
afterAll(async () => {
  await srv.stop();
});

const stored = () => (srv.store.db.prepare("SELECT COUNT(*) AS n FROM files WHERE created_by = 'u-rider1'").get() as { n: number }).n;

describe('finding 8: upload rate and daily quota per user', () => {
  it('refuses a burst over the rate with 429, in Spanish, and takes it again a minute later', async () => {
    for (let i = 0; i < 3; i += 1) expect((await put('rider1', `deliveries/u-rider1/a${i}.png`, png(i))).status).toBe(201);
    const over = await put('rider1', 'deliveries/u-rider1/a3.png', png(3));
    expect(over.status).toBe(429);
    expect(over.body.error).toBe('upload_rate');
    expect(over.body.message).toMatch(/^Has subido 3 ficheros en un minuto, el máximo: el fichero se queda en el dispositivo/);
    expect(Number(over.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(over.retryAfter)).toBeLessThanOrEqual(60);
    expect(stored()).toBe(3);
    // The same bytes at a stored path again: not a new file, answered as before.
    expect((await put('rider1', 'deliveries/u-rider1/a0.png', png(0))).status).toBe(200);
    // Another user is not held by rider1's limit.
    expect((await put('rider2', 'deliveries/u-rider2/b0.png', png(10))).status).toBe(201);
    // The device's queue keeps the file and tries again later.
    expect(outcomeOf(429)).toEqual({ kind: 'retry', error: t('data.upload.limited') });

    clock += 61_000;
    expect((await put('rider1', 'deliveries/u-rider1/a3.png', png(3))).status).toBe(201);
  });

  it('refuses over the 24-hour quota (files or bytes) until the window frees', async () => {
    // 4 stored; a large one passes the bytes.
    const big = await put('rider1', 'deliveries/u-rider1/big.png', png(20, 4096));
    expect(big.status).toBe(429);
    expect(big.body.error).toBe('upload_quota');
    expect(big.body.message).toMatch(/^Has llegado al límite de subidas de 24 horas \(5 ficheros o 4 KB\): el fichero se queda en el dispositivo y se enviará más tarde$/);
    expect((await put('rider1', 'deliveries/u-rider1/a4.png', png(4))).status).toBe(201);
    clock += 61_000;
    const fifth = await put('rider1', 'deliveries/u-rider1/a5.png', png(5));
    expect(fifth.status).toBe(429);
    expect(fifth.body.error).toBe('upload_quota');
    expect(Number(fifth.retryAfter)).toBeGreaterThan(60);
    expect(stored()).toBe(5);

    clock += 24 * 3600_000;
    expect((await put('rider1', 'deliveries/u-rider1/a5.png', png(5))).status).toBe(201);
  });

  it('reads its limits from the environment', () => {
    expect(configFromEnv({ CB_UPLOADS_PER_MINUTE: '10', CB_UPLOAD_MB_PER_DAY: '50' }).uploads).toEqual({ perMinute: 10, bytesPerDay: 50 * 1024 * 1024 });
    expect(() => configFromEnv({ CB_UPLOAD_FILES_PER_DAY: '0' })).toThrow(/CB_UPLOAD_FILES_PER_DAY/);
  });
});
