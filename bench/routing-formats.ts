/**
 * Readers of the public routing benchmark formats (bench/routing.ts), each validated with zod:
 * - TSPLIB `.tsp` (TYPE TSP) and CVRPLIB `.vrp` (TYPE CVRP, CAPACITY, DEMAND_SECTION,
 *   DEPOT_SECTION), EUC_2D: distance = nint(Euclidean distance);
 * - Solomon VRPTW text (VEHICLE NUMBER/CAPACITY, then customers with x, y, demand, ready, due,
 *   service): travel time = distance = Euclidean distance, unrounded.
 * and their translation into the optimiser's RoutingProblem.
 */
import { z } from 'zod';
import { euclideanMatrix } from '../src/domain/routing/matrix';
import type { RoutingJob, RoutingProblem } from '../src/domain/routing/model';

const num = z.number().finite();

export const tsplibSchema = z
  .object({
    name: z.string().min(1),
    type: z.enum(['TSP', 'CVRP']),
    edgeWeightType: z.literal('EUC_2D', { error: 'Solo se admite EDGE_WEIGHT_TYPE EUC_2D' }),
    dimension: z.int().min(2),
    capacity: num.positive().optional(),
    coords: z.array(z.object({ id: z.int(), x: num, y: num })),
    demands: z.array(z.object({ id: z.int(), demand: num.min(0) })),
    depots: z.array(z.int()),
  })
  .superRefine((t, ctx) => {
    if (t.coords.length !== t.dimension) ctx.addIssue({ code: 'custom', path: ['coords'], message: `NODE_COORD_SECTION tiene ${t.coords.length} nodos; DIMENSION dice ${t.dimension}` });
    t.coords.forEach((c, i) => {
      if (c.id !== i + 1) ctx.addIssue({ code: 'custom', path: ['coords', i], message: `Nodo ${c.id} fuera de orden (se esperaba ${i + 1})` });
    });
    if (t.type === 'CVRP') {
      if (t.capacity === undefined) ctx.addIssue({ code: 'custom', path: ['capacity'], message: 'Falta CAPACITY' });
      if (t.demands.length !== t.dimension) ctx.addIssue({ code: 'custom', path: ['demands'], message: `DEMAND_SECTION tiene ${t.demands.length} valores; DIMENSION dice ${t.dimension}` });
      if (t.depots.length !== 1) ctx.addIssue({ code: 'custom', path: ['depots'], message: 'Se espera exactamente un depósito' });
    }
  });
export type Tsplib = z.infer<typeof tsplibSchema>;

/** Reads a TSPLIB / CVRPLIB file (EUC_2D only). */
export function parseTsplib(text: string): Tsplib {
  const header = new Map<string, string>();
  const coords: { id: number; x: number; y: number }[] = [];
  const demands: { id: number; demand: number }[] = [];
  const depots: number[] = [];
  let section: 'none' | 'coords' | 'demands' | 'depots' = 'none';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line === 'EOF') continue;
    if (/^NODE_COORD_SECTION/.test(line)) section = 'coords';
    else if (/^DEMAND_SECTION/.test(line)) section = 'demands';
    else if (/^DEPOT_SECTION/.test(line)) section = 'depots';
    else if (/^[A-Z_]+\s*:/.test(line)) {
      const [key, ...rest] = line.split(':');
      header.set((key as string).trim(), rest.join(':').trim());
      section = 'none';
    } else if (section !== 'none') {
      const parts = line.split(/\s+/).map(Number);
      if (section === 'coords') coords.push({ id: parts[0] as number, x: parts[1] as number, y: parts[2] as number });
      else if (section === 'demands') demands.push({ id: parts[0] as number, demand: parts[1] as number });
      else if ((parts[0] as number) >= 0) depots.push(parts[0] as number);
    }
  }
  const capacity = header.get('CAPACITY');
  return tsplibSchema.parse({
    name: header.get('NAME') ?? '',
    type: header.get('TYPE'),
    edgeWeightType: header.get('EDGE_WEIGHT_TYPE'),
    dimension: Number(header.get('DIMENSION')),
    capacity: capacity === undefined ? undefined : Number(capacity),
    coords,
    demands,
    depots: header.get('TYPE') === 'TSP' && depots.length === 0 ? [1] : depots,
  });
}

