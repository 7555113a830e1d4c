/**
 * The name of a status in the interface's language: badges, filters and status menus read it
 * here, never from the machine's Spanish `labels` (those are for the server's refusals).
 */
import type { Machine } from '../domain/status/machines';
import { hasMessage, t } from './index';

export function statusText<S extends string>(machine: Machine<S>, status: S): string {
  const key = `status.${machine.family}.${status}`;
  // A machine's statuses are any strings to the compiler; the catalogue test checks each has words.
  return hasMessage(key) ? t(key) : machine.labels[status];
}

/** Every status of a machine with its name. */
export function statusNames<S extends string>(machine: Machine<S>): Readonly<Record<S, string>> {
  return Object.fromEntries(machine.statuses.map((s) => [s, statusText(machine, s)])) as Record<S, string>;
}
