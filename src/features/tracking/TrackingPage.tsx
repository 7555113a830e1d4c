/**
 * «Seguimiento» (issue 33): the office's live map. Every rider on a route in progress today, at
 * his last position (the markers move as positions arrive on the change stream), and beside it
 * each route's progress and the expected arrival at its remaining stops; late stops flagged with
 * how late. Sorted by lateness or by route; filtered by hub (the operator's own hub first).
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useSession } from '../../data/session';
import { useLivePositions, useNow, useTrackedDocs } from '../../data/tracking';
import { useRoutesTravel } from '../../data/travel';
import { madridDate } from '../../domain/dates';
import type { DeliveryEvent } from '../../domain/entities/events';
import type { DeliveryPoint, Order, Route } from '../../domain/entities/operation';
import { sortBoards, type BoardSort, type RouteBoard, type RouteBoardInput } from '../../domain/tracking/board';
import type { RoutePosition } from '../../domain/tracking/positions';
import { createBoardCache } from '../../domain/tracking/boardCache';
import { t } from '../../i18n';
import { hubOptions } from '../../ui/crud/options';
import { LazyMap } from '../../ui/map/LazyMap';
import type { MapPoint } from '../../ui/map/MapView';
import { positionText } from '../../ui/tracking/RouteTrackingCard';
import { TrackingList } from './TrackingList';
import '../../i18n/es/tracking';

/**
 * Boards brought up to date per frame for new positions and the clock's tick (each is a route's
 * ETAs: 500 at once would be one long task); changed documents are always computed at once.
 */
const BOARDS_PER_FRAME = 60;

const NO_EVENTS: readonly DeliveryEvent[] = [];

export function TrackingPage() {
  const user = useSession((s) => s.user);
  const now = useNow();
  const today = useMemo(() => madridDate(now), [now]);
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

  const hubsByNumber = useMemo(() => new Map(docs.hubs.map((h) => [h.number, h])), [docs.hubs]);
  const eventsByRoute = useMemo(() => {
    const byRoute = new Map<string, DeliveryEvent[]>();
    for (const e of docs.events) {
      const list = byRoute.get(e.route_id);
      if (list) list.push(e);
      else byRoute.set(e.route_id, [e]);
    }
    return byRoute;
  }, [docs.events]);
  // Kept between updates: a position recomputes its own route's board only.
  const [cache] = useState(createBoardCache);
  // Asks for the boards still behind (new positions, the clock), a frame at a time.
  const [catchUp, setCatchUp] = useState(0);
  // Each route's orders and points, looked up again only when the route or the documents change.
  const stopDocs = useMemo(() => {
    const byRoute = new WeakMap<Route, { orders: Order[]; points: DeliveryPoint[] }>();
    return (route: Route) => {
      let known = byRoute.get(route);
      if (!known) {
        known = {
          orders: route.stops.flatMap((s) => s.order_ids.map((id) => docs.orders.get(id))).filter((o): o is Order => o !== undefined),
          points: route.stops.map((s) => docs.points.get(s.delivery_point_id)).filter((p): p is DeliveryPoint => p !== undefined),
        };
        byRoute.set(route, known);
      }
      return known;
    };
  }, [docs.orders, docs.points]);
  const { boards, stale } = useMemo(() => {
    const inputs = docs.routes
      .filter((r) => hub === '' || String(r.hub) === hub)
      .map(
        (route): RouteBoardInput => ({
          route,
          ...stopDocs(route),
          hub: hubsByNumber.get(route.hub) ?? null,
          events: eventsByRoute.get(route.id) ?? NO_EVENTS,
          position: positions.get(route.id) ?? null,
          nowMs: now,
          ...(travel.has(route.id) ? { travel: travel.get(route.id) } : {}),
        }),
      );
    const update = cache.update(inputs, BOARDS_PER_FRAME);
    return { boards: sortBoards(update.boards, sort), stale: update.stale };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `catchUp` asks again for the boards still behind
  }, [cache, docs.routes, stopDocs, hubsByNumber, eventsByRoute, positions, hub, sort, now, travel, catchUp]);
  useEffect(() => {
    if (stale === 0) return undefined;
    const frame = requestAnimationFrame(() => setCatchUp((n) => n + 1));
    return () => cancelAnimationFrame(frame);
  }, [stale, catchUp]);

  // A marker is made again only for a board that changed (a few per position message).
  const markerOf = useMemo(() => {
    const byBoard = new WeakMap<RouteBoard, MapPoint>();
    return (b: RouteBoard & { position: RoutePosition }): MapPoint => {
      let marker = byBoard.get(b);
      if (!marker) {
        marker = {
          id: b.route.id,
          lat: b.position.lat,
          lng: b.position.lng,
          label: b.route.code.slice(-3),
          color: b.late > 0 ? '#c92a2a' : '#0b7285',
          title: `${b.route.code} · ${docs.riders.get(b.route.rider_id)?.name ?? ''} · ${positionText(b.positionAgeMs)}`,
        };
        byBoard.set(b, marker);
      }
      return marker;
    };
  }, [docs.riders]);
  const markers = useMemo<MapPoint[]>(() => boards.flatMap((b) => (b.position ? [markerOf(b as RouteBoard & { position: RoutePosition })] : [])), [boards, markerOf]);

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
      <TrackingList boards={boards} riders={docs.riders} hubs={docs.hubs} orders={docs.orders} points={docs.points} />
    </Stack>
  );
}
