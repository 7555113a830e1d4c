/** `orders`: the clients' orders with their lines. */
import { orderSchema } from '../entities/operation';
import { unchanged, type LocalCollectionDef } from './define';

export const ordersCollection: LocalCollectionDef = {
  name: 'orders',
  schema: orderSchema,
  mode: 'editable',
  // 1: an order's optional `floor`.
  version: 1,
  migrations: { 1: unchanged },
  indexes: ['route_id', ['date', 'hub'], 'delivery_point_id', 'status'],
  rowScope: { route: 'route_id', rider: null, owner: null },
  followsRoute: ['rider', 'stops'],
};
