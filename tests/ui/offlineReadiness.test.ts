import { describe, expect, it } from 'vitest';
import { offlineReadiness } from '../../src/ui/pwa/readiness';

describe('offlineReadiness («Listo para trabajar sin conexión», issue 28)', () => {
  it('is ready only with the code installed, the first sync done and the stops’ map stored', () => {
    expect(offlineReadiness({ code: 'ready', dataSynced: true, tiles: 'done' })).toEqual({ ready: true, missing: [] });
    expect(offlineReadiness({ code: 'ready', dataSynced: true, tiles: 'already' }).ready).toBe(true);
    // No stops today: there is no map to store.
    expect(offlineReadiness({ code: 'ready', dataSynced: true, tiles: 'nothing' }).ready).toBe(true);
  });

  it('names each missing part, the code first', () => {
    expect(offlineReadiness({ code: 'installing', dataSynced: false, tiles: 'waiting' })).toEqual({
      ready: false,
      missing: ['pwa.missingCodeInstalling', 'pwa.missingData', 'pwa.missingTilesPending'],
    });
    expect(offlineReadiness({ code: 'failed', dataSynced: true, tiles: 'incomplete' }).missing).toEqual(['pwa.missingCodeFailed', 'pwa.missingTilesIncomplete']);
    expect(offlineReadiness({ code: 'unsupported', dataSynced: true, tiles: 'no-worker' }).missing).toEqual(['pwa.missingCodeUnsupported', 'pwa.missingTilesNoWorker']);
    expect(offlineReadiness({ code: 'ready', dataSynced: true, tiles: 'not-allowed' }).missing).toEqual(['pwa.missingTilesNotAllowed']);
  });
});
