/** `receipts`: products received on a round (insert-only). */
import { receiptSchema } from '../entities/events';
import { ROUND_EVENT_SCOPE, type LocalCollectionDef } from './define';

export const receiptsCollection: LocalCollectionDef = {
  name: 'receipts',
  schema: receiptSchema,
  mode: 'event',
  version: 0,
  migrations: {},
  indexes: ['route_id'],
  rowScope: ROUND_EVENT_SCOPE,
  followsRoute: ['rider'],
};
