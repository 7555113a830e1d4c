/** `delivery_points`: where orders are delivered. */
import { deliveryPointSchema } from '../entities/operation';
import { unchanged, type LocalCollectionDef } from './define';

export const deliveryPointsCollection: LocalCollectionDef = {
  name: 'delivery_points',
  schema: deliveryPointSchema,
  mode: 'editable',
  // 1: the optional `located`; old documents need not have it.
  version: 1,
  migrations: { 1: unchanged },
  indexes: [['hub', 'name'], 'updated_at', 'name'],
  rowScope: { route: 'stops', rider: null, owner: null },
  followsRoute: ['rider', 'stops'],
};
