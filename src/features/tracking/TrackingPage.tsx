/**
 * «Seguimiento» (issue 33): the office's live map. Every rider on a route in progress today, at
 * his last position (the markers move as positions arrive on the change stream), and beside it
 * each route's progress and the expected arrival at its remaining stops; late stops flagged with
 * how late. Sorted by lateness or by route; filtered by hub (the operator's own hub first).
 */
import { useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Group, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useSession } from '../../data/session';
import { useLivePositions, useNow, useTrackedDocs } from '../../data/tracking';
import { useRoutesTravel } from '../../data/travel';
import { madridDate } from '../../domain/dates';
import type { DeliveryPoint, Order } from '../../domain/entities/operation';
import { routeBoard, sortBoards, type BoardSort } from '../../domain/tracking/board';
import { t } from '../../i18n';
import { hubName, hubOptions } from '../../ui/crud/options';
import { LazyMap } from '../../ui/map/LazyMap';
import type { MapPoint } from '../../ui/map/MapView';
import { positionText, RouteTrackingCard } from '../../ui/tracking/RouteTrackingCard';
import { href } from '../../links/registry';

export function TrackingPage() {
  const user = useSession((s) => s.user);
  const today = madridDate();
  const now = useNow();
  const docs = useTrackedDocs(today);
  const positions = useLivePositions();
  const [hub, setHub] = useState<string>(() => (user?.base_role === 'operator' && user.hub > 0 ? String(user.hub) : ''));
  const [sort, setSort] = useState<BoardSort>('lateness');
  // The routing service's times when the backend has one (else the hubs' estimate).
  const places = useMemo(
    () =>
      docs.routes.map((r) => {
        const hubDoc = docs.hubs.find((h) => h.number === r.hub);
        const stops = r.stops.map((s) => docs.points.get(s.delivery_point_id)).filter((p): p is DeliveryPoint => p !== undefined);
        return { id: r.id, places: [...(hubDoc ? [{ lat: hubDoc.lat, lng: hubDoc.lng }] : []), ...stops.map((p) => ({ lat: p.lat, lng: p.lng }))] };
      }),
    [docs.routes, docs.hubs, docs.points],
  );
  const travel = useRoutesTravel(places);

  const boards = useMemo(() => {
    const hubs = new Map(docs.hubs.map((h) => [h.number, h]));
    const events = new Map<string, typeof docs.events>();
    for (const e of docs.events) events.set(e.route_id, [...(events.get(e.route_id) ?? []), e]);
    const list = docs.routes
      .filter((r) => hub === '' || String(r.hub) === hub)
      .map((route) =>
        routeBoard({
          route,
          orders: route.stops.flatMap((s) => s.order_ids.map((id) => docs.orders.get(id))).filter((o): o is Order => o !== undefined),
          points: route.stops.map((s) => docs.points.get(s.delivery_point_id)).filter((p): p is DeliveryPoint => p !== undefined),
          hub: hubs.get(route.hub) ?? null,
          events: events.get(route.id) ?? [],
          position: positions.get(route.id) ?? null,
          nowMs: now,
          ...(travel.has(route.id) ? { travel: travel.get(route.id) } : {}),
        }),
      );
    return sortBoards(list, sort);
  }, [docs, positions, hub, sort, now, travel]);

  const markers = useMemo<MapPoint[]>(
    () =>
      boards.flatMap((b) =>
        b.position
          ? [
              {
                id: b.route.id,
                lat: b.position.lat,
                lng: b.position.lng,
                label: b.route.code.slice(-3),
                color: b.late > 0 ? '#c92a2a' : '#0b7285',
                title: `${b.route.code} · ${docs.riders.get(b.route.rider_id)?.name ?? ''} · ${positionText(b.positionAgeMs)}`,
              },
            ]
          : [],
      ),
    [boards, docs.riders],
  );

  return (
    <Stack>
      <Text c="dimmed">{t('tracking.intro')}</Text>
      <Group gap="md" wrap="wrap" align="end">
        <Select
          label={t('tracking.hub')}
          data={[{ value: '', label: t('tracking.allHubs') }, ...hubOptions(docs.hubs)]}
          value={hub}
          onChange={(v) => setHub(v ?? '')}
          allowDeselect={false}
          w={260}
        />
        <div>
          <Text size="sm" fw={500} id="tracking-sort-label">
            {t('tracking.sort')}
          </Text>
          <SegmentedControl
            aria-labelledby="tracking-sort-label"
            value={sort}
            onChange={(v) => setSort(v as BoardSort)}
            data={[
              { value: 'lateness', label: t('tracking.sortLateness') },
              { value: 'route', label: t('tracking.sortName') },
            ]}
          />
        </div>
      </Group>
      <LazyMap points={markers} live height={420} ariaLabel={t('tracking.map')} />
      {!docs.loading && boards.length === 0 && <Alert color="gray">{t('tracking.none')}</Alert>}
      <SimpleGrid cols={{ base: 1, xl: 2 }}>
        {boards.map((b) => (
          <RouteTrackingCard
            key={b.route.id}
            board={b}
            riderName={docs.riders.get(b.route.rider_id)?.name ?? b.route.rider_id}
            hubName={hubName(docs.hubs, b.route.hub)}
            orders={docs.orders}
            points={docs.points}
            action={
              <Button component={Link} to={href('routeDetail', { id: b.route.id })} variant="subtle" size="xs" style={{ minHeight: 44 }}>
                {t('tracking.openRoute')}
              </Button>
            }
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
