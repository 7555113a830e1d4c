/**
 * Parts of the shell that are not drawn on the first screen (the sync badge's details, the user
 * menu, the password prompt) load when first used (issue 31). So that they still work if the
 * connection is lost before the service worker has stored them (e2e/offline-chunks.spec.ts),
 * their code is fetched once this device is in sync: online, after the first screen and its
 * first sync.
 */
import { useEffect } from 'react';
import { useSyncStatus } from '../data/statusHooks';
import { firstScreenDrawn } from '../data/firstScreen';

export interface Preloadable {
  preload(): void;
}

/** Fetches `chunks` (a module-level list) when the sync state first reads «synced» and the first screen is drawn. */
export function usePreloadWhenSynced(chunks: readonly Preloadable[]): void {
  const synced = useSyncStatus().state === 'synced';
  useEffect(() => {
    if (!synced) return;
    let live = true;
    void firstScreenDrawn().then(() => {
      if (live) for (const c of chunks) c.preload();
    });
    return () => {
      live = false;
    };
  }, [synced, chunks]);
}
