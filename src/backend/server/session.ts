/**
 * The session of the embedded-server backend: tokens kept in cb_app (so the service worker can
 * upload files and a signed-in user can reopen the app offline), refreshed before they expire,
 * one refresh at a time.
 */
import { SESSION_KEY, StoredSession } from '../storedSession';
import { BackendError, type BackendStorage, type Session } from '../types';

/** Refresh this long before the access token expires. */
const EARLY_MS = 30_000;

export class SessionManager extends StoredSession {
  constructor(
    storage: BackendStorage,
    private readonly baseUrl: string,
    private readonly fetchImpl: typeof fetch = (...args) => fetch(...args),
  ) {
    super(storage);
  }

  /** An access token that is valid now (refreshing it when needed), or null when signed out. */
  async accessToken(): Promise<string | null> {
    await this.load();
    const s = this.session;
    if (!s) return null;
    if (s.expiresAt - EARLY_MS > Date.now()) return s.accessToken;
    const fresh = await this.refresh();
    return fresh?.accessToken ?? null;
  }

  /**
   * Exchanges the refresh token for new tokens. Network failures keep the current session (the
   * app works offline); a refused refresh ends it ('expired').
   */
  protected async renew(): Promise<Session | null> {
    await this.load();
    const s = this.session;
    if (!s) return null;
    let res: Response;
    try {
      res = await this.fetchImpl(`${this.baseUrl}/api/auth/refresh`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refreshToken: s.refreshToken }),
      });
    } catch {
      throw new BackendError('network', 'Sin conexión con el servidor', 0);
    }
    if (res.status === 401) {
      // Another context (a tab, the service worker) may have refreshed with this token already.
      const stored = await this.storage.kvGet<Session>(SESSION_KEY);
      if (stored && stored.refreshToken !== s.refreshToken) {
        this.session = stored;
        return stored;
      }
      await this.set(null, 'expired');
      return null;
    }
    if (!res.ok) throw new BackendError('server', `El servidor respondió ${res.status}`, res.status);
    const next = sessionFromResponse((await res.json()) as LoginResponse);
    await this.set(next, 'refreshed');
    return next;
  }
}

export interface LoginResponse {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  user: Session['user'];
}

export function sessionFromResponse(r: LoginResponse, now = Date.now()): Session {
  return { accessToken: r.accessToken, refreshToken: r.refreshToken, expiresAt: now + r.expiresIn * 1000, user: r.user };
}
