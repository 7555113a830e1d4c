/**
 * The session of the Firebase backend as the seam keeps it (src/backend/storedSession.ts): the
 * Firebase ID token and the profile, stored so a signed-in user can reopen the app offline.
 * Firebase Auth renews its own tokens; `refresh` asks it for a fresh one.
 */
import { StoredSession } from '../storedSession';
import { BackendError, type BackendStorage, type Session } from '../types';
import type { FirebaseAuthBackend } from './auth';

export class FirebaseSession extends StoredSession {
  private auth: FirebaseAuthBackend | null = null;

  constructor(storage: BackendStorage) {
    super(storage);
  }

  /** The Auth backend whose tokens this session keeps (it reports every sign-in and refresh). */
  attach(auth: FirebaseAuthBackend): void {
    this.auth = auth;
  }

  protected async renew(): Promise<Session | null> {
    await this.load();
    const current = this.session;
    if (!current || !this.auth) return null;
    try {
      return await this.auth.refresh(current);
    } catch (err) {
      if (err instanceof BackendError && err.status === 401) {
        await this.set(null, 'expired');
        return null;
      }
      throw err;
    }
  }
}
