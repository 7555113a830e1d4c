/** How the optimiser (./solver.ts) is run: its budget, seed, cancellation, progress and search parameters. */
import type { CancelSignal, SolveProgress } from './model';
import { DEFAULT_RUIN_RECREATE, type RuinRecreateParams } from './ruinRecreate';

export interface SearchParams extends RuinRecreateParams {
  /** Starting temperature of each cooling cycle, × the typical leg cost. */
  readonly initialTemperature: number;
  /** Final temperature of each cooling cycle, × the typical leg cost. */
  readonly finalTemperature: number;
  /** Iterations of the first cooling cycle (each next cycle is twice as long); 0 = automatic. */
  readonly firstCycle: number;
  /** Close stops tried per stop by the local search. */
  readonly granularity: number;
  /**
   * Local search on every candidate (`always`), on the re-inserted stops of every candidate and on
   * new best plans (`local`), only on new best plans (`best`), or never; `auto`: `local` when the
   * starting plan's routes are long (more than 50 stops on average, e.g. a travelling salesman: a
   * reversal of a long stretch is out of reach of ruin and recreate), `best` otherwise.
   */
  readonly localSearch: 'auto' | 'always' | 'local' | 'best' | 'never';
  /**
   * Cooling of a run limited by time only (no iteration limit): `budget` cools once, from
   * `initialTemperature` to `finalTemperature`, over the time left after route elimination, so the
   * run ends cold whatever CPU it gets; `cycles` uses the iteration-numbered cycles of
   * `firstCycle` (a run limited by iterations always does).
   */
  readonly cooling: 'budget' | 'cycles';
}

export const DEFAULT_SEARCH: SearchParams = {
  ...DEFAULT_RUIN_RECREATE,
  initialTemperature: 10,
  finalTemperature: 0.05,
  firstCycle: 0,
  granularity: 20,
  localSearch: 'auto',
  cooling: 'budget',
};

export interface SolveOptions {
  /** Seed of the random generator (default 1). */
  readonly seed?: number;
  /** Stop after this many ruin-and-recreate iterations. */
  readonly maxIterations?: number;
  /** Stop after this many milliseconds (default 3000 when no iteration limit is given). */
  readonly timeLimitMs?: number;
  /** Stop after this many iterations without a better plan. */
  readonly maxIterationsWithoutImprovement?: number;
  /** Stop when `aborted` becomes true; the best plan so far is returned. */
  readonly signal?: CancelSignal;
  /** Called with the progress at most every `progressIntervalMs` (and once at the end). */
  readonly onProgress?: (progress: SolveProgress) => void;
  readonly progressIntervalMs?: number;
  /** Clock in milliseconds (default performance.now or Date.now). */
  readonly now?: () => number;
  readonly params?: Partial<SearchParams>;
}
