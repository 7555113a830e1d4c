import { MessageChannel } from 'node:worker_threads';
import * as Comlink from 'comlink';
import { describe, expect, it } from 'vitest';
import { checkPlan } from '../../src/domain/routing/check';
import type { DayPlanInput } from '../../src/domain/routing/day';
import type { SolveProgress } from '../../src/domain/routing/model';
import { createOptimiserClient, type OptimiserEndpoint } from '../../src/workers/optimiser';
import { createOptimiserApi, dayBudget } from '../../src/workers/optimiserApi';
import { randomProblem } from './helpers';
import type { TravelTableRequest } from '../../src/domain/routing/travelTable';

const HUB = { lat: 40.397, lng: -3.695, opens: '07:00', closes: '20:00' };
const input: DayPlanInput = {
  hub: HUB,
  orders: Array.from({ length: 12 }, (_, i) => ({
    id: `o${i}`,
    delivery_point_id: `p${i}`,
    lat: HUB.lat + Math.sin(i) * 0.01,
    lng: HUB.lng + Math.cos(i) * 0.012,
    window_start: '08:00',
    window_end: i % 3 === 0 ? '10:00' : '18:00',
    lines: [{ quantity: 2, weight_g: 3000, volume_ml: 5000 }],
  })),
  routes: [],
  riders: [{ id: 'ana' }, { id: 'ben' }],
  bikes: [
    { id: 'b1', capacity_kg: 100, capacity_l: 300 },
    { id: 'b2', capacity_kg: 200, capacity_l: 1500 },
  ],
};

describe('optimiser worker API (called directly, as the worker exposes it)', () => {
  it('plans a day, reporting progress, within its budget', async () => {
    const api = createOptimiserApi();
    const seen: SolveProgress[] = [];
    const result = await api.planDay(input, { seed: 1, maxIterations: 300, sliceMs: 1 }, (p) => {
      seen.push(p);
    });
    expect(result.unplanned).toEqual([]);
    expect(result.routes.flatMap((r) => r.stops.flatMap((s) => s.order_ids)).sort()).toEqual(input.orders.map((o) => o.id).sort());
    expect(result.stats?.iterations).toBe(300);
    expect(result.travel).toBe('estimate');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)?.fraction).toBe(1);
  });

  it('cancel(runId) stops a run between slices; it returns its best plan, which is valid', async () => {
    const api = createOptimiserApi();
    const problem = randomProblem({ seed: 4, jobs: 50, vehicles: 4, dims: 2, windows: true, shifts: true, asymmetric: false, shared: false });
    let cancelled = false;
    const plan = await api.solve(problem, { runId: 'r1', maxIterations: 10_000_000, sliceMs: 1 }, (p) => {
      if (!cancelled && p.iterations > 0) {
        cancelled = true;
        api.cancel('r1');
      }
    });
    expect(plan.stats.stopReason).toBe('cancelled');
    expect(plan.stats.iterations).toBeLessThan(10_000_000);
    expect(checkPlan(problem, plan, { compareReported: true }).violations).toEqual([]);
  });

  it('a cancel that arrives before its run starts still stops it', async () => {
    const api = createOptimiserApi();
    api.cancel('early');
    const plan = await api.solve(randomProblem({ seed: 1, jobs: 10, vehicles: 2, dims: 1, windows: false, shifts: false, asymmetric: false, shared: false }), { runId: 'early', maxIterations: 1_000_000 });
    expect(plan.stats).toMatchObject({ stopReason: 'cancelled', iterations: 0 });
  });

  it('evaluates and reorders a hand-made route', async () => {
    const api = createOptimiserApi();
    const withRoute: DayPlanInput = {
      ...input,
      routes: [{ id: 'r1', rider_id: 'ana', bike_id: 'b2', stops: input.orders.slice(0, 6).map((o) => ({ delivery_point_id: o.delivery_point_id, order_ids: [o.id] })) }],
    };
    const before = await api.evaluateDay(withRoute);
    const after = await api.orderRoute(withRoute, 'r1', { seed: 1, maxIterations: 100 });
    expect(after.routes[0]?.stops).toHaveLength(6);
    expect(after.routes[0]?.travel_s).toBeLessThanOrEqual(before.routes[0]?.travel_s as number);
    expect(before.unplanned).toHaveLength(6);
  });

  it('gives a day a budget that grows with its stops', () => {
    expect(dayBudget(30)).toEqual({ timeLimitMs: 2_000, maxIterationsWithoutImprovement: 3_900 });
    expect(dayBudget(1000).timeLimitMs).toBe(8_000);
  });
});

