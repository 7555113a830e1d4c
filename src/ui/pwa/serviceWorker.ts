import { Workbox } from 'workbox-window';
import { create } from 'zustand';

/**
 * Where the app's code stands on this device (issue 28): `installing` while the service worker
 * stores it (precache), `ready` once a worker is active (every chunk, lazy screens included, is
 * on the device), `failed` when the install was cut (offline before it finished; it is tried
 * again at the next `online` event), `unsupported` without service workers (or in development).
 */
export type CodeState = 'installing' | 'ready' | 'failed' | 'unsupported';

interface PwaState {
  /** A new service worker is installed and waiting to take over. */
  readonly updateWaiting: boolean;
  /** The service worker controls the page: the app opens offline from now on. */
  readonly offlineReady: boolean;
  readonly code: CodeState;
  readonly applyUpdate: () => void;
  readonly dismissUpdate: () => void;
}

let workbox: Workbox | null = null;

export const usePwaStore = create<PwaState>()((set) => ({
  updateWaiting: false,
  offlineReady: false,
  code: 'installing',
  applyUpdate: () => {
    if (!workbox) return;
    // Reload once the waiting worker has taken control.
    workbox.addEventListener('controlling', () => window.location.reload());
    workbox.messageSkipWaiting();
  },
  dismissUpdate: () => set({ updateWaiting: false }),
}));

/** Follows the first install of `reg` (no active worker yet) until it is active or fails. */
function followInstall(reg: ServiceWorkerRegistration): void {
  if (reg.active) {
    usePwaStore.setState({ code: 'ready' });
    return;
  }
  const worker = reg.installing ?? reg.waiting;
  if (!worker) {
    usePwaStore.setState({ code: 'failed' });
    return;
  }
  usePwaStore.setState({ code: 'installing' });
  const onState = () => {
    if (worker.state === 'activating' || worker.state === 'activated') {
      worker.removeEventListener('statechange', onState);
      usePwaStore.setState({ code: 'ready' });
    } else if (worker.state === 'redundant') {
      worker.removeEventListener('statechange', onState);
      // A newer worker may have taken its place; otherwise the install failed (a lost connection).
      if (reg.active) usePwaStore.setState({ code: 'ready' });
      else if (reg.installing ?? reg.waiting) followInstall(reg);
      else usePwaStore.setState({ code: 'failed' });
    }
  };
  worker.addEventListener('statechange', onState);
}

function register(): void {
  const wb = new Workbox('/sw.js', { scope: '/' });
  workbox = wb;
  usePwaStore.setState({ code: 'installing' });
  wb.addEventListener('waiting', () => usePwaStore.setState({ updateWaiting: true }));
  wb.addEventListener('activated', (event) => {
    if (!event.isUpdate) usePwaStore.setState({ offlineReady: true, code: 'ready' });
  });
  wb.register().then(
    (reg) => {
      if (reg) followInstall(reg);
      else usePwaStore.setState({ code: 'failed' });
    },
    () => usePwaStore.setState({ code: 'failed' }),
  );
}

/**
 * Registers the service worker (production builds only) and reports updates through
 * workbox-window: a waiting worker offers «Nueva versión disponible» + reload. A first install
 * cut by a lost connection is started again when the connection comes back.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) {
    usePwaStore.setState({ code: 'unsupported' });
    return;
  }
  register();
  window.addEventListener('online', () => {
    if (usePwaStore.getState().code === 'failed') register();
  });
}
