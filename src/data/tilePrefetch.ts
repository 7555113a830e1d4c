/**
 * Today's route area on the map, fetched ahead for offline use (issue 15, part 4). When a rider's
 * routes of the day and their delivery points are in the local database (after the route syncs),
 * the tiles around the stops (RIDER_AREA_TILES: zooms 13–16, capped) are handed to the service
 * worker, which fetches those it does not have yet (sw/tiles.ts). Only where `mayPrefetchTiles`
 * allows it (Wi-Fi; not on a phone whose connection is unknown), and once per area on this
 * device: an area fetched whole is remembered in localStorage and never asked for again.
 * Screens call `useRouteAreaTilePrefetch`; they never fetch tiles themselves.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import { mayPrefetchTiles, RIDER_AREA_TILES, tilesForArea, tileUrl, type ConnectionInfo } from '../domain/map/tiles';
import type { DeliveryPoint, Route } from '../domain/entities/operation';
import { useLiveQuery } from './hooks';
import { docsByIds } from './queries';
import { PREFETCH_TILES_MESSAGE, TILE_URL, type PrefetchTilesResult } from './tileSource';

const DONE_KEY = 'cb.mapTiles.prefetched';
/** Areas remembered as fetched (the newest ones). */
const DONE_KEEP = 30;

/** What the prefetch needs from the browser (injected in tests). */
export interface PrefetchEnv {
  readonly connection: ConnectionInfo | undefined;
  readonly isPhone: boolean;
  readonly origin: string;
  /** Posts the URLs to the controlling service worker (waiting for one); null without service workers. */
  readonly send: ((urls: readonly string[]) => Promise<PrefetchTilesResult>) | null;
  readonly store: Pick<Storage, 'getItem' | 'setItem'> | null;
}

export type PrefetchOutcome = 'not-allowed' | 'no-worker' | 'nothing' | 'already' | 'done' | 'incomplete';

/**
 * Where the map of today's stops stands on this device, for «Listo para trabajar sin conexión»
 * (issue 28): `waiting` until the routes' points are known or while the worker fetches them.
 */
export type TilePrefetchState = PrefetchOutcome | 'waiting';

export const useTilePrefetchState = create<{ readonly state: TilePrefetchState }>()(() => ({ state: 'waiting' }));

function doneAreas(store: PrefetchEnv['store']): string[] {
  try {
    const v: unknown = JSON.parse(store?.getItem(DONE_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

/** Asks the service worker for the tiles around `points`, unless not allowed or already done. */
export async function prefetchAreaTiles(points: readonly { readonly lat: number; readonly lng: number }[], env: PrefetchEnv, template = TILE_URL): Promise<PrefetchOutcome> {
  if (!mayPrefetchTiles(env.connection, env.isPhone)) return 'not-allowed';
  const tiles = tilesForArea(points, RIDER_AREA_TILES);
  if (tiles.length === 0) return 'nothing';
  const urls = tiles.map((t) => new URL(tileUrl(template, t), env.origin).href);
  // The area's key: its tile list (same stops, same tiles; another template, another area).
  const key = `${template}|${tiles.map((t) => `${t.z}/${t.x}/${t.y}`).join(',')}`;
  const done = doneAreas(env.store);
  if (done.includes(key)) return 'already';
  if (!env.send) return 'no-worker';
  const result = await env.send(urls);
  if (result.failed > 0) return 'incomplete';
  try {
    env.store?.setItem(DONE_KEY, JSON.stringify([...done, key].slice(-DONE_KEEP)));
  } catch {
    // A full storage only means the area may be asked for again (its tiles are cached: no fetch).
  }
  return 'done';
}

/** This browser's connection, device class and service worker. */
function browserEnv(): PrefetchEnv {
  const nav = navigator as Navigator & { connection?: ConnectionInfo; userAgentData?: { mobile?: boolean } };
  /** The controlling worker; on the first visit, once the new worker claims the page. */
  const controller = (): Promise<ServiceWorker> =>
    new Promise((resolve) => {
      const now = navigator.serviceWorker.controller;
      if (now) return resolve(now);
      navigator.serviceWorker.addEventListener('controllerchange', () => {
        if (navigator.serviceWorker.controller) resolve(navigator.serviceWorker.controller);
      });
    });
  const send =
    'serviceWorker' in navigator
      ? async (urls: readonly string[]) => {
          const worker = await controller();
          return new Promise<PrefetchTilesResult>((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = (e: MessageEvent<PrefetchTilesResult>) => resolve(e.data);
            worker.postMessage({ type: PREFETCH_TILES_MESSAGE, urls }, [channel.port2]);
          });
        }
      : null;
  return {
    connection: nav.connection ? { type: nav.connection.type, saveData: nav.connection.saveData } : undefined,
    isPhone: nav.userAgentData?.mobile ?? /Mobi|iPhone|Android.+Mobile/i.test(navigator.userAgent),
    origin: location.origin,
    send,
    store: typeof localStorage === 'undefined' ? null : localStorage,
  };
}

/**
 * Fetches ahead the map tiles of these routes' stops (call it with a rider's routes of today).
 * A prefetch cut by a lost connection (or a worker that was not installed yet) resumes by itself
 * at the next `online` event; its state is published in `useTilePrefetchState`.
 */
export function useRouteAreaTilePrefetch(routes: readonly Route[]): void {
  const ids = [...new Set(routes.flatMap((r) => r.stops.map((s) => s.delivery_point_id)))].sort();
  const key = ids.join(',');
  const { data: points, loading } = useLiveQuery<Map<string, DeliveryPoint>>((db) => (ids.length > 0 ? docsByIds(db, 'delivery_points', ids) : null), [key], new Map());
  const found = [...points.values()].map((p) => ({ lat: p.lat, lng: p.lng }));
  const areaKey = loading ? '' : found.map((p) => `${p.lat},${p.lng}`).sort().join(';');
  const none = !loading && ids.length === 0;
  useEffect(() => {
    if (none) useTilePrefetchState.setState({ state: 'nothing' });
  }, [none]);
  useEffect(() => {
    if (areaKey === '') return;
    const area = areaKey.split(';').map((s) => {
      const [lat, lng] = s.split(',').map(Number);
      return { lat: lat as number, lng: lng as number };
    });
    let live = true;
    let running = false;
    const run = () => {
      if (running) return;
      running = true;
      useTilePrefetchState.setState({ state: 'waiting' });
      prefetchAreaTiles(area, browserEnv())
        .catch((): PrefetchOutcome => 'incomplete')
        .then((state) => {
          running = false;
          if (live) useTilePrefetchState.setState({ state });
        });
    };
    run();
    // An interrupted prefetch resumes when the network comes back (the cached tiles are skipped).
    const onOnline = () => {
      if (useTilePrefetchState.getState().state === 'incomplete') run();
    };
    window.addEventListener('online', onOnline);
    return () => {
      live = false;
      window.removeEventListener('online', onOnline);
    };
  }, [areaKey]);
}
