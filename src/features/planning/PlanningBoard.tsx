/**
 * The planning board (issue 11): /routed (shell) and /blank/routed (wall screen). For a date and
 * a hub: the map (lazy) with the hub, the unplanned orders grouped by delivery point and coloured
 * by time window, the routes as coloured lines with numbered stops; beside it the unplanned list
 * and the routes with rider, bike, load vs capacity, distance, duration, first/last ETA and the
 * optimiser's warnings. Points are chosen on the map or in the list to make a route or add to one;
 * stops are dragged by their handle (mouse, touch or keyboard, ./StopDrag.tsx) within a route or
 * to another one, and move with buttons too; «Optimizar» runs planDay in the worker and shows the
 * proposal before saving; «Publicar» makes the drafts visible to the riders.
 *
 * Times, loads and warnings of the routes as they stand come from evaluateDay (the worker), run
 * again after every change; «Publicar» stores those ETAs on the routes first.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Checkbox, Group, List, Progress, ScrollArea, Select, SimpleGrid, Stack, Text, TextInput, Title, ActionIcon, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useBlocker } from '@tanstack/react-router';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconLock, IconLockOpen, IconTrash } from '@tabler/icons-react';
import { t } from '../../i18n';
import { useEngine, useLiveQuery } from '../../data/hooks';
import { useCatalog } from '../../data/reference';
import { ordersOfDayInHub, routesOfDayInHub } from '../../data/queries';
import {
  addOrdersToRoute,
  assignRoute,
  bringCarriedOrders,
  createRouteWithOrders,
  lockStop,
  moveStop,
  moveStopToRoute,
  placeStop,
  publishRoutes,
  removeStop,
  saveDayPlan,
  repairDayPlan,
  saveTimes,
} from '../../data/planning';
import { madridDate } from '../../domain/dates';
import type { DeliveryPoint, Order, Route } from '../../domain/entities/operation';
import type { DayPlanInput, DayPlanResult, DayPlanRoute } from '../../domain/routing/day';
import { canMoveStop, isEditableRoute, isLocatedPoint } from '../../domain/routing/edit';
import { addBox, clickPoint, type Choice } from '../../domain/routing/selection';
import { dayInputFromEntities, type PlanScope } from '../../domain/routing/fromEntities';
import type { SolveProgress } from '../../domain/routing/model';
import { MACHINES } from '../../domain/status/machines';
import { getOptimiser } from '../../workers/optimiser';
import { useTravelTable } from '../../data/travel';
import { withHubObjective } from '../../data/planningObjective';
import { ObjectiveSelect, ProposalBound } from './ObjectiveSelect';
import { ConfirmButton } from '../../ui/crud/ConfirmButton';
import { hubOptions } from '../../ui/crud/options';
import { hubRefusal, useWritableHubs } from '../../ui/hubScope';
import { defaultHub, writableOf } from '../../domain/access/hubScope';
import { LazyMap } from '../../ui/map/LazyMap';
import type { MapLine, MapPoint } from '../../ui/map/MapView';
import { riderOptions } from '../../ui/RiderSelect';
import { ROUTE_STATUS_COLOR } from '../../ui/statusColors';
import { FirstSyncNotice } from '../../ui/sync/FirstSync';
import { PlacePointModal } from './PlacePointModal';
import { RouteDropZone, StopDragContext, useStopDrag, type StopDrop } from './StopDrag';
import { useAction } from '../../ui/action/useAction';
import { messageOf } from '../../ui/errors';
import { shiftDate } from './routesShared';
import { DayCheck } from './DayCheck';
import { LeftOutOrders, PlanScopeControls } from './PlanScope';
import { forceIntoRoute, withNewRoute } from '../../domain/routing/proposal';
import { problemMessage, problemNames } from '../../domain/routing/integrity';
import { useBikes, useCarryOver, usePlanningActor, usePointsById, useProducts, useUsers } from './hooks';
import { CARRY_OVER_DAYS } from '../../domain/routing/carryOver';
import { href } from '../../routes/registry';
import { statusText } from '../../i18n/status';
import { domainText } from '../../i18n/domain';

/** Colours of the routes on the map, in order. */
export const ROUTE_COLORS = ['#1c7ed6', '#e8590c', '#2f9e44', '#9c36b5', '#c2255c', '#0c8599', '#f08c00', '#5c940d', '#3b5bdb', '#a61e4d'];
/** Unplanned points: colour of their time window's start. */
export function windowColor(start: string): string {
  if (start < '11:00') return '#1971c2';
  if (start < '14:00') return '#f59f00';
  return '#7048e8';
}
const NO_LOCATION_COLOR = '#868e96';

interface UnplannedGroup {
  readonly pointId: string;
  readonly point: DeliveryPoint | undefined;
  readonly orders: Order[];
  readonly start: string;
  readonly end: string;
  readonly located: boolean;
}

