/**
 * The solver's compiled view of a problem: typed arrays indexed by node, checked once.
 *
 * Nodes: jobs are 0…n−1; vehicle v has its start depot node n + 2v and its end depot node
 * n + 2v + 1. In a route, the sequence index of a node is its place counting the start depot as 0,
 * so a job's 1-based position in its route equals its sequence index.
 */
import { DomainError, msg, worded, type DomainMessage } from '../messages';
import { checkMatrix } from './matrix';
import { DEFAULT_DISTANCE_WEIGHT, type RoutingProblem } from './model';

/** Stand-in for «no limit» in time windows (finite, so the window arithmetic never meets ∞ − ∞). */
export const UNBOUNDED = 1e15;

/** One problem of a routing input: a domain message, or a text already worded (a zod issue). */
export type RoutingIssue = string | DomainMessage;

/** «a; b; c» as one message variable. */
function listOf(items: readonly RoutingIssue[]): RoutingIssue {
  return items.reduceRight<RoutingIssue | null>((rest, first) => (rest === null ? first : msg('domain.routing.input.list', { first, rest })), null) ?? '';
}

/**
 * The problem is not valid: `problems` says what is wrong and where (domain messages), `issues`
 * the same in words; the error's message names the first five.
 */
export class RoutingInputError extends DomainError {
  readonly problems: readonly RoutingIssue[];
  constructor(problems: readonly RoutingIssue[]) {
    const issues = listOf(problems.slice(0, 5));
    super(problems.length > 5 ? msg('domain.routing.input.invalidMore', { issues, more: problems.length - 5 }) : msg('domain.routing.input.invalid', { issues }));
    this.name = 'RoutingInputError';
    this.problems = problems;
  }

  /** Every problem, in the interface's language. */
  get issues(): readonly string[] {
    return this.problems.map((p) => (typeof p === 'string' ? p : worded(p)));
  }
}

export interface Instance {
  readonly problem: RoutingProblem;
  /** Jobs, vehicles, dimensions, matrix size. */
  readonly n: number;
  readonly m: number;
  readonly dims: number;
  readonly size: number;
  /** Location of each node. */
  readonly loc: Int32Array;
  readonly time: Float64Array;
  readonly dist: Float64Array;
  /** Leg cost: time + distanceWeight × distance. */
  readonly cost: Float64Array;
  readonly service: Float64Array;
  readonly early: Float64Array;
  readonly late: Float64Array;
  /** Demand of node × dims (depots 0). */
  readonly demand: Float64Array;
  /** Capacity of vehicle × dims. */
  readonly cap: Float64Array;
  readonly maxDur: Float64Array;
  /** Fixed cost of a used route as the search counts it: the vehicle's own plus `routeWeight`. */
  readonly fixed: Float64Array;
  /**
   * Weight the search adds to every used route (0 unless the objective is `min-vehicles`): more
   * than any saving in cost another route could bring in practice, less than an unassigned job.
   */
  readonly routeWeight: number;
  /** The only vehicle a job may use (−1: any). */
  readonly onlyVehicle: Int32Array;
  /** Sequence index a job is locked at (−1: none). */
  readonly lockPos: Int32Array;
  /** Per vehicle: sequence index of its last position-locked stop (0: none, the start depot). */
  readonly lastLock: Int32Array;
  /** Per vehicle: number of position-locked stops at sequence index ≤ i (length lastLock + 1). */
  readonly lockCum: readonly Int32Array[];
  /** Initial stops of each vehicle (job indices, in order). */
  readonly initial: readonly (readonly number[])[];
  /** Vehicles interchangeable with each other share a class. */
  readonly vclass: Int32Array;
  /** Per job, the `neighbourCount` closest jobs (cost with time-window awareness), closest first. */
  readonly neighbours: Int32Array;
  readonly neighbourCount: number;
  /** Penalty per unit of time warp / excess duration, per unit of relative excess load, per unassigned job. */
  readonly wTime: number;
  readonly wLoad: number;
  readonly wUnassigned: number;
  /** Fixed penalty of each broken constraint (twice an unassigned job). */
  readonly wViolation: number;
  /** Scale of each dimension for the load penalty. */
  readonly loadScale: Float64Array;
  /** Any time window, shift bound or duration limit at all (otherwise time checks are skipped). */
  readonly timed: boolean;
  /** A typical leg cost (mean cost to the nearest neighbour), the scale of the search's temperatures. */
  readonly refCost: number;
  readonly jobIndex: ReadonlyMap<string, number>;
  readonly vehicleIndex: ReadonlyMap<string, number>;
}

