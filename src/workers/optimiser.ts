/**
 * The app's handle on the optimiser worker (./optimiser.worker.ts, a separate chunk). The worker
 * starts on the first call, not before; each call takes a progress callback and an AbortSignal
 * (aborting makes the run stop and resolve with its best plan so far).
 *
 *   const optimiser = getOptimiser();
 *   const result = await optimiser.planDay(input, { onProgress: (p) => …, signal: controller.signal });
 */
import * as Comlink from 'comlink';
import type { DayPlanInput, DayPlanResult } from '../domain/routing/day';
import type { Plan, RoutingProblem, SolveProgress } from '../domain/routing/model';
import type { OptimiserApi, OptimiserRunOptions } from './optimiserApi';
import type { TravelTableCall } from './osrm';

export interface OptimiserCallOptions extends Omit<OptimiserRunOptions, 'runId'> {
  /** The backend's travel-table call (times from the server's OSRM service); absent: `osrmUrl` or the estimate. */
  readonly travelTable?: TravelTableCall;
  readonly onProgress?: (progress: SolveProgress) => void;
  /** Aborting stops the run; the promise then resolves with the best plan so far. */
  readonly signal?: AbortSignal;
}

export interface OptimiserClient {
  planDay(input: DayPlanInput, options?: OptimiserCallOptions): Promise<DayPlanResult>;
  orderRoute(input: DayPlanInput, routeId: string, options?: OptimiserCallOptions): Promise<DayPlanResult>;
  evaluateDay(input: DayPlanInput, options?: Pick<OptimiserCallOptions, 'osrmUrl' | 'travelTable'>): Promise<DayPlanResult>;
  solve(problem: RoutingProblem, options?: OptimiserCallOptions): Promise<Plan>;
  /** Stops the worker (pending calls reject); the next call starts a new one. */
  terminate(): void;
}

/** Something comlink can talk to: a Worker, or a MessagePort in tests. */
export type OptimiserEndpoint = Comlink.Endpoint & { terminate?: () => void };

let counter = 0;
const newRunId = (): string => `run-${Date.now().toString(36)}-${(counter += 1)}`;

/** A client over any endpoint (`createEndpoint` is called on first use). */
export function createOptimiserClient(createEndpoint: () => OptimiserEndpoint): OptimiserClient {
  let endpoint: OptimiserEndpoint | null = null;
  let remote: Comlink.Remote<OptimiserApi> | null = null;
  const api = (): Comlink.Remote<OptimiserApi> => {
    if (!remote) {
      endpoint = createEndpoint();
      remote = Comlink.wrap<OptimiserApi>(endpoint);
    }
    return remote;
  };

  async function withRun<T>(
    options: OptimiserCallOptions,
    call: (r: Comlink.Remote<OptimiserApi>, runOptions: OptimiserRunOptions, progress: ((p: SolveProgress) => void) | undefined, table: TravelTableCall | undefined) => Promise<T>,
  ): Promise<T> {
    const { onProgress, signal, travelTable, ...rest } = options;
    const runId = newRunId();
    const r = api();
    const onAbort = (): void => {
      void r.cancel(runId);
    };
    if (signal?.aborted) onAbort();
    signal?.addEventListener('abort', onAbort);
    const progress = onProgress ? Comlink.proxy(onProgress) : undefined;
    try {
      return await call(r, { ...rest, runId }, progress, travelTable ? Comlink.proxy(travelTable) : undefined);
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  return {
    planDay: (input, options = {}) => withRun(options, (r, o, p, table) => r.planDay(input, o, p, table)),
    orderRoute: (input, routeId, options = {}) => withRun(options, (r, o, p, table) => r.orderRoute(input, routeId, o, p, table)),
    evaluateDay: (input, { travelTable, ...options } = {}) => api().evaluateDay(input, options, travelTable ? Comlink.proxy(travelTable) : undefined),
    solve: (problem, options = {}) => withRun(options, (r, o, p) => r.solve(problem, o, p)),
    terminate() {
      if (remote) remote[Comlink.releaseProxy]();
      endpoint?.terminate?.();
      endpoint = null;
      remote = null;
    },
  };
}

let shared: OptimiserClient | null = null;

/** The app's optimiser (one worker for the whole app, started on first use). */
export function getOptimiser(): OptimiserClient {
  shared ??= createOptimiserClient(() => new Worker(new URL('./optimiser.worker.ts', import.meta.url), { type: 'module', name: 'optimiser' }));
  return shared;
}
