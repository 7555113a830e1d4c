/**
 * Travel times for the planning board (issue 11): when the backend has an OSRM-compatible service
 * (the server's CB_OSRM_URL, the function's OSRM_URL), the optimiser asks it through the backend
 * for the day's table; otherwise — no service, no connection, a refusal — the board keeps the
 * offline estimate. Whether there is a service is asked once per page load, and again the next
 * time the board opens when it could not be asked.
 */
import { useEffect, useMemo, useState } from 'react';
import type { LatLng } from '../domain/routing/matrix';
import { haversineMatrix } from '../domain/routing/matrix';
import { travelFromTable, estimateTravel } from '../domain/tracking/fromEntities';
import type { TravelSeconds } from '../domain/tracking/eta';
import type { RoutingBackend } from '../backend/types';
import type { TravelTableCall } from '../workers/osrm';
import { sessionBackend } from './session';

let known: Promise<boolean> | null = null;

/** Whether the backend has a travel service (false when it cannot say: offline, refused). */
export function travelServiceAvailable(routing: RoutingBackend = sessionBackend().routing): Promise<boolean> {
  known ??= routing.status().then(
    (s) => s.osrm === true,
    () => {
      known = null;
      return false;
    },
  );
  return known;
}

/** The backend's travel-table call when it has a service, else undefined (the estimate). */
export function useTravelTable(): TravelTableCall | undefined {
  const [table, setTable] = useState<TravelTableCall | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void travelServiceAvailable().then((ok) => {
      if (!live || !ok) return;
      const routing = sessionBackend().routing;
      const call: TravelTableCall = (request) => routing.table(request);
      setTable(() => call);
    });
    return () => {
      live = false;
    };
  }, []);
  return table;
}

/**
 * The live map's travel times (issue 33): for each route (its hub and stops, in order), the
 * routing service's table when the backend has one — asked once per route and set of places —
 * else nothing (the ETA keeps the hub's offline estimate). Keyed by route id.
 */
export function useRoutesTravel(routes: readonly { readonly id: string; readonly places: readonly LatLng[] }[]): ReadonlyMap<string, TravelSeconds> {
  const table = useTravelTable();
  const [travel, setTravel] = useState<ReadonlyMap<string, TravelSeconds>>(new Map());
  // Made again only for a new list of routes (the live map renders on every position).
  const key = useMemo(() => routes.map((r) => `${r.id}:${r.places.map((p) => `${p.lat},${p.lng}`).join(';')}`).join('|'), [routes]);
  useEffect(() => {
    if (!table || routes.length === 0) return undefined;
    let live = true;
    void import('../workers/osrm').then(async ({ fetchOsrmMatrix }) => {
      for (const r of routes) {
        if (!live) return;
        if (r.places.length < 2 || r.places.length > 100) continue;
        try {
          const matrix = await fetchOsrmMatrix(r.places, { table, concurrency: 1 }, haversineMatrix(r.places));
          if (!live) return;
          const fn = travelFromTable(r.places, matrix.durations, estimateTravel());
          setTravel((old) => new Map(old).set(r.id, fn));
        } catch {
          // No service answer: the estimate stays for this route.
        }
      }
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the routes' places
  }, [table, key]);
  return travel;
}