const km = (m: number) => (m / 1000).toLocaleString('es-ES', { maximumFractionDigits: 1 });
function duration(s: number): string {
  const m = Math.round(s / 60);
  return m >= 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m} min`;
}

function useBoardData(date: string, hub: number) {
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && hub > 0;
  const { data: orders } = useLiveQuery<Order[]>((db) => (valid ? ordersOfDayInHub(db, date, hub) : null), [date, hub, valid], []);
  const { data: routes } = useLiveQuery<Route[]>((db) => (valid ? routesOfDayInHub(db, date, hub) : null), [date, hub, valid], []);
  const pointIds = useMemo(() => orders.map((o) => o.delivery_point_id), [orders]);
  const { data: points } = usePointsById(pointIds);
  return { orders, routes, points };
}

export function PlanningBoardPage() {
  return <PlanningBoard />;
}

export function PlanningBoard() {
  const engine = useEngine();
  const actor = usePlanningActor();
  const users = useUsers();
  const bikes = useBikes();
  const products = useProducts();
  const { data: hubs } = useCatalog('hub');
  const { data: bikeModels } = useCatalog('bike-model');
  const [date, setDate] = useState(() => shiftDate(madridDate(), 1));
  const [hubText, setHubText] = useState<string | null>(null);
  const myHub = users.get(actor.userId)?.hub ?? 0;
  // An operator plans his hub only (issue 29, finding 6): the selector offers the hubs he writes in.
  const writable = useWritableHubs();
  const boardHubs = writable === 'all' || writable.length === 0 ? hubs : writableOf(hubs, writable);
  const hubNo = Number(hubText ?? defaultHub(writable, myHub, hubs[0]?.number ?? 0));
  const hubRefused = hubNo > 0 ? hubRefusal(writable, hubNo) : null;
  const hub = hubs.find((h) => h.number === hubNo);
  const { orders, routes, points } = useBoardData(date, hubNo);
  const carry = useCarryOver(date, hubNo, /^\d{4}-\d{2}-\d{2}$/.test(date) && hubNo > 0);
  const [choice, setChoice] = useState<Choice>({ selected: new Set(), anchor: null });
  const selected = choice.selected;
  const setSelected = useCallback((next: ReadonlySet<string> | ((s: ReadonlySet<string>) => ReadonlySet<string>)) => {
    setChoice((c) => {
      const s = typeof next === 'function' ? next(c.selected) : next;
      return s === c.selected ? c : { selected: s, anchor: s.size === 0 ? null : c.anchor };
    });
  }, []);
  const [target, setTarget] = useState<string | null>(null);
  const [evaluation, setEvaluation] = useState<DayPlanResult | null>(null);
  // The input the evaluation is of: publishing waits for the evaluation of the day as it stands,
  // so a route's warnings are known (and confirmed) before it is published.
  const [evaluatedFor, setEvaluatedFor] = useState<DayPlanInput | null>(null);
  const [proposal, setProposal] = useState<DayPlanResult | null>(null);
  const [progress, setProgress] = useState<SolveProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  const travelTable = useTravelTable();
  const notifyFailure = (message: string) => notifications.show({ color: 'red', message });
  // Every change of the board: busy while it runs, its failure in a notification.
  const change = useAction(
    async (what: () => Promise<unknown>, done?: string) => {
      await what();
      if (done) notifications.show({ color: 'teal', message: done });
    },
    { describe: messageOf, onError: notifyFailure },
  );
  const busy = change.busy;
  const optimiser = useAction(
    async (input: DayPlanInput) => {
      const controller = new AbortController();
      abort.current = controller;
      setProgress(null);
      try {
        setProposal(await getOptimiser().planDay(withHubObjective(input, hubNo), { seed: 1, timeLimitMs: 3000, onProgress: setProgress, signal: controller.signal, ...(travelTable ? { travelTable } : {}) }));
      } finally {
        abort.current = null;
      }
    },
    { describe: (err) => t('planning.board.optimiseFailed', { reason: messageOf(err) }), onError: notifyFailure },
  );
  const running = optimiser.busy;
  const [placing, setPlacing] = useState<DeliveryPoint | null>(null);

  const orderById = useMemo(() => new Map(orders.map((o) => [o.id, o])), [orders]);
  const dayRoutes = useMemo(() => routes.filter((r) => r.status !== 'cancelled').sort((a, b) => a.code.localeCompare(b.code, 'es', { numeric: true })), [routes]);
  const colorOf = useMemo(() => new Map(dayRoutes.map((r, i) => [r.id, ROUTE_COLORS[i % ROUTE_COLORS.length] as string])), [dayRoutes]);

  const input: DayPlanInput | null = useMemo(() => {
    if (!hub) return null;
    return dayInputFromEntities({
      date,
      hub,
      orders,
      deliveryPoints: [...points.values()],
      products,
      routes,
      users: [...users.values()],
      bikes,
      bikeModels,
    });
  }, [hub, date, orders, points, products, routes, users, bikes, bikeModels]);

  // Times, loads and warnings of the routes as they stand (the worker, after every change).
  useEffect(() => {
    if (!input) {
      setEvaluation(null);
      return undefined;
    }
    let live = true;
    getOptimiser()
      .evaluateDay(input, travelTable ? { travelTable } : {})
      .then((r) => {
        if (!live) return;
        setEvaluation(r);
        setEvaluatedFor(input);
      })
      .catch(() => {
        if (!live) return;
        setEvaluation(null);
        setEvaluatedFor(input);
      });
    return () => {
      live = false;
    };
  }, [input, travelTable]);

  const unplanned = useMemo<UnplannedGroup[]>(() => {
    const byPoint = new Map<string, Order[]>();
    for (const o of orders) {
      if (o.route_id !== '' || o.status !== 'pending') continue;
      byPoint.set(o.delivery_point_id, [...(byPoint.get(o.delivery_point_id) ?? []), o]);
    }
    return [...byPoint.entries()]
      .map(([pointId, list]) => {
        const point = points.get(pointId);
        return {
          pointId,
          point,
          orders: list,
          start: list.map((o) => o.window_start).sort()[0] as string,
          end: list.map((o) => o.window_end).sort()[list.length - 1] as string,
          located: isLocatedPoint(point),
        };
      })
      .sort((a, b) => a.start.localeCompare(b.start) || (a.point?.name ?? a.pointId).localeCompare(b.point?.name ?? b.pointId, 'es'));
  }, [orders, points]);

  // Selections of points no longer unplanned are dropped.
  useEffect(() => {
    setSelected((s) => {
      const still = new Set([...s].filter((id) => unplanned.some((g) => g.pointId === id)));
      return still.size === s.size ? s : still;
    });
  }, [unplanned, setSelected]);
  useEffect(() => {
    setProposal(null);
    setSelected(new Set());
  }, [date, hubNo, setSelected]);

  const listOrder = useMemo(() => unplanned.map((g) => g.pointId), [unplanned]);
  const selectable = useCallback((pointId: string) => isLocatedPoint(points.get(pointId)), [points]);
  const toggle = useCallback((pointId: string, shift = false) => setChoice((c) => clickPoint(c, listOrder, pointId, shift, selectable)), [listOrder, selectable]);
  const onBoxSelect = useCallback((ids: string[]) => setChoice((c) => addBox(c, ids.filter((id) => id.startsWith('u:')).map((id) => id.slice(2)), selectable)), [selectable]);

  // A change under way (a plan's save): leaving the board waits for it, closing or reloading the
  // page asks first (issue 27). The change itself is all or nothing (src/data/planning.ts).
  const pending = useRef<Promise<unknown> | null>(null);
  const act = async (what: () => Promise<unknown>, done?: string) => {
    if (!engine) return;
    const running = change.run(what, done);
    pending.current = running;
    try {
      await running;
    } finally {
      if (pending.current === running) pending.current = null;
    }
  };
  useBlocker({
    shouldBlockFn: async () => {
      await pending.current?.catch(() => undefined);
      return false;
    },
    enableBeforeUnload: () => pending.current !== null,
  });
  const selectedOrders = () => unplanned.filter((g) => selected.has(g.pointId)).flatMap((g) => g.orders.map((o) => o.id));

  // What «Optimizar» may change (issue 27 §2): by default only the orders without a route.
  const [scope, setScope] = useState<PlanScope>('unrouted');
  const [intoPublished, setIntoPublished] = useState(false);
  const optimise = async () => {
    if (!hub || !input) return;
    await optimiser.run(dayInputFromEntities({ date, hub, orders, deliveryPoints: [...points.values()], products, routes, users: [...users.values()], bikes, bikeModels, scope, intoPublished }));
  };

  const evaluated = input !== null && evaluatedFor === input;
  const evalOf = (routeId: string): DayPlanRoute | undefined => evaluation?.routes.find((r) => r.route_id === routeId);
  const drafts = dayRoutes.filter((r) => r.status === 'draft');
  const draftWarnings = evaluation ? evaluation.warnings.filter((w) => w.route !== undefined && drafts.some((d) => d.id === evaluation.routes[w.route as number]?.route_id)) : [];
  const publish = (ids: string[]) =>
    act(async () => {
      if (!engine) return;
      if (evaluation) await saveTimes(engine, actor, evaluation);
      await publishRoutes(engine, actor, ids);
    }, t('planning.board.published'));

  // A dragged stop: to another place of its route, or to another route (at a place or its end).
  const onDrop = (d: StopDrop) =>
    void act(async () => {
      if (!engine) return;
      if (d.from !== d.into) return moveStopToRoute(engine, actor, d.from, d.seq, d.into, d.to ?? undefined);
      const to = d.to ?? dayRoutes.find((r) => r.id === d.from)?.stops.length ?? d.seq;
      return to === d.seq ? undefined : placeStop(engine, actor, d.from, d.seq, to);
    });

  // ── Map ──
  const shown = proposal;
  const { mapPoints, mapLines } = useMemo(() => {
    const pts: MapPoint[] = [];
    const lines: MapLine[] = [];
    if (!hub) return { mapPoints: pts, mapLines: lines };
    pts.push({ id: 'hub', lat: hub.lat, lng: hub.lng, label: 'H', color: '#212529', title: t('planning.board.hubMarker') });
    const onProposal = new Set(shown ? shown.routes.flatMap((r) => r.stops.flatMap((s) => s.order_ids)) : []);
    for (const g of unplanned) {
      if (!g.point || !g.located || g.orders.every((o) => onProposal.has(o.id))) continue;
      pts.push({ id: `u:${g.pointId}`, lat: g.point.lat, lng: g.point.lng, label: selected.has(g.pointId) ? '✓' : String(g.orders.length), color: windowColor(g.start), title: g.point.name, cluster: true, weight: g.orders.length });
    }
    const drawn: { id: string; color: string; stops: readonly { delivery_point_id: string }[] }[] = shown
      ? shown.routes.map((r, i) => ({ id: r.route_id ?? `new-${i}`, color: ROUTE_COLORS[i % ROUTE_COLORS.length] as string, stops: r.stops }))
      : dayRoutes.map((r) => ({ id: r.id, color: colorOf.get(r.id) as string, stops: r.stops }));
    for (const r of drawn) {
      const path = [{ lat: hub.lat, lng: hub.lng }];
      r.stops.forEach((s, k) => {
        const p = points.get(s.delivery_point_id);
        if (!p || p.located === false) return;
        path.push({ lat: p.lat, lng: p.lng });
        pts.push({ id: `r:${r.id}:${k + 1}`, lat: p.lat, lng: p.lng, label: String(k + 1), color: r.color, title: p.name });
      });
      path.push({ lat: hub.lat, lng: hub.lng });
      lines.push({ id: r.id, color: r.color, path });
    }
    return { mapPoints: pts, mapLines: lines };
  }, [hub, unplanned, selected, shown, dayRoutes, colorOf, points]);
  const onPointClick = useCallback(
    (id: string, how: { shift: boolean }) => {
      if (id.startsWith('u:')) toggle(id.slice(2), how.shift);
    },
    [toggle],
  );

  const riders = riderOptions([...users.values()]).filter((o) => users.get(o.value)?.hub === hubNo);
  const hubBikes = bikes.filter((b) => b.hub === hubNo && b.status !== 'retired').map((b) => ({ value: b.id, label: b.code }));
  const editable = dayRoutes.filter(isEditableRoute);

  return (
    <Stack data-testid="planning-board">
      <FirstSyncNotice />
      <Group align="flex-end">
        <TextInput type="date" label={t('planning.board.date')} value={date} onChange={(e) => setDate(e.currentTarget.value)} data-testid="board-date" />
        <Select label={t('planning.board.hub')} placeholder={t('planning.board.chooseHub')} data={hubOptions(boardHubs)} value={hubNo > 0 ? String(hubNo) : null} onChange={setHubText} allowDeselect={false} data-testid="board-hub" />
        <PlanScopeControls scope={scope} intoPublished={intoPublished} onScope={setScope} onIntoPublished={setIntoPublished} disabled={running || busy} />
        <ObjectiveSelect hub={hubNo} disabled={running} />
        {running ? (
          <Button color="red" variant="light" onClick={() => abort.current?.abort()}>
            {t('planning.board.cancel')}
          </Button>
        ) : (
          <Button onClick={() => void optimise()} disabled={!input || busy || hubRefused !== null} title={hubRefused ?? undefined} data-testid="optimise">
            {t('planning.board.optimise')}
          </Button>
        )}
        {drafts.length > 0 &&
          (draftWarnings.length > 0 ? (
            <ConfirmButton
              color="teal"
              title={t('planning.board.confirmPublishTitle')}
              message={t('planning.board.confirmPublishBody', { warnings: draftWarnings.map((w) => domainText(w.message)).join('; ') })}
              confirmLabel={t('planning.board.publish')}
              onConfirm={() => publish(drafts.map((d) => d.id))}
              disabled={busy || proposal !== null || !evaluated}
              data-testid="publish-all"
            >
              {t('planning.board.publishAll', { n: drafts.length })}
            </ConfirmButton>
          ) : (
            <Button color="teal" onClick={() => void publish(drafts.map((d) => d.id))} disabled={busy || proposal !== null || !evaluated} data-testid="publish-all">
              {t('planning.board.publishAll', { n: drafts.length })}
            </Button>
          ))}
      </Group>
      {hubRefused && (
        <Alert color="orange" data-testid="board-hub-refusal">
          {hubRefused}
        </Alert>
      )}
      {running && (
        <div data-testid="optimise-progress">
          <Text size="sm">{t('planning.board.optimising')}</Text>
          <Progress value={(progress?.fraction ?? 0) * 100} aria-label={t('planning.board.optimising')} />
        </div>
      )}
      {proposal && (
        <Card withBorder data-testid="proposal" bg="var(--mantine-color-blue-0)">
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t('planning.board.proposal')}
            </Title>
            <Text>
              {t('planning.board.proposalSummary', { routes: proposal.summary.routes, stops: proposal.summary.stops, orders: proposal.summary.orders, km: km(proposal.summary.distance_m), time: duration(proposal.summary.duration_s) })}
            </Text>
            <ProposalBound result={proposal} />
            <List size="sm">
              {proposal.routes.map((r, i) => (
                <List.Item key={r.route_id ?? `new-${i}`} style={{ color: ROUTE_COLORS[i % ROUTE_COLORS.length] }}>
                  {users.get(r.rider_id)?.name ?? r.rider_id} · {bikes.find((b) => b.id === r.bike_id)?.code ?? t('planning.form.noBike')} · {t('planning.board.stopsCount', { n: r.stops.length })} · {km(r.distance_m)} km · {r.planned_start}–{r.end}
                </List.Item>
              ))}
            </List>
            {scope !== 'all' && <Text size="sm">{t('planning.scope.changed', { planned: proposal.routes.flatMap((r) => r.stops.flatMap((st) => st.order_ids)).filter((id) => orderById.get(id)?.route_id === '').length })}</Text>}
            {proposal.warnings.length > 0 && (
              <Alert color="orange" title={t('planning.board.warnings')}>
                <List size="sm">
                  {proposal.warnings.map((w, i) => (
                    <List.Item key={i}>{domainText(w.message)}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            <LeftOutOrders
              proposal={proposal}
              orders={orderById}
              points={points}
              routeNames={proposal.routes.map((r, i) => (r.route_id ? (routes.find((x) => x.id === r.route_id)?.name ?? r.route_id) : t('planning.leftOut.newRouteName', { n: i + 1 })))}
              onNewRoute={(i) => setProposal(withNewRoute(proposal, i, hub?.opens ?? '08:00'))}
              onForce={(i, k) => setProposal(forceIntoRoute(proposal, i, k))}
            />
            {busy && (
              <Alert color="blue" role="status" data-testid="plan-saving">
                {t('planning.board.saving')}
              </Alert>
            )}
            <Group>
              <Button
                onClick={() =>
                  void act(async () => {
                    if (!engine || !hub) return;
                    await saveDayPlan(engine, actor, { date, hub: hub.number, result: proposal });
                    setProposal(null);
                  }, t('planning.board.proposalSaved'))
                }
                loading={busy}
                data-testid="save-proposal"
              >
                {t('planning.board.saveProposal')}
              </Button>
              <Button variant="default" onClick={() => setProposal(null)}>
                {t('planning.board.discardProposal')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Stack gap="xs">
          <LazyMap points={mapPoints} lines={mapLines} height={560} ariaLabel={t('planning.board.mapLabel', { date })} onPointClick={onPointClick} onBoxSelect={onBoxSelect} />
          <Group gap="md" aria-label={t('planning.board.legendWindows')}>
            <Badge color="#1971c2">{t('planning.board.windowMorning')}</Badge>
            <Badge color="#f59f00">{t('planning.board.windowMidday')}</Badge>
            <Badge color="#7048e8">{t('planning.board.windowAfternoon')}</Badge>
            <Badge color={NO_LOCATION_COLOR}>{t('planning.board.noLocation')}</Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {t('planning.board.selectHelp')}
          </Text>
          <Text size="xs" c="dimmed" data-testid="travel-source">
            {evaluation?.travel === 'osrm'
              ? t('planning.travel.osrm')
              : travelTable && evaluation
                ? evaluation.travelError
                  ? t('planning.travel.estimateFallbackWhy', { reason: evaluation.travelError.replace(/\.$/, '') })
                  : t('planning.travel.estimateFallback')
                : t('planning.board.travelEstimate')}
          </Text>
        </Stack>
        <ScrollArea.Autosize mah={900}>
          <Stack>
            {carry.length > 0 && (
              <Card withBorder data-testid="carry-over">
                <Stack gap="xs">
                  <Title order={2} size="h4">
                    {t('planning.board.carryOverTitle', { n: carry.length })}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t('planning.board.carryOverHelp', { days: CARRY_OVER_DAYS })}
                  </Text>
                  <List size="sm" spacing={2}>
                    {carry.map((c) => (
                      <List.Item key={c.order.id}>{t(`planning.board.carryOverReason.${c.reason}`, { order: c.order.code, date: c.order.date })}</List.Item>
                    ))}
                  </List>
                  <Button
                    variant="light"
                    disabled={busy}
                    onClick={() =>
                      void act(async () => {
                        if (!engine) return;
                        const n = await bringCarriedOrders(engine, actor, date, hubNo, carry.map((c) => c.order.id));
                        notifications.show({ color: 'teal', message: t('planning.board.carryOverBrought', { n }) });
                      })
                    }
                  >
                    {t('planning.board.carryOverBring', { n: carry.length })}
                  </Button>
                </Stack>
              </Card>
            )}
            <Card withBorder data-testid="unplanned">
              <Stack gap="xs">
                <Title order={2} size="h4">
                  {t('planning.board.unplanned', { n: unplanned.reduce((a, g) => a + g.orders.length, 0) })}
                </Title>
                {unplanned.length === 0 && <Text c="dimmed">{t('planning.board.noUnplanned')}</Text>}
                {unplanned.map((g) => (
                  <Group key={g.pointId} gap="xs" wrap="nowrap" justify="space-between" data-testid="unplanned-point">
                    <Checkbox
                      checked={selected.has(g.pointId)}
                      onChange={(e) => toggle(g.pointId, e.nativeEvent instanceof MouseEvent && e.nativeEvent.shiftKey)}
                      disabled={!g.located}
                      description={g.located ? undefined : t('planning.place.needed')}
                      label={
                        <Group gap={6} wrap="nowrap">
                          <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, flex: 'none', background: g.located ? windowColor(g.start) : NO_LOCATION_COLOR }} />
                          <span>
                            {g.point?.name ?? g.pointId} · {t('planning.board.window', { start: g.start, end: g.end })} · {t('planning.board.ordersAt', { n: g.orders.length })}
                          </span>
                          {!g.located && (
                            <Badge color="gray" variant="light">
                              {t('planning.board.noLocation')}
                            </Badge>
                          )}
                        </Group>
                      }
                    />
                    {!g.located && g.point && (
                      <Button size="xs" variant="light" color="gray" onClick={() => setPlacing(g.point ?? null)} aria-label={t('planning.place.actionFor', { point: g.point.name })}>
                        {t('planning.place.action')}
                      </Button>
                    )}
                  </Group>
                ))}
                {placing && <PlacePointModal point={placing} onClose={() => setPlacing(null)} />}
                {selected.size > 0 && (
                  <Group>
                    <Text size="sm">{t('planning.board.selected', { n: selected.size })}</Text>
                    <Button size="xs" onClick={() => void act(async () => engine && hub && (await createRouteWithOrders(engine, actor, { date, hub: hub.number, orderIds: selectedOrders() })).id)} disabled={busy}>
                      {t('planning.board.createRoute')}
                    </Button>
                    <Select size="xs" aria-label={t('planning.board.addTo')} placeholder={t('planning.board.addTo')} data={editable.map((r) => ({ value: r.id, label: r.name }))} value={target} onChange={setTarget} />
                    <Button size="xs" variant="light" disabled={busy || !target} onClick={() => void act(async () => engine && target && addOrdersToRoute(engine, actor, target, selectedOrders()))}>
                      {t('planning.board.addToRoute')}
                    </Button>
                    <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
                      {t('planning.board.clearSelection')}
                    </Button>
                  </Group>
                )}
              </Stack>
            </Card>
            <Title order={2} size="h4">
              {t('planning.board.routes', { n: dayRoutes.length })}
            </Title>
            {dayRoutes.length === 0 && <Text c="dimmed">{t('planning.board.noRoutes')}</Text>}
            <StopDragContext onDrop={onDrop}>
              {dayRoutes.map((r) => (
                <RouteCard
                  key={r.id}
                  route={r}
                  color={colorOf.get(r.id) as string}
                  evaluated={evalOf(r.id)}
                  points={points}
                  riders={riders}
                  bikes={hubBikes}
                  others={editable.filter((x) => x.id !== r.id)}
                  busy={busy}
                  act={act}
                  onPublish={() => void publish([r.id])}
                  canPublish={evaluated}
                />
              ))}
            </StopDragContext>
          </Stack>
        </ScrollArea.Autosize>
      </SimpleGrid>
      {/* Below everything else: it appears only once the device is settled, and never shifts the board. */}
      {hub && (
        <DayCheck
          date={date}
          hub={hub.number}
          routes={routes}
          orders={orders}
          busy={busy}
          onRepair={() =>
            void act(async () => {
              if (!engine) return;
              const { written, left } = await repairDayPlan(engine, actor, date, hub.number);
              notifications.show({ color: left.length > 0 ? 'orange' : 'teal', message: left.length > 0 ? t('planning.check.left', { problems: left.map((p) => domainText(problemMessage(p, problemNames(routes, orders)))).join('; ') }) : t('planning.check.repaired', { n: written }) });
            })
          }
        />
      )}
    </Stack>
  );
}

interface RouteCardProps {
  readonly route: Route;
  readonly color: string;
  readonly evaluated: DayPlanRoute | undefined;
  readonly points: ReadonlyMap<string, DeliveryPoint>;
  readonly riders: readonly { value: string; label: string }[];
  readonly bikes: readonly { value: string; label: string }[];
  readonly others: readonly Route[];
  readonly busy: boolean;
  readonly act: (what: () => Promise<unknown>, done?: string) => Promise<void>;
  readonly onPublish: () => void;
  /** The day's evaluation is up to date (its warnings are known). */
  readonly canPublish: boolean;
}

function RouteCard({ route, color, evaluated, points, riders, bikes, others, busy, act, onPublish, canPublish }: RouteCardProps) {
  const engine = useEngine();
  const actor = usePlanningActor();
  const editable = isEditableRoute(route);
  const ev = evaluated;
  const cap = ev && Number.isFinite(ev.capacity.weight_g) ? ev.capacity.weight_g : null;
  const etaOf = new Map((ev?.stops ?? []).map((s) => [s.delivery_point_id, s.eta]));
  const run = (f: (e: NonNullable<typeof engine>) => Promise<unknown>) => void act(async () => engine && f(engine));
  return (
    <RouteDropZone routeId={route.id} routeName={route.name} seqs={route.stops.map((s) => s.seq)} enabled={editable && !busy}>
      {(isOver) => (
        <Card withBorder data-testid="board-route" data-drop-over={isOver || undefined} style={{ borderLeft: `6px solid ${color}`, outline: isOver ? `3px dashed ${color}` : undefined }}>
          <Stack gap="xs">
            <Group justify="space-between">
              <div>
                <Text fw={700} data-testid="board-route-name">
                  {route.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {route.code}
                </Text>
              </div>
              <Group gap="xs">
                <Badge color={ROUTE_STATUS_COLOR[route.status]} variant="light" data-testid="board-route-status">
                  {statusText(MACHINES.route, route.status)}
                </Badge>
                {route.status === 'draft' &&
                  (ev && ev.warnings.length > 0 ? (
                    // A route with warnings (over capacity, a window missed…) is published only once confirmed.
                    <ConfirmButton
                      size="xs"
                      color="teal"
                      variant="light"
                      disabled={busy || !canPublish}
                      title={t('planning.board.confirmPublishTitle')}
                      message={t('planning.board.confirmPublishBody', { warnings: ev.warnings.map((w) => domainText(w.message)).join('; ') })}
                      confirmLabel={t('planning.board.publish')}
                      onConfirm={onPublish}
                      data-testid="publish-route"
                    >
                      {t('planning.board.publish')}
                    </ConfirmButton>
                  ) : (
                    <Button size="xs" color="teal" variant="light" disabled={busy || !canPublish} onClick={onPublish} data-testid="publish-route">
                      {t('planning.board.publish')}
                    </Button>
                  ))}
                <Button size="xs" variant="default" component={Link} to={href('routeDetail', { id: route.id })}>
                  {t('planning.board.openRoute')}
                </Button>
              </Group>
            </Group>
            <SimpleGrid cols={2} spacing="xs">
              <Select size="xs" label={t('planning.board.rider')} data={riders as { value: string; label: string }[]} value={route.rider_id || null} disabled={!editable || busy} onChange={(v) => run((e) => assignRoute(e, actor, route.id, { rider_id: v ?? '' }))} clearable searchable />
              <Select size="xs" label={t('planning.board.bike')} data={bikes as { value: string; label: string }[]} value={route.bike_id || null} disabled={!editable || busy} onChange={(v) => run((e) => assignRoute(e, actor, route.id, { bike_id: v ?? '' }))} clearable searchable />
            </SimpleGrid>
            <Text size="sm" data-testid="board-route-figures">
              {t('planning.board.stopsCount', { n: route.stops.length })} · {t('planning.board.load')}: {ev ? (cap !== null ? t('planning.board.loadValue', { kg: km(ev.load.weight_g), cap: km(cap) }) : t('planning.board.loadUnknown', { kg: km(ev.load.weight_g) })) : '—'} · {t('planning.board.distance')}: {ev ? km(ev.distance_m) : km(route.distance_m)} km · {t('planning.board.duration')}: {ev ? duration(ev.duration_s) : '—'} · {t('planning.board.etas')}: {ev?.stops[0]?.eta ?? '—'} / {ev?.stops.at(-1)?.eta ?? '—'}
            </Text>
            {ev && ev.warnings.length > 0 && (
              <Alert color="orange" p="xs" data-testid="board-route-warnings">
                <List size="sm">
                  {ev.warnings.map((w, i) => (
                    <List.Item key={i}>{domainText(w.message)}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            {!editable && (
              <Text size="xs" c="dimmed">
                {t('planning.board.notEditable')}
              </Text>
            )}
            <Stack gap={4} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {route.stops.map((s) => (
                <StopRow key={s.seq} route={route} stop={s} point={points.get(s.delivery_point_id)} eta={etaOf.get(s.delivery_point_id) ?? s.eta} color={color} others={others} busy={busy} run={run} />
              ))}
            </Stack>
          </Stack>
        </Card>
      )}
    </RouteDropZone>
  );
}

interface StopRowProps {
  readonly route: Route;
  readonly stop: Route['stops'][number];
  readonly point: DeliveryPoint | undefined;
  readonly eta: string;
  readonly color: string;
  readonly others: readonly Route[];
  readonly busy: boolean;
  readonly run: (f: (e: NonNullable<ReturnType<typeof useEngine>>) => Promise<unknown>) => void;
}

function StopRow({ route, stop: s, point: p, eta, color, others, busy, run }: StopRowProps) {
  const actor = usePlanningActor();
  const editable = isEditableRoute(route);
  const name = p?.name ?? s.delivery_point_id;
  const drag = useStopDrag(route.id, route.name, s.seq, name, editable && !busy && s.lock === undefined, editable && !busy);
  return (
    <Group ref={drag.rowRef} style={drag.rowStyle} component="li" gap={4} wrap="nowrap" data-testid="board-stop" data-drop-over={drag.isOver || undefined}>
      {editable && (
        <Tooltip label={s.lock ? t('planning.drag.lockedHandle', { seq: s.seq }) : t('planning.drag.handle', { seq: s.seq })}>
          <ActionIcon ref={drag.handleRef} {...drag.handleProps} variant="subtle" color="gray" size="lg" aria-label={t('planning.drag.handle', { seq: s.seq })} disabled={busy || s.lock !== undefined} style={{ cursor: s.lock ? undefined : 'grab', touchAction: 'none' }} data-testid="stop-drag-handle">
            <IconGripVertical size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      <Badge circle color={color} style={{ flex: 'none' }}>
        {s.seq}
      </Badge>
      <Text size="sm" style={{ flex: 1 }}>
        {name} · {eta} · {t('planning.board.ordersAt', { n: s.order_ids.length })}
        {p?.located === false && ` · ${t('planning.board.noLocation')}`}
      </Text>
      {s.lock && (
        <Badge color="dark" variant="light" leftSection={<IconLock size={12} aria-hidden />} style={{ flex: 'none' }} data-testid="stop-locked">
          {t('planning.board.lockedBadge')}
        </Badge>
      )}
      {editable && (
        <>
          <Tooltip label={t(s.lock ? 'planning.board.unlockStop' : 'planning.board.lockStop', { seq: s.seq })}>
            <ActionIcon
              variant={s.lock ? 'filled' : 'subtle'}
              color="dark"
              size="lg"
              aria-label={t(s.lock ? 'planning.board.unlockStop' : 'planning.board.lockStop', { seq: s.seq })}
              aria-pressed={s.lock !== undefined}
              disabled={busy}
              onClick={() => run((e) => lockStop(e, actor, route.id, s.seq, s.lock ? 'none' : 'position'))}
            >
              {s.lock ? <IconLock size={16} aria-hidden /> : <IconLockOpen size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('planning.board.moveUp', { seq: s.seq })}>
            <ActionIcon variant="subtle" size="lg" aria-label={t('planning.board.moveUp', { seq: s.seq })} disabled={busy || !canMoveStop(route.stops, s.seq, -1)} onClick={() => run((e) => moveStop(e, actor, route.id, s.seq, -1))}>
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('planning.board.moveDown', { seq: s.seq })}>
            <ActionIcon variant="subtle" size="lg" aria-label={t('planning.board.moveDown', { seq: s.seq })} disabled={busy || !canMoveStop(route.stops, s.seq, 1)} onClick={() => run((e) => moveStop(e, actor, route.id, s.seq, 1))}>
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {others.length > 0 && (
            <Select
              size="xs"
              w={130}
              aria-label={t('planning.board.moveTo', { seq: s.seq })}
              placeholder={t('planning.board.moveToPlaceholder')}
              data={others.map((o) => ({ value: o.id, label: o.name }))}
              value={null}
              disabled={busy || s.lock !== undefined}
              onChange={(v) => v && run((e) => moveStopToRoute(e, actor, route.id, s.seq, v))}
            />
          )}
          <Tooltip label={t('planning.board.remove', { seq: s.seq })}>
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('planning.board.remove', { seq: s.seq })} disabled={busy} onClick={() => run((e) => removeStop(e, actor, route.id, s.seq))}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </>
      )}
    </Group>
  );
}
