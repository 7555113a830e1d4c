/**
 * Travel-time matrices (pure): the model, the offline estimate (haversine × detour factor at a
 * cargo-bike speed), Euclidean matrices for the benchmark instances, and the bookkeeping of an
 * OSRM `table` matrix fetched in blocks (the fetching itself lives in src/workers/osrm.ts).
 */
import { DomainError, msg } from '../messages';

/** Travel times and distances between `size` locations, row-major: `[from * size + to]`. */
export interface TravelMatrix {
  readonly size: number;
  /** Travel times (seconds in the app). */
  readonly durations: Float64Array;
  /** Distances (metres in the app). */
  readonly distances: Float64Array;
}

export interface LatLng {
  readonly lat: number;
  readonly lng: number;
}

/** How the offline estimate turns straight-line distances into riding times. */
export interface TravelSettings {
  /** Road distance ÷ straight-line distance (streets are not straight), ≥ 1. */
  readonly detourFactor: number;
  /** Average riding speed of a loaded cargo bike, km/h (stops at lights included). */
  readonly speedKmh: number;
}

/** Defaults of the offline estimate (docs/planning.md, «The optimiser»). */
export const DEFAULT_TRAVEL_SETTINGS: TravelSettings = { detourFactor: 1.3, speedKmh: 15 };

const EARTH_RADIUS_M = 6_371_008.8;
const DEG = Math.PI / 180;

/** Great-circle distance in metres. */
export function haversineM(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const dLat = (bLat - aLat) * DEG;
  const dLng = (bLng - aLng) * DEG;
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * DEG) * Math.cos(bLat * DEG) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(s)));
}

/** Checks the settings; throws a DomainError (domain.routing.matrix.*) when one is out of range. */
export function checkTravelSettings(settings: TravelSettings): TravelSettings {
  const { detourFactor, speedKmh } = settings;
  if (!Number.isFinite(detourFactor) || detourFactor < 1 || detourFactor > 5) {
    throw new DomainError(msg('domain.routing.matrix.detour', { value: String(detourFactor) }));
  }
  if (!Number.isFinite(speedKmh) || speedKmh < 1 || speedKmh > 60) {
    throw new DomainError(msg('domain.routing.matrix.speed', { value: String(speedKmh) }));
  }
  return settings;
}

/** Road distance (m) and riding time (s) of one leg by the offline estimate. */
export function estimateLeg(a: LatLng, b: LatLng, settings: TravelSettings = DEFAULT_TRAVEL_SETTINGS): { distance: number; duration: number } {
  const distance = haversineM(a.lat, a.lng, b.lat, b.lng) * settings.detourFactor;
  return { distance, duration: distance / ((settings.speedKmh * 1000) / 3600) };
}

/** The offline matrix: haversine × detour factor, at the cargo-bike speed. Works with no network. */
export function haversineMatrix(points: readonly LatLng[], settings: TravelSettings = DEFAULT_TRAVEL_SETTINGS): TravelMatrix {
  checkTravelSettings(settings);
  const n = points.length;
  const durations = new Float64Array(n * n);
  const distances = new Float64Array(n * n);
  const metresPerSecond = (settings.speedKmh * 1000) / 3600;
  for (let i = 0; i < n; i += 1) {
    const a = points[i] as LatLng;
    for (let j = i + 1; j < n; j += 1) {
      const b = points[j] as LatLng;
      const d = haversineM(a.lat, a.lng, b.lat, b.lng) * settings.detourFactor;
      const t = d / metresPerSecond;
      distances[i * n + j] = d;
      distances[j * n + i] = d;
      durations[i * n + j] = t;
      durations[j * n + i] = t;
    }
  }
  return { size: n, durations, distances };
}

/**
 * A matrix of plane distances (benchmark instances), used both as time and distance.
 * `nint` rounds each distance to the nearest integer (TSPLIB EUC_2D); `exact` keeps it.
 */
export function euclideanMatrix(points: readonly { readonly x: number; readonly y: number }[], rounding: 'nint' | 'exact'): TravelMatrix {
  const n = points.length;
  const values = new Float64Array(n * n);
  for (let i = 0; i < n; i += 1) {
    const a = points[i] as { x: number; y: number };
    for (let j = i + 1; j < n; j += 1) {
      const b = points[j] as { x: number; y: number };
      const raw = Math.hypot(a.x - b.x, a.y - b.y);
      const d = rounding === 'nint' ? Math.floor(raw + 0.5) : raw;
      values[i * n + j] = d;
      values[j * n + i] = d;
    }
  }
  return { size: n, durations: values, distances: values };
}

