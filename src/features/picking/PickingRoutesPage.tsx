import { useMemo } from 'react';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconAlertTriangle, IconBarcode, IconListDetails, IconMapPin } from '@tabler/icons-react';
import { t } from '../../i18n';
import { formatDay } from '../../i18n/dates';
import { useFirstSync } from '../../data/hooks';
import { useFirstScreenDrawn } from '../../data/firstScreen';
import { PICKABLE_ROUTE_STATUSES, type RoutePickingProgress } from '../../domain/picking';
import type { Route } from '../../domain/entities/operation';
import { FirstSyncNotice } from '../../ui/sync/FirstSync';
import { useDayOrders, useDayRoutes, usePickingDay, usePickingSettlement, useRoutesProgress } from './hooks';
import { DayHubSelector, ProgressFigures, RouteLine, RouteStatusBadge } from './shared';
import { pickingRoutes } from './routesShared';
import { href } from '../../links/registry';
import '../../i18n/es/picking';

function RouteCard({ route, progress }: { route: Route; progress: RoutePickingProgress | undefined }) {
  const started = progress !== undefined && progress.units_picked + progress.units_short + progress.units_over > 0;
  const pickable = PICKABLE_ROUTE_STATUSES.includes(route.status);
  const action = !pickable ? t('pickingScreens.view') : started ? t('pickingScreens.continue') : t('pickingScreens.start');
  return (
    <Card withBorder padding="md" data-testid="picking-route-card" data-route={route.id}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={700}>{route.name}</Text>
          <RouteLine route={route} />
        </div>
        <RouteStatusBadge route={route} />
      </Group>
      {progress && <ProgressFigures totals={progress} testId="picking-route-progress" />}
      <Button component={Link} to={href('pickingRoute', { id: route.id })} size="lg" mt="sm" fullWidth aria-label={`${action} ${route.name}`}>
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
  // The picker's first screen is drawn once the routes (or their «no routes») are (src/data/firstScreen.ts).
  useFirstScreenDrawn(!routes.loading && !awaiting);
  return (
    <Stack>
      <DayHubSelector />
      <Group gap="sm">
        <Button component={Link} to={href('pickingRoute', { id: 'all' })} variant="default" size="lg" leftSection={<IconListDetails size={20} aria-hidden />}>
          {t('pickingScreens.allRoutes')}
        </Button>
        <Button component={Link} to={href('pickingPe')} variant="default" size="lg" leftSection={<IconMapPin size={20} aria-hidden />}>
          {t('pickingScreens.byPoint')}
        </Button>
        <Button component={Link} to={href('incidenceAllPicking')} variant="default" size="lg" leftSection={<IconAlertTriangle size={20} aria-hidden />}>
          {t('pickingScreens.allIncidences')}
        </Button>
        <Button component={Link} to={href('barcode')} variant="default" size="lg" leftSection={<IconBarcode size={20} aria-hidden />}>
          {t('pickingScreens.scanAny')}
        </Button>
      </Group>
      <FirstSyncNotice />
      {!routes.loading && !awaiting && shown.length === 0 && <Alert color="gray">{t('pickingScreens.noRoutes', { hub, date: formatDay(date) })}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {shown.map((r) => (
          <RouteCard key={r.id} route={r} progress={progress.get(r.id)} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
