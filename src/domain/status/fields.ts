/**
 * Which fields of which editable documents follow a state machine. The access check walks them
 * (a status moves only along the machine) and the three-way merge resolves them by the machine
 * (a later status wins over an earlier one, whoever wrote it).
 *
 * `label` names the field holding the admin's catalog status (/config/status) shown instead of
 * the system label. A catalog status maps onto exactly one system status of its family, so the
 * label belongs to the status it was chosen with: it travels with it (the merge takes both from
 * the same side) and is cleared when the status moves on.
 */
import type { LocalCollection } from '../collections';
import { MACHINES, type Machine, type StatusFamily } from './machines';
import { handoverMachine } from '../payments/handoverMachine';

export interface StatusField {
  readonly field: string;
  readonly family: StatusFamily;
  readonly machine: Machine<string>;
  /** Field holding the admin's catalog status for this status, if the document has one. */
  readonly label?: string;
}

function field(name: string, family: StatusFamily, label?: string): StatusField {
  return { field: name, family, machine: MACHINES[family] as unknown as Machine<string>, ...(label ? { label } : {}) };
}

/** The status fields of every editable collection that has any (events have none: insert-only). */
export const STATUS_FIELDS: Readonly<Partial<Record<LocalCollection, readonly StatusField[]>>> = {
  routes: [field('status', 'route', 'status_id')],
  orders: [field('status', 'order', 'status_id'), field('picking_status', 'picking')],
  payments: [field('status', 'payment', 'status_id')],
};

/**
 * The cash hand-overs stored in `payments` (kind `cash-handover`) follow their own machine for
 * the access check (src/domain/payments/handover.ts): same statuses as payments, another start.
 */
const HANDOVER_FIELDS: readonly StatusField[] = [
  { field: 'status', family: 'payment', machine: handoverMachine as unknown as Machine<string>, label: 'status_id' },
];

/** The status fields of a collection; `kind` picks those of a kind when a collection holds several. */
export function statusFieldsOf(collection: LocalCollection, kind?: string): readonly StatusField[] {
  if (collection === 'payments' && kind === 'cash-handover') return HANDOVER_FIELDS;
  return STATUS_FIELDS[collection] ?? [];
}
