/** `orders`: the clients' orders with their lines. */
import { orderSchema } from '../entities/operation';
import type { LocalCollectionDef } from './define';

export const ordersCollection: LocalCollectionDef = {
  name: 'orders',
  schema: orderSchema,
  mode: 'editable',
  version: 0,
  migrations: {},
  indexes: ['route_id', ['date', 'hub'], 'delivery_point_id', 'status'],
  rowScope: { route: 'route_id', rider: null, owner: null },
  followsRoute: ['rider', 'stops'],
};
