/**
 * The travel-table call between the optimiser and the app's backend (issue 11): the optimiser's
 * worker asks for one block of an OSRM `table` (bicycle profile) through the backend, which calls
 * the OSRM-compatible service configured on the server (CB_OSRM_URL) or on the Firebase function
 * (OSRM_URL): the page never talks to the service itself (its Content-Security-Policy would
 * refuse an address typed at run time, and the service stays private to the server).
 *
 * A request names the block's coordinates (longitude, latitude; OSRM's order) and, when the block
 * is not square, the positions of its sources and destinations. The answer is OSRM's, reduced to
 * what the optimiser reads.
 */
import { z } from 'zod';

/** Coordinates of one request (OSRM's `--max-table-size` on most servers). */
export const MAX_TABLE_COORDINATES = 100;

const position = z.int().min(0).max(MAX_TABLE_COORDINATES - 1);

export const travelTableRequestSchema = z
  .object({
    coordinates: z
      .array(z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]))
      .min(2)
      .max(MAX_TABLE_COORDINATES),
    sources: z.array(position).min(1).max(MAX_TABLE_COORDINATES).optional(),
    destinations: z.array(position).min(1).max(MAX_TABLE_COORDINATES).optional(),
  })
  .strict()
  .superRefine((r, ctx) => {
    for (const key of ['sources', 'destinations'] as const) {
      r[key]?.forEach((p, i) => {
        if (p >= r.coordinates.length) ctx.addIssue({ code: 'custom', path: [key, i], message: 'out of range' });
      });
    }
  });
export type TravelTableRequest = z.infer<typeof travelTableRequestSchema>;

const cell = z.number().finite().min(0).nullable();
/** OSRM's `table` answer (the fields the optimiser reads). */
export const osrmTableSchema = z.object({
  code: z.string().max(100),
  message: z.string().max(1000).optional(),
  durations: z.array(z.array(cell)).optional(),
  distances: z.array(z.array(cell)).optional(),
});
export type OsrmTable = z.infer<typeof osrmTableSchema>;

/** The path and query of a request on an OSRM server (`{base}` + this). */
export function osrmTablePath(r: TravelTableRequest): string {
  const coords = r.coordinates.map(([lng, lat]) => `${lng.toFixed(6)},${lat.toFixed(6)}`).join(';');
  const query = ['annotations=duration,distance'];
  if (r.sources) query.push(`sources=${r.sources.join(';')}`);
  if (r.destinations) query.push(`destinations=${r.destinations.join(';')}`);
  return `/table/v1/bicycle/${coords}?${query.join('&')}`;
}
