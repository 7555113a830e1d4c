/**
 * The route page's live panel (issue 33): for a route in progress, its rider's last position and
 * the expected arrival at each remaining stop (the same card as «Seguimiento»). Nothing for a
 * route that is not in progress.
 */
import { useMemo } from 'react';
import { Stack, Title } from '@mantine/core';
import { useLivePositions, useNow, useTrackedDocs } from '../../data/tracking';
import { useRoutesTravel } from '../../data/travel';
import type { Order, Route } from '../../domain/entities/operation';
import { routeBoard } from '../../domain/tracking/board';
import { t } from '../../i18n';
import { hubName } from '../crud/options';
import { RouteTrackingCard } from './RouteTrackingCard';
import '../../i18n/es/tracking';

export function RouteTrackingPanel({ route }: { route: Route }) {
  if (route.status !== 'in_progress') return null;
  return <LivePanel route={route} />;
}

function LivePanel({ route }: { route: Route }) {
  const docs = useTrackedDocs(route.date, route.id);
  const positions = useLivePositions();
  const now = useNow();
  const hub = docs.hubs.find((h) => h.number === route.hub) ?? null;
  const places = useMemo(
    () => [
      {
        id: route.id,
        places: [...(hub ? [{ lat: hub.lat, lng: hub.lng }] : []), ...route.stops.flatMap((s) => {
          const p = docs.points.get(s.delivery_point_id);
          return p ? [{ lat: p.lat, lng: p.lng }] : [];
        })],
      },
    ],
    [route, hub, docs.points],
  );
  const travel = useRoutesTravel(places).get(route.id);
  const board = useMemo(
    () =>
      routeBoard({
        route,
        orders: route.stops.flatMap((s) => s.order_ids.map((id) => docs.orders.get(id))).filter((o): o is Order => o !== undefined),
        points: [...docs.points.values()],
        hub,
        events: docs.events,
        position: positions.get(route.id) ?? null,
        nowMs: now,
        ...(travel ? { travel } : {}),
      }),
    [route, docs, positions, now, hub, travel],
  );
  return (
    <Stack gap="xs" data-testid="route-tracking-panel">
      <Title order={2} size="h4">
        {t('tracking.panelTitle')}
      </Title>
      <RouteTrackingCard board={board} riderName={docs.riders.get(route.rider_id)?.name ?? route.rider_id} hubName={hubName(docs.hubs, route.hub)} orders={docs.orders} points={docs.points} />
    </Stack>
  );
}
