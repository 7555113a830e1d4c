/**
 * What the optimiser worker exposes (through comlink, ./optimiser.worker.ts). Kept apart from the
 * worker's entry so tests call it directly.
 *
 * Runs advance in slices (`sliceMs`), yielding to the worker's event loop in between, so a
 * `cancel(runId)` message is heard while a run is going; a cancelled run returns its best plan.
 * Progress goes to the caller's callback (a comlink proxy) after each slice.
 */
import { releaseProxy } from 'comlink';
// The catalogue words the domain's thrown errors (RoutingInputError…) before comlink sends their
// message to the page (Spanish, as the import worker).
import '../i18n';
import { currentPlan, prepareDay, routeIndex, withRoute, type DayPlanInput, type DayPlanResult } from '../domain/routing/day';
import { singleRouteProblem } from '../domain/routing/single';
import type { Plan, RoutingProblem, SolveProgress } from '../domain/routing/model';
import { SolverRun, type SearchParams } from '../domain/routing/solver';
import { travelMatrix, type MatrixResult, type OsrmOptions, type TravelTableCall } from './osrm';

export interface OptimiserRunOptions {
  /** Id the caller uses to cancel the run. */
  readonly runId?: string;
  readonly seed?: number;
  readonly maxIterations?: number;
  readonly timeLimitMs?: number;
  readonly maxIterationsWithoutImprovement?: number;
  readonly params?: Partial<SearchParams>;
  /** Address of an OSRM-compatible `table` service; empty or absent: the offline estimate. */
  readonly osrmUrl?: string;
  /** Milliseconds of work between two looks at the message queue (default 100). */
  readonly sliceMs?: number;
}

export type ProgressCallback = (progress: SolveProgress) => void | Promise<void>;

/**
 * `table`: the backend's travel-table call (a comlink proxy of the page's), used instead of
 * `osrmUrl` when given: the server asks its OSRM service (src/domain/routing/travelTable.ts).
 */
export interface OptimiserApi {
  /** Plans the whole day (assigns unplanned orders, reorders routes, keeps locks). */
  planDay(input: DayPlanInput, options?: OptimiserRunOptions, onProgress?: ProgressCallback, table?: TravelTableCall): Promise<DayPlanResult>;
  /** Reorders one route's stops; the other routes come back as they are. */
  orderRoute(input: DayPlanInput, routeId: string, options?: OptimiserRunOptions, onProgress?: ProgressCallback, table?: TravelTableCall): Promise<DayPlanResult>;
  /** ETAs, loads and warnings of the routes as they are (no optimisation). */
  evaluateDay(input: DayPlanInput, options?: Pick<OptimiserRunOptions, 'osrmUrl'>, table?: TravelTableCall): Promise<DayPlanResult>;
  /** The optimiser on a problem of its own (matrix included). */
  solve(problem: RoutingProblem, options?: OptimiserRunOptions, onProgress?: ProgressCallback): Promise<Plan>;
  /** Stops a run: it returns its best plan so far. Unknown or finished runs are ignored. */
  cancel(runId: string): void;
}

/** Lets the event loop run (a message may be waiting). */
const yieldToEvents = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Default budget of a day's plan: a little time per stop, stopping early once it stops improving. */
export function dayBudget(stops: number): { timeLimitMs: number; maxIterationsWithoutImprovement: number } {
  return { timeLimitMs: Math.min(8_000, Math.max(2_000, 1_000 + 8 * stops)), maxIterationsWithoutImprovement: 3_000 + 30 * stops };
}