/** Builds a matrix from plain rows (tests, hand-made instances). */
export function matrixFromRows(durations: readonly (readonly number[])[], distances: readonly (readonly number[])[] = durations): TravelMatrix {
  const n = durations.length;
  const t = new Float64Array(n * n);
  const d = new Float64Array(n * n);
  for (let i = 0; i < n; i += 1) {
    const rt = durations[i];
    const rd = distances[i];
    if (!rt || rt.length !== n || !rd || rd.length !== n) throw new DomainError(msg('domain.routing.matrix.row', { row: i + 1, n }));
    for (let j = 0; j < n; j += 1) {
      t[i * n + j] = rt[j] as number;
      d[i * n + j] = rd[j] as number;
    }
  }
  return checkMatrix({ size: n, durations: t, distances: d });
}

/** Checks sizes and values (finite, not negative); throws a DomainError naming the cell. */
export function checkMatrix(m: TravelMatrix): TravelMatrix {
  const cells = m.size * m.size;
  if (!Number.isInteger(m.size) || m.size < 0) throw new DomainError(msg('domain.routing.matrix.size', { value: String(m.size) }));
  if (m.durations.length !== cells) throw new DomainError(msg('domain.routing.matrix.durations', { n: m.durations.length, expected: cells }));
  if (m.distances.length !== cells) throw new DomainError(msg('domain.routing.matrix.distances', { n: m.distances.length, expected: cells }));
  for (let k = 0; k < cells; k += 1) {
    const t = m.durations[k] as number;
    const d = m.distances[k] as number;
    if (!(t >= 0 && t < Infinity) || !(d >= 0 && d < Infinity)) {
      const i = Math.floor(k / m.size);
      throw new DomainError(msg('domain.routing.matrix.cell', { row: i + 1, column: (k % m.size) + 1, time: String(t), distance: String(d) }));
    }
  }
  return m;
}

// ── OSRM `table` in blocks ─────────────────────────────────────────────────────────────────────

/** One request of a matrix fetched in blocks: these sources × these destinations. */
export interface TableBlock {
  readonly sources: readonly number[];
  readonly destinations: readonly number[];
}

/**
 * Splits an n × n matrix into blocks whose request holds at most `maxCoordinates` coordinates
 * (OSRM's `--max-table-size`, 100 on the public demo server): sources and destinations of
 * `maxCoordinates / 2` locations each (one block when everything fits).
 */
export function tableBlocks(size: number, maxCoordinates = 100): TableBlock[] {
  if (!Number.isInteger(maxCoordinates) || maxCoordinates < 2) throw new DomainError(msg('domain.routing.matrix.maxCoordinates', { value: String(maxCoordinates) }));
  const all = Array.from({ length: size }, (_, i) => i);
  if (size <= maxCoordinates) return size === 0 ? [] : [{ sources: all, destinations: all }];
  const half = Math.floor(maxCoordinates / 2);
  const groups: number[][] = [];
  for (let i = 0; i < size; i += half) groups.push(all.slice(i, i + half));
  const blocks: TableBlock[] = [];
  for (const sources of groups) for (const destinations of groups) blocks.push({ sources, destinations });
  return blocks;
}

/** The coordinates one block's request sends: its sources, then the destinations not among them. */
export function blockCoordinates(block: TableBlock): { indices: number[]; sourcePositions: number[]; destinationPositions: number[] } {
  const indices: number[] = [];
  const position = new Map<number, number>();
  const add = (i: number): number => {
    let p = position.get(i);
    if (p === undefined) {
      p = indices.length;
      indices.push(i);
      position.set(i, p);
    }
    return p;
  };
  const sourcePositions = block.sources.map(add);
  const destinationPositions = block.destinations.map(add);
  return { indices, sourcePositions, destinationPositions };
}

/** A matrix being filled block by block; cells no block answered keep the fallback's values. */
export function createMatrixBuilder(fallback: TravelMatrix): {
  /** Copies one block's answer (null = no route between the two points: the fallback stays). */
  put(block: TableBlock, durations: readonly (readonly (number | null)[])[], distances: readonly (readonly (number | null)[])[] | null): number;
  /** The matrix (a copy of the fallback with every answered cell replaced). */
  result(): TravelMatrix;
} {
  const n = fallback.size;
  const durations = new Float64Array(fallback.durations);
  const distances = new Float64Array(fallback.distances);
  return {
    put(block, blockDurations, blockDistances) {
      let filled = 0;
      block.sources.forEach((from, si) => {
        const rowT = blockDurations[si];
        const rowD = blockDistances?.[si];
        block.destinations.forEach((to, di) => {
          const t = rowT?.[di];
          if (t === null || t === undefined || !Number.isFinite(t) || t < 0) return;
          durations[from * n + to] = t;
          const d = rowD?.[di];
          // Without a distance in the answer, the fallback's distance stays.
          if (d !== null && d !== undefined && Number.isFinite(d) && d >= 0) distances[from * n + to] = d;
          filled += 1;
        });
      });
      return filled;
    },
    result: () => ({ size: n, durations, distances }),
  };
}
