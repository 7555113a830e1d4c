/**
 * What the stop- and order-level screens share: the colour and label of an order's outcome, and
 * what they show when their order is not on this device.
 * URL parameters (product name, units, summary…) are hints for deep links: what is shown and
 * recorded comes from the local database.
 */
import { Alert } from '@mantine/core';
import { t } from '../../i18n';
import type { OrderOutcome } from '../../domain/delivery';
import { MissingUntilSynced } from '../../ui/sync/FirstSync';
import '../../i18n/es/delivery';

export const OUTCOME_COLOR: Record<OrderOutcome, string> = { pending: 'gray', delivered: 'teal', partial: 'orange', failed: 'red' };

export function outcomeLabel(o: OrderOutcome): string {
  return t(`delivery.outcome_${o}`);
}

/** An order screen whose order (or its route, or the line asked for) is not on this device: until the first sync, a wait. */
export function OrderNotFound() {
  return (
    <MissingUntilSynced>
      <Alert color="orange">{t('delivery.orderNotFound')}</Alert>
    </MissingUntilSynced>
  );
}
