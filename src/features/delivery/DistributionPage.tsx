import { useState } from 'react';
import { Alert, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { t } from '../../i18n';
import { useFirstSync, useLiveQuery } from '../../data/hooks';
import { useFirstScreenDrawn } from '../../data/firstScreen';
import { useSession } from '../../data/session';
import { useRouteAreaTilePrefetch } from '../../data/tilePrefetch';
import { riderRoutesForDay, riderRoutesFrom, routesOfDay } from '../../data/queries';
import { routeProgress } from '../../domain/delivery';
import { madridDate } from '../../domain/dates';
import { MACHINES } from '../../domain/status/machines';
import type { Route } from '../../domain/entities/operation';
import { FirstSyncNotice, SyncedValue } from '../../ui/sync/FirstSync';
import { useRouteEvents } from './hooks';
import { RouteStatusBadge } from './routeShared';
import { href } from '../../links/registry';
import { statusText } from '../../i18n/status';
import '../../i18n/es/delivery';

function RouteCard({ route, testId = 'route-card' }: { route: Route; testId?: string }) {
  const { data: events } = useRouteEvents(route.id);
  const p = routeProgress(route, events);
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={700}>{route.name}</Text>
          <Text size="sm" c="dimmed">
            {route.code} · {t('delivery.hub')} {route.hub} · {route.planned_start}
          </Text>
        </div>
        <RouteStatusBadge route={route} />
      </Group>
      <Progress value={p.total === 0 ? 0 : (p.visited / p.total) * 100} mt="sm" aria-label={t('delivery.progress')} />
      <Text size="sm" mt={4} data-testid="route-card-progress">
        <SyncedValue>{t('delivery.stopsDone', { done: p.visited, total: p.total })}</SyncedValue>
      </Text>
      <Button component={Link} to={href('distributionRoute', { id: route.id })} size="lg" mt="sm" fullWidth>
        {t('delivery.open')}
      </Button>
    </Card>
  );
}

/** Whether riders see a route: every status but «Borrador» (not published yet). */
const published = (r: Route): boolean => r.status !== 'draft';

/** /distribution: a rider's routes for today; operators see every route of the day by hub and status. */
export function DistributionPage() {
  const user = useSession((s) => s.user);
  const today = madridDate();
  const isRider = user?.base_role === 'rider';
  const mine = useLiveQuery<Route[]>((db) => (user && isRider ? riderRoutesForDay(db, user.id, today) : null), [user?.id, today, isRider], []);
  // Today's route area on the map, kept for offline use (fetched ahead by the service worker).
  useRouteAreaTilePrefetch(mine.data.filter(published));
  // Routes of later days once published (a draft is the office's work in progress: issue 11).
  const upcoming = useLiveQuery<Route[]>((db) => (user && isRider ? riderRoutesFrom(db, user.id, today) : null), [user?.id, today, isRider], []);
  const all = useLiveQuery<Route[]>((db) => (!isRider ? routesOfDay(db, today) : null), [today, isRider], []);
  const [hub, setHub] = useState<string>('');
  const { awaiting } = useFirstSync();
  // The rider's first screen is drawn once his list (or its «no routes») is (src/data/firstScreen.ts).
  useFirstScreenDrawn(isRider ? !mine.loading && !awaiting : !all.loading);
  if (isRider) {
    return (
      <Stack>
        <Text c="dimmed">{t('delivery.todayRoutes')}</Text>
        <FirstSyncNotice />
        {!mine.loading && !awaiting && mine.data.filter(published).length === 0 && <Alert color="gray">{t('delivery.noRoutes')}</Alert>}
        {mine.data.filter(published).map((r) => (
          <RouteCard key={r.id} route={r} />
        ))}
        {/* After today's list (never before it while it loads): today's routes stay first. */}
        {!mine.loading && upcoming.data.some((r) => r.date > today && published(r)) && (
          <Title order={2} size="h4">
            {t('delivery.upcoming')}
          </Title>
        )}
        {!mine.loading &&
          upcoming.data
            .filter((r) => r.date > today && published(r))
            .map((r) => <RouteCard key={r.id} route={r} testId="upcoming-route-card" />)}
      </Stack>
    );
  }
  const hubs = [...new Set(all.data.map((r) => r.hub))].sort((a, b) => a - b);
  const shown = all.data.filter((r) => hub === '' || String(r.hub) === hub);
  const byStatus = MACHINES.route.statuses.map((s) => ({ status: s, routes: shown.filter((r) => r.status === s) })).filter((g) => g.routes.length > 0);
  return (
    <Stack>
      <Text c="dimmed">{t('delivery.allRoutes')}</Text>
      <FirstSyncNotice />
      <Group gap="xs">
        <Button variant={hub === '' ? 'filled' : 'default'} onClick={() => setHub('')}>
          {t('crud.all')}
        </Button>
        {hubs.map((h) => (
          <Button key={h} variant={String(h) === hub ? 'filled' : 'default'} onClick={() => setHub(String(h))}>
            {t('delivery.hub')} {h}
          </Button>
        ))}
      </Group>
      {byStatus.map((g) => (
        <Stack key={g.status} gap="xs">
          <Title order={2} size="h4">
            {statusText(MACHINES.route, g.status)} ({g.routes.length})
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {g.routes.map((r) => (
              <RouteCard key={r.id} route={r} />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
