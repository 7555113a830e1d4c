/**
 * The session's data engine and its sync status, for the shell and every screen. Kept apart from
 * ./hooks (the live queries): the router's shell loads with the first screen, even the sign-in
 * page, and needs neither the queries nor the entities' schemas.
 */
import { useSyncExternalStore } from 'react';
import type { DataEngine } from './engine';
import { awaitingFirstSync, INITIAL_STATUS, type SyncStatus } from './syncStatus';
import { useSession } from './session';

export function useEngine(): DataEngine | null {
  return useSession((s) => s.engine);
}

export function useSyncStatus(): SyncStatus {
  const engine = useEngine();
  return useSyncExternalStore(
    (onChange) => {
      if (!engine) return () => undefined;
      const sub = engine.status.status$.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    () => engine?.status.value ?? INITIAL_STATUS,
  );
}

/**
 * Whether this user's first sync on this device is still under way (see `awaitingFirstSync`),
 * and whether the device is online. Screens that show counts or «nothing here» read it.
 */
export function useFirstSync(): { readonly awaiting: boolean; readonly online: boolean } {
  const engine = useEngine();
  const status = useSyncStatus();
  return { awaiting: awaitingFirstSync(engine ? status : null), online: status.online };
}
