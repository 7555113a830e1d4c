import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from '@tanstack/react-router';
import { t } from '../../i18n';
import { formatDay } from '../../i18n/dates';
import type { ScreenProps } from '../../ui/page/types';
import { useDocsByIds, useEngine } from '../../data/hooks';
import { forceRouteReady, type ActionEngine } from '../../data/picking';
import { useAction } from '../../ui/action/useAction';
import { routeBoxLabels, PICKABLE_ROUTE_STATUSES, routePickingProgress, type RoutePickingProgress, type StopPickingProgress } from '../../domain/picking';
import { MACHINES } from '../../domain/status/machines';
import type { DeliveryPoint, Order, Route } from '../../domain/entities/operation';
import { BoxLabels } from '../../ui/labels';
import { FirstSyncNotice, MissingOrdersNotice, MissingUntilSynced } from '../../ui/sync/FirstSync';
import { useDayRoutes, usePickingActor, usePickingDay, usePickingEvents, usePickingRefusal, usePickingRoute, usePickingSettlement, useRouteOrdersList } from './hooks';
import { DayHubSelector, ProgressFigures, RouteLine, RouteStatusBadge } from './shared';
import { pickingRoutes } from './routesShared';
import { href } from '../../links/registry';
import { statusText } from '../../i18n/status';
import '../../i18n/es/picking';

function stopState(s: StopPickingProgress): string {
  if (s.complete) return t('pickingScreens.stopDone');
  return s.units_picked + s.units_short + s.units_over > 0 ? t('pickingScreens.stopPartial') : t('pickingScreens.stopPending');
}

function StopsList({ route, progress, points, canPick }: { route: Route; progress: RoutePickingProgress; points: ReadonlyMap<string, DeliveryPoint>; canPick: boolean }) {
  return (
    <Stack gap="sm">
      {progress.stops.map((s) => (
        <Card withBorder padding="sm" key={s.seq} data-testid="picking-stop" data-point={s.delivery_point_id}>
          {/* Wraps on narrow screens: a long point name pushes the button to its own line, never cuts it. */}
          <Group justify="space-between" wrap="wrap" align="flex-start">
            <div style={{ minWidth: 0, flex: '1 1 12rem' }}>
              <Text fw={700}>
                {t('pickingScreens.stop', { seq: s.seq })} · {points.get(s.delivery_point_id)?.name ?? '—'}
              </Text>
              <Text size="sm" c="dimmed">
                {t('pickingScreens.stopOrders', { n: s.orders.length })} · {stopState(s)}
              </Text>
            </div>
            {canPick && (
              <Button component={Link} to={href('pickingRoutePe', { id: route.id, idPE: s.delivery_point_id })} size="lg" variant={s.complete ? 'default' : 'filled'} style={{ flexShrink: 0 }}>
                {t('pickingScreens.openStop', { seq: s.seq })}
              </Button>
            )}
          </Group>
          <ProgressFigures totals={s} />
        </Card>
      ))}
    </Stack>
  );
}

