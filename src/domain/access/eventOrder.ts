/**
 * A rider's delivery or incidence names an order of the route it names, at that order's delivery
 * point (issue 17, finding 11; issue 29, finding 3): an event on his own route cannot touch
 * another route's order. The embedded server checks it in server/rules.ts (same wording); the
 * Firebase rules check it with `eventOrder()` (firestoreRules.ts), and the Firebase push checks it
 * here first, so the device gets the server's Spanish reason rather than a bare refusal.
 */
import type { Order } from '../entities/operation';

/** The Spanish reason a rider's event is refused for, or null. `label` names the event («la entrega»). */
export function eventOrderProblem(event: Readonly<Record<string, unknown>>, order: Pick<Order, 'code' | 'route_id' | 'delivery_point_id'> | null, label: string): string | null {
  if (!order || order.route_id === '' || order.route_id !== event.route_id) {
    return `El pedido «${String(order?.code ?? event.order_id)}» no pertenece a la ruta de ${label}`;
  }
  if (typeof event.delivery_point_id === 'string' && event.delivery_point_id !== '' && event.delivery_point_id !== order.delivery_point_id) {
    return `El punto de entrega de ${label} no es el del pedido «${order.code}»`;
  }
  return null;
}
