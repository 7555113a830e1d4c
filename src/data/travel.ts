/**
 * Travel times for the planning board (issue 11): when the backend has an OSRM-compatible service
 * (the server's CB_OSRM_URL, the function's OSRM_URL), the optimiser asks it through the backend
 * for the day's table; otherwise — no service, no connection, a refusal — the board keeps the
 * offline estimate. Whether there is a service is asked once per page load, and again the next
 * time the board opens when it could not be asked.
 */
import { useEffect, useState } from 'react';
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
