/**
 * How fast the report's incidences were resolved (issue 34). Pure; called by ./aggregate.ts with
 * the incidences of the orders in scope and every follow-up document the input holds.
 *
 * An incidence is opened at its `at`. Its follow-ups (kind `follow-up`, naming it in `follows`)
 * move it through the follow-up machine (../incidences/followUp.ts), applied in event order
 * (`at`, then id; a change the machine does not allow from the state the earlier ones left is not
 * applied; duplicates count once). It is **resolved** when its state at the end is «resolved» or
 * «credited» (closed); its **resolution time** is from its opening to the change that last closed
 * it (a note on a closed incidence does not move that time; a reopened and closed again one counts
 * from the opening to the second closing). Every other incidence is **open** (open or in review)
 * and is counted apart, without a time. Times shorter than zero (device clocks) count as zero.
 */
import { followUpAllowed, type FollowUpState } from '../incidences/followUp';

/** What the resolution needs of a follow-up document. */
export interface ResolutionStep {
  readonly id: string;
  readonly at: number;
  readonly follow_state: FollowUpState;
}

const closed = (s: FollowUpState): boolean => s === 'resolved' || s === 'credited';

const inEventOrder = (a: ResolutionStep, b: ResolutionStep): number => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The time (ms) an incidence opened at `openedAt` took to be resolved, from its follow-ups (any
 * order, only its own), or null when it is not resolved.
 */
export function resolutionMs(openedAt: number, steps: readonly ResolutionStep[]): number | null {
  const list = steps.length > 1 ? [...steps].sort(inEventOrder) : steps;
  let state: FollowUpState = 'open';
  let closedAt = 0;
  let previous = '';
  for (const e of list) {
    if (e.id === previous) continue;
    previous = e.id;
    const to = e.follow_state;
    if (to !== state && !followUpAllowed(state, to)) continue;
    if (!closed(state) && closed(to)) closedAt = e.at;
    state = to;
  }
  return closed(state) ? Math.max(0, closedAt - openedAt) : null;
}
