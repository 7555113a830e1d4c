/**
 * The planning board's state, pure (issue 30 §2): what the operator has chosen (day, hub, points,
 * scope), where «Optimizar» stands (idle, running with its progress, a proposal on screen) and the
 * evaluation of the day as it stands. `boardReducer` is the only way the state changes;
 * `boardCommands` says which of the board's buttons may be pressed and why not, from the state
 * and what the screen reads. The component (./PlanningBoard.tsx) draws and dispatches; the data
 * layer (src/data/planning.ts) writes.
 */
import type { DayPlanInput, DayPlanResult } from '../../domain/routing/day';
import type { PlanScope } from '../../domain/routing/fromEntities';
import type { SolveProgress } from '../../domain/routing/model';
import { addBox, clickPoint, type Choice } from '../../domain/routing/selection';
import { forceIntoRoute, withNewRoute } from '../../domain/routing/proposal';

/** «Optimizar»: nothing under way, the solver running, or its proposal shown until saved or discarded. */
export type OptimisePhase =
  | { readonly kind: 'idle' }
  | { readonly kind: 'running'; readonly run: number; readonly progress: SolveProgress | null }
  | { readonly kind: 'proposal'; readonly proposal: DayPlanResult };

export interface BoardState {
  readonly date: string;
  /** The hub chosen in the selector (null: the operator's default hub). */
  readonly hubText: string | null;
  readonly choice: Choice;
  /** The route chosen in «Añadir a…» for the selected points. */
  readonly target: string | null;
  readonly scope: PlanScope;
  readonly intoPublished: boolean;
  /** The delivery point being placed on the map («Ubicar»), by id. */
  readonly placing: string | null;
  readonly optimise: OptimisePhase;
  /** The worker's evaluation of the day as it stands, and the input it is of. */
  readonly evaluation: DayPlanResult | null;
  readonly evaluatedFor: DayPlanInput | null;
}

export type BoardEvent =
  | { readonly type: 'date'; readonly date: string }
  | { readonly type: 'hub'; readonly hubText: string | null }
  | { readonly type: 'toggle'; readonly pointId: string; readonly shift: boolean; readonly order: readonly string[]; readonly selectable: ReadonlySet<string> }
  | { readonly type: 'box'; readonly pointIds: readonly string[]; readonly selectable: ReadonlySet<string> }
  | { readonly type: 'clearSelection' }
  /** The unplanned points changed: a selection of a point no longer unplanned is dropped. */
  | { readonly type: 'unplanned'; readonly pointIds: readonly string[] }
  | { readonly type: 'target'; readonly routeId: string | null }
  | { readonly type: 'scope'; readonly scope: PlanScope }
  | { readonly type: 'intoPublished'; readonly on: boolean }
  | { readonly type: 'place'; readonly pointId: string | null }
  /** A run of the solver, numbered by the screen: the events of a dropped run are ignored. */
  | { readonly type: 'optimiseStarted'; readonly run: number }
  | { readonly type: 'optimiseProgress'; readonly run: number; readonly progress: SolveProgress }
  | { readonly type: 'optimiseDone'; readonly run: number; readonly proposal: DayPlanResult }
  | { readonly type: 'optimiseFailed'; readonly run: number }
  | { readonly type: 'discardProposal' }
  /** Left-out orders: a new route for left-out order `index`, or forced into proposal route `route`. */
  | { readonly type: 'newRoute'; readonly index: number; readonly opens: string }
  | { readonly type: 'force'; readonly index: number; readonly route: number }
  | { readonly type: 'evaluated'; readonly input: DayPlanInput; readonly result: DayPlanResult | null };

const NO_CHOICE: Choice = { selected: new Set(), anchor: null };

export function initialBoard(date: string): BoardState {
  return { date, hubText: null, choice: NO_CHOICE, target: null, scope: 'unrouted', intoPublished: false, placing: null, optimise: { kind: 'idle' }, evaluation: null, evaluatedFor: null };
}

/** The proposal on screen, if any. */
export function proposalOf(state: BoardState): DayPlanResult | null {
  return state.optimise.kind === 'proposal' ? state.optimise.proposal : null;
}

const isRun = (state: BoardState, run: number): boolean => state.optimise.kind === 'running' && state.optimise.run === run;

const withChoice = (state: BoardState, choice: Choice): BoardState => (choice === state.choice ? state : { ...state, choice: choice.selected.size === 0 ? { selected: choice.selected, anchor: null } : choice });

