/**
 * «Listo para trabajar sin conexión» (issue 28): whether everything a rider's day needs is on the
 * phone — the app's code (every screen, the lazy ones too: the service worker's precache), his
 * data (the first sync finished) and the map of his stops (the tile prefetch) — and, if not,
 * what is missing, in the order a person would check it.
 */
import type { MessageKey } from '../../i18n';
import type { TilePrefetchState } from '../../data/tilePrefetch';
import type { CodeState } from './serviceWorker';

export interface ReadinessInput {
  readonly code: CodeState;
  /** The first sync of this user on this device has finished. */
  readonly dataSynced: boolean;
  readonly tiles: TilePrefetchState;
}

export interface Readiness {
  readonly ready: boolean;
  /** One message per missing part (empty when ready). */
  readonly missing: readonly MessageKey[];
}

const CODE_MISSING: Readonly<Record<Exclude<CodeState, 'ready'>, MessageKey>> = {
  installing: 'pwa.missingCodeInstalling',
  failed: 'pwa.missingCodeFailed',
  unsupported: 'pwa.missingCodeUnsupported',
};

const TILES_MISSING: Readonly<Partial<Record<TilePrefetchState, MessageKey>>> = {
  waiting: 'pwa.missingTilesPending',
  incomplete: 'pwa.missingTilesIncomplete',
  'not-allowed': 'pwa.missingTilesNotAllowed',
  'no-worker': 'pwa.missingTilesNoWorker',
};

export function offlineReadiness({ code, dataSynced, tiles }: ReadinessInput): Readiness {
  const missing: MessageKey[] = [];
  if (code !== 'ready') missing.push(CODE_MISSING[code]);
  if (!dataSynced) missing.push('pwa.missingData');
  const tile = TILES_MISSING[tiles];
  if (tile) missing.push(tile);
  return { ready: missing.length === 0, missing };
}
