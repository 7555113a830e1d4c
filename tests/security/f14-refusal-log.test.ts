/**
 * Finding 14: one rider producing thousands of refusals cannot push everybody else out of the
 * admins' view of the refusal log: entries are limited per user and the view is per user.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocStore, REFUSALS_KEPT_PER_USER, REFUSALS_PER_MINUTE } from '../../server/store';

type Row = Record<string, unknown>;
type Entry = { user_id: string; doc_id: string; reason: string; repeats: number };

let srv: TestServer | null = null;
afterEach(async () => {
  await srv?.stop();
  srv = null;
});

describe('finding 14: the refusal log per user', () => {
  it('2,000 refusals of one rider leave the others’ entries in view, summarised beyond the per-minute budget', async () => {
    const server = await startTestServer();
    srv = server;
    const started = Date.now();
    const admin = (await server.login('admin@cargobici.test')).accessToken;
    const rider1 = (await server.login('rider1@cargobici.test')).accessToken;
    const rider2 = (await server.login('rider2@cargobici.test')).accessToken;
    const operator = (await server.login('operador@cargobici.test')).accessToken;
    // Honest refusals of two other users first.
    const r1 = server.store.get('routes', 'r1') as Row;
    const r2 = server.store.get('routes', 'r2') as Row;
    await server.api('/api/sync/routes/push', { token: rider2, body: [{ assumedMasterState: r2, newDocumentState: { ...r2, name: 'Mía' } }] });
    await server.api('/api/sync/users/push', { token: operator, body: [{ assumedMasterState: null, newDocumentState: { id: 'u-x', name: 'x' } }] });
    // Then rider 1 floods: 4 pushes of 500 refused writes.
    for (let batch = 0; batch < 4; batch += 1) {
      const rows = Array.from({ length: 500 }, (_, i) => ({ assumedMasterState: r1, newDocumentState: { ...r1, name: `ruido-${batch}-${i}` } }));
      const res = await server.api('/api/sync/routes/push', { token: rider1, body: rows });
      expect((res.body as Row[]).length).toBe(500);
    }
    const res = await server.api('/api/admin/refusals', { token: admin });
    expect(res.status).toBe(200);
    const log = res.body as Entry[];
    expect(log.some((e) => e.user_id === 'u-rider2' && /otros datos/.test(e.reason))).toBe(true);
    expect(log.some((e) => e.user_id === 'u-operador')).toBe(true);
    const flood = log.filter((e) => e.user_id === 'u-rider1');
    // Per minute: the budget one by one, then one summary (the flood takes under a minute on a calm machine).
    const minutes = Math.ceil((Date.now() - started) / 60_000) + 1;
    expect(flood.length).toBeLessThanOrEqual((REFUSALS_PER_MINUTE + 1) * minutes);
    const summary = flood.find((e) => e.repeats > 1);
    expect(summary?.reason).toMatch(/Más rechazos de este usuario/);
    expect(flood.reduce((n, e) => n + e.repeats, 0)).toBe(2000);
  });

  it('keeps at most the latest entries of each user', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-refusals-'));
    let clock = Date.now();
    const store = new DocStore(dir, { now: () => clock });
    try {
      for (let i = 0; i < REFUSALS_KEPT_PER_USER + 50; i += 1) {
        clock += 61_000; // a new minute every time: each entry is written on its own
        store.logRefusal({ collection: 'routes', docId: `d${i}`, userId: 'u-rider1', reason: `motivo ${i}` });
      }
      store.logRefusal({ collection: 'routes', docId: 'otro', userId: 'u-rider2', reason: 'motivo' });
      const kept = store.db.prepare("SELECT doc_id FROM refusals WHERE user_id = 'u-rider1' ORDER BY seq").all() as { doc_id: string }[];
      expect(kept).toHaveLength(REFUSALS_KEPT_PER_USER);
      expect(kept[0]?.doc_id).toBe('d50');
      expect(store.refusals(10).filter((e) => e.user_id === 'u-rider1')).toHaveLength(10);
      expect(store.refusals(10).some((e) => e.user_id === 'u-rider2')).toBe(true);
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
