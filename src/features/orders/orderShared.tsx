/**
 * Orders: /orders (the orders of a day, filtered by hub and status), /create-order and
 * /edit-order/:id. Status changes offer only the steps the user's role may take
 * (src/domain/status/machines.ts); the server checks them again.
 */
import { Badge } from '@mantine/core';
import { MACHINES, type OrderStatus } from '../../domain/status/machines';
import { ORDER_STATUS_COLOR } from '../../ui/statusColors';
import { statusText } from '../../i18n/status';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge color={ORDER_STATUS_COLOR[status] ?? 'gray'} variant="light">
      {statusText(MACHINES.order, status)}
    </Badge>
  );
}
