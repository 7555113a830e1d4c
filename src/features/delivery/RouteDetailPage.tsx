import { useMemo } from 'react';
import { Alert, Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { IconBarcode, IconMapPin, IconNavigation, IconPlayerPlay, IconFlag } from '@tabler/icons-react';
import { t } from '../../i18n';
import { formatDay } from '../../i18n/dates';
import type { ScreenProps } from '../../ui/page/types';
import { useDocById, useDocsByIds, useEngine, useLiveQuery } from '../../data/hooks';
import { allUsers } from '../../data/queries';
import { useRouteEtas } from '../../data/tracking';
import { startRound } from '../../data/round';
import { routeProgress } from '../../domain/delivery';
import type { User } from '../../domain/entities/operation';
import { LazyMap } from '../../ui/map/LazyMap';
import { FirstSyncNotice, MissingUntilSynced, SyncedValue } from '../../ui/sync/FirstSync';
import { SyncNotices } from '../../ui/sync/SyncNotices';
import { useActor, useRouteEvents } from './hooks';
import { RouteStatusBadge, routeAndOrders, navigationUrl } from './routeShared';
import { href, linkTo } from '../../links/registry';
import { changesAfterPublishing, RouteChanges } from '../../ui/routes/RouteChanges';
import { StopStateBadge } from '../../ui/routes/StopStateBadge';
import { STOP_STATE_COLOR } from '../../ui/statusColors';
import '../../i18n/es/delivery';
import '../../i18n/es/tracking';

function useRiderName(riderId: string) {
  const { data } = useLiveQuery<User[]>((db) => allUsers(db), [], []);
  return data.find((u) => u.id === riderId)?.name ?? (riderId ? riderId : t('delivery.noRider'));
}

/** /distribution/:id: the route with its stops in order, their state, a map and navigation. */
export function RouteDetailPage({ params }: ScreenProps<'distributionRoute'>) {
  const engine = useEngine();
  const actor = useActor();
  const navigate = useNavigate();
  const { data: route, loading } = useDocById('routes', params.id);
  const { data: events } = useRouteEvents(params.id);
  const pointIds = useMemo(() => route?.stops.map((s) => s.delivery_point_id) ?? [], [route]);
  const { data: points } = useDocsByIds('delivery_points', pointIds);
  const riderName = useRiderName(route?.rider_id ?? '');
  const etas = useRouteEtas(route, events, points);
  if (loading) return null;
  if (!route || !engine) return <MissingUntilSynced><Alert color="orange">{t('delivery.routeNotFound')}</Alert></MissingUntilSynced>;
  const p = routeProgress(route, events);
  const next = p.next;
  const nextPoint = next ? points.get(next.delivery_point_id) : undefined;
  const isOps = actor.role === 'operator' || actor.role === 'admin';
  const changes = changesAfterPublishing(route.changes);
  const stopLink = (seq: number, pointId: string) => `${href('distributionStop', { id: pointId, riderId: route.rider_id || actor.userId, routeId: route.id })}?stop=${seq}`;

  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Text fw={700} size="lg">
            {route.name}
          </Text>
          <Text size="sm" c="dimmed">
            {route.code} · {formatDay(route.date)} · {riderName}
          </Text>
        </div>
        <RouteStatusBadge route={route} />
      </Group>
      <SyncNotices docs={routeAndOrders(route)} />
      {changes.length > 0 && (
        <Alert color="blue" title={t('routeChanges.riderTitle')} data-testid="route-changed">
          <RouteChanges changes={changes} limit={3} testId="route-changes-rider" />
        </Alert>
      )}
      <Progress value={p.total === 0 ? 0 : (p.visited / p.total) * 100} aria-label={t('delivery.progress')} />
      <FirstSyncNotice />
      <Text data-testid="route-progress">
        <SyncedValue>{t('delivery.stopsDone', { done: p.visited, total: p.total })}</SyncedValue>
      </Text>

      {route.status === 'ready' && !isOps && (
        <Button size="lg" leftSection={<IconBarcode size={20} aria-hidden />} component={Link} to={href('distributionReceive', { id: route.hub, rider_id: route.rider_id, route_id: route.id })}>
          {t('delivery.loadOut')}
        </Button>
      )}
      {route.status === 'loaded' && !isOps && (
        <Button
          size="lg"
          leftSection={<IconPlayerPlay size={20} aria-hidden />}
          onClick={async () => {
            await startRound(engine, { route }, actor);
          }}
        >
          {t('delivery.startRound')}
        </Button>
      )}
      {route.status === 'in_progress' && next && nextPoint && (
        <Card withBorder data-testid="next-stop">
          <Text size="sm" c="dimmed">
            {t('delivery.stopOf', { n: next.seq, total: p.total })}
          </Text>
          <Text fw={700}>{nextPoint.name}</Text>
          <Text size="sm">{nextPoint.address}</Text>
          <SimpleGrid mt="sm" cols={{ base: 1, xs: 2 }} spacing="sm">
            <Button size="lg" component={Link} to={stopLink(next.seq, next.delivery_point_id)}>
              {t('delivery.nextStop')}
            </Button>
            <Button size="lg" variant="light" component="a" href={navigationUrl(nextPoint.lat, nextPoint.lng)} target="_blank" rel="noopener" leftSection={<IconNavigation size={20} aria-hidden />}>
              {t('delivery.navigate')}
            </Button>
          </SimpleGrid>
        </Card>
      )}
      {route.status === 'in_progress' && !next && !isOps && (
        <Button size="lg" leftSection={<IconFlag size={20} aria-hidden />} onClick={() => void navigate({ ...linkTo('distributionSummary', { id: route.id }) })}>
          {t('delivery.finishRound')}
        </Button>
      )}

      <Title order={2} size="h4">
        {t('delivery.stops')}
      </Title>
      <Stack gap="xs" data-testid="stops">
        {p.stops.map((s) => {
          const pt = points.get(s.delivery_point_id);
          // Only a remaining stop of a route in progress has an expected arrival (never a completed one).
          const eta = s.state === 'pending' ? etas.get(s.seq) : undefined;
          return (
            <Card key={s.seq} withBorder padding="sm" component={Link} to={stopLink(s.seq, s.delivery_point_id)} style={{ minHeight: 56 }} data-testid="stop-row">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Badge size="lg" circle color={STOP_STATE_COLOR[s.state]}>
                    {s.seq}
                  </Badge>
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600}>{pt?.name ?? s.delivery_point_id}</Text>
                    <Text size="sm" c="dimmed">
                      {t('delivery.etaAt', { eta: route.stops[s.seq - 1]?.eta ?? '' })} · {pt?.address ?? ''} · {s.order_ids.length} {t('delivery.order').toLowerCase()}(s)
                    </Text>
                    {eta && (
                      <Text size="sm" fw={600} c={eta.lateMin > 0 ? 'red.8' : 'teal.9'} data-testid="stop-eta" data-late={eta.lateMin > 0}>
                        {t('tracking.stopEta', { time: eta.at })}
                        {eta.lateMin > 0 && ` · ${t('tracking.stopLate', { n: eta.lateMin })}`}
                      </Text>
                    )}
                  </div>
                </Group>
                <StopStateBadge state={s.state} />
              </Group>
            </Card>
          );
        })}
      </Stack>
      <LazyMap
        ariaLabel={t('delivery.mapLabel')}
        points={p.stops.flatMap((s) => {
          const pt = points.get(s.delivery_point_id);
          return pt ? [{ id: pt.id, lat: pt.lat, lng: pt.lng, label: String(s.seq), title: pt.name, color: s.state === 'pending' ? '#0b7285' : s.state === 'failed' ? '#e03131' : '#2f9e44' }] : [];
        })}
      />
      <Group>
        <Button variant="default" component={Link} to={href('distributionSummary', { id: route.id })}>
          {t('delivery.summary')}
        </Button>
        {isOps && route.status !== 'completed' && route.status !== 'cancelled' && (
          <Button color="red" variant="light" component={Link} to={href('distributionCancel', { id: route.id })}>
            {t('delivery.cancelRoute')}
          </Button>
        )}
        <Button variant="subtle" leftSection={<IconMapPin size={16} aria-hidden />} component={Link} to={href('distributionLoadOut', { id_hub: route.hub, id_route: route.id })}>
          {t('delivery.loadList')}
        </Button>
      </Group>
    </Stack>
  );
}
