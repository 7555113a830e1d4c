/**
 * Picking by delivery point and by product (issue 12):
 * - /picking/pe (blank layout, fixed station): the day's delivery points at the hub, with progress;
 * - /picking/products/pe/:id: the products a delivery point's orders of the day ask for;
 * - /picking/products/pe/:id/orders/hub/product/:idHub/:idProduct: every order of the day at
 *   that hub needing that product (take it once from the shelf, split it into the boxes).
 */
import { PICKABLE_ORDER_STATUSES } from '../../domain/picking';
import type { Order } from '../../domain/entities/operation';

/** Orders of the day that the picking flow handles (on a route, not delivered or cancelled). */
export function pickableOrders(orders: readonly Order[], date: string): Order[] {
  return orders.filter((o) => o.date === date && o.route_id !== '' && PICKABLE_ORDER_STATUSES.includes(o.status));
}
