import { useAllDocs } from '../../data/hooks';
import '../../i18n/es/planning';
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
 * The board's state and which buttons may be pressed live in ./boardModel.ts (pure), what it shows
 * in ./boardView.ts (pure); this component reads, dispatches and draws (issue 30 §2). Times, loads
 * and warnings of the routes as they stand come from evaluateDay (the worker), run again after
 * every change; «Publicar» stores those ETAs on the routes first.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { Badge, Group, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { t } from '../../i18n';
import { domainText } from '../../i18n/domain';
import { useCatalog } from '../../data/reference';
import { useTravelTable } from '../../data/travel';
import { withHubObjective } from '../../data/planningObjective';
import { addOrdersToRoute, bringCarriedOrders, createRouteWithOrders, moveStopToRoute, placeStop, publishRoutes, repairDayPlan, saveDayPlan, saveTimes } from '../../data/planning';
import { madridDate } from '../../domain/dates';
import { dayInputFromEntities } from '../../domain/routing/fromEntities';
import { isEditableRoute, isLocatedPoint } from '../../domain/routing/edit';
import { problemMessage, problemNames } from '../../domain/routing/integrity';
import { defaultHub, writableOf } from '../../domain/access/hubScope';
import { getOptimiser } from '../../workers/optimiser';
import { hubRefusal, useWritableHubs } from '../../ui/hubScope';
import { LazyMap } from '../../ui/map/LazyMap';
import { riderOptions } from '../../ui/RiderSelect';
import { FirstSyncNotice } from '../../ui/sync/FirstSync';
import { StopDragContext, type StopDrop } from './StopDrag';
import { shiftDate } from './routesShared';
import { DayCheck } from './DayCheck';
import { BoardToolbar } from './BoardToolbar';
import { ProposalCard } from './ProposalCard';
import { CarryOverCard } from './CarryOverCard';
import { UnplannedCard } from './UnplannedCard';
import { RouteCard } from './RouteCard';
import { boardCommands, boardReducer, initialBoard, isEvaluated, proposalOf } from './boardModel';
import { NO_LOCATION_COLOR, dayRoutesOf, mapLayers, ordersOfPoints, routeColor, unplannedGroups } from './boardView';
import { useBoardChange, useBoardData } from './boardData';
import { useBikes, useCarryOver, usePlanningActor, useUsers } from './hooks';

export { ROUTE_COLORS, windowColor } from './boardView';

export function PlanningBoardPage() {
  return <PlanningBoard />;
}

export function PlanningBoard() {
  const actor = usePlanningActor();
  const users = useUsers();
  const bikes = useBikes();
  const products = useAllDocs('products').data;
  const { data: hubs } = useCatalog('hub');
  const { data: bikeModels } = useCatalog('bike-model');
  const [state, dispatch] = useReducer(boardReducer, shiftDate(madridDate(), 1), initialBoard);
  const { date } = state;
  const myHub = users.get(actor.userId)?.hub ?? 0;
  // An operator plans his hub only (issue 29, finding 6): the selector offers the hubs he writes in.
  const writable = useWritableHubs();
  const boardHubs = writable === 'all' || writable.length === 0 ? hubs : writableOf(hubs, writable);
  const hubNo = Number(state.hubText ?? defaultHub(writable, myHub, hubs[0]?.number ?? 0));
  const hubRefused = hubNo > 0 ? hubRefusal(writable, hubNo) : null;
  const hub = hubs.find((h) => h.number === hubNo);
  const { orders, routes, points } = useBoardData(date, hubNo);
  const carry = useCarryOver(date, hubNo, /^\d{4}-\d{2}-\d{2}$/.test(date) && hubNo > 0);
  const travelTable = useTravelTable();
  const change = useBoardChange();
  const { busy, act } = change;
  const proposal = proposalOf(state);

  const orderById = useMemo(() => new Map(orders.map((o) => [o.id, o])), [orders]);
  const dayRoutes = useMemo(() => dayRoutesOf(routes), [routes]);
  const unplanned = useMemo(() => unplannedGroups(orders, points), [orders, points]);
  const entities = useMemo(() => (hub ? { date, hub, orders, deliveryPoints: [...points.values()], products, routes, users: [...users.values()], bikes, bikeModels } : null), [hub, date, orders, points, products, routes, users, bikes, bikeModels]);
  const input = useMemo(() => (entities ? dayInputFromEntities(entities) : null), [entities]);

  // Times, loads and warnings of the routes as they stand (the worker, after every change).
  useEffect(() => {
    if (!input) return undefined;
    let live = true;
    getOptimiser()
      .evaluateDay(input, travelTable ? { travelTable } : {})
      .then((result) => live && dispatch({ type: 'evaluated', input, result }))
      .catch(() => live && dispatch({ type: 'evaluated', input, result: null }));
    return () => {
      live = false;
    };
  }, [input, travelTable]);
  const evaluation = input !== null ? state.evaluation : null;

  // Selections of points no longer unplanned are dropped.
  useEffect(() => dispatch({ type: 'unplanned', pointIds: unplanned.map((g) => g.pointId) }), [unplanned]);

  // «Optimizar»: one run at a time, numbered; another day or hub drops it (./boardModel.ts).
  const runs = useRef({ next: 1, abort: null as AbortController | null });
  useEffect(() => () => runs.current.abort?.abort(), [date, hubNo]);
  const optimise = async () => {
    if (!entities) return;
    const run = runs.current.next++;
    const controller = new AbortController();
    runs.current.abort = controller;
    dispatch({ type: 'optimiseStarted', run });
    try {
      const dayInput = withHubObjective(dayInputFromEntities({ ...entities, scope: state.scope, intoPublished: state.intoPublished }), hubNo);
      const proposal = await getOptimiser().planDay(dayInput, { seed: 1, timeLimitMs: 3000, onProgress: (progress) => dispatch({ type: 'optimiseProgress', run, progress }), signal: controller.signal, ...(travelTable ? { travelTable } : {}) });
      dispatch({ type: 'optimiseDone', run, proposal });
    } catch (err) {
      dispatch({ type: 'optimiseFailed', run });
      if (!controller.signal.aborted) notifications.show({ color: 'red', message: t('planning.board.optimiseFailed', { reason: change.describe(err) }) });
    } finally {
      if (runs.current.abort === controller) runs.current.abort = null;
    }
  };

  const drafts = dayRoutes.filter((r) => r.status === 'draft');
  const editable = dayRoutes.filter(isEditableRoute);
  const commands = boardCommands(state, { input, busy, hubRefused, drafts: drafts.length, editable: editable.map((r) => r.id) });
  const draftWarnings = evaluation ? evaluation.warnings.filter((w) => w.route !== undefined && drafts.some((d) => d.id === evaluation.routes[w.route as number]?.route_id)).map((w) => domainText(w.message)) : [];
  const publish = (ids: string[]) =>
    act(async (e) => {
      if (evaluation) await saveTimes(e, { evaluation }, actor);
      await publishRoutes(e, { routeIds: ids }, actor);
    }, t('planning.board.published'));

  // A dragged stop: to another place of its route, or to another route (at a place or its end).
  const onDrop = (d: StopDrop) =>
    void act(async (e) => {
      if (d.from !== d.into) return moveStopToRoute(e, { fromId: d.from, seq: d.seq, toId: d.into, toSeq: d.to ?? undefined }, actor);
      const to = d.to ?? dayRoutes.find((r) => r.id === d.from)?.stops.length ?? d.seq;
      return to === d.seq ? undefined : placeStop(e, { routeId: d.from, seq: d.seq, to }, actor);
    });

  const selectable = useMemo(() => new Set([...points.values()].filter((p) => isLocatedPoint(p)).map((p) => p.id)), [points]);
  const listOrder = useMemo(() => unplanned.map((g) => g.pointId), [unplanned]);
  const layers = useMemo(() => mapLayers({ hub, hubTitle: t('planning.board.hubMarker'), unplanned, selected: state.choice.selected, proposal, dayRoutes, points }), [hub, unplanned, state.choice.selected, proposal, dayRoutes, points]);
  const onPointClick = useCallback((id: string, how: { shift: boolean }) => id.startsWith('u:') && dispatch({ type: 'toggle', pointId: id.slice(2), shift: how.shift, order: listOrder, selectable }), [listOrder, selectable]);
  const onBoxSelect = useCallback((ids: string[]) => dispatch({ type: 'box', pointIds: ids.filter((id) => id.startsWith('u:')).map((id) => id.slice(2)), selectable }), [selectable]);

  const riders = riderOptions([...users.values()]).filter((o) => users.get(o.value)?.hub === hubNo);
  const hubBikes = bikes.filter((b) => b.hub === hubNo && b.status !== 'retired').map((b) => ({ value: b.id, label: b.code }));
  const selectedOrders = () => ordersOfPoints(unplanned, state.choice.selected);
  const placing = state.placing ? (points.get(state.placing) ?? null) : null;

  return (
    <Stack data-testid="planning-board">
      <FirstSyncNotice />
      <BoardToolbar state={state} hubs={boardHubs} hubNo={hubNo} hubRefused={hubRefused} commands={commands} busy={busy} drafts={drafts.length} draftWarnings={draftWarnings} dispatch={dispatch} onOptimise={() => void optimise()} onCancel={() => runs.current.abort?.abort()} onPublishAll={() => void publish(drafts.map((d) => d.id))} />
      {proposal && (
        <ProposalCard
          proposal={proposal}
          scope={state.scope}
          orders={orderById}
          points={points}
          routes={routes}
          users={users}
          bikes={bikes}
          busy={busy}
          save={commands.saveProposal}
          onSave={() =>
            void act(async (e) => {
              if (!hub) return;
              await saveDayPlan(e, { date, hub: hub.number, result: proposal }, actor);
              dispatch({ type: 'discardProposal' });
            }, t('planning.board.proposalSaved'))
          }
          onDiscard={() => dispatch({ type: 'discardProposal' })}
          onNewRoute={(index) => dispatch({ type: 'newRoute', index, opens: hub?.opens ?? '08:00' })}
          onForce={(index, route) => dispatch({ type: 'force', index, route })}
        />
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Stack gap="xs">
          <LazyMap points={layers.points} lines={layers.lines} height={560} ariaLabel={t('planning.board.mapLabel', { date })} onPointClick={onPointClick} onBoxSelect={onBoxSelect} />
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
            {evaluation?.travel === 'osrm' ? t('planning.travel.osrm') : travelTable && evaluation ? (evaluation.travelError ? t('planning.travel.estimateFallbackWhy', { reason: evaluation.travelError.replace(/\.$/, '') }) : t('planning.travel.estimateFallback')) : t('planning.board.travelEstimate')}
          </Text>
        </Stack>
        <ScrollArea.Autosize mah={900}>
          <Stack>
            {carry.length > 0 && (
              <CarryOverCard
                carry={carry}
                busy={busy}
                onBring={() =>
                  void act(async (e) => {
                    const n = await bringCarriedOrders(e, { date, hub: hubNo, orderIds: carry.map((c) => c.order.id) }, actor);
                    notifications.show({ color: 'teal', message: t('planning.board.carryOverBrought', { n }) });
                  })
                }
              />
            )}
            <UnplannedCard
              groups={unplanned}
              selected={state.choice.selected}
              placing={placing}
              editable={editable}
              target={state.target}
              createRoute={commands.createRoute}
              addToRoute={commands.addToRoute}
              onToggle={(pointId, shift) => dispatch({ type: 'toggle', pointId, shift, order: listOrder, selectable })}
              onPlace={(pointId) => dispatch({ type: 'place', pointId })}
              onTarget={(routeId) => dispatch({ type: 'target', routeId })}
              onCreateRoute={() => void act(async (e) => hub && (await createRouteWithOrders(e, { date, hub: hub.number, orderIds: selectedOrders() }, actor)).id)}
              onAddToRoute={() => void act(async (e) => state.target && addOrdersToRoute(e, { routeId: state.target, orderIds: selectedOrders() }, actor))}
              onClear={() => dispatch({ type: 'clearSelection' })}
            />
            <Title order={2} size="h4">
              {t('planning.board.routes', { n: dayRoutes.length })}
            </Title>
            {dayRoutes.length === 0 && <Text c="dimmed">{t('planning.board.noRoutes')}</Text>}
            <StopDragContext onDrop={onDrop}>
              {dayRoutes.map((r, i) => (
                <RouteCard key={r.id} route={r} color={routeColor(i)} evaluated={evaluation?.routes.find((x) => x.route_id === r.id)} points={points} riders={riders} bikes={hubBikes} others={editable.filter((x) => x.id !== r.id)} busy={busy} act={(what, done) => act(() => what(), done)} onPublish={() => void publish([r.id])} canPublish={isEvaluated(state, input)} />
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
            void act(async (e) => {
              const { written, left } = await repairDayPlan(e, { date, hub: hub.number }, actor);
              notifications.show({ color: left.length > 0 ? 'orange' : 'teal', message: left.length > 0 ? t('planning.check.left', { problems: left.map((p) => domainText(problemMessage(p, problemNames(routes, orders)))).join('; ') }) : t('planning.check.repaired', { n: written }) });
            })
          }
        />
      )}
    </Stack>
  );
}