const finite = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/** Every problem with the input, as domain messages (empty when it is valid). */
export function validateProblem(p: RoutingProblem): DomainMessage[] {
  const issues: DomainMessage[] = [];
  const dims = p.dimensions.length;
  try {
    checkMatrix(p.matrix);
  } catch (e) {
    issues.push(e instanceof DomainError ? e.text : msg('domain.routing.checker', { detail: (e as Error).message }));
    return issues;
  }
  const size = p.matrix.size;
  const goodLocation = (x: unknown): boolean => Number.isInteger(x) && (x as number) >= 0 && (x as number) < size;
  if (p.objective !== undefined && p.objective !== 'cost' && p.objective !== 'min-vehicles') issues.push(msg('domain.routing.input.objectiveInvalid', { value: String(p.objective) }));
  if (p.distanceWeight !== undefined && !(finite(p.distanceWeight) && p.distanceWeight >= 0)) {
    issues.push(msg('domain.routing.input.distanceWeight', { value: String(p.distanceWeight) }));
  }
  const jobIds = new Set<string>();
  p.jobs.forEach((j, i) => {
    const where = msg('domain.routing.input.job', { n: i + 1, id: String(j.id) });
    if (typeof j.id !== 'string' || j.id === '') issues.push(msg('domain.routing.input.jobNoId', { n: i + 1 }));
    else if (jobIds.has(j.id)) issues.push(msg('domain.routing.input.repeatedId', { where }));
    jobIds.add(j.id);
    if (!goodLocation(j.location)) issues.push(msg('domain.routing.input.locationOutside', { where, location: String(j.location), last: size - 1 }));
    if (!(finite(j.service) && j.service >= 0)) issues.push(msg('domain.routing.input.serviceInvalid', { where, value: String(j.service) }));
    if (j.window) {
      if (!finite(j.window.start) || !finite(j.window.end)) issues.push(msg('domain.routing.input.windowInvalid', { where }));
      else if (j.window.end < j.window.start) issues.push(msg('domain.routing.input.windowReversed', { where }));
    }
    if (!Array.isArray(j.demand) || j.demand.length !== dims) issues.push(msg('domain.routing.input.demandLength', { where, dims }));
    else if (j.demand.some((d) => !(finite(d) && d >= 0))) issues.push(msg('domain.routing.input.demandInvalid', { where }));
  });
  const vehicleIds = new Set<string>();
  const placed = new Map<string, string>();
  p.vehicles.forEach((v, i) => {
    const where = msg('domain.routing.input.vehicle', { n: i + 1, id: String(v.id) });
    if (typeof v.id !== 'string' || v.id === '') issues.push(msg('domain.routing.input.vehicleNoId', { n: i + 1 }));
    else if (vehicleIds.has(v.id)) issues.push(msg('domain.routing.input.repeatedId', { where }));
    vehicleIds.add(v.id);
    if (!goodLocation(v.start)) issues.push(msg('domain.routing.input.startOutside', { where, location: String(v.start) }));
    if (!goodLocation(v.end)) issues.push(msg('domain.routing.input.endOutside', { where, location: String(v.end) }));
    if (v.shiftStart !== undefined && !finite(v.shiftStart)) issues.push(msg('domain.routing.input.shiftStartInvalid', { where }));
    if (v.shiftEnd !== undefined && !finite(v.shiftEnd)) issues.push(msg('domain.routing.input.shiftEndInvalid', { where }));
    if (finite(v.shiftStart) && finite(v.shiftEnd) && v.shiftEnd < v.shiftStart) issues.push(msg('domain.routing.input.shiftReversed', { where }));
    if (v.maxDuration !== undefined && !(finite(v.maxDuration) && v.maxDuration >= 0)) issues.push(msg('domain.routing.input.maxDurationInvalid', { where }));
    if (v.fixedCost !== undefined && !(finite(v.fixedCost) && v.fixedCost >= 0)) issues.push(msg('domain.routing.input.fixedCostInvalid', { where }));
    if (!Array.isArray(v.capacity) || v.capacity.length !== dims) issues.push(msg('domain.routing.input.capacityLength', { where, dims }));
    else if (v.capacity.some((c) => !(c >= 0))) issues.push(msg('domain.routing.input.capacityInvalid', { where }));
    (v.stops ?? []).forEach((s, k) => {
      const at = msg('domain.routing.input.vehicleStop', { where, k: k + 1 });
      if (!jobIds.has(s.job)) issues.push(msg('domain.routing.input.stopUnknown', { where: at, job: s.job }));
      const other = placed.get(s.job);
      if (other !== undefined) issues.push(msg('domain.routing.input.stopPlaced', { where: at, job: s.job, other }));
      placed.set(s.job, v.id);
      if (s.lock !== undefined && s.lock !== 'none' && s.lock !== 'route' && s.lock !== 'position') issues.push(msg('domain.routing.input.lockInvalid', { where: at, lock: String(s.lock) }));
    });
  });
  return issues;
}

