/** Random routing instances for the optimiser's tests (deterministic per seed). */
import { createRng } from '../../src/domain/prng';
import { matrixFromRows } from '../../src/domain/routing/matrix';
import type { RoutingJob, RoutingProblem, RoutingVehicle } from '../../src/domain/routing/model';

export interface RandomProblemOptions {
  readonly seed: number;
  readonly jobs: number;
  readonly vehicles: number;
  /** Number of demand dimensions (0–3). */
  readonly dims: number;
  readonly windows: boolean;
  /** Shift bounds and a maximum duration on the vehicles. */
  readonly shifts: boolean;
  /** A matrix where A→B and B→A differ. */
  readonly asymmetric: boolean;
  /** Some jobs share a location. */
  readonly shared: boolean;
  /** A job whose demand no vehicle can carry. */
  readonly oversized?: boolean;
}

export function randomProblem(o: RandomProblemOptions): RoutingProblem {
  const rng = createRng(o.seed);
  const points: { x: number; y: number }[] = [{ x: 50, y: 50 }];
  for (let i = 0; i < o.jobs; i += 1) {
    if (o.shared && i > 0 && rng.chance(0.2)) points.push({ ...(points[rng.int(1, points.length - 1)] as { x: number; y: number }) });
    else points.push({ x: rng.float(0, 100), y: rng.float(0, 100) });
  }
  const n = points.length;
  const rows: number[][] = [];
  for (let i = 0; i < n; i += 1) {
    const row: number[] = [];
    for (let j = 0; j < n; j += 1) {
      const a = points[i] as { x: number; y: number };
      const b = points[j] as { x: number; y: number };
      let d = Math.hypot(a.x - b.x, a.y - b.y);
      if (o.asymmetric && i !== j) d *= 1 + 0.3 * rng.next();
      row.push(Math.round(d * 100) / 100);
    }
    rows.push(row);
  }
  const dims = ['weight', 'volume', 'boxes'].slice(0, o.dims);
  const jobs: RoutingJob[] = [];
  for (let i = 0; i < o.jobs; i += 1) {
    const start = rng.float(0, 400);
    jobs.push({
      id: `j${i + 1}`,
      location: i + 1,
      service: rng.int(0, 10),
      ...(o.windows && rng.chance(0.8) ? { window: { start, end: start + rng.float(20, 250) } } : {}),
      demand: dims.map(() => rng.int(1, 20)),
    });
  }
  const totals = dims.map((_, d) => jobs.reduce((s, j) => s + (j.demand[d] as number), 0));
  if (o.oversized && jobs.length > 0) {
    const j = jobs[0] as RoutingJob;
    jobs[0] = { ...j, demand: dims.map(() => 1_000_000) };
  }
  const vehicles: RoutingVehicle[] = [];
  for (let k = 0; k < o.vehicles; k += 1) {
    vehicles.push({
      id: `v${k + 1}`,
      start: 0,
      end: 0,
      capacity: totals.map((t) => Math.max(25, Math.ceil((t / o.vehicles) * rng.float(0.8, 1.6)))),
      ...(o.shifts ? { shiftStart: rng.int(0, 60), shiftEnd: rng.int(500, 800), maxDuration: rng.int(350, 700) } : {}),
    });
  }
  return { dimensions: dims, matrix: matrixFromRows(rows), jobs, vehicles, distanceWeight: 0.001 };
}
