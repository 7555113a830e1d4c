/** `incidences`: pickers' and riders' incidences and pickers' errors (insert-only), by `kind`. */
import { incidenceSchema } from '../entities/events';
import { EVENT_SCOPE, unchanged, type LocalCollectionDef } from './define';

export const incidencesCollection: LocalCollectionDef = {
  name: 'incidences',
  schema: incidenceSchema,
  mode: 'event',
  // 1 (issue 12): optional `scanned_barcode`; 2 (issue 13): optional `follows` and
  // `follow_state` of the follow-up kind. Old documents are valid as they are.
  version: 2,
  migrations: { 1: unchanged, 2: unchanged },
  indexes: ['route_id', ['kind', 'at'], 'order_id'],
  rowScope: EVENT_SCOPE,
  followsRoute: ['rider'],
};