export function createOptimiserApi(): OptimiserApi {
  const runs = new Map<string, SolverRun>();
  const cancelled = new Set<string>();

  async function run(problem: RoutingProblem, options: OptimiserRunOptions, onProgress: ProgressCallback | undefined): Promise<Plan> {
    const id = options.runId;
    const solver = new SolverRun(problem, {
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      ...(options.maxIterations !== undefined ? { maxIterations: options.maxIterations } : {}),
      ...(options.timeLimitMs !== undefined ? { timeLimitMs: options.timeLimitMs } : {}),
      ...(options.maxIterationsWithoutImprovement !== undefined ? { maxIterationsWithoutImprovement: options.maxIterationsWithoutImprovement } : {}),
      ...(options.params ? { params: options.params } : {}),
    });
    if (id !== undefined) {
      if (cancelled.delete(id)) solver.cancel();
      runs.set(id, solver);
    }
    const report = (): Promise<void> | void => {
      if (!onProgress) return;
      // A slow or gone listener never holds the run (only the last report is awaited).
      try {
        const answer = onProgress(solver.progress());
        if (answer) return answer.catch(() => undefined);
      } catch {
        // The listener is gone; the run goes on.
      }
    };
    try {
      while (!solver.step(options.sliceMs ?? 100)) {
        void report();
        await yieldToEvents();
      }
      // The last report reaches the caller before the result.
      await report();
      return solver.best();
    } finally {
      if (id !== undefined) runs.delete(id);
      // A callback proxied by comlink holds a message port until released.
      (onProgress as { [releaseProxy]?: () => void } | undefined)?.[releaseProxy]?.();
    }
  }

  const osrmOf = (options: { osrmUrl?: string }, table: TravelTableCall | undefined): OsrmOptions | undefined => {
    if (table) return { table };
    return options.osrmUrl && options.osrmUrl.trim() !== '' ? { baseUrl: options.osrmUrl.trim() } : undefined;
  };
  // The service's last matrix: the board evaluates the day after every change, over the same
  // points, and would otherwise ask the service again each time.
  let lastMatrix: { key: string; travel: MatrixResult } | null = null;

  async function dayProblem(input: DayPlanInput, options: { osrmUrl?: string }, table?: TravelTableCall) {
    try {
      const model = prepareDay(input);
      const settings = { detourFactor: model.settings.detourFactor, speedKmh: model.settings.speedKmh };
      const osrm = osrmOf(options, table);
      const key = osrm ? JSON.stringify([osrm.baseUrl ?? 'backend', model.locations]) : '';
      let travel = osrm && lastMatrix?.key === key ? lastMatrix.travel : null;
      if (!travel) {
        travel = await travelMatrix(model.locations, settings, osrm);
        if (osrm && travel.source === 'osrm') lastMatrix = { key, travel };
      }
      // The service's failure, for the board to say why it shows estimates.
      const why = (result: DayPlanResult): DayPlanResult => (travel.error ? { ...result, travelError: travel.error } : result);
      return { model, problem: model.problem(travel.matrix), matrix: travel.matrix, source: travel.source, why };
    } finally {
      (table as { [releaseProxy]?: () => void } | undefined)?.[releaseProxy]?.();
    }
  }

  return {
    async planDay(input, options = {}, onProgress, table) {
      const { model, problem, source, why, matrix } = await dayProblem(input, options, table);
      const budget = dayBudget(problem.jobs.length);
      let plan = await run(problem, { ...budget, ...options }, onProgress);
      // A balanced hold on the routes' length that left stops out: plan again without it.
      if (model.settings.objective === 'balanced' && plan.unassigned.length > 0) plan = await run(model.problem(matrix, { hold: false }), { ...budget, ...options }, undefined);
      return why(model.result(problem, plan, plan.stats, source));
    },
    async orderRoute(input, routeId, options = {}, onProgress, table) {
      const { model, problem, source, why } = await dayProblem(input, options, table);
      const index = routeIndex(input, routeId);
      const single = singleRouteProblem(problem, index);
      if (!single) throw new Error(`No existe la ruta «${routeId}»`);
      const plan = await run(single, { ...dayBudget(single.jobs.length), ...options }, onProgress);
      return why(model.result(problem, withRoute(currentPlan(problem, input), index, plan.routes[0]), plan.stats, source));
    },
    async evaluateDay(input, options = {}, table) {
      const { model, problem, source, why } = await dayProblem(input, options, table);
      return why(model.result(problem, currentPlan(problem, input), undefined, source));
    },
    solve(problem, options = {}, onProgress) {
      return run(problem, options, onProgress);
    },
    cancel(runId) {
      const solver = runs.get(runId);
      if (solver) solver.cancel();
      else cancelled.add(runId);
    },
  };
}
