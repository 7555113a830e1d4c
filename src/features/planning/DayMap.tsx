/**
 * /blank/map: the day's map alone, for the hub's screen (issue 11): every route of a date and a
 * hub as a coloured line with numbered stops; a stop turns green when delivered and red when
 * failed as the riders' events sync in (live queries).
 */
import { useMemo, useState } from 'react';
import { Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { t } from '../../i18n';
import { useDocsByIds, useLiveQuery } from '../../data/hooks';
import { useCatalog } from '../../data/reference';
import { routesOfDayInHub } from '../../data/queries';
import { madridDate } from '../../domain/dates';
import { routeProgress, type StopState } from '../../domain/delivery';
import type { Route } from '../../domain/entities/operation';
import { hubOptions } from '../../ui/crud/options';
import { LazyMap } from '../../ui/map/LazyMap';
import type { MapLine, MapPoint } from '../../ui/map/MapView';
import { ROUTE_COLORS } from './boardView';
import { usePlanningActor, useRoutesEvents, useUsers } from './hooks';
import '../../i18n/es/planning';

const STATE_COLOR: Partial<Record<StopState, string>> = { done: '#2f9e44', failed: '#e03131', partial: '#f76707' };

export function DayMapPage() {
  const [date, setDate] = useState(() => madridDate());
  const { data: hubs } = useCatalog('hub');
  const users = useUsers();
  const actor = usePlanningActor();
  const [hubText, setHubText] = useState<string | null>(null);
  const myHub = users.get(actor.userId)?.hub ?? 0;
  const hubNo = Number(hubText ?? (myHub > 0 ? myHub : (hubs[0]?.number ?? 0)));
  const hub = hubs.find((h) => h.number === hubNo);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && hubNo > 0;
  const { data: routes } = useLiveQuery<Route[]>((db) => (valid ? routesOfDayInHub(db, date, hubNo) : null), [date, hubNo, valid], []);
  const shown = useMemo(() => routes.filter((r) => r.status !== 'cancelled').sort((a, b) => a.code.localeCompare(b.code, 'es', { numeric: true })), [routes]);
  const ids = useMemo(() => shown.map((r) => r.id), [shown]);
  const { data: events } = useRoutesEvents(ids);
  const { data: points } = useDocsByIds('delivery_points', shown.flatMap((r) => r.stops.map((s) => s.delivery_point_id)));
  const { mapPoints, mapLines } = useMemo(() => {
    const pts: MapPoint[] = [];
    const lines: MapLine[] = [];
    if (!hub) return { mapPoints: pts, mapLines: lines };
    pts.push({ id: 'hub', lat: hub.lat, lng: hub.lng, label: 'H', color: '#212529', title: hub.name });
    shown.forEach((r, i) => {
      const color = ROUTE_COLORS[i % ROUTE_COLORS.length] as string;
      const progress = routeProgress(r, events.filter((e) => e.route_id === r.id));
      const path = [{ lat: hub.lat, lng: hub.lng }];
      for (const s of progress.stops) {
        const p = points.get(s.delivery_point_id);
        if (!p || p.located === false) continue;
        path.push({ lat: p.lat, lng: p.lng });
        pts.push({ id: `${r.id}:${s.seq}`, lat: p.lat, lng: p.lng, label: String(s.seq), color: STATE_COLOR[s.state] ?? color, title: p.name });
      }
      path.push({ lat: hub.lat, lng: hub.lng });
      lines.push({ id: r.id, color, path });
    });
    return { mapPoints: pts, mapLines: lines };
  }, [hub, shown, events, points]);
  const done = mapPoints.filter((p) => p.color === STATE_COLOR.done).length;
  return (
    <Stack data-testid="day-map">
      <Group align="flex-end">
        <TextInput type="date" label={t('planning.board.date')} value={date} onChange={(e) => setDate(e.currentTarget.value)} />
        <Select label={t('planning.board.hub')} placeholder={t('planning.board.chooseHub')} data={hubOptions(hubs)} value={hubNo > 0 ? String(hubNo) : null} onChange={setHubText} allowDeselect={false} />
        <Text size="sm" c="dimmed" data-testid="day-map-delivered" data-delivered={done}>
          {t('planning.map.legend')}
        </Text>
      </Group>
      {shown.length === 0 && <Text c="dimmed">{t('planning.map.noRoutes')}</Text>}
      <LazyMap points={mapPoints} lines={mapLines} height={720} ariaLabel={t('planning.map.label', { date })} />
    </Stack>
  );
}
