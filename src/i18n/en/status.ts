/** English names of the statuses (the Spanish ones are ../es/status.ts). Same keys. */
import type { statusMessages as es } from '../es/status';
import type { Shape } from '../shape';

export const statusMessages: Shape<typeof es> = {
  status: {
    route: {
      draft: 'Draft',
      planned: 'Planned',
      picking: 'Picking',
      ready: 'Picked',
      loaded: 'Loaded',
      in_progress: 'Out for delivery',
      completed: 'Completed',
      cancelled: 'Cancelled',
    },
    order: {
      pending: 'Pending',
      planned: 'On a route',
      picking: 'Picking',
      picked: 'Picked',
      out_for_delivery: 'Out for delivery',
      delivered: 'Delivered',
      partially_delivered: 'Partly delivered',
      failed: 'Delivery failed',
      returned: 'Returned to the hub',
      cancelled: 'Cancelled',
    },
    picking: { pending: 'Not started', in_progress: 'In progress', picked: 'Complete', incomplete: 'Incomplete' },
    delivery: { pending: 'Pending', delivered: 'Delivered', partial: 'Partial delivery', failed: 'Failed' },
    payment: {
      pending: 'Not collected yet',
      collected: 'Collected by the rider',
      on_account: 'On account (invoice)',
      handed_over: 'Handed over at the hub',
      reconciled: 'Reconciled',
      disputed: 'Disputed',
    },
  },
};
