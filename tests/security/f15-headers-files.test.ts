/**
 * Finding 15: security headers on the page, its assets, the API (errors and the change stream
 * included) and stored files; uploaded bytes must be the image type they claim.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { raw, type RawAnswer } from './helpers';

let srv: TestServer;
let rider: string;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('resto de una imagen png')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('resto de un jpeg')]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x10, 0, 0, 0]), Buffer.from('WEBPVP8 resto')]);
const HTML = Buffer.from('<!doctype html><script>fetch("/api/sync/users/pull")</script>');

const cleanup: (() => void)[] = [];
beforeAll(async () => {
  srv = await startTestServer();
  rider = (await srv.login('rider1@cargobici.test')).accessToken;
});
afterAll(async () => {
  await srv.stop();
  cleanup.forEach((f) => f());
});

/** A server with a built PWA in its static folder (index.html, an asset, the service worker). */
async function withPwa(): Promise<TestServer> {
  const staticDir = mkdtempSync(join(tmpdir(), 'cb-pwa-'));
  cleanup.push(() => rmSync(staticDir, { recursive: true, force: true }));
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>CargoBici</title><script type="module" src="/assets/app-abc.js"></script>');
  writeFileSync(join(staticDir, 'assets', 'app-abc.js'), 'console.log(1)');
  writeFileSync(join(staticDir, 'sw.js'), 'self;');
  return startTestServer({ staticDir });
}

function expectCommon(res: RawAnswer): void {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
}

describe('finding 15: security headers', () => {
  it('on API answers, errors included: data that nothing may run', async () => {
    for (const res of [
      await raw(srv.url, { path: '/api/health' }),
      await raw(srv.url, { path: '/api/sync/orders/pull' }),
      await raw(srv.url, { path: '/api/no-existe' }),
      await raw(srv.url, { path: '/api/auth/login', body: { email: 'no', password: '' } }),
    ]) {
      expectCommon(res);
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'none'");
    }
  });

  it('on the change stream', async () => {
    const controller = new AbortController();
    const res = await fetch(`${srv.url}/api/sync/stream`, { headers: { Authorization: `Bearer ${rider}` }, signal: controller.signal });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    controller.abort();
  });

  it('on the page, its deep links, assets and the service worker: a strict policy', async () => {
    const pwa = await withPwa();
    try {
      for (const path of ['/', '/distribution/route-summary/42', '/assets/app-abc.js', '/sw.js', '/assets/missing.js']) {
        const res = await raw(pwa.url, { path });
        expectCommon(res);
        const csp = String(res.headers['content-security-policy']);
        expect(csp, path).toContain("script-src 'self'");
        expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
        expect(csp).toContain("connect-src 'self'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).toMatch(/img-src [^;]*blob:[^;]*https:\/\/\*\.tile\.openstreetmap\.org/);
        expect(csp).toContain("worker-src 'self'");
      }
    } finally {
      await pwa.stop();
    }
  });
});

describe('finding 15: uploaded bytes are the image they claim to be', () => {
  const put = (path: string, body: Buffer, type: string) =>
    raw(srv.url, { method: 'PUT', path: `/api/files/${path}`, rawBody: body, headers: { Authorization: `Bearer ${rider}`, 'Content-Type': type } });

  it('refuses HTML declared as PNG, and a JPEG declared as PNG, in Spanish', async () => {
    const html = await put('deliveries/u-rider1/evil.png', HTML, 'image/png');
    expect(html.status).toBe(415);
    expect((html.body as { message: string }).message).toBe('El fichero no es una imagen PNG');
    const jpeg = await put('deliveries/u-rider1/mixed.png', JPEG, 'image/png');
    expect(jpeg.status).toBe(415);
    expect((jpeg.body as { message: string }).message).toBe('El fichero es una imagen JPEG, no PNG');
    expect((await raw(srv.url, { path: '/api/files/deliveries/u-rider1/evil.png', headers: { Authorization: `Bearer ${rider}` } })).status).toBe(404);
  });

  it('stores real PNG, JPEG and WebP images and serves them with their type, nosniff and no framing', async () => {
    for (const [name, body, type] of [
      ['sig-a.png', PNG, 'image/png'],
      ['foto-b.jpg', JPEG, 'image/jpeg'],
      ['foto-c.jpg', WEBP, 'image/webp'],
    ] as const) {
      expect((await put(`deliveries/u-rider1/${name}`, body, type)).status).toBe(201);
      const res = await raw(srv.url, { path: `/api/files/deliveries/u-rider1/${name}`, headers: { Authorization: `Bearer ${rider}` } });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expectCommon(res);
      expect(String(res.headers['content-security-policy'])).toContain('sandbox');
    }
  });

  it('serves a file stored before the check, whose bytes are not its type, as a download', async () => {
    // A file left by an older version: HTML recorded as image/png.
    mkdirSync(join(srv.dataDir, 'files', 'deliveries', 'u-rider1'), { recursive: true });
    writeFileSync(join(srv.dataDir, 'files', 'deliveries', 'u-rider1', 'old.png'), HTML);
    srv.store.db
      .prepare("INSERT INTO files (path, size, content_type, md5, sha256, created_at, created_by) VALUES (?, ?, 'image/png', '', '', 0, 'u-rider1')")
      .run('deliveries/u-rider1/old.png', HTML.length);
    const res = await raw(srv.url, { path: '/api/files/deliveries/u-rider1/old.png', headers: { Authorization: `Bearer ${rider}` } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe('attachment');
  });
});
