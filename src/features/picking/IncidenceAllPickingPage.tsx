import { useDocsByIds } from '../../data/hooks';
import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { t } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import { PICKING_INCIDENCE_TYPES } from '../../data/picking';
import { PICKABLE_ROUTE_STATUSES } from '../../domain/picking';
import { MACHINES } from '../../domain/status/machines';
import { DayHubSelector } from './shared';
import { useIncidencesOfDay, usePickingDay, usePickingSettlement } from './hooks';
import { useUserNames } from './incidenceShared';
import { PhotoButton } from '../../ui/media/StoredPhoto';
import type { Incidence } from '../../domain/entities/events';
import { FollowUpBadge, FollowUpDialog } from '../../ui/incidences/FollowUpDialog';
import { useFollowUps } from '../../ui/incidences/useFollowUps';
import { statusText } from '../../i18n/status';
import '../../i18n/es/delivery';
import '../../i18n/es/incidences';
import '../../i18n/es/picking';

/** A picking incidence's type in words (a delivery-only type, never made at picking, in the delivery's words). */
function typeLabel(type: Incidence['type']): string {
  const picking = PICKING_INCIDENCE_TYPES.find((x) => x === type);
  return picking === undefined ? t(`delivery.type_${type}`) : t(`picking.incidenceTypes.${picking}`);
}

/**
 * /incidence-all-picking: the day's picking incidences and picker errors at the selected hub;
 * each incidence with its follow-up (issue 13: state, «Seguimiento»).
 */
export function IncidenceAllPickingPage() {
  usePickingSettlement();
  const { date, hub } = usePickingDay();
  const incidences = useIncidencesOfDay('picker-product', date);
  const errors = useIncidencesOfDay('picker-error', date);
  const names = useUserNames();
  const [type, setType] = useState<string>('');
  const [query, setQuery] = useState('');
  const followUp = useFollowUps();
  const [following, setFollowing] = useState<{ incidence: Incidence; what: string } | null>(null);
  const mine = incidences.data.filter((i) => i.hub === hub);
  const myErrors = errors.data.filter((i) => i.hub === hub);
  const { data: orders } = useDocsByIds('orders', mine.map((i) => i.order_id));
  const { data: products } = useDocsByIds('products', [...mine, ...myErrors].map((i) => i.product_id));
  const { data: points } = useDocsByIds('delivery_points', mine.map((i) => i.delivery_point_id).filter((x) => x !== ''));
  const { data: routes } = useDocsByIds('routes', mine.map((i) => i.route_id).filter((x) => x !== ''));
  const q = query.trim().toLowerCase();
  const rows = mine
    .filter((i) => type === '' || i.type === type)
    .map((i) => ({
      i,
      // Names and codes only: an id not on this device yet shows as «—» (issue 28).
      product: products.get(i.product_id)?.name ?? '—',
      order: orders.get(i.order_id)?.code ?? '—',
      clientRef: orders.get(i.order_id)?.external_ref ?? '',
      point: points.get(i.delivery_point_id)?.name ?? '—',
      route: routes.get(i.route_id),
    }))
    .filter((r) => q === '' || `${r.product} ${r.order} ${r.clientRef} ${r.point}`.toLowerCase().includes(q))
    .sort((a, b) => b.i.at - a.i.at);
  const perPicker = new Map<string, number>();
  for (const e of myErrors) perPicker.set(e.created_by, (perPicker.get(e.created_by) ?? 0) + 1);
  return (
    <Stack>
      <DayHubSelector />
      <Group grow align="flex-end">
        <Select
          size="lg"
          label={t('pickingScreens.filterType')}
          value={type}
          onChange={(v) => setType(v ?? '')}
          data={[{ value: '', label: t('pickingScreens.filterAll') }, ...PICKING_INCIDENCE_TYPES.map((x) => ({ value: x, label: t(`picking.incidenceTypes.${x}`) }))]}
          allowDeselect={false}
        />
        <TextInput size="lg" label={t('pickingScreens.search')} value={query} onChange={(e) => setQuery(e.currentTarget.value)} />
      </Group>
      {!incidences.loading && rows.length === 0 && <Alert color="gray">{t('pickingScreens.noIncidences')}</Alert>}
      <Stack gap="xs" data-testid="picking-incidences">
        {rows.map(({ i, product, order, point, route }) => {
          const resolved = route !== undefined && !PICKABLE_ROUTE_STATUSES.includes(route.status);
          return (
            <Card withBorder padding="sm" key={i.id} data-testid="picking-incidence">
              <Group justify="space-between" wrap="nowrap">
                <div>
                  <Text fw={700}>{typeLabel(i.type)}</Text>
                  <Text size="sm">{t('pickingScreens.incidenceRow', { qty: i.quantity, product, order, point })}</Text>
                  <Text size="sm" c="dimmed">
                    {formatDate(i.at)} · {t('pickingScreens.byWho', { who: names.get(i.created_by) ?? i.created_by })}
                    {route ? ` · ${t('pickingScreens.routeOf', { code: route.code })}` : ''}
                    {i.note ? ` · ${i.note}` : ''}
                  </Text>
                  {i.photo_file !== '' && <PhotoButton path={i.photo_file} title={`${typeLabel(i.type)} · ${order}`} />}
                </div>
                <Stack gap={6} align="flex-end">
                  <Badge color={resolved ? 'teal' : 'orange'} variant="light" size="lg" aria-label={t('pickingScreens.resolution')}>
                    {resolved && route ? t('pickingScreens.resolved', { status: statusText(MACHINES.route, route.status) }) : t('pickingScreens.open')}
                  </Badge>
                  <FollowUpBadge state={followUp.viewOf(i.id).state} />
                  <Button
                    variant="light"
                    mih={44}
                    onClick={() => setFollowing({ incidence: i, what: `${typeLabel(i.type)} · ${order}` })}
                    aria-label={t('incidences.followUp.openLabel', { order })}
                  >
                    {t('incidences.followUp.openButton')}
                  </Button>
                </Stack>
              </Group>
            </Card>
          );
        })}
      </Stack>
      <Title order={2} size="h4">
        {t('pickingScreens.errorsTitle')}
      </Title>
      {perPicker.size === 0 && <Text c="dimmed">{t('pickingScreens.noPickerErrors')}</Text>}
      {[...perPicker].map(([who, n]) => (
        <Card withBorder padding="sm" key={who} data-testid="picker-error-summary">
          <Text fw={700}>
            {names.get(who) ?? who} · {t('pickingScreens.errorsCount', { n })}
          </Text>
          {myErrors
            .filter((e) => e.created_by === who)
            .map((e) => (
              <Text size="sm" key={e.id}>
                {formatDate(e.at)} · {t('pickingScreens.expected', { product: products.get(e.product_id)?.name ?? e.product_id })} · «{e.scanned_barcode ?? ''}»
              </Text>
            ))}
        </Card>
      ))}
      {following && (
        <FollowUpDialog
          incidence={following.incidence}
          what={following.what}
          view={followUp.viewOf(following.incidence.id)}
          staff={followUp.staff}
          name={followUp.name}
          onClose={() => setFollowing(null)}
        />
      )}
    </Stack>
  );
}
