/**
 * «Waiting for the first sync» (issue 15): screens show it until this user's first complete
 * sync on this device, never a confident 0. The rule (`awaitingFirstSync`), the badge's state
 * (`syncPhase`), the data engine that records the first sync and keeps it across restarts,
 * and the status every tab shows (a tab opened later asks the replicating tab).
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { filter, firstValueFrom } from 'rxjs';
import { AppStore } from '../../src/data/appStore';
import { DataEngine } from '../../src/data/engine';
import { awaitingFirstSync, INITIAL_STATUS, SyncStatusHub, type SyncStatus } from '../../src/data/syncStatus';
import { createServerBackend } from '../../src/backend/server';
import { syncPhase } from '../../src/ui/layout/SyncIndicator';
import { PASSWORD } from '../helpers/fixtures';
import { startTestServer, type TestServer } from '../helpers/server';

describe('awaitingFirstSync', () => {
  it('is true until a sync has finished on this device, and false without an engine', () => {
    expect(awaitingFirstSync(INITIAL_STATUS)).toBe(true);
    expect(awaitingFirstSync({ lastSyncAt: null })).toBe(true);
    expect(awaitingFirstSync({ lastSyncAt: 1_763_800_000_000 })).toBe(false);
    expect(awaitingFirstSync(null)).toBe(false);
  });
});

describe('syncPhase (the badge’s data-sync-state)', () => {
  const base: SyncStatus = { ...INITIAL_STATUS, state: 'synced', lastSyncAt: 1 };
  it('is «synced» only online, after a finished round, with nothing of this device waiting', () => {
    expect(syncPhase(base)).toBe('synced');
    expect(syncPhase({ ...base, pending: 1 })).toBe('pending');
    expect(syncPhase({ ...base, uploadsQueued: 1 })).toBe('pending');
    expect(syncPhase({ ...base, uploadsParked: 1 })).toBe('error');
    expect(syncPhase({ ...base, online: false })).toBe('offline');
    expect(syncPhase({ ...base, state: 'offline' })).toBe('offline');
    expect(syncPhase({ ...base, state: 'error' })).toBe('error');
    expect(syncPhase({ ...base, state: 'syncing' })).toBe('syncing');
    expect(syncPhase({ ...base, state: 'idle' })).toBe('idle');
  });
});

describe('SyncStatusHub across tabs', () => {
  const hubs: SyncStatusHub[] = [];
  afterEach(() => {
    for (const h of hubs.splice(0)) h.close();
  });

  it('a tab opened later gets the replicating tab’s status when it asks, without waiting for a change', async () => {
    const leader = new SyncStatusHub();
    hubs.push(leader);
    leader.update({ leader: true, state: 'synced', lastSyncAt: 42, online: true });
    const follower = new SyncStatusHub();
    hubs.push(follower);
    expect(follower.value.lastSyncAt).toBeNull();
    const answered = firstValueFrom(follower.status$.pipe(filter((s) => s.lastSyncAt === 42)));
    follower.askLeader();
    const s = await answered;
    expect(s.state).toBe('synced');
    expect(s.leader).toBe(false);
  });
});

describe('the data engine records the first sync', () => {
  let server: TestServer | null = null;
  const engines: DataEngine[] = [];
  const stores: AppStore[] = [];
  afterEach(async () => {
    for (const e of engines.splice(0)) {
      await e.stop();
      await e.db.remove();
    }
    for (const s of stores.splice(0)) await s.close();
    await server?.stop();
    server = null;
  });

  it('awaits until the first sync finished, then never again on this device (across restarts)', async () => {
    server = await startTestServer();
    const unique = `${process.pid}-${Date.now().toString(36)}`;
    const store = new AppStore(`cb-app-first-sync-${unique}`);
    stores.push(store);
    // Pulls wait until the test lets them through, so «before the first sync» is not a race.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchImpl: typeof fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (/\/api\/sync\/[^/]+\/pull/.test(new URL(url).pathname)) await gate;
      return fetch(input, init);
    };
    const backend = createServerBackend({ baseUrl: server.url, store, fetchImpl });
    const session = await backend.auth.login('rider1@cargobici.test', PASSWORD);
    const start = (n: number) =>
      DataEngine.start({ backend, userId: session.user.id, store, storage: { kind: 'memory' }, dbName: `first-sync-${unique}-${n}` });

    const engine = await start(1);
    engines.push(engine);
    // Nothing synced yet on this device: the screens say they are waiting.
    expect(awaitingFirstSync(engine.status.value)).toBe(true);
    release();
    const synced = await firstValueFrom(engine.status.status$.pipe(filter((s) => s.lastSyncAt !== null)));
    expect(synced.state).toBe('synced');
    expect(awaitingFirstSync(synced)).toBe(false);
    // What the first sync brought is local by then: the rider's route and its orders.
    expect(await engine.db.routes.find({ selector: { rider_id: 'u-rider1' } }).exec()).not.toHaveLength(0);
    expect(await engine.db.orders.find().exec()).not.toHaveLength(0);
    // At most 13 collections per realm (RxDB's free edition): this database goes first.
    engines.splice(engines.indexOf(engine), 1);
    await engine.stop();
    await engine.db.remove();

    // The next start on the same device does not wait again, even before its first round: the
    // record is kept in the device's app store (the database here is a new in-memory one).
    const again = await start(2);
    engines.push(again);
    expect(again.status.value.lastSyncAt).toBe(synced.lastSyncAt);
    expect(awaitingFirstSync(again.status.value)).toBe(false);
  });
});
