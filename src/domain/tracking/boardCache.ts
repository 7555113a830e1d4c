/**
 * The live map's boards, kept between updates (issue 33: with 500 riders sending, no task over
 * 50 ms on the page). A position arrives for a few routes at a time: only their boards are
 * computed again; the others keep theirs (same object, so their cards need not render again).
 *
 * Positions and the clock arrive for many routes at once (every clock tick changes every route's
 * ETAs and ages; the half-minute poll may bring hundreds of positions): such boards are brought
 * up to date at most `clockBudget` per call, moved routes first, then the oldest clock;
 * `stale` says how many are still behind (they keep their last board meanwhile), and the
 * caller calls again on the next frame until none is. A route whose documents changed (or a
 * route new to the cache) is always computed at once.
 *
 * Pure apart from its own memory: no clock, no I/O.
 */
import { routeBoard, type RouteBoard, type RouteBoardInput } from './board';

export interface BoardUpdate {
  /** One board per input, in the inputs' order. */
  readonly boards: readonly RouteBoard[];
  /** Boards left at an older clock (the caller asks again for them). */
  readonly stale: number;
  /** Boards computed by this call. */
  readonly computed: number;
}

export interface BoardCache {
  /** `clockBudget`: at most this many boards computed for moved routes and the clock (no limit by default). */
  update(inputs: readonly RouteBoardInput[], clockBudget?: number): BoardUpdate;
}

interface Entry {
  readonly input: RouteBoardInput;
  readonly board: RouteBoard;
}

const sameList = <T>(a: readonly T[], b: readonly T[]): boolean => a === b || (a.length === b.length && a.every((x, i) => x === b[i]));

/** Whether the two inputs differ in anything but the position and the clock (documents compared by identity). */
function sameDocs(a: RouteBoardInput, b: RouteBoardInput): boolean {
  return (
    a.route === b.route &&
    a.hub === b.hub &&
    a.travel === b.travel &&
    sameList(a.orders, b.orders) &&
    sameList(a.points, b.points) &&
    sameList(a.events, b.events)
  );
}

export function createBoardCache(compute: (input: RouteBoardInput) => RouteBoard = routeBoard): BoardCache {
  let entries = new Map<string, Entry>();
  return {
    update(inputs, clockBudget = Number.POSITIVE_INFINITY) {
      const next = new Map<string, Entry>();
      const boards: RouteBoard[] = new Array<RouteBoard>(inputs.length);
      // Boards behind: moved routes first (in the inputs' order), then the oldest clock first.
      const behind: { index: number; input: RouteBoardInput; entry: Entry; moved: boolean }[] = [];
      let computed = 0;
      inputs.forEach((input, index) => {
        const entry = entries.get(input.route.id);
        if (entry && sameDocs(entry.input, input)) {
          const moved = entry.input.position !== input.position;
          if (moved || entry.input.nowMs !== input.nowMs) behind.push({ index, input, entry, moved });
          boards[index] = entry.board;
          next.set(input.route.id, entry);
          return;
        }
        const fresh = { input, board: compute(input) };
        computed += 1;
        boards[index] = fresh.board;
        next.set(input.route.id, fresh);
      });
      behind.sort((a, b) => Number(b.moved) - Number(a.moved) || a.entry.input.nowMs - b.entry.input.nowMs || a.index - b.index);
      let stale = 0;
      for (const b of behind) {
        if (computed >= clockBudget) {
          stale += 1;
          continue;
        }
        const fresh = { input: b.input, board: compute(b.input) };
        computed += 1;
        boards[b.index] = fresh.board;
        next.set(b.input.route.id, fresh);
      }
      entries = next;
      return { boards, stale, computed };
    },
  };
}
