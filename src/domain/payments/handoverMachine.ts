/**
 * The cash hand-over's statuses and machine (./handover.ts, issue 13). A leaf module without
 * zod: the status fields (merge, access check, sync notices) need the machine, not the record's
 * schema (issue 31); ./handover.ts re-exports it.
 */
import type { Machine } from '../status/machines';

export const HANDOVER_STATUSES = ['collected', 'handed_over', 'reconciled'] as const;
export type HandoverStatus = (typeof HANDOVER_STATUSES)[number];

const OPS = ['operator', 'admin'] as const;

/**
 * The hand-over's own machine. Its statuses are payment statuses (same labels, same admin
 * labels of /config/status), but it starts at «collected» so that an operator records the count
 * in one write (one step from the start), and signing off is a second, separate step.
 */
export const handoverMachine: Machine<HandoverStatus> = {
  family: 'payment',
  statuses: HANDOVER_STATUSES,
  initial: 'collected',
  final: ['reconciled'],
  labels: { collected: 'Cobrado por el rider', handed_over: 'Entregado en el hub', reconciled: 'Conciliado' },
  transitions: [
    { from: 'collected', to: 'handed_over', roles: OPS },
    { from: 'handed_over', to: 'reconciled', roles: OPS },
  ],
};
