import { useState } from 'react';
import { Alert, Anchor, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { z } from 'zod';
import { t } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import { PICKING_INCIDENCE_TYPES, recordPickingIncidence, type ActionEngine, type PickingIncidenceInput, type PickingIncidenceType } from '../../data/picking';
import { orderPickingProgress, PICKABLE_ROUTE_STATUSES } from '../../domain/picking';
import { MACHINES } from '../../domain/status/machines';
import { useAction } from '../../ui/action/useAction';
import { NotePhotoSubmit, useNotePhoto } from '../../ui/form/NotePhotoSubmit';
import type { AppHref } from '../../links/registry';
import { ProductMissing, productPath } from './shared';
import { useOrderProduct, usePickingEvents, usePickingRoute } from './hooks';
import { statusText } from '../../i18n/status';
import '../../i18n/es/picking';

function isIncidenceType(v: unknown): v is PickingIncidenceType {
  return typeof v === 'string' && (PICKING_INCIDENCE_TYPES as readonly string[]).includes(v);
}

/** /incidence-product/…: record a picking incidence for a product of an order. */
export function IncidenceProductPage({ params }: ScreenProps<'incidenceProduct'>) {
  const { engine, actor, order, product } = useOrderProduct(params.order_id, params.product_id);
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { type?: unknown };
  const route = usePickingRoute(order.data?.route_id || undefined);
  const events = usePickingEvents(params.order_id ? [params.order_id] : []);
  const [id] = useState(() => `inc-${crypto.randomUUID()}`);
  const [type, setType] = useState<PickingIncidenceType>(isIncidenceType(search.type) ? search.type : 'missing');
  const [quantity, setQuantity] = useState<number | string>('');
  const notePhoto = useNotePhoto();
  const record = useAction(async (engine: ActionEngine, input: PickingIncidenceInput, back: AppHref) => {
    await recordPickingIncidence(engine, input, actor);
    notifications.show({ color: 'teal', message: t('pickingScreens.incidenceSaved') });
    await navigate({ href: back });
  });
  const [qtyError, setQtyError] = useState<string | null>(null);
  if (order.loading || product.loading) return null;
  const progress = order.data ? orderPickingProgress(order.data, events.index) : null;
  const lines = progress?.lines.filter((l) => l.product_id === params.product_id) ?? [];
  if (!order.data || !engine || lines.length === 0) {
    return <ProductMissing />;
  }
  const o = order.data;
  const max = lines.reduce((n, l) => n + l.remaining, 0);
  const back = productPath(params.pe_id ?? o.delivery_point_id, params.product_id ?? '', o.id);
  const pickable = route.data !== null && PICKABLE_ROUTE_STATUSES.includes(route.data.status);
  const shown = quantity === '' && max > 0 ? max : quantity;
  return (
    <Stack>
      <Anchor component={Link} to={back}>
        {t('pickingScreens.backToProduct')}
      </Anchor>
      <Text fw={700}>
        {product.data?.name ?? lines[0]?.name} · {t('pickingScreens.orderLine', { code: o.code })} · {params.pe_name}
      </Text>
      {route.data && !pickable && <Alert color="gray">{t('pickingScreens.notPickable', { status: statusText(MACHINES.route, route.data.status) })}</Alert>}
      {max === 0 && <Alert color="gray">{t('pickingScreens.nothingToDeclare')}</Alert>}
      <div>
        <Text size="sm" fw={500} id="incidence-type-label">
          {t('pickingScreens.incidenceType')}
        </Text>
        <SegmentedControl
          aria-labelledby="incidence-type-label"
          size="lg"
          fullWidth
          value={type}
          onChange={(v) => isIncidenceType(v) && setType(v)}
          data={PICKING_INCIDENCE_TYPES.map((x) => ({ value: x, label: t(`picking.incidenceTypes.${x}`) }))}
          data-testid="incidence-type"
        />
      </div>
      <NumberInput
        size="lg"
        label={t('pickingScreens.incidenceQuantity')}
        description={t('pickingScreens.incidenceQuantityHelp', { max })}
        value={shown}
        onChange={setQuantity}
        min={1}
        max={max}
        allowDecimal={false}
        allowNegative={false}
        error={qtyError ?? undefined}
      />
      <NotePhotoSubmit
        {...notePhoto}
        noteLabel={t('pickingScreens.incidenceNote')}
        photoLabel={t('pickingScreens.incidencePhoto')}
        error={record.error}
        submitLabel={t('pickingScreens.incidenceSubmit')}
        color="orange"
        busy={record.busy}
        submitDisabled={max === 0 || !pickable}
        onSubmit={() => {
          const parsed = z.number().int().min(1).max(max).safeParse(typeof shown === 'number' ? shown : Number.NaN);
          if (!parsed.success) {
            setQtyError(t('pickingScreens.badIncidenceQuantity', { max }));
            return;
          }
          setQtyError(null);
          void record.run(engine, { id, order_id: o.id, product_id: params.product_id ?? '', type, quantity: parsed.data, note: notePhoto.note, photo: notePhoto.photo }, back);
        }}
      />
    </Stack>
  );
}
