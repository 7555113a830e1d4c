/**
 * Picking incidences and picker errors (issue 12):
 * - /incidence-product/pe/:pe_name/:pe_id/productId/:product_id/order/:order_id: units of a
 *   product that do not go in the box («Falta», «Dañado»…), with quantity, note and photo;
 * - /error-picking-producto/:pe_name/:order_id/:product_id/: the wrong codes read for a product
 *   of an order (who, when, what), and a scanner to scan the right one again;
 * - /incidence-all-picking: the day's picking incidences (filterable, with their resolution) and
 *   the picker errors per picker.
 */
import { useMemo } from 'react';
import { useLiveQuery } from '../../data/hooks';
import { allUsers } from '../../data/queries';
import type { User } from '../../domain/entities/operation';

export function useUserNames(): Map<string, string> {
  const { data } = useLiveQuery<User[]>((db) => allUsers(db), [], []);
  return useMemo(() => new Map(data.map((u) => [u.id, u.name])), [data]);
}
