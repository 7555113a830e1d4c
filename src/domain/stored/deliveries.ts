/** `deliveries`: the delivery events of a rider's round (insert-only). */
import { deliveryEventSchema } from '../entities/events';
import { ROUND_EVENT_SCOPE, type LocalCollectionDef } from './define';

export const deliveriesCollection: LocalCollectionDef = {
  name: 'deliveries',
  schema: deliveryEventSchema,
  mode: 'event',
  version: 0,
  migrations: {},
  indexes: ['order_id', 'route_id'],
  rowScope: ROUND_EVENT_SCOPE,
  followsRoute: ['rider'],
};
