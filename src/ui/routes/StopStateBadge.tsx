/** What happened at a stop of a round (pending, delivered, partly delivered, failed), as a badge. */
import { Badge } from '@mantine/core';
import { t, type MessageKey } from '../../i18n';
import type { StopState } from '../../domain/delivery';
import { STOP_STATE_COLOR } from '../statusColors';
import '../../i18n/es/delivery';

const STOP_STATE_LABEL: Record<StopState, MessageKey> = {
  pending: 'delivery.outcome_pending',
  done: 'delivery.outcome_delivered',
  partial: 'delivery.outcome_partial',
  failed: 'delivery.outcome_failed',
};

export function StopStateBadge({ state }: { state: StopState }) {
  return (
    <Badge color={STOP_STATE_COLOR[state]} variant="light">
      {t(STOP_STATE_LABEL[state])}
    </Badge>
  );
}
