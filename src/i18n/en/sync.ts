/** English texts of the sync notices (the Spanish ones are ../es/sync.ts). Same keys, same {variables}. */
import type { syncMessages as es } from '../es/sync';
import type { Shape } from '../shape';

export const syncMessages: Shape<typeof es> = {
  syncNotice: {
    title: 'The server changed something you had done',
    summaryOne: 'The server did not keep 1 of your changes',
    summaryMany: 'The server did not keep {n, plural, one {# of your changes} other {# of your changes}}',
    badge: '{n, plural, one {# notice} other {# notices}}',
    badgeLabel: 'Sync status: {n, plural, one {# notice} other {# notices}} from the server',
    dismiss: 'Got it',
    dismissAll: 'Got it, hide the notices',
    status: 'The server changed the status {of} to “{status}” (you had left it as “{mine}”).',
    fields: 'The server kept a different value {of} for: {fields}.',
    refused: 'The server did not accept your edit {of}: {reason}',
    of_routes: 'of route {label}',
    of_orders: 'of order {label}',
    of_payments: 'of payment {label}',
    of_users: 'of user {label}',
    of_other: 'of {what} {label}',
    field_notes: 'notes',
    field_window_start: 'window start',
    field_window_end: 'window end',
    field_payment_method: 'payment method',
    field_planned_start: 'departure time',
    field_name: 'name',
    field_phone: 'phone',
    field_cancel_reason: 'cancellation reason',
    field_status_id: 'status label',
    field_picking_status: 'picking status',
    field_lines: 'lines',
    field_rider_id: 'rider',
    field_stops: 'stops',
  },
};
