import type { ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, SimpleGrid, type ButtonProps } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconNavigation, IconPhone, IconX } from '@tabler/icons-react';
import { t, type MessageKey } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import { useDocById, useLiveQuery } from '../../data/hooks';
import { docsByIds } from '../../data/queries';
import { deliverableUnits, orderOutcome } from '../../domain/delivery';
import type { Order } from '../../domain/entities/operation';
import { MissingUntilSynced } from '../../ui/sync/FirstSync';
import { SyncNotices } from '../../ui/sync/SyncNotices';
import { StopBoxScan } from './BoxScan';
import { navigationUrl } from './routeShared';
import { useRouteEvents } from './hooks';
import { OUTCOME_COLOR, outcomeLabel } from './stopShared';
import { href } from '../../links/registry';
import '../../i18n/es/delivery';
import '../../i18n/es/orderFields';

function BigButton({ to, children, ...rest }: ButtonProps & { to: string; children: ReactNode }) {
  return (
    <Button size="lg" component={Link} to={to} {...rest}>
      {children}
    </Button>
  );
}

/** The fields of an order that have a name of their own (the `orderFields` catalogue, also the import's). */
type NamedField = { [K in keyof Order]-?: `orderFields.${K}` extends MessageKey ? K : never }[keyof Order];

/**
 * What the rider reads of each field of an order at the stop (issue 30 §1): `card` — the order's
 * card draws it its own way (code, window, units, notes); `named` — a line «Name: value» under
 * the card's heading, named by the `orderFields` catalogue (only a field with a name there may be);
 * `hidden` — not for the rider here. Every field of an order is decided here: the compiler asks
 * for a new one.
 */
const AT_STOP: { readonly [K in keyof Order]-?: 'card' | 'hidden' | (K extends NamedField ? 'named' : never) } = {
  id: 'hidden',
  code: 'card',
  client_id: 'hidden',
  delivery_point_id: 'hidden',
  hub: 'hidden',
  date: 'hidden',
  window_start: 'card',
  window_end: 'card',
  status: 'hidden',
  picking_status: 'hidden',
  status_id: 'hidden',
  route_id: 'hidden',
  lines: 'card',
  payment_method: 'hidden',
  external_ref: 'hidden',
  notes: 'card',
  created_at: 'hidden',
  updated_at: 'hidden',
};
const NAMED_AT_STOP = (Object.keys(AT_STOP) as (keyof Order)[]).filter((k): k is NamedField => AT_STOP[k] === 'named');

/** /distribution/pe/:id/rider_id/:riderId/routeId/:routeId: one stop and its orders. */
export function StopPage({ params }: ScreenProps<'distributionStop'>) {
  const { data: point, loading } = useDocById('delivery_points', params.id);
  const { data: route } = useDocById('routes', params.routeId);
  const { data: events } = useRouteEvents(params.routeId);
  const stop = route?.stops.find((s) => s.delivery_point_id === params.id);
  const orderIds = stop?.order_ids ?? [];
  const { data: orders } = useLiveQuery<Map<string, Order>>((db) => (orderIds.length > 0 ? docsByIds(db, 'orders', orderIds) : null), [orderIds.join(',')], new Map());
  if (loading) return null;
  if (!point || !route) return <MissingUntilSynced><Alert color="orange">{t('delivery.pointNotFound')}</Alert></MissingUntilSynced>;
  const rider = params.riderId ?? route.rider_id;
  return (
    <Stack>
      {stop && (
        <Text c="dimmed" data-testid="stop-of">
          {t('delivery.stopOf', { n: stop.seq, total: route.stops.length })}
        </Text>
      )}
      <SyncNotices docs={[{ collection: 'routes', id: route.id }, ...orderIds.map((id) => ({ collection: 'orders' as const, id }))]} />
      <Card withBorder>
        <Text fw={700} size="lg">
          {point.name}
        </Text>
        <Text>
          {point.address}, {point.postal_code} {point.city}
        </Text>
        <Text size="sm" c="dimmed">
          {t('delivery.hours')}: {point.opens}–{point.closes}
        </Text>
        {point.contact_name && (
          <Text size="sm">
            {t('delivery.contact')}: {point.contact_name}
          </Text>
        )}
        {point.notes && (
          <Alert color="blue" mt="xs" title={t('delivery.notes')}>
            {point.notes}
          </Alert>
        )}
        <SimpleGrid mt="sm" cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button size="lg" variant="light" component="a" href={navigationUrl(point.lat, point.lng)} target="_blank" rel="noopener" leftSection={<IconNavigation size={20} aria-hidden />}>
            {t('delivery.navigate')}
          </Button>
          {point.phone && (
            <Button size="lg" variant="light" component="a" href={`tel:${point.phone.replace(/\s/g, '')}`} leftSection={<IconPhone size={20} aria-hidden />}>
              {t('delivery.call')}
            </Button>
          )}
        </SimpleGrid>
      </Card>
      {stop && <StopBoxScan route={route} seq={stop.seq} orders={orders} riderId={rider} />}
      <Text fw={600}>{t('delivery.orders')}</Text>
      {orderIds.map((id) => {
        const order = orders.get(id);
        if (!order) return null;
        const outcome = orderOutcome(id, events);
        const units = order.lines.reduce((n, l) => n + deliverableUnits(l), 0);
        return (
          <Card key={id} withBorder data-testid="stop-order">
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Text fw={600}>{order.code}</Text>
                <Text size="sm" c="dimmed">
                  {t('orderFields.window')} {order.window_start}–{order.window_end} · {t('delivery.unitsSummary', { units })}
                </Text>
                {NAMED_AT_STOP.map((k) =>
                  order[k] === undefined || order[k] === '' ? null : (
                    <Text key={k} size="sm" data-testid={`order-${k}`}>
                      {t(`orderFields.${k}`)}: {String(order[k])}
                    </Text>
                  ),
                )}
              </div>
              <Badge color={OUTCOME_COLOR[outcome]} variant="light" data-testid="order-outcome">
                {outcomeLabel(outcome)}
              </Badge>
            </Group>
            {order.notes && (
              <Text size="sm" mt={4}>
                {order.notes}
              </Text>
            )}
            {outcome === 'pending' || outcome === 'failed' ? (
              <SimpleGrid mt="sm" cols={{ base: 1, xs: 2 }} spacing="sm">
                <BigButton to={href('deliveryProducts', { id: order.id, riderId: rider, routeId: route.id })}>{t('delivery.deliver')}</BigButton>
                {outcome === 'pending' && (
                  <BigButton color="red" variant="light" leftSection={<IconX size={18} aria-hidden />} to={href('deliveryFailed', { pe_id: point.id, id: order.id, rider_id: rider, route_id: route.id })}>
                    {t('delivery.fail')}
                  </BigButton>
                )}
              </SimpleGrid>
            ) : (
              <Anchor component={Link} to={href('delivery', { id: order.id })} mt="xs">
                {t('delivery.recordTitle')}
              </Anchor>
            )}
          </Card>
        );
      })}
      <Anchor component={Link} to={href('distributionRoute', { id: route.id })}>
        {t('delivery.backToRoute')}
      </Anchor>
    </Stack>
  );
}
