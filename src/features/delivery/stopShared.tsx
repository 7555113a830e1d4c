/**
 * What the stop- and order-level screens share: the colour and label of an order's outcome.
 * URL parameters (product name, units, summary…) are hints for deep links: what is shown and
 * recorded comes from the local database.
 */
import { t, type MessageKey } from '../../i18n';
import type { OrderOutcome } from '../../domain/delivery';

export const OUTCOME_COLOR: Record<OrderOutcome, string> = { pending: 'gray', delivered: 'teal', partial: 'orange', failed: 'red' };

export function outcomeLabel(o: OrderOutcome): string {
  return t(`delivery.outcome_${o}` as MessageKey);
}
