/**
 * Spanish names of the statuses of each state machine, by family: what every badge, filter and
 * status menu shows (`statusText`, ../status.ts). They are the machines' own Spanish labels
 * (src/domain/status/machines.ts, which the server's refusals also use): one list, not two. The
 * English ones are ../en/status.ts.
 */
import { MACHINES } from '../../domain/status/machines';

import { addSpanish } from '../loaded';

export const statusMessages = {
  status: {
    route: MACHINES.route.labels,
    order: MACHINES.order.labels,
    picking: MACHINES.picking.labels,
    delivery: MACHINES.delivery.labels,
    payment: MACHINES.payment.labels,
  },
} as const;

addSpanish(statusMessages);
