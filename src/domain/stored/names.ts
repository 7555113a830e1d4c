/**
 * The names of the local collections (RxDB's free edition opens at most 13 per JS realm, so the
 * specification's 24 stored collections live in these 12; src/domain/collections.ts maps them).
 * A leaf module: the messages name collections without importing their schemas.
 */
export const LOCAL_COLLECTIONS = [
  'users',
  'catalog',
  'bikes',
  'products',
  'delivery_points',
  'orders',
  'routes',
  'deliveries',
  'incidences',
  'payments',
  'receipts',
  'picks',
] as const;
export type LocalCollection = (typeof LOCAL_COLLECTIONS)[number];

/**
 * How a message names a collection's document (keys `domain.collections.<name>.<form>`):
 * `the` with its article («el pedido», «la ruta»), `to` with its preposition («al pedido»,
 * «a la ruta») and `records`, what «Los registros de …» name («entrega»).
 */
export type CollectionLabelForm = 'the' | 'to' | 'records';
