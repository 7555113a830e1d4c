/**
 * Picking, route level (issue 12): /picking (the day's routes at the picker's hub),
 * /picking/route/:id (`all` = every route of the day) with the route's delivery points, and
 * /picking/route/:id/pe/:idPE (one point's products on that route). /blank/picking is /picking on
 * the blank layout (a fixed station).
 */
import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from '@tanstack/react-router';
import { IconAlertTriangle, IconBarcode, IconListDetails, IconMapPin } from '@tabler/icons-react';
import { t } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import { useEngine, useFirstSync } from '../../data/hooks';
import { forceRouteReady } from '../../data/picking';
import { routeBoxLabels, PICKABLE_ROUTE_STATUSES, routePickingProgress, type RoutePickingProgress, type StopPickingProgress } from '../../domain/picking';
import { MACHINES } from '../../domain/status/machines';
import type { DeliveryPoint, Order, Route } from '../../domain/entities/operation';
import { BoxLabels } from '../../ui/labels';
import { FirstSyncNotice, MissingUntilSynced } from '../../ui/sync/FirstSync';
import { useDayOrders, useDayRoutes, usePickingActor, usePickingDay, usePickingEvents, usePickingRoute, usePickingSettlement, usePointsByIds, useProductsByIds, useRouteOrdersList, useRoutesProgress } from './hooks';
import { DayHubSelector, errorMessage, LineStateBadge, ProgressFigures, productPath, RouteStatusBadge } from './shared';

/** Routes the picking floor shows: not drafts, not cancelled. */
function pickingRoutes(routes: readonly Route[]): Route[] {
  return routes.filter((r) => r.status !== 'draft' && r.status !== 'cancelled').sort((a, b) => a.code.localeCompare(b.code));
}

function RouteCard({ route, progress }: { route: Route; progress: RoutePickingProgress | undefined }) {
  const started = progress !== undefined && progress.units_picked + progress.units_short + progress.units_over > 0;
  const pickable = PICKABLE_ROUTE_STATUSES.includes(route.status);
  const action = !pickable ? t('pickingScreens.view') : started ? t('pickingScreens.continue') : t('pickingScreens.start');
  return (
    <Card withBorder padding="md" data-testid="picking-route-card" data-route={route.id}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={700}>{route.name}</Text>
          <Text size="sm" c="dimmed">
            {t('pickingScreens.routeLine', { code: route.code, stops: route.stops.length, start: route.planned_start })}
          </Text>
        </div>
        <RouteStatusBadge route={route} />
      </Group>
      {progress && <ProgressFigures totals={progress} testId="picking-route-progress" />}
      <Button component={Link} to={`/picking/route/${encodeURIComponent(route.id)}`} size="lg" mt="sm" fullWidth aria-label={`${action} ${route.name}`}>
        {action}
      </Button>
    </Card>
  );
}