describe('optimiser client over comlink (a message channel standing in for the worker)', () => {
  function connect(): { client: ReturnType<typeof createOptimiserClient>; close: () => void } {
    const { port1, port2 } = new MessageChannel();
    Comlink.expose(createOptimiserApi(), port1 as unknown as Comlink.Endpoint);
    const client = createOptimiserClient(() => port2 as unknown as OptimiserEndpoint);
    return {
      client,
      close: () => {
        client.terminate();
        port1.close();
        port2.close();
      },
    };
  }

  it('plans through the channel with progress callbacks', async () => {
    const { client, close } = connect();
    try {
      const progress: number[] = [];
      const result = await client.planDay(input, { seed: 2, maxIterations: 200, sliceMs: 1, onProgress: (p) => progress.push(p.iterations) });
      expect(result.routes.length).toBeGreaterThan(0);
      expect(result.unplanned).toEqual([]);
      expect(progress.length).toBeGreaterThan(0);
      expect(progress.at(-1)).toBe(200);
    } finally {
      close();
    }
  });

  it('an AbortSignal cancels the run, which resolves with its best plan', async () => {
    const { client, close } = connect();
    try {
      const controller = new AbortController();
      const problem = randomProblem({ seed: 8, jobs: 40, vehicles: 3, dims: 1, windows: true, shifts: false, asymmetric: false, shared: false });
      const plan = await client.solve(problem, {
        maxIterations: 50_000_000,
        sliceMs: 1,
        signal: controller.signal,
        onProgress: (p) => {
          if (p.iterations > 0) controller.abort();
        },
      });
      expect(plan.stats.stopReason).toBe('cancelled');
      expect(checkPlan(problem, plan).violations).toEqual([]);
    } finally {
      close();
    }
  });

  it('takes its travel times from the backend’s table call through the channel, and falls back to the estimate when it fails', async () => {
    const { client, close } = connect();
    try {
      const asked: TravelTableRequest[] = [];
      // A "road network" where every leg takes 5 minutes and 1 km.
      const table = async (r: TravelTableRequest) => {
        asked.push(r);
        const n = r.coordinates.length;
        const rows = Array.from({ length: r.sources?.length ?? n }, (_, i) => Array.from({ length: r.destinations?.length ?? n }, (__, j) => ((r.sources?.[i] ?? i) === (r.destinations?.[j] ?? j) ? 0 : 300)));
        return { code: 'Ok', durations: rows, distances: rows.map((row) => row.map((x) => (x ? 1000 : 0))) };
      };
      const hand: DayPlanInput = { ...input, routes: [{ id: 'r1', rider_id: 'ana', bike_id: 'b1', planned_start: '08:00', stops: [{ delivery_point_id: 'p1', order_ids: ['o1'] }, { delivery_point_id: 'p2', order_ids: ['o2'] }] }] };
      const viaService = await client.evaluateDay(hand, { travelTable: table });
      expect(viaService.travel).toBe('osrm');
      expect(viaService.routes[0]?.distance_m).toBe(3000);
      expect(asked).toHaveLength(1);
      expect(asked[0]?.coordinates.length).toBe(13);
      // The same points again: the worker keeps the service's last matrix.
      await client.evaluateDay(hand, { travelTable: table });
      expect(asked).toHaveLength(1);

      const failing = async () => {
        throw new Error('El servicio de rutas respondió 503.');
      };
      const moved: DayPlanInput = { ...hand, hub: { ...HUB, lat: HUB.lat + 0.001 } };
      const estimated = await client.evaluateDay(moved, { travelTable: failing });
      expect(estimated.travel).toBe('estimate');
      expect(estimated.travelError, 'the board says why').toBe('El servicio de rutas respondió 503.');
      expect(estimated.routes[0]?.distance_m).not.toBe(3000);
      expect(viaService.travelError).toBeUndefined();
      const planned = await client.planDay(input, { seed: 2, maxIterations: 50, sliceMs: 1, travelTable: table });
      expect(planned.travel).toBe('osrm');
    } finally {
      close();
    }
  });
});
