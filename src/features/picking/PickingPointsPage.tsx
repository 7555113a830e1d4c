import { useDocsByIds } from '../../data/hooks';
import { useMemo } from 'react';
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { t } from '../../i18n';
import { routePickingProgress } from '../../domain/picking';
import { FirstSyncNotice } from '../../ui/sync/FirstSync';
import { useDayOrders, useDayRoutes, usePickingDay, usePickingEvents, usePickingSettlement } from './hooks';
import { DayHubSelector, ProgressFigures } from './shared';
import { href } from '../../links/registry';
import '../../i18n/es/picking';

/** /picking/pe: the day's delivery points at the hub, each with its picking progress. */
export function PickingPointsPage() {
  usePickingSettlement();
  const { date, hub } = usePickingDay();
  const routes = useDayRoutes(date, hub);
  const orders = useDayOrders(date, hub);
  const live = useMemo(() => routes.data.filter((r) => r.status !== 'draft' && r.status !== 'cancelled'), [routes.data]);
  const events = usePickingEvents(live.flatMap((r) => r.stops.flatMap((s) => s.order_ids)));
  const stops = useMemo(
    () =>
      live
        .flatMap((r) => routePickingProgress(r, orders.data, events.index).stops.map((s) => ({ route: r, stop: s })))
        .sort((a, b) => a.route.code.localeCompare(b.route.code) || a.stop.seq - b.stop.seq),
    [live, orders.data, events.index],
  );
  const { data: points } = useDocsByIds('delivery_points', stops.map((s) => s.stop.delivery_point_id));
  return (
    <Stack>
      <Anchor component={Link} to={href('picking')}>
        {t('routeTitles.picking')}
      </Anchor>
      <DayHubSelector />
      <FirstSyncNotice />
      {!routes.loading && stops.length === 0 && <Alert color="gray">{t('pickingScreens.noPoints')}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {stops.map(({ route, stop }) => (
          <Card withBorder padding="md" key={`${route.id}-${stop.seq}`} data-testid="picking-point">
            <Text fw={700}>{points.get(stop.delivery_point_id)?.name ?? stop.delivery_point_id}</Text>
            <Text size="sm" c="dimmed">
              {t('pickingScreens.routeOf', { code: route.code })} · {t('pickingScreens.stop', { seq: stop.seq })}
            </Text>
            <ProgressFigures totals={stop} />
            <Group grow mt="sm">
              <Button component={Link} to={href('pickingRoutePe', { id: route.id, idPE: stop.delivery_point_id })} size="xl">
                {t('pickingScreens.prepare')}
              </Button>
              <Button component={Link} to={href('pickingPeProducts', { id: stop.delivery_point_id })} size="xl" variant="default">
                {t('routeTitles.pickingPeProducts')}
              </Button>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
