import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { firstValueFrom, NEVER, take, toArray } from 'rxjs';
import { AppStore } from '../../src/data/appStore';
import { openLocalDatabase, type CbDatabase } from '../../src/data/database';
import { Outbox } from '../../src/data/outbox';
import { PushLedger } from '../../src/data/pushLedger';
import { describeSyncError, offlineMessage, startReplication, type ReplicationHandle } from '../../src/data/replication';
import { BackendError, type SyncTransport } from '../../src/backend/types';

let n = 0;
const open: { db: CbDatabase; store: AppStore; rep: ReplicationHandle }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.rep.cancel();
    await o.db.remove();
    await o.store.close();
  }
});

/** The Spanish messages a real replication reports when every pull fails with `error`. */
async function messagesFor(error: Error): Promise<string[]> {
  n += 1;
  const db = await openLocalDatabase({ name: `sync-error-${process.pid}-${n}`, storage: { kind: 'memory' }, collections: ['bikes'], multiInstance: false });
  const store = new AppStore(`cb-app-sync-error-${process.pid}-${n}`);
  const failing: SyncTransport = {
    pull: async () => Promise.reject(error),
    push: async () => Promise.reject(error),
    stream: () => NEVER,
  };
  const rep = startReplication({ db, transport: failing, outbox: new Outbox(store), ledger: new PushLedger(store), userId: 'u', collections: ['bikes'], retryTime: 10, waitForLeadership: false });
  open.push({ db, store, rep });
  return firstValueFrom(rep.errors$.pipe(take(2), toArray()));
}

describe('sync error messages', () => {
  it('a failed request without a connection reads as the app’s offline message (through RxDB’s wrapping)', async () => {
    const messages = await messagesFor(new BackendError('network', 'Sin conexión con el servidor', 0));
    expect(messages).toEqual([offlineMessage(), offlineMessage()]);
  });

  it('a server refusal keeps the server’s Spanish message', async () => {
    const messages = await messagesFor(new BackendError('forbidden', 'No tienes permiso para sincronizar esta colección', 403));
    expect(messages[0]).toBe('No tienes permiso para sincronizar esta colección');
  });

  it('offline, every failure is the offline message; an unknown failure online is the generic one', () => {
    expect(describeSyncError(new Error('boom'), false)).toBe(offlineMessage());
    expect(describeSyncError(new Error('boom'), true)).toBe('No se pudo sincronizar; se reintentará');
    expect(describeSyncError({ name: 'TypeError', message: 'Failed to fetch' }, true)).toBe(offlineMessage());
    expect(describeSyncError(new BackendError('network', 'x', 0), true)).toBe(offlineMessage());
  });
});
