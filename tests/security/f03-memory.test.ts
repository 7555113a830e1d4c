/**
 * Finding 3: memory stays bounded. The server stores the parsed, schema-checked document (never
 * the raw body with unknown fields); a change stream that does not read is not fed without
 * limit — it gets nothing more computed while its socket does not drain, and is dropped when it
 * stays stalled (its device resyncs when it reconnects); one user holds a bounded number of
 * streams; and fanning a change out to a hundred streams yields to other requests between
 * streams.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { deliveryEvent, order, point } from '../helpers/fixtures';
import { openStream, type StreamReader } from './helpers';

let srv: TestServer;
const cleanup: (() => void)[] = [];
afterEach(async () => {
  cleanup.splice(0).forEach((f) => f());
  await srv.stop();
});

async function waitFor(what: string, ok: () => boolean, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('finding 3: the server stores the parsed document only', () => {
  it('drops unknown fields (2 MB of junk) and answers the stored state', async () => {
    srv = await startTestServer();
    const { accessToken } = await srv.login('rider1@cargobici.test');
    const ev = { ...deliveryEvent('dlv-junk', order('o1', 'pe1', 'r1'), 'u-rider1'), _deleted: false };
    const junk = 'x'.repeat(2 * 1024 * 1024 - 1000);
    const res = await srv.api('/api/sync/deliveries/push', { token: accessToken, body: [{ assumedMasterState: null, newDocumentState: { ...ev, junk, nested: { more: junk.slice(0, 10) } } }] });
    expect(res.status).toBe(200);
    const stored = srv.store.get('deliveries', 'dlv-junk');
    expect(stored).not.toBeNull();
    expect(Object.keys(stored ?? {})).not.toContain('junk');
    expect(Object.keys(stored ?? {})).not.toContain('nested');
    expect(JSON.stringify(stored).length).toBeLessThan(5_000);
    // The device is told what was stored, so it drops the junk too.
    const [answer] = res.body as Record<string, unknown>[];
    expect(answer?.id).toBe('dlv-junk');
    expect(answer && 'junk' in answer).toBe(false);
    expect(answer?._refused).toBeUndefined();
  });
});

describe('finding 3: change streams cannot grow the server’s memory', () => {
  it('stops feeding a stream that does not read, drops it when it stays stalled, and the device resyncs on reconnecting', async () => {
    const cap = 1024 * 1024;
    srv = await startTestServer({ heartbeatMs: 50, streams: { maxStallMs: 300, maxQueuedBytes: cap } });
    const op = await srv.login('operador@cargobici.test');
    // A client that opens the stream and never reads a byte.
    const url = new URL(srv.url);
    const socket: Socket = connect({ host: url.hostname, port: Number(url.port) });
    cleanup.push(() => socket.destroy());
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.pause();
    socket.write(`GET /api/sync/stream HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${op.accessToken}\r\n\r\n`);
    await waitFor('the stream to open', () => srv.streams.getStats().open === 1);

    // About 12 MB of changes to every operator: more than the kernel's socket buffers hold.
    for (let batch = 0; batch < 22 && srv.streams.getStats().dropped === 0; batch += 1) {
      const rows = Array.from({ length: 500 }, (_, i) => {
        const p = { ...point(`pe-big-${batch}-${i}`), notes: 'n'.repeat(500), address: `Calle ${'a'.repeat(190)}`, _deleted: false };
        return { assumedMasterState: null, newDocumentState: p };
      });
      const res = await srv.api('/api/sync/delivery_points/push', { token: op.accessToken, body: rows });
      expect(res.body).toEqual([]);
    }
    await waitFor('the stalled stream to be dropped', () => srv.streams.getStats().dropped === 1);
    const stats = srv.streams.getStats();
    expect(stats.open).toBe(0);
    expect(stats.maxQueuedBytes, 'bytes queued for the stalled stream').toBeLessThanOrEqual(cap);

    // The device comes back: a fresh stream starts with resync (it pulls what it missed).
    const again = await openStream(srv, op.accessToken);
    cleanup.push(() => again.abort());
    expect(await again.readUntil('event: resync')).toBe(true);
  }, 60_000);

  it('keeps at most 8 streams per user: the oldest ones give way', async () => {
    srv = await startTestServer();
    const rider = await srv.login('rider1@cargobici.test');
    const opened: StreamReader[] = [];
    for (let i = 0; i < 10; i += 1) {
      const s = await openStream(srv, rider.accessToken);
      cleanup.push(() => s.abort());
      expect(await s.readUntil('event: resync')).toBe(true);
      opened.push(s);
    }
    expect(await opened[0]?.ended()).toBe(true);
    expect(await opened[1]?.ended()).toBe(true);
    await waitFor('eight streams open', () => srv.streams.getStats().open === 8);
    const op = await srv.login('operador@cargobici.test');
    const pe1 = srv.store.get('delivery_points', 'pe1');
    await srv.api('/api/sync/delivery_points/push', { token: op.accessToken, body: [{ assumedMasterState: pe1, newDocumentState: { ...pe1, notes: 'para los ocho' } }] });
    for (const s of opened.slice(2)) expect(await s.readUntil('para los ocho')).toBe(true);
  });

  it('fans a change out to 100 streams one stream at a time: other requests are answered meanwhile', async () => {
    srv = await startTestServer({ streams: { maxPerUser: 200 } });
    const op = await srv.login('operador@cargobici.test');
    const streams: StreamReader[] = [];
    for (let i = 0; i < 100; i += 1) {
      const s = await openStream(srv, op.accessToken);
      cleanup.push(() => s.abort());
      streams.push(s);
    }
    for (const s of streams) expect(await s.readUntil('event: resync')).toBe(true);
    const before = srv.streams.getStats().pagesSent;
    const pe1 = srv.store.get('delivery_points', 'pe1');
    const pushed = await srv.api('/api/sync/delivery_points/push', { token: op.accessToken, body: [{ assumedMasterState: pe1, newDocumentState: { ...pe1, notes: 'para los cien' } }] });
    expect(pushed.body).toEqual([]);
    const health = await srv.api('/api/health');
    const sentWhenAnswered = srv.streams.getStats().pagesSent - before;
    expect(health.status).toBe(200);
    expect(sentWhenAnswered, 'streams served before the health check was answered').toBeLessThan(100);
    for (const s of streams) expect(await s.readUntil('para los cien')).toBe(true);
    expect(srv.streams.getStats().pagesSent - before).toBe(100);
  }, 60_000);
});
