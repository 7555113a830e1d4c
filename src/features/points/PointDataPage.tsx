import { useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from '@tanstack/react-router';
import { formatMoney, t } from '../../i18n';
import { formatDate, formatDay } from '../../i18n/dates';
import type { ScreenProps } from '../../ui/page/types';
import { useEngine, useLiveQuery } from '../../data/hooks';
import { useCatalog } from '../../data/reference';
import { entityActions } from '../../data/entities';
import { currentActor } from '../../data/session';
import { docById, incidencesOfOrders, ordersOfDeliveryPoint } from '../../data/queries';
import { changeHub, clientIdOf, providerIdOf } from '../../domain/deliveryPoints';
import type { Incidence } from '../../domain/entities/events';
import type { DeliveryPoint, Order } from '../../domain/entities/operation';
import { orderTotals } from '../../domain/money';
import { MACHINES } from '../../domain/status/machines';
import { hubLabel, hubOptions } from '../../ui/crud/options';
import { LazyMap } from '../../ui/map/LazyMap';
import { ListTable } from '../../ui/table/ListTable';
import { SectionCard } from '../../ui/layout/SectionCard';
import { kindLabel } from './config';
import { href } from '../../links/registry';
import { statusText } from '../../i18n/status';
import '../../i18n/es/delivery';
import '../../i18n/es/orders';
import '../../i18n/es/points';

const RECENT_ORDERS = 20;

function HubChange({ point }: { point: DeliveryPoint }) {
  const engine = useEngine();
  const { data: hubs } = useCatalog('hub');
  const [hub, setHub] = useState<string | null>(String(point.hub));
  if (!engine) return null;
  return (
    <Group align="end">
      <Select label={t('points.changeHub')} data={hubOptions(hubs)} value={hub} onChange={setHub} allowDeselect={false} style={{ flex: '0 1 260px' }} />
      <Button
        variant="light"
        disabled={hub === String(point.hub)}
        onClick={async () => {
          // Specification §5: an id and a numeric hub, otherwise nothing happens; updated_at = now.
          const moved = changeHub(point, hub, Date.now());
          if (!moved) {
            notifications.show({ color: 'orange', message: t('points.hubChangeInvalid') });
            return;
          }
          await entityActions('delivery_points').save(engine, { doc: moved }, currentActor());
          notifications.show({ color: 'teal', message: t('points.hubChanged', { hub: hubLabel(hubs, moved.hub) }) });
        }}
      >
        {t('points.changeHubButton')}
      </Button>
    </Group>
  );
}

export function PointDataPage({ params }: ScreenProps<'deliveryPointsData'>) {
  const id = params.id;
  const { data: point, loading } = useLiveQuery<DeliveryPoint | null>((db) => (id ? docById(db, 'delivery_points', id) : null), [id], null);
  const { data: hubs } = useCatalog('hub');
  const { data: orders } = useLiveQuery<Order[]>((db) => (id ? ordersOfDeliveryPoint(db, id) : null), [id], []);
  const orderIds = useMemo(() => orders.map((o) => o.id), [orders]);
  const { data: incidences } = useLiveQuery<Incidence[]>((db) => (orderIds.length > 0 ? incidencesOfOrders(db, orderIds) : null), [orderIds.join(',')], []);
  const recent = useMemo(() => [...orders].sort((a, b) => (a.date === b.date ? b.created_at - a.created_at : a.date < b.date ? 1 : -1)).slice(0, RECENT_ORDERS), [orders]);
  const codes = useMemo(() => new Map(orders.map((o) => [o.id, o.code])), [orders]);
  const mapPoints = useMemo(() => (point ? [{ id: point.id, lat: point.lat, lng: point.lng, label: 'PE', title: point.name }] : []), [point]);
  if (loading) return <Loader aria-label={t('app.loading')} />;
  if (!point) return <Alert color="orange">{t('crud.notFound', { id: id ?? '' })}</Alert>;
  return (
    <Stack>
      <Group>
        <Button component={Link} to={href('deliveryPointsEdit', { id: point.id })} variant="light">
          {t('common.edit')}
        </Button>
        <Button component={Link} to={href('deliveryPoints')} variant="default">
          {t('points.list')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder data-testid="point-card">
          <Stack gap={6}>
            <Title order={2} size="h3">
              {point.name}
            </Title>
            <Group gap="xs">
              <Badge variant="light">{kindLabel(point.kind)}</Badge>
              <Badge variant="light" color={point.active ? 'teal' : 'gray'}>
                {point.active ? t('crud.active') : t('crud.inactive')}
              </Badge>
            </Group>
            <Text>
              {point.address}, {point.postal_code} {point.city}
            </Text>
            <Text size="sm" data-testid="point-hub">
              {t('backoffice.hub')}: {hubLabel(hubs, point.hub)}
            </Text>
            <Text size="sm">
              {t('points.hours')}: {point.opens}–{point.closes}
            </Text>
            {(point.contact_name || point.phone) && (
              <Text size="sm">
                {t('points.contact')}: {point.contact_name} {point.phone}
              </Text>
            )}
            {point.ref_providers.length > 0 && (
              <Text size="sm">
                {t('points.providers')}: {point.ref_providers.map(providerIdOf).join(', ')}
              </Text>
            )}
            {point.client_providers.length > 0 && (
              <Text size="sm">
                {t('points.clients')}: {point.client_providers.map(clientIdOf).filter(Boolean).join(', ')}
              </Text>
            )}
            {point.notes && (
              <Text size="sm" c="dimmed">
                {point.notes}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t('points.updatedAt', { when: formatDate(point.updated_at) })}
            </Text>
            <HubChange key={`${point.id}:${point.hub}`} point={point} />
          </Stack>
        </Card>
        <LazyMap points={mapPoints} ariaLabel={t('points.mapLabel')} height={340} />
      </SimpleGrid>
      <SectionCard title={t('points.recentOrders')}>
        <ListTable
          empty={t('points.noOrders')}
          testId="point-orders"
          headers={[t('orders.code'), t('orders.date'), t('orders.window'), t('orders.status'), t('orders.gross')]}
          rows={recent}
          row={(o) => (
            <Table.Tr key={o.id}>
              <Table.Td>
                <Anchor component={Link} to={href('editOrder', { id: o.id })}>
                  {o.code}
                </Anchor>
              </Table.Td>
              <Table.Td>{formatDay(o.date)}</Table.Td>
              <Table.Td>
                {o.window_start}–{o.window_end}
              </Table.Td>
              <Table.Td>{statusText(MACHINES.order, o.status)}</Table.Td>
              <Table.Td>{formatMoney(orderTotals(o.lines).gross_cents)}</Table.Td>
            </Table.Tr>
          )}
        />
      </SectionCard>
      <SectionCard title={t('points.incidences')}>
        <ListTable
          empty={t('points.noIncidences')}
          testId="point-incidences"
          headers={[t('delivery.when'), t('delivery.incidenceType'), t('delivery.order'), t('delivery.quantity'), t('delivery.note')]}
          rows={[...incidences].sort((a, b) => b.at - a.at)}
          row={(i) => (
            <Table.Tr key={i.id}>
              <Table.Td>{formatDate(i.at, 'd MMM, HH:mm')}</Table.Td>
              <Table.Td>{t(`delivery.type_${i.type}`)}</Table.Td>
              <Table.Td>{codes.get(i.order_id) ?? i.order_id}</Table.Td>
              <Table.Td>{i.quantity}</Table.Td>
              <Table.Td>{i.note}</Table.Td>
            </Table.Tr>
          )}
        />
      </SectionCard>
    </Stack>
  );
}
