import { useDocById } from '../../data/hooks';
import { useMemo } from 'react';
import { Alert, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { t } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import { useCatalog } from '../../data/reference';
import { routeProgress } from '../../domain/delivery';
import type { Route } from '../../domain/entities/operation';
import { MissingUntilSynced } from '../../ui/sync/FirstSync';
import { useRouteOrders, useRoutesEvents } from './hooks';
import { RouteStatusTag, StopsTable } from './routesShared';
import '../../i18n/es/planning';

// ── /routes/route-synlab/:id ─────────────────────────────────────────────────────────────────

export function RouteSynlabPage({ params }: ScreenProps<'routeSynlab'>) {
  const { data: route, loading } = useDocById('routes', params.id);
  const { data: orders } = useRouteOrders(params.id);
  const { data: configs, loading: configsLoading } = useCatalog('config-synlab');
  const ids = useMemo(() => (params.id ? [params.id] : []), [params.id]);
  const { data: events } = useRoutesEvents(ids);
  if (loading || configsLoading) return <Loader aria-label={t('app.loading')} />;
  if (!route)
    return (
      <MissingUntilSynced>
        <Alert color="orange">{t('planning.detail.notFound')}</Alert>
      </MissingUntilSynced>
    );
  const clients = new Set(configs.filter((c) => c.active).map((c) => c.client_id));
  const theirs = orders.filter((o) => clients.has(o.client_id));
  const theirIds = new Set(theirs.map((o) => o.id));
  const stops = route.stops.map((s) => ({ ...s, order_ids: s.order_ids.filter((id) => theirIds.has(id)) })).filter((s) => s.order_ids.length > 0);
  const only: Route = { ...route, stops };
  const states = new Map(routeProgress(only, events).stops.map((s) => [s.seq, s.state]));
  return (
    <Stack>
      <Text c="dimmed">{t('planning.synlab.intro')}</Text>
      <Card withBorder>
        <Text fw={700}>{route.code}</Text>
        <Text size="sm">
          {route.date} · {t('planning.fields.plannedStart')}: {route.planned_start}
        </Text>
        <Group mt="xs">
          <RouteStatusTag status={route.status} />
        </Group>
      </Card>
      {clients.size === 0 ? (
        <Alert color="orange">{t('planning.synlab.noConfig')}</Alert>
      ) : stops.length === 0 ? (
        <Alert color="gray" data-testid="synlab-empty">
          {t('planning.synlab.noStops')}
        </Alert>
      ) : (
        <StopsTable route={only} orders={theirs} states={states} label={t('planning.detail.stops')} />
      )}
    </Stack>
  );
}
