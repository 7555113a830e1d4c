import { useState } from 'react';
import { NumberInput, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { t } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import type { DataEngine } from '../../data/engine';
import { useDocById, useEngine } from '../../data/hooks';
import { currentPosition, reportIncidence, type IncidenceInput } from '../../data/round';
import { deliverableUnits } from '../../domain/delivery';
import { INCIDENCE_TYPES, type IncidenceType } from '../../domain/entities/events';
import { useAction } from '../../ui/action/useAction';
import { NotePhotoSubmit, useNotePhoto } from '../../ui/form/NotePhotoSubmit';
import { useActor } from './hooks';
import { href, type AppHref } from '../../links/registry';
import { OrderNotFound } from './stopShared';
import '../../i18n/es/delivery';

/** /incidenceByDeliveryProduct/…: an incidence on one product line. */
export function IncidencePage({ params }: ScreenProps<'incidenceDeliveryProduct'>) {
  const engine = useEngine();
  const actor = useActor();
  const navigate = useNavigate();
  const { data: order, loading } = useDocById('orders', params.id);
  const { data: route } = useDocById('routes', params.route_id);
  const [id] = useState(() => `inc-${crypto.randomUUID()}`);
  const [type, setType] = useState<IncidenceType>('damaged');
  const [quantity, setQuantity] = useState(1);
  const notePhoto = useNotePhoto();
  const report = useAction(async (engine: DataEngine, input: Omit<IncidenceInput, 'position'>, next: AppHref) => {
    await reportIncidence(engine, { ...input, position: await currentPosition() }, actor);
    notifications.show({ color: 'teal', message: t('delivery.incidenceSaved') });
    await navigate({ href: next });
  });
  if (loading) return null;
  if (!order || !engine) return <OrderNotFound />;
  const line = order.lines.find((l) => l.product_id === params.product_id);
  if (!line) return <OrderNotFound />;
  const types = INCIDENCE_TYPES.filter((x) => ['damaged', 'missing', 'wrong_product', 'refused', 'expired', 'other'].includes(x));
  return (
    <Stack>
      <Text fw={700}>
        {order.code} · {line.name}
      </Text>
      <Select
        label={t('delivery.incidenceType')}
        value={type}
        onChange={(v) => v && setType(v as IncidenceType)}
        data={types.map((x) => ({ value: x, label: t(`delivery.type_${x}`) }))}
        size="lg"
        allowDeselect={false}
      />
      <NumberInput label={t('delivery.quantity')} value={quantity} onChange={(v) => setQuantity(typeof v === 'number' ? Math.round(v) : 0)} min={1} max={deliverableUnits(line)} allowDecimal={false} size="lg" />
      <NotePhotoSubmit
        {...notePhoto}
        noteLabel={t('delivery.note')}
        photoLabel={t('delivery.photo')}
        error={report.error}
        submitLabel={t('delivery.reportIncidence')}
        color="orange"
        busy={report.busy}
        onSubmit={() => {
          if (quantity < 1 || quantity > deliverableUnits(line)) return report.fail(`${t('delivery.quantity')}: 1–${deliverableUnits(line)}`);
          const next = href('deliveryProducts', { id: order.id, riderId: params.rider_id ?? '', routeId: order.route_id });
          void report.run(engine, { id, order, route, productId: line.product_id, type, quantity, note: notePhoto.note, photo: notePhoto.photo }, next);
        }}
      />
    </Stack>
  );
}
