/**
 * Incidence follow-up (issue 13): each delivery or picking incidence moves open → in review →
 * resolved (or credited). Incidences are insert-only events, so a change of state is never an
 * edit: it is its own insert-only document in `incidences` (kind `follow-up`, naming the
 * incidence in `follows`, the new state in `follow_state`, who in `created_by`, when in `at`, and
 * a note). The current state and its history are derived here, purely.
 *
 * Kept here and not among the status machines of src/domain/status: those families map onto the
 * admin's catalogue statuses (/config/status) and their screens; a follow-up state has no
 * catalogue status, so adding a family there would spread into unrelated screens.
 *
 * A follow-up to the state the incidence is already in changes no state: it records a note or
 * a new person in charge (`assignee`, kept from the last change that named one).
 *
 * Order and convergence: changes apply in event order (`at`, then `id` for ties), each from the
 * state the earlier ones left; a change the machine does not allow from that state (for example
 * two operators both moving an open incidence to «in review» at once: the second finds it already
 * in review) is kept in the history as not applied. Every device holding the same set of
 * follow-ups derives the same state, whatever order they arrived in.
 */
import type { ActingRole } from '../status/machines';

export const FOLLOW_UP_STATES = ['open', 'in_review', 'resolved', 'credited'] as const;
export type FollowUpState = (typeof FOLLOW_UP_STATES)[number];

/** The states a follow-up may move an incidence to (an incidence starts open). */
export const FOLLOW_UP_TARGETS = ['in_review', 'resolved', 'credited', 'open'] as const;

export const FOLLOW_UP_INITIAL: FollowUpState = 'open';

/** Allowed changes: review, then resolve or credit; a review may go back to open and a closed one reopen for review. */
export const FOLLOW_UP_TRANSITIONS: readonly { readonly from: FollowUpState; readonly to: FollowUpState }[] = [
  { from: 'open', to: 'in_review' },
  { from: 'in_review', to: 'open' },
  { from: 'in_review', to: 'resolved' },
  { from: 'in_review', to: 'credited' },
  { from: 'resolved', to: 'in_review' },
  { from: 'credited', to: 'in_review' },
];

/** Roles that may change a follow-up state (the server's access table agrees). */
export const FOLLOW_UP_ROLES: readonly ActingRole[] = ['operator', 'admin'];

export function canFollowUp(role: ActingRole): boolean {
  return FOLLOW_UP_ROLES.includes(role);
}

export function followUpAllowed(from: FollowUpState, to: FollowUpState): boolean {
  return FOLLOW_UP_TRANSITIONS.some((t) => t.from === from && t.to === to);
}

/** The states reachable from a state in one change. */
export function nextFollowUpStates(from: FollowUpState): FollowUpState[] {
  return FOLLOW_UP_TRANSITIONS.filter((t) => t.from === from).map((t) => t.to);
}

/** What the derivation needs of a follow-up document. */
export interface FollowUpEvent {
  readonly id: string;
  readonly at: number;
  readonly created_by: string;
  readonly follows: string;
  readonly follow_state: FollowUpState;
  readonly note: string;
  /** The person in charge from this change on; absent: unchanged; '' nobody. */
  readonly assignee?: string | undefined;
}

export interface FollowUpStep {
  readonly id: string;
  readonly at: number;
  readonly by: string;
  readonly from: FollowUpState;
  readonly to: FollowUpState;
  readonly note: string;
  /** The person in charge named by this change (undefined: unchanged). */
  readonly assignee: string | undefined;
  /** False when the machine did not allow it from the state the earlier changes left. */
  readonly applied: boolean;
}

export interface FollowUpView {
  readonly state: FollowUpState;
  /** Who is in charge ('' nobody). */
  readonly assignee: string;
  /** Every change in event order, applied or not. */
  readonly history: readonly FollowUpStep[];
}

/** Event order: time, then id (ties between devices break the same way everywhere). */
export function compareFollowUps(a: FollowUpEvent, b: FollowUpEvent): number {
  return a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The state and history of one incidence from its follow-ups (others' are ignored; duplicates count once). */
export function followUpOf(incidenceId: string, events: readonly FollowUpEvent[]): FollowUpView {
  const seen = new Set<string>();
  const mine = events.filter((e) => e.follows === incidenceId && !seen.has(e.id) && seen.add(e.id) !== undefined).sort(compareFollowUps);
  let state: FollowUpState = FOLLOW_UP_INITIAL;
  let assignee = '';
  const history: FollowUpStep[] = [];
  for (const e of mine) {
    const applied = e.follow_state === state || followUpAllowed(state, e.follow_state);
    history.push({ id: e.id, at: e.at, by: e.created_by, from: state, to: e.follow_state, note: e.note, assignee: e.assignee, applied });
    if (!applied) continue;
    state = e.follow_state;
    if (e.assignee !== undefined) assignee = e.assignee;
  }
  return { state, assignee, history };
}

/** Every incidence's follow-up, by incidence id (incidences with none are open, with no history). */
export function followUpsByIncidence(events: readonly FollowUpEvent[]): Map<string, FollowUpView> {
  const ids = new Set(events.map((e) => e.follows));
  return new Map([...ids].map((id) => [id, followUpOf(id, events)]));
}

/**
 * Why a requested change is refused ('' when it may be made). Staying in the same state is a
 * note or a change of the person in charge: it needs one of them.
 */
export function followUpError(role: ActingRole, current: FollowUpState, to: FollowUpState, note: string, assigneeChanged = false): '' | 'role' | 'transition' | 'note' | 'empty' {
  if (!canFollowUp(role)) return 'role';
  if (to !== current && !followUpAllowed(current, to)) return 'transition';
  if (note.trim().length > 500) return 'note';
  if (to === current && note.trim() === '' && !assigneeChanged) return 'empty';
  return '';
}
