import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { AppStore } from '../../src/data/appStore';
import { openLocalDatabase, type CbDatabase } from '../../src/data/database';
import { isQuotaError, requestPersistentStorage, StorageFull, storageReport } from '../../src/data/deviceStorage';
import { Outbox } from '../../src/data/outbox';
import { Writer } from '../../src/data/writes';
import { order } from '../helpers/fixtures';

function fakeStorage(persisted: boolean, grant: boolean) {
  const calls: string[] = [];
  const storage = {
    persisted: async () => (calls.push('persisted'), persisted),
    persist: async () => (calls.push('persist'), grant),
    estimate: async () => ({ usage: 5 * 1024 * 1024, quota: 2 * 1024 * 1024 * 1024 }),
  } as unknown as StorageManager;
  return { storage, calls };
}

describe('persistent storage for the field', () => {
  it('asks for it when a rider or a picker (operator) signs in, not for an admin at a desk', async () => {
    const rider = fakeStorage(false, true);
    expect(await requestPersistentStorage({ base_role: 'rider' }, rider.storage)).toBe(true);
    expect(rider.calls).toEqual(['persisted', 'persist']);
    const picker = fakeStorage(false, false);
    expect(await requestPersistentStorage({ base_role: 'operator' }, picker.storage)).toBe(false);
    const admin = fakeStorage(false, true);
    expect(await requestPersistentStorage({ base_role: 'admin' }, admin.storage)).toBeNull();
    expect(admin.calls).toEqual([]);
  });

  it('does not ask again when the storage is already persistent, and copes with a browser without the API', async () => {
    const done = fakeStorage(true, true);
    expect(await requestPersistentStorage({ base_role: 'rider' }, done.storage)).toBe(true);
    expect(done.calls).toEqual(['persisted']);
    expect(await requestPersistentStorage({ base_role: 'rider' }, undefined)).toBeNull();
    expect(await storageReport(undefined)).toEqual({ usage: null, quota: null, persisted: null });
  });

  it('reports use, quota and persistence for /test', async () => {
    expect(await storageReport(fakeStorage(true, true).storage)).toEqual({ usage: 5 * 1024 * 1024, quota: 2 * 1024 * 1024 * 1024, persisted: true });
  });
});

describe('a full device', () => {
  let db: CbDatabase | null = null;
  let store: AppStore | null = null;
  afterEach(async () => {
    await db?.remove();
    await store?.close();
    db = null;
    store = null;
  });

  it('recognises the quota error however it is wrapped (DOMException, Dexie inner, RxDB parameters, cause)', () => {
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    expect(isQuotaError(quota)).toBe(true);
    expect(isQuotaError({ name: 'AbortError', inner: quota })).toBe(true);
    expect(isQuotaError({ name: 'RxError', parameters: { error: { name: 'DexieError', inner: quota } } })).toBe(true);
    expect(isQuotaError(new Error('write failed', { cause: quota }))).toBe(true);
    expect(isQuotaError(new Error('otra cosa'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });

  it('a write refused for lack of space says so in Spanish, stores nothing and marks nothing to send', async () => {
    db = await openLocalDatabase({ name: `quota-${process.pid}-${Date.now()}`, storage: { kind: 'memory' }, collections: ['orders'], multiInstance: false });
    store = new AppStore(`cb-app-quota-${process.pid}-${Date.now()}`);
    const outbox = new Outbox(store);
    const orders = db.orders;
    (orders as unknown as { insert: () => Promise<never> }).insert = async () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    const writer = new Writer(db, outbox);
    const err = await writer.insert('orders', order('o-full', 'pe1', 'r1')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageFull);
    expect((err as Error).message).toMatch(/no tiene espacio libre y no se ha guardado este cambio/);
    expect(await db.orders.findOne('o-full').exec()).toBeNull();
    expect(await outbox.count()).toBe(0);
  });
});
