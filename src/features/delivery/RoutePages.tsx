/**
 * The round, route level: /distribution (today's routes), /distribution/:id (stops in order,
 * progress, map, navigation), load-out at the hub, route summary and cancellation.
 */
import { useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, NumberInput, Progress, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from '@tanstack/react-router';
import { IconBarcode, IconMapPin, IconNavigation, IconPlayerPlay, IconFlag } from '@tabler/icons-react';
import { formatMoney, t } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import { useEngine, useFirstSync, useLiveQuery } from '../../data/hooks';
import { useSession } from '../../data/session';
import { riderRoutesForDay, riderRoutesFrom, allUsers } from '../../data/queries';
import { cancelRoute, confirmLoadOut, currentPosition, finishRound, startRound } from '../../data/round';
import { loadDifferences, loadOut, roundSummary, routeProgress, type StopState } from '../../domain/delivery';
import { madridDate } from '../../domain/dates';
import { MACHINES } from '../../domain/status/machines';
import type { Route, User } from '../../domain/entities/operation';
import { LazyMap } from '../../ui/map/LazyMap';
import { FirstSyncNotice, MissingUntilSynced, SyncedValue } from '../../ui/sync/FirstSync';
import { SyncNotices, type NoticeTarget } from '../../ui/sync/SyncNotices';
import { ROUTE_STATUS_COLOR } from '../../ui/statusColors';
import { LoadOutBoxScan } from './BoxScan';
import { useActor, usePoints, useProducts, useRoute, useRouteEvents, useRouteIncidences, useRouteOrders } from './hooks';

const STATE_COLOR: Record<StopState, string> = { pending: 'gray', done: 'teal', partial: 'orange', failed: 'red' };
const STATE_LABEL: Record<StopState, string> = {
  pending: t('delivery.outcome_pending'),
  done: t('delivery.outcome_delivered'),
  partial: t('delivery.outcome_partial'),
  failed: t('delivery.outcome_failed'),
};

export function RouteStatusBadge({ route }: { route: Route }) {
  return (
    <Badge color={ROUTE_STATUS_COLOR[route.status]} variant="light" data-testid="route-status">
      {MACHINES.route.labels[route.status]}
    </Badge>
  );
}

/** The documents whose sync notices a route's screens show: the route and the orders on it. */
function routeAndOrders(route: Route): NoticeTarget[] {
  return [{ collection: 'routes', id: route.id }, ...route.stops.flatMap((s) => s.order_ids.map((id) => ({ collection: 'orders' as const, id })))];
}

export function navigationUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}&travelmode=bicycling`;
}

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
      <Button component={Link} to={`/distribution/${route.id}`} size="lg" mt="sm" fullWidth>
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
  // Routes of later days once published (a draft is the office's work in progress: issue 11).
  const upcoming = useLiveQuery<Route[]>((db) => (user && isRider ? riderRoutesFrom(db, user.id, today) : null), [user?.id, today, isRider], []);
  const all = useLiveQuery<Route[]>((db) => (!isRider ? db.routes.find({ selector: { date: today }, sort: [{ date: 'asc' }, { hub: 'asc' }] }) : null), [today, isRider], []);
  const [hub, setHub] = useState<string>('');
  const { awaiting } = useFirstSync();
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
            {t('planning.rider.upcoming')}
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
            {MACHINES.route.labels[g.status]} ({g.routes.length})
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

function useRiderName(riderId: string) {
  const { data } = useLiveQuery<User[]>((db) => allUsers(db), [], []);
  return data.find((u) => u.id === riderId)?.name ?? (riderId ? riderId : t('delivery.noRider'));
}

/** /distribution/:id: the route with its stops in order, their state, a map and navigation. */
export function RouteDetailPage({ params }: ScreenProps) {
  const engine = useEngine();
  const actor = useActor();
  const navigate = useNavigate();
  const { data: route, loading } = useRoute(params.id);
  const { data: events } = useRouteEvents(params.id);
  const pointIds = useMemo(() => route?.stops.map((s) => s.delivery_point_id) ?? [], [route]);
  const { data: points } = usePoints(pointIds);
  const riderName = useRiderName(route?.rider_id ?? '');
  if (loading) return null;
  if (!route || !engine) return <MissingUntilSynced><Alert color="orange">{t('delivery.routeNotFound')}</Alert></MissingUntilSynced>;
  const p = routeProgress(route, events);
  const next = p.next;
  const nextPoint = next ? points.get(next.delivery_point_id) : undefined;
  const isOps = actor.role === 'operator' || actor.role === 'admin';
  const stopLink = (seq: number, pointId: string) => `/distribution/pe/${pointId}/rider_id/${route.rider_id || actor.userId}/routeId/${route.id}?stop=${seq}`;

  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Text fw={700} size="lg">
            {route.name}
          </Text>
          <Text size="sm" c="dimmed">
            {route.code} · {route.date} · {riderName}
          </Text>
        </div>
        <RouteStatusBadge route={route} />
      </Group>
      <SyncNotices docs={routeAndOrders(route)} />
      <Progress value={p.total === 0 ? 0 : (p.visited / p.total) * 100} aria-label={t('delivery.progress')} />
      <FirstSyncNotice />
      <Text data-testid="route-progress">
        <SyncedValue>{t('delivery.stopsDone', { done: p.visited, total: p.total })}</SyncedValue>
      </Text>

      {route.status === 'ready' && !isOps && (
        <Button size="lg" leftSection={<IconBarcode size={20} aria-hidden />} component={Link} to={`/distribution/product-receive/${route.hub}/rider_id/${route.rider_id}/route_id/${route.id}`}>
          {t('delivery.loadOut')}
        </Button>
      )}
      {route.status === 'loaded' && !isOps && (
        <Button
          size="lg"
          leftSection={<IconPlayerPlay size={20} aria-hidden />}
          onClick={async () => {
            await startRound(engine, route, actor);
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
        <Button size="lg" leftSection={<IconFlag size={20} aria-hidden />} onClick={() => void navigate({ to: `/distribution/route-summary/${route.id}` })}>
          {t('delivery.finishRound')}
        </Button>
      )}

      <Title order={2} size="h4">
        {t('delivery.stops')}
      </Title>
      <Stack gap="xs" data-testid="stops">
        {p.stops.map((s) => {
          const pt = points.get(s.delivery_point_id);
          return (
            <Card key={s.seq} withBorder padding="sm" component={Link} to={stopLink(s.seq, s.delivery_point_id)} style={{ minHeight: 56 }} data-testid="stop-row">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Badge size="lg" circle color={STATE_COLOR[s.state]}>
                    {s.seq}
                  </Badge>
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600}>{pt?.name ?? s.delivery_point_id}</Text>
                    <Text size="sm" c="dimmed">
                      {t('planning.rider.eta', { eta: route.stops[s.seq - 1]?.eta ?? '' })} · {pt?.address ?? ''} · {s.order_ids.length} {t('delivery.order').toLowerCase()}(s)
                    </Text>
                  </div>
                </Group>
                <Badge color={STATE_COLOR[s.state]} variant="light">
                  {STATE_LABEL[s.state]}
                </Badge>
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
        <Button variant="default" component={Link} to={`/distribution/route-summary/${route.id}`}>
          {t('delivery.summary')}
        </Button>
        {isOps && route.status !== 'completed' && route.status !== 'cancelled' && (
          <Button color="red" variant="light" component={Link} to={`/distribution/route_cancel/${route.id}`}>
            {t('delivery.cancelRoute')}
          </Button>
        )}
        <Button variant="subtle" leftSection={<IconMapPin size={16} aria-hidden />} component={Link} to={`/distribution/id_hub/${route.hub}/id_route/${route.id}`}>
          {t('delivery.loadList')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Load-out at the hub (/distribution/id_hub/…/id_route/… and /distribution/product-receive/…):
 * products and quantities expected for the route; the rider confirms what he received, by
 * counting or scanning; differences become incidences.
 */
export function LoadOutPage({ params }: ScreenProps) {
  const routeId = params.id_route ?? params.route_id;
  const engine = useEngine();
  const actor = useActor();
  const navigate = useNavigate();
  const { data: route, loading } = useRoute(routeId);
  const { data: orders } = useRouteOrders(routeId);
  const expected = useMemo(() => loadOut(orders), [orders]);
  const { data: products } = useProducts(expected.map((l) => l.product_id));
  const [received, setReceived] = useState<Record<string, number>>({});
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const { awaiting } = useFirstSync();
  if (loading) return null;
  if (!route || !engine) return <MissingUntilSynced><Alert color="orange">{t('delivery.routeNotFound')}</Alert></MissingUntilSynced>;
  const value = (productId: string, fallback: number) => received[productId] ?? fallback;
  const diffs = loadDifferences(expected, received);
  const done = route.status !== 'ready' && route.status !== 'picking' && route.status !== 'planned' && route.status !== 'draft';
  const onScan = (code: string) => {
    const trimmed = code.trim();
    if (!trimmed) return;
    const product = [...products.values()].find((p) => p.barcode === trimmed || p.sku === trimmed);
    const line = product ? expected.find((l) => l.product_id === product.id) : undefined;
    if (!product || !line) {
      notifications.show({ color: 'orange', message: t('delivery.scanUnknown', { code: trimmed }) });
      return;
    }
    // The first scan of a product starts its count at 1; each further scan adds one.
    setReceived((r) => ({ ...r, [line.product_id]: (r[line.product_id] ?? 0) + 1 }));
    notifications.show({ color: 'teal', message: t('delivery.scanned', { name: line.name }), autoClose: 1200 });
  };

  return (
    <Stack>
      <Text>{t('delivery.loadOutIntro')}</Text>
      <FirstSyncNotice />
      {done && <Alert color="teal">{t('delivery.loadDone')}</Alert>}
      <LoadOutBoxScan route={route} orders={orders} disabled={done} onProductCode={onScan} />
      <Stack gap="xs" data-testid="load-lines">
        {expected.map((l) => (
          <Card key={l.product_id} withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {l.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('delivery.expected')}: {l.expected}
                </Text>
              </div>
              <NumberInput
                aria-label={`${t('delivery.received')}: ${l.name}`}
                value={value(l.product_id, l.expected)}
                onChange={(v) => setReceived((r) => ({ ...r, [l.product_id]: typeof v === 'number' ? Math.max(0, Math.round(v)) : 0 }))}
                min={0}
                max={9999}
                allowDecimal={false}
                size="lg"
                w={130}
                disabled={done}
              />
            </Group>
          </Card>
        ))}
      </Stack>
      {diffs.length > 0 && !done && <Alert color="orange">{t('delivery.loadDifferences', { n: diffs.length })}</Alert>}
      <Textarea label={t('delivery.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} disabled={done} maxLength={500} />
      <Button
        size="lg"
        disabled={done || expected.length === 0 || awaiting}
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await confirmLoadOut(engine, { route, orders, expected, received, actor, position: await currentPosition(), note });
            notifications.show({ color: 'teal', message: t('delivery.loadDone') });
            await navigate({ to: `/distribution/${route.id}` });
          } catch (err) {
            notifications.show({ color: 'red', message: err instanceof Error ? err.message : String(err) });
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('delivery.confirmLoad')}
      </Button>
      <Anchor component={Link} to={`/distribution/${route.id}`}>
        {t('delivery.backToRoute')}
      </Anchor>
    </Stack>
  );
}

/** /distribution/route-summary/:id: delivered, partial, failed, incidences, cash to hand over. */
export function RouteSummaryPage({ params }: ScreenProps) {
  const engine = useEngine();
  const actor = useActor();
  const { data: route, loading } = useRoute(params.id);
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
        <Button size="lg" onClick={() => void finishRound(engine, route, actor)}>
          {t('delivery.finishRound')}
        </Button>
      )}
      <Anchor component={Link} to={`/distribution/${route.id}`}>
        {t('delivery.backToRoute')}
      </Anchor>
    </Stack>
  );
}

/** /distribution/route_cancel/:id: an operator cancels a route with a reason. */
export function RouteCancelPage({ params }: ScreenProps) {
  const engine = useEngine();
  const actor = useActor();
  const navigate = useNavigate();
  const { data: route, loading } = useRoute(params.id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (loading) return null;
  if (!route || !engine) return <MissingUntilSynced><Alert color="orange">{t('delivery.routeNotFound')}</Alert></MissingUntilSynced>;
  const closed = route.status === 'completed' || route.status === 'cancelled';
  return (
    <Stack maw={640}>
      <Group justify="space-between">
        <Text fw={700}>{route.name}</Text>
        <RouteStatusBadge route={route} />
      </Group>
      {route.status === 'cancelled' && <Alert color="red">{route.cancel_reason}</Alert>}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Textarea label={t('delivery.cancelReason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} disabled={closed} required maxLength={500} />
      <Button
        color="red"
        size="lg"
        disabled={closed}
        onClick={async () => {
          try {
            await cancelRoute(engine, route, reason, actor);
            notifications.show({ color: 'teal', message: t('delivery.cancelled') });
            await navigate({ to: `/distribution/${route.id}` });
          } catch (err) {
            setError(err instanceof Error ? err.message : String(err));
          }
        }}
      >
        {t('delivery.cancelRoute')}
      </Button>
    </Stack>
  );
}