export function boardReducer(state: BoardState, event: BoardEvent): BoardState {
  switch (event.type) {
    case 'date':
    case 'hub': {
      // Another day or hub: its own board (no proposal of the other one — a run under way is
      // dropped, its result ignored —, nothing selected).
      const next = event.type === 'date' ? { ...state, date: event.date } : { ...state, hubText: event.hubText };
      return { ...next, choice: NO_CHOICE, target: null, optimise: { kind: 'idle' } };
    }
    case 'toggle':
      return withChoice(state, clickPoint(state.choice, event.order, event.pointId, event.shift, (id) => event.selectable.has(id)));
    case 'box':
      return withChoice(state, addBox(state.choice, event.pointIds, (id) => event.selectable.has(id)));
    case 'clearSelection':
      return withChoice(state, NO_CHOICE);
    case 'unplanned': {
      const keep = new Set(event.pointIds);
      const still = [...state.choice.selected].filter((id) => keep.has(id));
      return still.length === state.choice.selected.size ? state : withChoice(state, { selected: new Set(still), anchor: state.choice.anchor });
    }
    case 'target':
      return { ...state, target: event.routeId };
    case 'scope':
      return { ...state, scope: event.scope };
    case 'intoPublished':
      return { ...state, intoPublished: event.on };
    case 'place':
      return { ...state, placing: event.pointId };
    case 'optimiseStarted':
      return { ...state, optimise: { kind: 'running', run: event.run, progress: null } };
    case 'optimiseProgress':
      return isRun(state, event.run) ? { ...state, optimise: { kind: 'running', run: event.run, progress: event.progress } } : state;
    case 'optimiseDone':
      return isRun(state, event.run) ? { ...state, optimise: { kind: 'proposal', proposal: event.proposal } } : state;
    case 'optimiseFailed':
      return isRun(state, event.run) ? { ...state, optimise: { kind: 'idle' } } : state;
    case 'discardProposal':
      return state.optimise.kind === 'proposal' ? { ...state, optimise: { kind: 'idle' } } : state;
    case 'newRoute':
      return state.optimise.kind === 'proposal' ? { ...state, optimise: { kind: 'proposal', proposal: withNewRoute(state.optimise.proposal, event.index, event.opens) } } : state;
    case 'force':
      return state.optimise.kind === 'proposal' ? { ...state, optimise: { kind: 'proposal', proposal: forceIntoRoute(state.optimise.proposal, event.index, event.route) } } : state;
    case 'evaluated':
      return { ...state, evaluation: event.result, evaluatedFor: event.input };
  }
}

/** A button of the board: may it be pressed now, and if not, the reason to show. */
export interface Command {
  readonly enabled: boolean;
  readonly reason?: string | undefined;
}

/** What the board reads besides its own state. */
export interface BoardContext {
  /** The day's input as it stands (null: no hub chosen). */
  readonly input: DayPlanInput | null;
  /** A change of the board is being written. */
  readonly busy: boolean;
  /** Why the operator may not plan this hub (issue 29, finding 6), or null. */
  readonly hubRefused: string | null;
  /** The day's draft routes. */
  readonly drafts: number;
  /** Editable routes the selection may be added to. */
  readonly editable: readonly string[];
}

export interface BoardCommands {
  readonly optimise: Command;
  readonly cancel: Command;
  /** Publishing waits for the evaluation of the day as it stands (its warnings are known first). */
  readonly publish: Command;
  readonly saveProposal: Command;
  readonly createRoute: Command;
  readonly addToRoute: Command;
}

const on: Command = { enabled: true };
const off = (reason?: string): Command => ({ enabled: false, reason });

/** The evaluation on screen is of the day as it stands (its warnings are known). */
export const isEvaluated = (state: BoardState, input: DayPlanInput | null): boolean => input !== null && state.evaluatedFor === input;

export function boardCommands(state: BoardState, ctx: BoardContext): BoardCommands {
  const running = state.optimise.kind === 'running';
  const proposal = state.optimise.kind === 'proposal';
  const evaluated = isEvaluated(state, ctx.input);
  const selected = state.choice.selected.size > 0;
  return {
    optimise: ctx.hubRefused !== null ? off(ctx.hubRefused) : ctx.input === null || ctx.busy || running ? off() : on,
    cancel: running ? on : off(),
    publish: ctx.drafts > 0 && !ctx.busy && !proposal && evaluated ? on : off(),
    saveProposal: proposal && !running ? on : off(),
    createRoute: selected && !ctx.busy && ctx.hubRefused === null ? on : off(ctx.hubRefused ?? undefined),
    addToRoute: selected && !ctx.busy && state.target !== null && ctx.editable.includes(state.target) ? on : off(),
  };
}
