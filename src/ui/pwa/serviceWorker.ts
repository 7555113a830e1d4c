import { Workbox } from 'workbox-window';
import { create } from 'zustand';

interface PwaState {
  /** A new service worker is installed and waiting to take over. */
  readonly updateWaiting: boolean;
  /** The service worker controls the page: the app opens offline from now on. */
  readonly offlineReady: boolean;
  readonly applyUpdate: () => void;
  readonly dismissUpdate: () => void;
}

let workbox: Workbox | null = null;

export const usePwaStore = create<PwaState>()((set) => ({
  updateWaiting: false,
  offlineReady: false,
  applyUpdate: () => {
    if (!workbox) return;
    // Reload once the waiting worker has taken control.
    workbox.addEventListener('controlling', () => window.location.reload());
    workbox.messageSkipWaiting();
  },
  dismissUpdate: () => set({ updateWaiting: false }),
}));

/**
 * Registers the service worker (production builds only) and reports updates through
 * workbox-window: a waiting worker offers «Nueva versión disponible» + reload.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => usePwaStore.setState({ updateWaiting: true }));
  workbox.addEventListener('activated', (event) => {
    if (!event.isUpdate) usePwaStore.setState({ offlineReady: true });
  });
  void workbox.register();
}
