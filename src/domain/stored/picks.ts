/** `picks`: picking events (insert-only; the spare local slot, no stored collection of the specification). */
import { pickSchema } from '../entities/events';
import { EVENT_SCOPE, unchanged, type LocalCollectionDef } from './define';

export const picksCollection: LocalCollectionDef = {
  name: 'picks',
  schema: pickSchema,
  mode: 'event',
  // 1 (issue 12): optional `undoes`; version-0 documents are valid as they are.
  version: 1,
  migrations: { 1: unchanged },
  indexes: ['order_id', 'route_id'],
  rowScope: EVENT_SCOPE,
  followsRoute: ['rider'],
};
