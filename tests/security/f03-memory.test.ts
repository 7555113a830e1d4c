/**
 * Finding 3: memory stays bounded. The server stores the parsed, schema-checked document (never
 * the raw body with unknown fields); a change stream that does not read is not fed without
 * limit — it gets nothing more computed while its socket does not drain, and is dropped when it
 * stays stalled (its device resyncs when it reconnects); one user holds a bounded number of
 * streams; and fanning a change out to a hundred streams yields to other requests between
 * streams.
 */
import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { deliveryEvent, order } from '../helpers/fixtures';
import { StreamHub } from '../../server/stream';
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
    srv = await startTestServer();
    const op = await srv.login('operador@cargobici.test');
    // A `change` message is a few dozen bytes (collection and checkpoint), so no real socket
    // fills with them in a test: a hub of its own writes to a socket whose peer never reads
    // (it holds the opening `resync`, about 40 bytes; the first `change` fills it, as a full
    // kernel buffer would).
    const hub = new StreamHub(srv.auth, srv.sync, {}, { heartbeatMs: 50, maxStallMs: 300 });
    cleanup.push(() => hub.closeAll());
    const socket = Object.assign(new Writable({ highWaterMark: 64, write: () => undefined }), { writeHead: () => socket });
    const reply = { hijack: () => undefined, raw: socket };
    const principal = srv.auth.authenticate(`Bearer ${op.accessToken}`);
    hub.open({ raw: new EventEmitter() } as unknown as FastifyRequest, reply as unknown as FastifyReply, principal);
    expect(hub.getStats().open).toBe(1);

    const pe1 = srv.store.get('delivery_points', 'pe1');
    for (let i = 1; i <= 20; i += 1) {
      const row = { assumedMasterState: srv.store.get('delivery_points', 'pe1') ?? pe1, newDocumentState: { ...pe1, notes: `cambio ${i}`, updated_at: i + 1 } };
      expect((await srv.api('/api/sync/delivery_points/push', { token: op.accessToken, body: [row] })).body).toEqual([]);
      await waitFor('the change to reach the hub', () => hub.getStats().pagesSent >= 1);
    }
    await waitFor('the stalled stream to be dropped', () => hub.getStats().dropped === 1);
    const stats = hub.getStats();
    expect(stats.open).toBe(0);
    // Nothing was computed for it once its socket stopped draining: one change message, not twenty.
    expect(stats.pagesSent).toBe(1);
    expect(stats.maxQueuedBytes, 'bytes queued for the stalled stream').toBeLessThan(1024);
    expect(socket.destroyed).toBe(true);

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
    for (const s of opened.slice(2)) expect(await s.readUntil('"collection":"delivery_points"')).toBe(true);
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
    for (const s of streams) expect(await s.readUntil('"collection":"delivery_points"')).toBe(true);
    expect(srv.streams.getStats().pagesSent - before).toBe(100);
  }, 60_000);
});