/** Compiles a valid problem (throws RoutingInputError otherwise). */
export function compile(p: RoutingProblem, neighbourCount = 40): Instance {
  const issues = validateProblem(p);
  if (issues.length > 0) throw new RoutingInputError(issues);
  const n = p.jobs.length;
  const m = p.vehicles.length;
  const dims = p.dimensions.length;
  const size = p.matrix.size;
  const nodes = n + 2 * m;
  const w = p.distanceWeight ?? DEFAULT_DISTANCE_WEIGHT;
  const time = p.matrix.durations;
  const dist = p.matrix.distances;
  const cost = new Float64Array(size * size);
  let maxArc = 0;
  for (let k = 0; k < cost.length; k += 1) {
    const c = (time[k] as number) + w * (dist[k] as number);
    cost[k] = c;
    if (c > maxArc) maxArc = c;
  }

  const jobIndex = new Map<string, number>();
  p.jobs.forEach((j, i) => jobIndex.set(j.id, i));
  const vehicleIndex = new Map<string, number>();
  p.vehicles.forEach((v, i) => vehicleIndex.set(v.id, i));

  const loc = new Int32Array(nodes);
  const service = new Float64Array(nodes);
  const early = new Float64Array(nodes);
  const late = new Float64Array(nodes);
  const demand = new Float64Array(nodes * dims);
  let timed = false;
  let maxService = 0;
  p.jobs.forEach((j, i) => {
    loc[i] = j.location;
    service[i] = j.service;
    maxService = Math.max(maxService, j.service);
    early[i] = j.window ? j.window.start : -UNBOUNDED;
    late[i] = j.window ? j.window.end : UNBOUNDED;
    if (j.window) timed = true;
    for (let d = 0; d < dims; d += 1) demand[i * dims + d] = j.demand[d] as number;
  });
  const cap = new Float64Array(m * dims);
  const maxDur = new Float64Array(m);
  const fixed = new Float64Array(m);
  let maxFixed = 0;
  p.vehicles.forEach((v, k) => {
    const s = n + 2 * k;
    const e = s + 1;
    loc[s] = v.start;
    loc[e] = v.end;
    early[s] = early[e] = v.shiftStart ?? -UNBOUNDED;
    late[s] = late[e] = v.shiftEnd ?? UNBOUNDED;
    if (v.shiftStart !== undefined || v.shiftEnd !== undefined || v.maxDuration !== undefined) timed = true;
    maxDur[k] = v.maxDuration ?? 2 * UNBOUNDED;
    fixed[k] = v.fixedCost ?? 0;
    maxFixed = Math.max(maxFixed, fixed[k] as number);
    for (let d = 0; d < dims; d += 1) cap[k * dims + d] = v.capacity[d] as number;
  });
  const loadScale = new Float64Array(dims);
  for (let d = 0; d < dims; d += 1) {
    let s = 0;
    for (let k = 0; k < m; k += 1) if ((cap[k * dims + d] as number) < UNBOUNDED) s = Math.max(s, cap[k * dims + d] as number);
    for (let i = 0; i < n; i += 1) s = Math.max(s, demand[i * dims + d] as number);
    loadScale[d] = s > 0 && Number.isFinite(s) ? s : 1;
  }

  // Locks and initial routes.
  const onlyVehicle = new Int32Array(n).fill(-1);
  const lockPos = new Int32Array(n).fill(-1);
  const lastLock = new Int32Array(m);
  const lockCum: Int32Array[] = [];
  const initial: number[][] = [];
  p.vehicles.forEach((v, k) => {
    const seq: number[] = [];
    let last = 0;
    (v.stops ?? []).forEach((s, idx) => {
      const j = jobIndex.get(s.job) as number;
      seq.push(j);
      if (s.lock === 'route' || s.lock === 'position') onlyVehicle[j] = k;
      if (s.lock === 'position') {
        lockPos[j] = idx + 1;
        last = idx + 1;
      }
    });
    lastLock[k] = last;
    const cum = new Int32Array(last + 1);
    let c = 0;
    for (let i = 1; i <= last; i += 1) {
      const j = seq[i - 1] as number;
      if (lockPos[j] === i) c += 1;
      cum[i] = c;
    }
    lockCum.push(cum);
    initial.push(seq);
  });

  // Interchangeable vehicles (same depots, shift, capacity and cost, nothing locked to them).
  const vclass = new Int32Array(m);
  const classKeys = new Map<string, number>();
  const lockedTo = new Uint8Array(m);
  for (let i = 0; i < n; i += 1) if ((onlyVehicle[i] as number) >= 0) lockedTo[onlyVehicle[i] as number] = 1;
  p.vehicles.forEach((v, k) => {
    if (lockedTo[k]) {
      vclass[k] = -1 - k;
      return;
    }
    const key = [v.start, v.end, v.shiftStart ?? '', v.shiftEnd ?? '', v.maxDuration ?? '', v.fixedCost ?? 0, ...v.capacity].join('|');
    let c = classKeys.get(key);
    if (c === undefined) {
      c = classKeys.size;
      classKeys.set(key, c);
    }
    vclass[k] = c;
  });

  // Neighbours: cost plus the waiting / lateness a direct leg between the two windows would bring.
  const K = Math.max(0, Math.min(neighbourCount, n - 1));
  const neighbours = new Int32Array(n * K);
  let nearestSum = 0;
  if (K > 0) {
    const heapV = new Float64Array(K);
    const heapI = new Int32Array(K);
    for (let i = 0; i < n; i += 1) {
      let size = 0;
      const li = loc[i] as number;
      let nearest = Infinity;
      for (let j = 0; j < n; j += 1) {
        if (j === i) continue;
        const lj = loc[j] as number;
        const cij = cost[li * p.matrix.size + lj] as number;
        const cji = cost[lj * p.matrix.size + li] as number;
        if (cij < nearest) nearest = cij;
        let prox: number;
        if (timed) {
          const tij = time[li * p.matrix.size + lj] as number;
          const tji = time[lj * p.matrix.size + li] as number;
          const a = cij + 0.2 * Math.max((early[j] as number) - (service[i] as number) - tij - (late[i] as number), 0) + Math.max((early[i] as number) + (service[i] as number) + tij - (late[j] as number), 0);
          const b = cji + 0.2 * Math.max((early[i] as number) - (service[j] as number) - tji - (late[j] as number), 0) + Math.max((early[j] as number) + (service[j] as number) + tji - (late[i] as number), 0);
          prox = Math.min(a, b);
        } else {
          prox = Math.min(cij, cji);
        }
        // Max-heap of the K smallest.
        if (size < K) {
          let c = size;
          size += 1;
          while (c > 0) {
            const parent = (c - 1) >> 1;
            if ((heapV[parent] as number) >= prox) break;
            heapV[c] = heapV[parent] as number;
            heapI[c] = heapI[parent] as number;
            c = parent;
          }
          heapV[c] = prox;
          heapI[c] = j;
        } else if (prox < (heapV[0] as number)) {
          let c = 0;
          for (;;) {
            const l = 2 * c + 1;
            if (l >= K) break;
            const r = l + 1;
            const big = r < K && (heapV[r] as number) > (heapV[l] as number) ? r : l;
            if ((heapV[big] as number) <= prox) break;
            heapV[c] = heapV[big] as number;
            heapI[c] = heapI[big] as number;
            c = big;
          }
          heapV[c] = prox;
          heapI[c] = j;
        }
      }
      nearestSum += nearest;
      const order = Array.from({ length: K }, (_, k) => k).sort((x, y) => (heapV[x] as number) - (heapV[y] as number) || (heapI[x] as number) - (heapI[y] as number));
      for (let k = 0; k < K; k += 1) neighbours[i * K + k] = heapI[order[k] as number] as number;
    }
  }
  let refCost = n > 1 ? nearestSum / n : 0;
  if (!(refCost > 0)) {
    // Single job, or every job at one place: the depot legs give the scale.
    let s = 0;
    let c = 0;
    for (let i = 0; i < n; i += 1) {
      for (let k = 0; k < m; k += 1) {
        s += cost[(loc[n + 2 * k] as number) * size + (loc[i] as number)] as number;
        c += 1;
      }
    }
    refCost = c > 0 && s > 0 ? s / c : 1;
  }

  const big = 2 * maxArc + maxService + maxFixed + 1;
  const routeWeight = p.objective === 'min-vehicles' ? 100 * big : 0;
  if (routeWeight > 0) for (let k = 0; k < m; k += 1) fixed[k] = (fixed[k] as number) + routeWeight;
  return {
    problem: p,
    n,
    m,
    dims,
    size,
    loc,
    time,
    dist,
    cost,
    service,
    early,
    late,
    demand,
    cap,
    maxDur,
    fixed,
    routeWeight,
    onlyVehicle,
    lockPos,
    lastLock,
    lockCum,
    initial,
    vclass,
    neighbours,
    neighbourCount: K,
    wTime: 1000,
    wLoad: 1000 * big,
    wUnassigned: 1000 * big,
    wViolation: 2000 * big,
    loadScale,
    timed,
    refCost,
    jobIndex,
    vehicleIndex,
  };
}
