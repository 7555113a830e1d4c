/**
 * Loading the app's code chunks (dynamic imports) so that a lost connection never breaks the app.
 *
 * The service worker stores every chunk after the first online visit, but a device can lose the
 * connection before it has finished (a picker's tablet in a hub with weak Wi-Fi, a rider leaving
 * the hub). A chunk that is not on the device then cannot load. Failing would make React unmount
 * the whole app (a failed lazy component has no way back), and an engine's cached import would
 * stay failed until a reload. Instead, offline, the load waits for the connection and tries
 * again; online, a failure is tried once more and then reported (the chunk is gone from the
 * server after a new version: only a reload helps, see `ChunkBoundary`).
 *
 * A failed `import()` is fetched again on the next call in current browsers (whatwg/html#10327);
 * where a browser still remembers the failure, the second try fails too and the person is
 * offered a reload.
 */

export interface Reachability {
  isOnline(): boolean;
  /** Resolves at the next `online` event. */
  onceOnline(): Promise<void>;
}

/** The window event that asks the loads waiting for the connection to try again now («Reintentar»). */
const RETRY_EVENT = 'cb-chunk-retry';

export const browserReachability: Reachability = {
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  onceOnline: () =>
    new Promise<void>((resolve) => {
      const done = () => {
        window.removeEventListener('online', done);
        window.removeEventListener(RETRY_EVENT, done);
        resolve();
      };
      window.addEventListener('online', done);
      window.addEventListener(RETRY_EVENT, done);
    }),
};

/** Makes every load waiting for the connection try once more now (a person pressed «Reintentar»). */
export function retryWaitingLoads(): void {
  window.dispatchEvent(new Event(RETRY_EVENT));
}

/** Tries of a load that fails while the browser says it is online. */
export const ONLINE_TRIES = 2;

/** Runs `load`; offline failures wait for the connection, online ones are tried `ONLINE_TRIES` times. */
export async function loadWhenReachable<T>(load: () => Promise<T>, env: Reachability = browserReachability): Promise<T> {
  let onlineFailures = 0;
  for (;;) {
    try {
      return await load();
    } catch (err) {
      if (env.isOnline()) {
        onlineFailures += 1;
        if (onlineFailures >= ONLINE_TRIES) throw err;
      } else {
        await env.onceOnline();
      }
    }
  }
}

/** A failed chunk load, as browsers word it (Chromium, Firefox, Safari) or as Vite reports a preload. */
export function isChunkLoadError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return /dynamically imported module|error loading dynamically imported module|importing a module script failed|unable to preload css/i.test(err.message);
}
