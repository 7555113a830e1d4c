import { useDocById, useDocsByIds } from '../../data/hooks';
import { useMemo, type ReactNode } from 'react';
import { Alert, Button, Card, Group, Loader, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatNumber, t } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import type { ScreenProps } from '../../ui/page/types';
import { useCatalog } from '../../data/reference';
import { routeProgress } from '../../domain/delivery';
import type { Route } from '../../domain/entities/operation';
import { hubLabel } from '../../ui/crud/options';
import { LazyMap } from '../../ui/map/LazyMap';
import { RouteTrackingPanel } from '../../ui/tracking/RouteTrackingPanel';
import { MissingUntilSynced } from '../../ui/sync/FirstSync';
import { SyncNotices } from '../../ui/sync/SyncNotices';
import { useBikes, useRouteOrders, useRoutesEvents, useUsers } from './hooks';
import { RouteStatusTag, StopsTable } from './routesShared';
import { href } from '../../links/registry';
import { RouteChanges } from '../../ui/routes/RouteChanges';
import '../../i18n/es/planning';

function RouteHeader({ route, children }: { route: Route; children?: ReactNode }) {
  const { data: hubs } = useCatalog('hub');
  const users = useUsers();
  const bikes = useBikes();
  const bike = bikes.find((b) => b.id === route.bike_id);
  return (
    <Card withBorder>
      <Group justify="space-between" align="flex-start">
        <div>
          <Text fw={700} size="lg" data-testid="route-name">
            {route.name}
          </Text>
          <Text size="sm" c="dimmed">
            {route.code} · {route.date} · {hubLabel(hubs, route.hub)}
          </Text>
          <Text size="sm">
            {t('planning.fields.rider')}: {route.rider_id ? (users.get(route.rider_id)?.name ?? route.rider_id) : t('planning.list.noRider')} · {t('planning.fields.bike')}: {bike?.code ?? t('planning.form.noBike')} · {t('planning.fields.plannedStart')}: {route.planned_start} · {t('planning.fields.distance')}: {formatNumber(route.distance_m / 1000, 1)} km
          </Text>
        </div>
        <Group>
          <RouteStatusTag status={route.status} />
          {children}
        </Group>
      </Group>
    </Card>
  );
}

function RouteMap({ route }: { route: Route }) {
  const { data: points } = useDocsByIds('delivery_points', route.stops.map((s) => s.delivery_point_id));
  const { data: hubs } = useCatalog('hub');
  const hub = hubs.find((h) => h.number === route.hub);
  const mapPoints = useMemo(
    () =>
      route.stops.flatMap((s) => {
        const p = points.get(s.delivery_point_id);
        return p ? [{ id: `${s.seq}`, lat: p.lat, lng: p.lng, label: String(s.seq), title: p.name }] : [];
      }),
    [route, points],
  );
  const lines = useMemo(() => (hub ? [{ id: route.id, color: '#1c7ed6', path: [hub, ...mapPoints, hub] }] : []), [hub, mapPoints, route.id]);
  const all = useMemo(() => (hub ? [{ id: 'hub', lat: hub.lat, lng: hub.lng, label: 'H', color: '#212529', title: hub.name }, ...mapPoints] : mapPoints), [hub, mapPoints]);
  return <LazyMap points={all} lines={lines} ariaLabel={t('planning.detail.mapLabel', { route: route.name })} />;
}

export function RouteViewPage({ params }: ScreenProps<'routeDetail'>) {
  const { data: route, loading } = useDocById('routes', params.id);
  const { data: orders } = useRouteOrders(params.id);
  const ids = useMemo(() => (params.id ? [params.id] : []), [params.id]);
  const { data: events } = useRoutesEvents(ids);
  if (loading) return <Loader aria-label={t('app.loading')} />;
  if (!route)
    return (
      <MissingUntilSynced>
        <Alert color="orange">{t('planning.detail.notFound')}</Alert>
      </MissingUntilSynced>
    );
  const progress = routeProgress(route, events);
  const states = new Map(progress.stops.map((s) => [s.seq, s.state]));
  const codeOf = new Map(orders.map((o) => [o.id, o.code]));
  const timeline = events.slice().sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
  return (
    <Stack>
      <RouteHeader route={route}>
        <Button component={Link} to={href('routeForm', { id: route.id })} variant="light">
          {t('planning.detail.edit')}
        </Button>
        <Button component={Link} to={href('routeSynlab', { id: route.id })} variant="default">
          {t('planning.list.synlab')}
        </Button>
      </RouteHeader>
      <SyncNotices docs={[{ collection: 'routes', id: route.id }]} />
      <RouteTrackingPanel route={route} />
      <div>
        <Progress value={progress.total === 0 ? 0 : (progress.visited / progress.total) * 100} aria-label={t('planning.fields.progress')} />
        <Text size="sm" mt={4} data-testid="route-progress">
          {t('planning.detail.progress', { done: progress.visited, total: progress.total })}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Stack>
          <Title order={2} size="h4">
            {t('planning.detail.stops')}
          </Title>
          <StopsTable route={route} orders={orders} states={states} label={t('planning.detail.stops')} />
        </Stack>
        <RouteMap route={route} />
      </SimpleGrid>
      {route.status !== 'draft' && (
        <>
          <Title order={2} size="h4">
            {t('routeChanges.title')}
          </Title>
          <RouteChanges changes={route.changes ?? []} />
        </>
      )}
      <Title order={2} size="h4">
        {t('planning.detail.timeline')}
      </Title>
      {timeline.length === 0 ? (
        <Text c="dimmed">{t('planning.detail.noEvents')}</Text>
      ) : (
        <Stack component="ol" gap={4} data-testid="route-timeline" style={{ paddingLeft: 20 }}>
          {timeline.map((e) => (
            <li key={e.id}>
              {t('planning.detail.eventLine', { time: formatDate(e.at, 'HH:mm'), what: t(`planning.detail.event_${e.kind}`), order: codeOf.get(e.order_id) ?? e.order_id })}
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
