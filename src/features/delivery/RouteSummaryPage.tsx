import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatMoney, t } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import { useDocById, useEngine, useFirstSync } from '../../data/hooks';
import { finishRound } from '../../data/round';
import { roundSummary } from '../../domain/delivery';
import { FirstSyncNotice, MissingUntilSynced, SyncedValue } from '../../ui/sync/FirstSync';
import { SyncNotices } from '../../ui/sync/SyncNotices';
import { useActor, useRouteEvents, useRouteIncidences } from './hooks';
import { RouteStatusBadge, routeAndOrders } from './routeShared';
import { href } from '../../links/registry';
import '../../i18n/es/delivery';

/** /distribution/route-summary/:id: delivered, partial, failed, incidences, cash to hand over. */
export function RouteSummaryPage({ params }: ScreenProps<'distributionSummary'>) {
  const engine = useEngine();
  const actor = useActor();
  const { data: route, loading } = useDocById('routes', params.id);
  const { data: events } = useRouteEvents(params.id);
  const { data: incidences } = useRouteIncidences(params.id);
  const { awaiting } = useFirstSync();
  if (loading) return null;
  if (!route || !engine) return <MissingUntilSynced><Alert color="orange">{t('delivery.routeNotFound')}</Alert></MissingUntilSynced>;
  const s = roundSummary(route, events, incidences);
  const cells: [string, string | number, string][] = [
    [t('delivery.deliveredCount'), s.delivered, 'delivered'],
    [t('delivery.partialCount'), s.partial, 'partial'],
    [t('delivery.failedCount'), s.failed, 'failed'],
    [t('delivery.pendingCount'), s.pending, 'pending'],
    [t('delivery.incidencesCount'), s.incidences, 'incidences'],
  ];
  const canFinish = route.status === 'in_progress' && s.pending === 0 && actor.role !== 'anonimus' && !awaiting;
  return (
    <Stack>
      <Group justify="space-between">
        <Text fw={700}>{route.name}</Text>
        <RouteStatusBadge route={route} />
      </Group>
      <FirstSyncNotice />
      <SyncNotices docs={routeAndOrders(route)} />
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        {cells.map(([label, value, key]) => (
          <Card key={key} withBorder data-testid={`summary-${key}`}>
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text size="xl" fw={700}>
              <SyncedValue>{value}</SyncedValue>
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder>
        <Text size="sm" c="dimmed">
          {t('delivery.cashToHandOver')}
        </Text>
        <Text size="xl" fw={700} data-testid="summary-cash">
          <SyncedValue>{formatMoney(s.cash_cents)}</SyncedValue>
        </Text>
        <Text size="sm" c="dimmed" mt="xs">
          {t('delivery.otherCollected')}: <SyncedValue>{formatMoney(s.other_cents)}</SyncedValue>
        </Text>
      </Card>
      {canFinish && (
        <Button size="lg" onClick={() => void finishRound(engine, { route }, actor)}>
          {t('delivery.finishRound')}
        </Button>
      )}
      <Anchor component={Link} to={href('distributionRoute', { id: route.id })}>
        {t('delivery.backToRoute')}
      </Anchor>
    </Stack>
  );
}