export const solomonSchema = z
  .object({
    name: z.string().min(1),
    vehicles: z.int().min(1),
    capacity: num.positive(),
    customers: z.array(z.object({ id: z.int().min(0), x: num, y: num, demand: num.min(0), ready: num, due: num, service: num.min(0) })).min(2),
  })
  .superRefine((s, ctx) => {
    s.customers.forEach((c, i) => {
      if (c.id !== i) ctx.addIssue({ code: 'custom', path: ['customers', i], message: `Cliente ${c.id} fuera de orden (se esperaba ${i})` });
      if (c.due < c.ready) ctx.addIssue({ code: 'custom', path: ['customers', i], message: `Cliente ${c.id}: DUE DATE antes de READY TIME` });
    });
  });
export type Solomon = z.infer<typeof solomonSchema>;

/** Reads a Solomon VRPTW file. */
export function parseSolomon(text: string): Solomon {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const name = lines.find((l) => l !== '') ?? '';
  let vehicles = NaN;
  let capacity = NaN;
  const customers: Solomon['customers'] = [];
  let mode: 'none' | 'vehicle' | 'customer' = 'none';
  for (const line of lines) {
    if (/^VEHICLE/.test(line)) mode = 'vehicle';
    else if (/^CUSTOMER/.test(line)) mode = 'customer';
    else if (/^[\d.\s-]+$/.test(line) && line !== '') {
      const parts = line.split(/\s+/).map(Number);
      if (mode === 'vehicle' && Number.isNaN(vehicles)) {
        vehicles = parts[0] as number;
        capacity = parts[1] as number;
      } else if (mode === 'customer') {
        const [id, x, y, demand, ready, due, service] = parts as [number, number, number, number, number, number, number];
        customers.push({ id, x, y, demand, ready, due, service });
      }
    }
  }
  return solomonSchema.parse({ name, vehicles, capacity, customers });
}

/** TSP: one vehicle from city 1 back to city 1 visiting every other city. */
export function tspProblem(t: Tsplib): RoutingProblem {
  const matrix = euclideanMatrix(t.coords, 'nint');
  const jobs: RoutingJob[] = t.coords.slice(1).map((c, i) => ({ id: String(c.id), location: i + 1, service: 0, demand: [] }));
  return { dimensions: [], matrix, jobs, vehicles: [{ id: 'v1', start: 0, end: 0, capacity: [] }], distanceWeight: 0 };
}

/** CVRP: `vehicles` identical vehicles at the depot. */
export function cvrpProblem(t: Tsplib, vehicles: number): RoutingProblem {
  const matrix = euclideanMatrix(t.coords, 'nint');
  const depot = (t.depots[0] as number) - 1;
  const demand = new Map(t.demands.map((d) => [d.id, d.demand]));
  const jobs: RoutingJob[] = [];
  t.coords.forEach((c, i) => {
    if (i !== depot) jobs.push({ id: String(c.id), location: i, service: 0, demand: [demand.get(c.id) ?? 0] });
  });
  return {
    dimensions: ['demand'],
    matrix,
    jobs,
    vehicles: Array.from({ length: vehicles }, (_, k) => ({ id: `v${k + 1}`, start: depot, end: depot, capacity: [t.capacity as number] })),
    distanceWeight: 0,
  };
}

/** Solomon VRPTW: the file's vehicles, the depot's window as the shift. */
export function solomonProblem(s: Solomon): RoutingProblem {
  const matrix = euclideanMatrix(s.customers, 'exact');
  const depot = s.customers[0] as Solomon['customers'][number];
  const jobs: RoutingJob[] = s.customers.slice(1).map((c) => ({
    id: String(c.id),
    location: c.id,
    service: c.service,
    window: { start: c.ready, end: c.due },
    demand: [c.demand],
  }));
  return {
    dimensions: ['demand'],
    matrix,
    jobs,
    vehicles: Array.from({ length: s.vehicles }, (_, k) => ({ id: `v${k + 1}`, start: 0, end: 0, shiftStart: depot.ready, shiftEnd: depot.due, capacity: [s.capacity] })),
    distanceWeight: 0,
  };
}