/** /picking and /blank/picking: today's routes at the picker's hub, with their progress. */
export function PickingRoutesPage() {
  usePickingSettlement();
  const { date, hub } = usePickingDay();
  const routes = useDayRoutes(date, hub);
  const orders = useDayOrders(date, hub);
  const shown = useMemo(() => pickingRoutes(routes.data), [routes.data]);
  const { progress } = useRoutesProgress(shown, orders.data);
  const { awaiting } = useFirstSync();
  return (
    <Stack>
      <DayHubSelector />
      <Group gap="sm">
        <Button component={Link} to="/picking/route/all" variant="default" size="lg" leftSection={<IconListDetails size={20} aria-hidden />}>
          {t('pickingScreens.allRoutes')}
        </Button>
        <Button component={Link} to="/picking/pe" variant="default" size="lg" leftSection={<IconMapPin size={20} aria-hidden />}>
          {t('pickingScreens.byPoint')}
        </Button>
        <Button component={Link} to="/incidence-all-picking" variant="default" size="lg" leftSection={<IconAlertTriangle size={20} aria-hidden />}>
          {t('pickingScreens.allIncidences')}
        </Button>
        <Button component={Link} to="/barcode" variant="default" size="lg" leftSection={<IconBarcode size={20} aria-hidden />}>
          {t('pickingScreens.scanAny')}
        </Button>
      </Group>
      <FirstSyncNotice />
      {!routes.loading && !awaiting && shown.length === 0 && <Alert color="gray">{t('pickingScreens.noRoutes', { hub, date })}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {shown.map((r) => (
          <RouteCard key={r.id} route={r} progress={progress.get(r.id)} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function stopState(s: StopPickingProgress): string {
  if (s.complete) return t('pickingScreens.stopDone');
  return s.units_picked + s.units_short + s.units_over > 0 ? t('pickingScreens.stopPartial') : t('pickingScreens.stopPending');
}

function StopsList({ route, progress, points }: { route: Route; progress: RoutePickingProgress; points: ReadonlyMap<string, DeliveryPoint> }) {
  return (
    <Stack gap="sm">
      {progress.stops.map((s) => (
        <Card withBorder padding="sm" key={s.seq} data-testid="picking-stop" data-point={s.delivery_point_id}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text fw={700}>
                {t('pickingScreens.stop', { seq: s.seq })} · {points.get(s.delivery_point_id)?.name ?? s.delivery_point_id}
              </Text>
              <Text size="sm" c="dimmed">
                {t('pickingScreens.stopOrders', { n: s.orders.length })} · {stopState(s)}
              </Text>
            </div>
            <Button component={Link} to={`/picking/route/${encodeURIComponent(route.id)}/pe/${encodeURIComponent(s.delivery_point_id)}`} size="lg" variant={s.complete ? 'default' : 'filled'}>
              {t('pickingScreens.openStop', { seq: s.seq })}
            </Button>
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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!engine) return null;
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4">
        {t('pickingScreens.forceTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('pickingScreens.forceHelp')}
      </Text>
      <Textarea label={t('pickingScreens.forceReason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} error={error ?? undefined} mt="xs" />
      <Button
        mt="sm"
        size="lg"
        color="orange"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await forceRouteReady(engine, { route_id: route.id, reason, actor });
            notifications.show({ color: 'teal', message: t('pickingScreens.forced') });
          } catch (err) {
            setError(errorMessage(err));
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('pickingScreens.forceSubmit')}
      </Button>
    </Card>
  );
}

/** The box labels of a prepared route's orders, with a print button. */
function RouteLabels({ route, orders, points }: { route: Route; orders: readonly Order[]; points: ReadonlyMap<string, DeliveryPoint> }) {
  const { data: products } = useProductsByIds(orders.flatMap((o) => o.lines.map((l) => l.product_id)));
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
  const { data: points } = usePointsByIds(route.stops.map((s) => s.delivery_point_id));
  const ready = !PICKABLE_ROUTE_STATUSES.includes(route.status);
  return (
    <Stack gap="sm" data-testid="picking-route" data-route={route.id}>
      <Group justify="space-between">
        <div>
          <Title order={2} size="h3">
            {route.name}
          </Title>
          <Text size="sm" c="dimmed">
            {t('pickingScreens.routeLine', { code: route.code, stops: route.stops.length, start: route.planned_start })}
          </Text>
        </div>
        <RouteStatusBadge route={route} />
      </Group>
      <ProgressFigures totals={progress} testId="picking-route-progress" />
      {progress.missing_orders.length > 0 && <Alert color="orange">{t('pickingScreens.missingOrders', { n: progress.missing_orders.length })}</Alert>}
      {route.status === 'ready' && (
        <Alert color="teal" data-testid="route-ready">
          {route.ready_reason ? t('pickingScreens.readyForced', { reason: route.ready_reason }) : t('pickingScreens.ready')}
        </Alert>
      )}
      {ready && route.status !== 'ready' && <Alert color="gray">{t('pickingScreens.notPickable', { status: MACHINES.route.labels[route.status] })}</Alert>}
      <StopsList route={route} progress={progress} points={points} />
      {showLabels && ready && <RouteLabels route={route} orders={orders.data} points={points} />}
      {showLabels && !ready && !progress.complete && <ForceReady route={route} />}
    </Stack>
  );
}

/** /picking/route/:id: the route's delivery points with their progress; `all`: every route of the day. */
export function PickingRoutePage({ params }: ScreenProps) {
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
        {!day.loading && routes.length === 0 && <Alert color="gray">{t('pickingScreens.noRoutes', { hub, date })}</Alert>}
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
      <Anchor component={Link} to="/picking">
        {t('routeTitles.picking')}
      </Anchor>
      <OneRoute route={one.data} showLabels />
    </Stack>
  );
}

/** /picking/route/:id/pe/:idPE: the products of one delivery point's orders on the route. */
export function PickingRoutePointPage({ params }: ScreenProps) {
  usePickingSettlement();
  const route = usePickingRoute(params.id);
  const orders = useRouteOrdersList(params.id);
  const stop = route.data?.stops.find((s) => s.delivery_point_id === params.idPE);
  const events = usePickingEvents(stop?.order_ids ?? []);
  const { data: points } = usePointsByIds(params.idPE ? [params.idPE] : []);
  if (route.loading) return null;
  if (!route.data || !stop) {
    return (
      <MissingUntilSynced>
        <Alert color="orange">{t('pickingScreens.routeMissing')}</Alert>
      </MissingUntilSynced>
    );
  }
  const progress = routePickingProgress({ id: route.data.id, stops: [stop] }, orders.data, events.index);
  const stopProgress = progress.stops[0];
  const point = points.get(stop.delivery_point_id);
  const codes = new Map(orders.data.map((o) => [o.id, o.code]));
  return (
    <Stack>
      <Anchor component={Link} to={`/picking/route/${encodeURIComponent(route.data.id)}`}>
        {t('pickingScreens.backToRoute')}
      </Anchor>
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('pickingScreens.stop', { seq: stop.seq })} · {point?.name ?? stop.delivery_point_id}
        </Title>
        <RouteStatusBadge route={route.data} />
      </Group>
      {stopProgress && <ProgressFigures totals={stopProgress} testId="picking-stop-progress" />}
      {progress.missing_orders.length > 0 && <Alert color="orange">{t('pickingScreens.missingOrders', { n: progress.missing_orders.length })}</Alert>}
      {stopProgress?.orders.map((o) => (
        <Card withBorder padding="sm" key={o.order_id} data-testid="picking-order">
          <Text fw={700}>{t('pickingScreens.orderLine', { code: codes.get(o.order_id) ?? o.order_id })}</Text>
          <Stack gap="xs" mt="xs">
            {o.lines.map((l) => (
              <Group key={l.line_id} justify="space-between" wrap="nowrap" data-testid="picking-line" data-product={l.product_id}>
                <div>
                  <Text>{l.name}</Text>
                  <Text size="sm" c="dimmed">
                    {t('pickingScreens.asked')}: {l.quantity} · {t('pickingScreens.picked')}: {l.picked}
                    {l.short > 0 ? ` · ${t('pickingScreens.short')}: ${l.short}` : ''}
                  </Text>
                </div>
                <Group gap="xs" wrap="nowrap">
                  <LineStateBadge line={l} />
                  <Button component={Link} to={productPath(stop.delivery_point_id, l.product_id, o.order_id)} size="lg" aria-label={`${t('pickingScreens.prepare')} ${l.name}`}>
                    {t('pickingScreens.prepare')}
                  </Button>
                </Group>
              </Group>
            ))}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
