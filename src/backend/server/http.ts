/** HTTP to the embedded server with the session's bearer token, one refresh-and-retry on 401. */
import { BackendError, errorOf } from '../types';
import type { SessionManager } from './session';

export interface HttpOptions {
  readonly method?: string;
  readonly body?: unknown;
  readonly raw?: BodyInit;
  readonly headers?: Record<string, string>;
  /** Send the bearer token (default true). */
  readonly auth?: boolean;
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
}

export class Http {
  constructor(
    readonly baseUrl: string,
    readonly session: SessionManager,
    private readonly fetchImpl: typeof fetch = (...args) => fetch(...args),
  ) {}

  /** The raw response of an authenticated request (throws BackendError on network failure and 401). */
  async send(path: string, opts: HttpOptions = {}): Promise<Response> {
    const attempt = async (token: string | null): Promise<Response> => {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
      if (token) headers.Authorization = `Bearer ${token}`;
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(), opts.timeoutMs ?? 30_000);
      const onAbort = () => timeout.abort();
      if (opts.signal?.aborted) timeout.abort();
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        // The caller's signal stays linked after the headers arrive: aborting it must also end
        // the response body (the change stream is read for as long as the app runs).
        return await this.fetchImpl(`${this.baseUrl}${path}`, {
          method: opts.method ?? 'GET',
          headers,
          body: opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
          signal: timeout.signal,
        });
      } catch {
        opts.signal?.removeEventListener('abort', onAbort);
        throw new BackendError('network', 'Sin conexión con el servidor', 0);
      } finally {
        clearTimeout(timer);
      }
    };
    const useAuth = opts.auth ?? true;
    const token = useAuth ? await this.session.accessToken() : null;
    if (useAuth && !token) throw new BackendError('signed_out', 'No has iniciado sesión', 401);
    let res = await attempt(token);
    if (res.status === 401 && useAuth) {
      const fresh = await this.session.refresh();
      if (!fresh) throw new BackendError('session_expired', 'La sesión ha caducado: vuelve a iniciar sesión', 401);
      res = await attempt(fresh.accessToken);
    }
    return res;
  }

  /** JSON of a request; a non-2xx answer becomes a BackendError with the server's Spanish message. */
  async json<T>(path: string, opts: HttpOptions = {}): Promise<T> {
    const res = await this.send(path, opts);
    if (!res.ok) throw await errorOf(res);
    if (res.status === 204) return undefined as T;
    return (await res.json()) as T;
  }
}
