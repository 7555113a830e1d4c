/** `payments`: order payments and riders' cash hand-overs, told apart by `kind`. */
import { paymentDocSchema } from '../entities/operation';
import type { LocalCollectionDef, MigrationStrategy } from './define';

/**
 * Version 1 of `payments` (issue 13) holds order payments and cash hand-overs, told apart by a
 * required `kind`: every document of version 0 was an order's payment.
 */
export const orderPaymentKind: MigrationStrategy = (oldDoc) => ({ ...oldDoc, kind: 'order' });

export const paymentsCollection: LocalCollectionDef = {
  name: 'payments',
  schema: paymentDocSchema,
  mode: 'editable',
  // 1 (issue 13): `kind` (order payments and cash hand-overs), index by rider.
  version: 1,
  migrations: { 1: orderPaymentKind },
  indexes: ['route_id', 'order_id', ['kind', 'rider_id']],
  rowScope: { route: 'route_id', rider: 'rider_id', owner: 'rider_id' },
  followsRoute: ['rider'],
};