function ForceReady({ route }: { route: Route }) {
  const engine = useEngine();
  const actor = usePickingActor();
  const [reason, setReason] = useState('');
  const force = useAction(async (engine: ActionEngine, reason: string) => {
    await forceRouteReady(engine, { route_id: route.id, reason }, actor);
    notifications.show({ color: 'teal', message: t('pickingScreens.forced') });
  });
  if (!engine) return null;
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4">
        {t('pickingScreens.forceTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('pickingScreens.forceHelp')}
      </Text>
      <Textarea label={t('pickingScreens.forceReason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} error={force.error ?? undefined} mt="xs" />
      <Button
        mt="sm"
        size="lg"
        color="orange"
        loading={force.busy}
        onClick={() => void force.run(engine, reason)}
      >
        {t('pickingScreens.forceSubmit')}
      </Button>
    </Card>
  );
}

/** The box labels of a prepared route's orders, with a print button. */
function RouteLabels({ route, orders, points }: { route: Route; orders: readonly Order[]; points: ReadonlyMap<string, DeliveryPoint> }) {
  const { data: products } = useDocsByIds('products', orders.flatMap((o) => o.lines.map((l) => l.product_id)));
  const labels = routeBoxLabels(route, orders, products, (order) => points.get(order.delivery_point_id) ?? null);
  return (
    <Stack gap="sm">
      <Group justify="space-between" className="cb-no-print">
        <Title order={2} size="h4">
          {t('pickingScreens.labelsTitle')}
        </Title>
        <Button size="lg" onClick={() => window.print()}>
          {t('pickingScreens.printLabels')}
        </Button>
      </Group>
      <BoxLabels labels={labels} />
    </Stack>
  );
}

function OneRoute({ route, showLabels }: { route: Route; showLabels: boolean }) {
  const orders = useRouteOrdersList(route.id);
  const events = usePickingEvents(route.stops.flatMap((s) => s.order_ids));
  const progress = useMemo(() => routePickingProgress(route, orders.data, events.index), [route, orders.data, events.index]);
  const { data: points } = useDocsByIds('delivery_points', route.stops.map((s) => s.delivery_point_id));
  const ready = !PICKABLE_ROUTE_STATUSES.includes(route.status);
  // Refused before he starts (issue 28): a route of another hub is shown, not opened for picking.
  const refusal = usePickingRefusal(route);
  return (
    <Stack gap="sm" data-testid="picking-route" data-route={route.id}>
      <Group justify="space-between">
        <div>
          <Title order={2} size="h3">
            {route.name}
          </Title>
          <RouteLine route={route} />
        </div>
        <RouteStatusBadge route={route} />
      </Group>
      {refusal !== null && (
        <Alert color="orange" role="alert" data-testid="picking-refused">
          {refusal}
        </Alert>
      )}
      <ProgressFigures totals={progress} testId="picking-route-progress" />
      <MissingOrdersNotice count={progress.missing_orders.length} />
      {route.status === 'ready' && (
        <Alert color="teal" data-testid="route-ready">
          {route.ready_reason ? t('pickingScreens.readyForced', { reason: route.ready_reason }) : t('pickingScreens.ready')}
        </Alert>
      )}
      {ready && route.status !== 'ready' && <Alert color="gray">{t('pickingScreens.notPickable', { status: statusText(MACHINES.route, route.status) })}</Alert>}
      <StopsList route={route} progress={progress} points={points} canPick={refusal === null} />
      {showLabels && ready && <RouteLabels route={route} orders={orders.data} points={points} />}
      {showLabels && !ready && !progress.complete && refusal === null && <ForceReady route={route} />}
    </Stack>
  );
}

/** /picking/route/:id: the route's delivery points with their progress; `all`: every route of the day. */
export function PickingRoutePage({ params }: ScreenProps<'pickingRoute'>) {
  usePickingSettlement();
  const id = params.id ?? '';
  const { date, hub } = usePickingDay();
  const all = id === 'all';
  const day = useDayRoutes(date, hub);
  const one = usePickingRoute(all ? undefined : id);
  if (all) {
    const routes = pickingRoutes(day.data);
    return (
      <Stack>
        <DayHubSelector />
        <FirstSyncNotice />
        {!day.loading && routes.length === 0 && <Alert color="gray">{t('pickingScreens.noRoutes', { hub, date: formatDay(date) })}</Alert>}
        {routes.map((r) => (
          <OneRoute key={r.id} route={r} showLabels={false} />
        ))}
      </Stack>
    );
  }
  if (one.loading) return null;
  if (!one.data) {
    return (
      <MissingUntilSynced>
        <Alert color="orange">{t('pickingScreens.routeMissing')}</Alert>
      </MissingUntilSynced>
    );
  }
  return (
    <Stack>
      <Anchor component={Link} to={href('picking')}>
        {t('routeTitles.picking')}
      </Anchor>
      <OneRoute route={one.data} showLabels />
    </Stack>
  );
}
