/**
 * The planning board's state model (issue 30 §2), without a browser: the reducer and the commands
 * (which buttons may be pressed), by example and by property over random sequences of events.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { boardCommands, boardReducer, initialBoard, proposalOf, type BoardContext, type BoardEvent, type BoardState } from '../../src/features/planning/boardModel';
import type { DayPlanInput, DayPlanResult } from '../../src/domain/routing/day';
import { msg } from '../../src/domain/messages';

function proposal(): DayPlanResult {
  const stop = (p: string, ids: string[], seq: number) => ({ seq, delivery_point_id: p, order_ids: ids, eta: '09:00', arrival_s: 0, start_s: 0, departure_s: 0, waiting_s: 0, late_s: 0, window_start: '09:00', window_end: '12:00', lock: 'none' as const });
  const load = { weight_g: 0, volume_ml: 0, boxes: 0 };
  return {
    routes: [{ route_id: 'r1', rider_id: 'u1', bike_id: 'b1', planned_start: '08:00', end: '12:00', start_s: 0, end_s: 0, stops: [stop('pa', ['o1'], 1)], distance_m: 1, duration_s: 1, travel_s: 1, waiting_s: 0, load, capacity: load, warnings: [] }],
    unplanned: [{ delivery_point_id: 'pc', order_ids: ['o4'], reason: 'time_window', message: msg('domain.routing.late', {}) }],
    warnings: [],
    summary: { routes: 1, stops: 1, orders: 1, distance_m: 1, duration_s: 1, travel_s: 1 },
    travel: 'estimate',
  } as unknown as DayPlanResult;
}

const INPUT = { date: '2031-03-04' } as unknown as DayPlanInput;
const ctx = (over: Partial<BoardContext> = {}): BoardContext => ({ input: INPUT, busy: false, hubRefused: null, drafts: 1, editable: ['r1', 'r2'], ...over });
const run = (events: readonly BoardEvent[], from: BoardState = initialBoard('2031-03-04')): BoardState => events.reduce(boardReducer, from);
const POINTS = ['p1', 'p2', 'p3', 'p4'];
const SELECTABLE = new Set(['p1', 'p2', 'p4']);

describe('the planning board model', () => {
  it('optimises: running with its progress, then the proposal; a new day drops it', () => {
    const progress = { fraction: 0.5 } as never;
    const s = run([{ type: 'optimiseStarted', run: 1 }, { type: 'optimiseProgress', run: 1, progress }]);
    expect(s.optimise).toEqual({ kind: 'running', run: 1, progress });
    expect(boardCommands(s, ctx()).optimise.enabled).toBe(false);
    expect(boardCommands(s, ctx()).cancel.enabled).toBe(true);
    const done = boardReducer(s, { type: 'optimiseDone', run: 1, proposal: proposal() });
    expect(proposalOf(done)?.routes).toHaveLength(1);
    expect(boardCommands(done, ctx()).saveProposal.enabled).toBe(true);
    expect(proposalOf(boardReducer(done, { type: 'date', date: '2031-03-05' }))).toBeNull();
  });

  it('ignores the result of a run that was dropped or replaced', () => {
    const dropped = run([{ type: 'optimiseStarted', run: 1 }, { type: 'hub', hubText: '2' }, { type: 'optimiseDone', run: 1, proposal: proposal() }]);
    expect(dropped.optimise.kind).toBe('idle');
    const replaced = run([{ type: 'optimiseStarted', run: 1 }, { type: 'optimiseStarted', run: 2 }, { type: 'optimiseDone', run: 1, proposal: proposal() }]);
    expect(replaced.optimise).toMatchObject({ kind: 'running', run: 2 });
  });

  it('edits the proposal: a left-out order gets its own route, or is forced onto one', () => {
    const s = run([{ type: 'optimiseStarted', run: 1 }, { type: 'optimiseDone', run: 1, proposal: proposal() }, { type: 'newRoute', index: 0, opens: '08:00' }]);
    expect(proposalOf(s)?.routes).toHaveLength(2);
    expect(proposalOf(s)?.unplanned).toHaveLength(0);
    const forced = run([{ type: 'optimiseStarted', run: 1 }, { type: 'optimiseDone', run: 1, proposal: proposal() }, { type: 'force', index: 0, route: 0 }]);
    expect(proposalOf(forced)?.routes[0]?.stops.map((x) => x.delivery_point_id)).toEqual(['pa', 'pc']);
  });

  it('publishes only once the day as it stands is evaluated, with no proposal on screen and nothing being written', () => {
    const fresh = initialBoard('2031-03-04');
    expect(boardCommands(fresh, ctx()).publish.enabled).toBe(false);
    const evaluated = boardReducer(fresh, { type: 'evaluated', input: INPUT, result: null });
    expect(boardCommands(evaluated, ctx()).publish.enabled).toBe(true);
    expect(boardCommands(evaluated, ctx({ busy: true })).publish.enabled).toBe(false);
    expect(boardCommands(evaluated, ctx({ drafts: 0 })).publish.enabled).toBe(false);
    expect(boardCommands(evaluated, ctx({ input: { ...INPUT } })).publish.enabled).toBe(false);
  });

  it('refuses another hub with its reason', () => {
    const c = boardCommands(initialBoard('2031-03-04'), ctx({ hubRefused: 'Solo planifica su hub.' }));
    expect(c.optimise).toEqual({ enabled: false, reason: 'Solo planifica su hub.' });
  });

  it('adds the chosen points to an editable route only', () => {
    const s = run([
      { type: 'toggle', pointId: 'p1', shift: false, order: POINTS, selectable: SELECTABLE },
      { type: 'target', routeId: 'r2' },
    ]);
    expect(boardCommands(s, ctx()).addToRoute.enabled).toBe(true);
    expect(boardCommands(s, ctx({ editable: ['r1'] })).addToRoute.enabled).toBe(false);
    expect(boardCommands(boardReducer(s, { type: 'clearSelection' }), ctx()).createRoute.enabled).toBe(false);
  });
});

const event: fc.Arbitrary<BoardEvent> = fc.oneof(
  fc.record({ type: fc.constant('toggle' as const), pointId: fc.constantFrom(...POINTS), shift: fc.boolean(), order: fc.constant(POINTS), selectable: fc.constant(SELECTABLE) }),
  fc.record({ type: fc.constant('box' as const), pointIds: fc.subarray(POINTS), selectable: fc.constant(SELECTABLE) }),
  fc.record({ type: fc.constant('unplanned' as const), pointIds: fc.subarray(POINTS) }),
  fc.constant({ type: 'clearSelection' as const }),
  fc.record({ type: fc.constant('date' as const), date: fc.constantFrom('2031-03-04', '2031-03-05') }),
  fc.record({ type: fc.constant('optimiseStarted' as const), run: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ type: fc.constant('optimiseDone' as const), run: fc.integer({ min: 1, max: 3 }), proposal: fc.constant(proposal()) }),
  fc.record({ type: fc.constant('optimiseFailed' as const), run: fc.integer({ min: 1, max: 3 }) }),
  fc.constant({ type: 'discardProposal' as const }),
);

describe('the planning board model, by property', () => {
  it('only ever selects plannable points still without a route, and a new day starts with nothing chosen or proposed', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        let s = initialBoard('2031-03-04');
        let unplanned = new Set(POINTS);
        for (const e of events) {
          s = boardReducer(s, e);
          if (e.type === 'unplanned') unplanned = new Set(e.pointIds);
          for (const id of s.choice.selected) expect(SELECTABLE.has(id)).toBe(true);
          if (e.type === 'unplanned') for (const id of s.choice.selected) expect(unplanned.has(id)).toBe(true);
          if (e.type === 'date') {
            expect(s.choice.selected.size).toBe(0);
            expect(s.optimise.kind).toBe('idle');
          }
          if (s.choice.selected.size === 0) expect(s.choice.anchor).toBeNull();
          // A proposal can only be saved when one is on screen; optimising never runs twice.
          const c = boardCommands(s, ctx());
          expect(c.saveProposal.enabled).toBe(s.optimise.kind === 'proposal');
          expect(c.optimise.enabled && c.cancel.enabled).toBe(false);
        }
      }),
    );
  });
});
