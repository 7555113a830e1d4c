/**
 * The name of a status in the interface's language: badges, filters and status menus read it
 * here, never from the machine's Spanish `labels` (those are for the server's refusals).
 */
import type { Machine } from '../domain/status/machines';
import { t, type MessageKey } from './index';

export function statusText<S extends string>(machine: Machine<S>, status: S): string {
  return t(`status.${machine.family}.${status}` as MessageKey);
}

/** Every status of a machine with its name. */
export function statusNames<S extends string>(machine: Machine<S>): Readonly<Record<S, string>> {
  return Object.fromEntries(machine.statuses.map((s) => [s, statusText(machine, s)])) as Record<S, string>;
}
