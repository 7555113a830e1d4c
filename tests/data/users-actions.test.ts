import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openLocalDatabase, type CbDatabase } from '../../src/data/database';
import { AppStore } from '../../src/data/appStore';
import { Outbox } from '../../src/data/outbox';
import { Writer, ValidationFailed } from '../../src/data/writes';
import { createUserWithPassword, waitUntilOnServer, USER_PUSH_WAIT_MS, type UsersEngine } from '../../src/data/users';
import { user } from '../helpers/fixtures';
import type { Actor } from '../../src/data/action';
import { ActionError } from '../../src/data/actionError';

let db: CbDatabase;
let store: AppStore;
let outbox: Outbox;
const ADMIN: Actor = { userId: 'u-admin', role: 'admin' };

/** An engine whose replication either pushes everything (online) or pushes nothing (refused/offline). */
function engineThat(pushes: boolean): UsersEngine & { syncs: number } {
  const e = {
    syncs: 0,
    db,
    writer: new Writer(db, outbox),
    outbox,
    syncNow() {
      e.syncs += 1;
    },
    async awaitInSync() {
      if (pushes) await outbox.settleBefore(Date.now() + 1);
    },
  };
  return e;
}

beforeEach(async () => {
  db = await openLocalDatabase({ name: `us${Date.now()}${Math.random().toString(36).slice(2)}`, storage: { kind: 'memory' }, collections: ['users'] });
  store = new AppStore(`app-${Math.random().toString(36).slice(2)}`);
  outbox = new Outbox(store);
});

afterEach(async () => {
  vi.useRealTimers();
  await db.remove();
  await store.close();
});

describe('create a user → wait for sync → set the password', () => {
  it('sets the password once the server holds the profile', async () => {
    const engine = engineThat(true);
    const calls: string[] = [];
    const auth = {
      async setUserPassword(id: string, password: string) {
        // The profile is written (and pushed) before the server is asked for the password.
        expect(await db.users.findOne(id).exec()).not.toBeNull();
        expect(await outbox.list()).toEqual([]);
        calls.push(`${id}:${password}`);
      },
    };
    expect(await createUserWithPassword(engine, auth, ADMIN, user('u-new1', 'rider', 'nuevo@cargobici.es'), 'secreta123')).toBe('created');
    expect(calls).toEqual(['u-new1:secreta123']);
    expect(engine.syncs).toBe(1);
  });

  it('keeps the profile and leaves the password pending when the push does not reach the server', async () => {
    const engine = engineThat(false);
    const auth = { setUserPassword: vi.fn(async () => undefined) };
    expect(await createUserWithPassword(engine, auth, ADMIN, user('u-new2', 'rider', 'otro@cargobici.es'), 'secreta123')).toBe('password-pending');
    expect(auth.setUserPassword).not.toHaveBeenCalled();
    expect(await db.users.findOne('u-new2').exec()).not.toBeNull();
    expect((await outbox.list()).map((i) => i.key)).toEqual(['users:u-new2']);
  });

  it('a refused profile writes nothing and sets no password', async () => {
    const engine = engineThat(true);
    const auth = { setUserPassword: vi.fn(async () => undefined) };
    await expect(createUserWithPassword(engine, auth, ADMIN, user('u-new3', 'rider', 'no-es-un-correo'), 'secreta123')).rejects.toBeInstanceOf(ValidationFailed);
    expect(auth.setUserPassword).not.toHaveBeenCalled();
    expect(await db.users.findOne('u-new3').exec()).toBeNull();
    expect(engine.syncs).toBe(0);
  });

  it('only an administrator creates a user: anyone else is refused, nothing is written or pushed', async () => {
    const engine = engineThat(true);
    const auth = { setUserPassword: vi.fn(async () => undefined) };
    const operator: Actor = { userId: 'u-op', role: 'operator' };
    await expect(createUserWithPassword(engine, auth, operator, user('u-new4', 'rider', 'cuatro@cargobici.es'), 'secreta123')).rejects.toBeInstanceOf(ActionError);
    expect(auth.setUserPassword).not.toHaveBeenCalled();
    expect(await db.users.findOne('u-new4').exec()).toBeNull();
    expect(engine.syncs).toBe(0);
  });

  it('gives up waiting after the bound when the replication never settles (offline)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const engine: UsersEngine = {
      db,
      writer: new Writer(db, outbox),
      outbox: { list: async () => [] } as unknown as Outbox,
      syncNow: () => undefined,
      awaitInSync: () => new Promise<void>(() => undefined),
    };
    const waiting = waitUntilOnServer(engine, 'users', 'u-x');
    await vi.advanceTimersByTimeAsync(USER_PUSH_WAIT_MS - 1);
    let settled = false;
    void waiting.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await waiting).toBe(false);
  });
});
