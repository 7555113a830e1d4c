/**
 * The session kept in the backend's storage (src/backend/types.ts, BackendSession): shared by
 * both implementations of the seam. Each one says how it refreshes (`renew`); this class keeps
 * one refresh at a time, stores every change and tells the listeners.
 */
import type { BackendSession, BackendStorage, Session, SessionListener, SessionReason } from './types';

/** Key of the session in the backend's storage (the service worker reads it too). */
export const SESSION_KEY = 'session';

export abstract class StoredSession implements BackendSession {
  protected session: Session | null = null;
  private loaded: Promise<void> | null = null;
  private refreshing: Promise<Session | null> | null = null;
  private readonly listeners = new Set<SessionListener>();

  constructor(protected readonly storage: BackendStorage) {}

  onChange(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  load(): Promise<void> {
    this.loaded ??= this.storage.kvGet<Session>(SESSION_KEY).then((s) => {
      if (s && !this.session) this.session = s;
    });
    return this.loaded;
  }

  current(): Session | null {
    return this.session;
  }

  async set(session: Session | null, reason: SessionReason): Promise<void> {
    this.session = session;
    this.loaded = Promise.resolve();
    if (session) await this.storage.kvSet(SESSION_KEY, session);
    else await this.storage.kvDelete(SESSION_KEY);
    for (const l of this.listeners) l(this.session, reason);
  }

  refresh(): Promise<Session | null> {
    this.refreshing ??= this.renew().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** Exchanges the stored session for new tokens (null: refused, the session is over). */
  protected abstract renew(): Promise<Session | null>;
}

/** A BackendStorage in memory (Node, tests): the session lasts as long as the process. */
export function memoryStorage(): BackendStorage {
  const map = new Map<string, unknown>();
  return {
    kvGet: <T>(key: string) => Promise.resolve(map.get(key) as T | undefined),
    kvSet: (key, value) => Promise.resolve(void map.set(key, value)),
    kvDelete: (key) => Promise.resolve(void map.delete(key)),
  };
}
