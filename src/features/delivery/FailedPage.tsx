import { useState } from 'react';
import { Alert, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { t } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import type { DataEngine } from '../../data/engine';
import { useEngine } from '../../data/hooks';
import { currentPosition, recordFailure, type FailureInput } from '../../data/round';
import { orderOutcome } from '../../domain/delivery';
import { useAction } from '../../ui/action/useAction';
import { NotePhotoSubmit, useNotePhoto } from '../../ui/form/NotePhotoSubmit';
import { useActor, useDeliveryStatuses, useOrderOnRoute } from './hooks';
import { href, type AppHref } from '../../links/registry';
import { OrderNotFound } from './stopShared';
import '../../i18n/es/delivery';

/** /deliveryFailed/…: the order could not be delivered: reason, note, optional photo, what happens to the goods. */
export function FailedPage({ params }: ScreenProps<'deliveryFailed'>) {
  const engine = useEngine();
  const actor = useActor();
  const navigate = useNavigate();
  const { order, route, events, loading } = useOrderOnRoute(params.id, params.route_id);
  const { data: statuses } = useDeliveryStatuses();
  const [reason, setReason] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<'return_to_hub' | 'reschedule'>('return_to_hub');
  const notePhoto = useNotePhoto();
  const record = useAction(async (engine: DataEngine, input: Omit<FailureInput, 'position'>, next: AppHref) => {
    await recordFailure(engine, { ...input, position: await currentPosition() }, actor);
    notifications.show({ color: 'teal', message: t('delivery.failed') });
    await navigate({ href: next });
  });
  if (loading) return null;
  if (!order || !route || !engine) return <OrderNotFound />;
  const reasons = statuses.filter((s) => s.kind === 'status-delivery' && s.system_status === 'failed' && s.rider_visible && s.active);
  const done = orderOutcome(order.id, events) !== 'pending';
  return (
    <Stack>
      <Text fw={700}>{order.code}</Text>
      {done && <Alert color="teal">{t('delivery.alreadyFailed')}</Alert>}
      <Select
        label={t('delivery.failReason')}
        data={reasons.map((r) => ({ value: r.id, label: r.name }))}
        value={reason}
        onChange={setReason}
        size="lg"
        required
        disabled={done}
        allowDeselect={false}
      />
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('delivery.failOutcome')}
        </Text>
        <SegmentedControl
          fullWidth
          size="md"
          value={outcome}
          onChange={(v) => setOutcome(v as typeof outcome)}
          disabled={done}
          data={[
            { value: 'return_to_hub', label: t('delivery.outcome_return_to_hub') },
            { value: 'reschedule', label: t('delivery.outcome_reschedule') },
          ]}
        />
      </div>
      <NotePhotoSubmit
        {...notePhoto}
        noteLabel={t('delivery.note')}
        photoLabel={t('delivery.photo')}
        fieldsDisabled={done}
        error={record.error}
        submitLabel={t('delivery.recordFailure')}
        color="red"
        busy={record.busy}
        submitDisabled={done}
        onSubmit={() => {
          if (!reason) return record.fail(t('delivery.reasonRequired'));
          const next = href('distributionStop', { id: order.delivery_point_id, riderId: route.rider_id, routeId: route.id });
          void record.run(engine, { order, route, reasonStatusId: reason, note: notePhoto.note, outcome, photo: notePhoto.photo }, next);
        }}
      />
    </Stack>
  );
}
