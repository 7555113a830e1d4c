/**
 * Routes of any date (issue 11): /routes (list with date range, hub, rider and status filters,
 * virtualized), /routes/route/:id (stops, orders, progress, timeline of its delivery events, map),
 * /routes/route/form/:id (`new` = new route; the status offers only the steps of the route machine
 * the user's role may take) and /routes/route-synlab/:id (what Synlab sees: only its stops).
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, Progress, Select, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from '@tanstack/react-router';
import { IconPlus } from '@tabler/icons-react';
import { z } from 'zod';
import { formatDate, t, type MessageKey } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import { useEngine, useLiveQuery } from '../../data/hooks';
import { useCatalog } from '../../data/reference';
import { routesInRange } from '../../data/queries';
import { saveRoute, type RouteFields } from '../../data/planning';
import { ValidationFailed } from '../../data/writes';
import { madridDate } from '../../domain/dates';
import { routeProgress, type StopState } from '../../domain/delivery';
import type { Order, Route } from '../../domain/entities/operation';
import { MACHINES, nextStatuses, ROUTE_STATUSES, routeMachine, type RouteStatus } from '../../domain/status/machines';
import { EntityTable, RowLink, RowTag, type Column, type Filter } from '../../ui/crud/EntityTable';
import { hubFilter, hubLabel, hubOptions, hubSelect } from '../../ui/crud/options';
import { zodValidate } from '../../ui/form/validate';
import { LazyMap } from '../../ui/map/LazyMap';
import { RiderSelect } from '../../ui/RiderSelect';
import { ROUTE_STATUS_COLOR } from '../../ui/statusColors';
import { FirstSyncNotice, MissingUntilSynced } from '../../ui/sync/FirstSync';
import { SyncNotices } from '../../ui/sync/SyncNotices';
import { useBikes, usePlanningActor, usePointsById, useRouteDoc, useRouteOrders, useRoutesEvents, useUsers } from './hooks';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` plus `days` days (calendar arithmetic, no time zone involved). */
export function shiftDate(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function validDate(s: string): boolean {
  return ISO_DATE.test(s) && shiftDate(s, 0) === s;
}

export function RouteStatusTag({ status }: { status: RouteStatus }) {
  return (
    <Badge color={ROUTE_STATUS_COLOR[status]} variant="light" data-testid="route-status">
      {MACHINES.route.labels[status]}
    </Badge>
  );
}

const STOP_STATE_COLOR: Record<StopState, string> = { pending: 'gray', done: 'teal', partial: 'orange', failed: 'red' };
const STOP_STATE_LABEL: Record<StopState, MessageKey> = {
  pending: 'delivery.outcome_pending',
  done: 'delivery.outcome_delivered',
  partial: 'delivery.outcome_partial',
  failed: 'delivery.outcome_failed',
};

// ── /routes ──────────────────────────────────────────────────────────────────────────────────

export function RoutesListPage() {
  const today = madridDate();
  const [from, setFrom] = useState(() => shiftDate(today, -7));
  const [to, setTo] = useState(() => shiftDate(today, 7));
  const fromError = validDate(from) ? null : t('planning.list.dateInvalid');
  const toError = !validDate(to) ? t('planning.list.dateInvalid') : validDate(from) && to < from ? t('planning.list.rangeInvalid') : validDate(from) && to > shiftDate(from, 366) ? t('planning.list.rangeTooLong') : null;
  const ok = fromError === null && toError === null;
  const { data: routes, loading } = useLiveQuery<Route[]>((db) => (ok ? routesInRange(db, from, to) : null), [from, to, ok], []);
  const { data: hubs } = useCatalog('hub');
  const users = useUsers();
  const riderName = (id: string) => (id ? (users.get(id)?.name ?? id) : t('planning.list.noRider'));
  const columns = useMemo<Column<Route>[]>(
    () => [
      { key: 'code', header: t('planning.fields.code'), value: (r) => r.code, render: (r) => <RowLink to={`/routes/route/${encodeURIComponent(r.id)}`}>{r.code}</RowLink>, width: '1.4fr' },
      { key: 'name', header: t('planning.fields.name'), value: (r) => r.name, width: '2fr' },
      { key: 'date', header: t('planning.fields.date'), value: (r) => r.date, width: '110px' },
      { key: 'hub', header: t('planning.fields.hub'), value: (r) => hubLabel(hubs, r.hub), width: '1.2fr' },
      { key: 'rider', header: t('planning.fields.rider'), value: (r) => riderName(r.rider_id), width: '1.4fr' },
      { key: 'stops', header: t('planning.fields.stops'), value: (r) => r.stops.length, width: '80px' },
      { key: 'start', header: t('planning.fields.plannedStart'), value: (r) => r.planned_start, width: '90px' },
      { key: 'status', header: t('planning.fields.status'), value: (r) => MACHINES.route.labels[r.status], render: (r) => <RowTag color={ROUTE_STATUS_COLOR[r.status]}>{MACHINES.route.labels[r.status]}</RowTag>, width: '130px' },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- riderName reads `users`
    [hubs, users],
  );
  const filters = useMemo<Filter<Route>[]>(() => {
    const riders = [...users.values()].filter((u) => u.role === 'rider').sort((a, b) => a.name.localeCompare(b.name, 'es'));
    return [
      hubFilter<Route>(hubs),
      { key: 'rider', label: t('planning.fields.rider'), options: [{ value: '-', label: t('planning.list.noRider') }, ...riders.map((u) => ({ value: u.id, label: u.name }))], test: (r, v) => (v === '-' ? r.rider_id === '' : r.rider_id === v) },
      { key: 'status', label: t('planning.fields.status'), options: ROUTE_STATUSES.map((s) => ({ value: s, label: MACHINES.route.labels[s] })), test: (r, v) => r.status === v },
    ];
  }, [hubs, users]);
  return (
    <Stack>
      <FirstSyncNotice />
      <Group align="flex-start">
        <TextInput type="date" label={t('planning.list.from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} error={fromError} data-testid="routes-from" />
        <TextInput type="date" label={t('planning.list.to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} error={toError} data-testid="routes-to" />
      </Group>
      <EntityTable
        label={t('planning.list.label')}
        rows={routes}
        loading={loading && routes.length === 0}
        columns={columns}
        filters={filters}
        rowKey={(r) => r.id}
        csvName={t('planning.list.csv')}
        toolbar={
          <Button component={Link} to="/routes/route/form/new" leftSection={<IconPlus size={16} aria-hidden />}>
            {t('planning.list.create')}
          </Button>
        }
        actions={(r) => (
          <>
            <RowLink button to={`/routes/route/form/${encodeURIComponent(r.id)}`}>
              {t('common.edit')}
            </RowLink>
            <RowLink button to={`/routes/route-synlab/${encodeURIComponent(r.id)}`}>
              {t('planning.list.synlab')}
            </RowLink>
          </>
        )}
        actionsWidth="190px"
      />
    </Stack>
  );
}

// ── /routes/route/:id ────────────────────────────────────────────────────────────────────────

function windowOf(orders: readonly Order[]): string {
  if (orders.length === 0) return '';
  const start = orders.map((o) => o.window_start).sort()[orders.length - 1] as string;
  const end = orders.map((o) => o.window_end).sort()[0] as string;
  return `${start}–${end}`;
}

function RouteHeader({ route, children }: { route: Route; children?: ReactNode }) {
  const { data: hubs } = useCatalog('hub');
  const users = useUsers();
  const bikes = useBikes();
  const bike = bikes.find((b) => b.id === route.bike_id);
  return (
    <Card withBorder>
      <Group justify="space-between" align="flex-start">
        <div>
          <Text fw={700} size="lg" data-testid="route-name">
            {route.name}
          </Text>
          <Text size="sm" c="dimmed">
            {route.code} · {route.date} · {hubLabel(hubs, route.hub)}
          </Text>
          <Text size="sm">
            {t('planning.fields.rider')}: {route.rider_id ? (users.get(route.rider_id)?.name ?? route.rider_id) : t('planning.list.noRider')} · {t('planning.fields.bike')}: {bike?.code ?? t('planning.form.noBike')} · {t('planning.fields.plannedStart')}: {route.planned_start} · {t('planning.fields.distance')}: {(route.distance_m / 1000).toLocaleString('es-ES', { maximumFractionDigits: 1 })} km
          </Text>
        </div>
        <Group>
          <RouteStatusTag status={route.status} />
          {children}
        </Group>
      </Group>
    </Card>
  );
}

function StopsTable({ route, orders, states, label }: { route: Route; orders: readonly Order[]; states: ReadonlyMap<number, StopState>; label: string }) {
  const { data: points } = usePointsById(route.stops.map((s) => s.delivery_point_id));
  const byId = new Map(orders.map((o) => [o.id, o]));
  return (
    <Table striped aria-label={label} data-testid="route-stops">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('planning.detail.seq')}</Table.Th>
          <Table.Th>{t('planning.detail.point')}</Table.Th>
          <Table.Th>{t('planning.detail.eta')}</Table.Th>
          <Table.Th>{t('planning.detail.window')}</Table.Th>
          <Table.Th>{t('planning.fields.orders')}</Table.Th>
          <Table.Th>{t('planning.detail.state')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {route.stops.map((s) => {
          const stopOrders = s.order_ids.map((id) => byId.get(id)).filter((o): o is Order => o !== undefined);
          const state = states.get(s.seq) ?? 'pending';
          const point = points.get(s.delivery_point_id);
          return (
            <Table.Tr key={s.seq} data-testid="route-stop">
              <Table.Td>{s.seq}</Table.Td>
              <Table.Td>
                {point ? `${point.name} · ${point.address}` : t('planning.detail.unknownPoint', { id: s.delivery_point_id })}
              </Table.Td>
              <Table.Td>{s.eta}</Table.Td>
              <Table.Td>{windowOf(stopOrders)}</Table.Td>
              <Table.Td>{s.order_ids.map((id) => byId.get(id)?.code ?? id).join(', ')}</Table.Td>
              <Table.Td>
                <Badge color={STOP_STATE_COLOR[state]} variant="light">
                  {t(STOP_STATE_LABEL[state])}
                </Badge>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

function RouteMap({ route }: { route: Route }) {
  const { data: points } = usePointsById(route.stops.map((s) => s.delivery_point_id));
  const { data: hubs } = useCatalog('hub');
  const hub = hubs.find((h) => h.number === route.hub);
  const mapPoints = useMemo(
    () =>
      route.stops.flatMap((s) => {
        const p = points.get(s.delivery_point_id);
        return p ? [{ id: `${s.seq}`, lat: p.lat, lng: p.lng, label: String(s.seq), title: p.name }] : [];
      }),
    [route, points],
  );
  const lines = useMemo(() => (hub ? [{ id: route.id, color: '#1c7ed6', path: [hub, ...mapPoints, hub] }] : []), [hub, mapPoints, route.id]);
  const all = useMemo(() => (hub ? [{ id: 'hub', lat: hub.lat, lng: hub.lng, label: 'H', color: '#212529', title: hub.name }, ...mapPoints] : mapPoints), [hub, mapPoints]);
  return <LazyMap points={all} lines={lines} ariaLabel={t('planning.detail.mapLabel', { route: route.name })} />;
}

export function RouteViewPage({ params }: ScreenProps) {
  const { data: route, loading } = useRouteDoc(params.id);
  const { data: orders } = useRouteOrders(params.id);
  const ids = useMemo(() => (params.id ? [params.id] : []), [params.id]);
  const { data: events } = useRoutesEvents(ids);
  if (loading) return <Loader aria-label={t('app.loading')} />;
  if (!route)
    return (
      <MissingUntilSynced>
        <Alert color="orange">{t('planning.detail.notFound')}</Alert>
      </MissingUntilSynced>
    );
  const progress = routeProgress(route, events);
  const states = new Map(progress.stops.map((s) => [s.seq, s.state]));
  const codeOf = new Map(orders.map((o) => [o.id, o.code]));
  const timeline = events.slice().sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
  return (
    <Stack>
      <RouteHeader route={route}>
        <Button component={Link} to={`/routes/route/form/${encodeURIComponent(route.id)}`} variant="light">
          {t('planning.detail.edit')}
        </Button>
        <Button component={Link} to={`/routes/route-synlab/${encodeURIComponent(route.id)}`} variant="default">
          {t('planning.list.synlab')}
        </Button>
      </RouteHeader>
      <SyncNotices docs={[{ collection: 'routes', id: route.id }]} />
      <div>
        <Progress value={progress.total === 0 ? 0 : (progress.visited / progress.total) * 100} aria-label={t('planning.fields.progress')} />
        <Text size="sm" mt={4} data-testid="route-progress">
          {t('planning.detail.progress', { done: progress.visited, total: progress.total })}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Stack>
          <Title order={2} size="h4">
            {t('planning.detail.stops')}
          </Title>
          <StopsTable route={route} orders={orders} states={states} label={t('planning.detail.stops')} />
        </Stack>
        <RouteMap route={route} />
      </SimpleGrid>
      <Title order={2} size="h4">
        {t('planning.detail.timeline')}
      </Title>
      {timeline.length === 0 ? (
        <Text c="dimmed">{t('planning.detail.noEvents')}</Text>
      ) : (
        <Stack component="ol" gap={4} data-testid="route-timeline" style={{ paddingLeft: 20 }}>
          {timeline.map((e) => (
            <li key={e.id}>
              {t('planning.detail.eventLine', { time: formatDate(e.at, 'HH:mm'), what: t(`planning.detail.event_${e.kind}` as MessageKey), order: codeOf.get(e.order_id) ?? e.order_id })}
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

// ── /routes/route-synlab/:id ─────────────────────────────────────────────────────────────────

export function RouteSynlabPage({ params }: ScreenProps) {
  const { data: route, loading } = useRouteDoc(params.id);
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

// ── /routes/route/form/:id ───────────────────────────────────────────────────────────────────

interface RouteFormValues extends Record<string, unknown> {
  name: string;
  date: string;
  hub: string;
  rider_id: string;
  bike_id: string;
  planned_start: string;
  status: RouteStatus;
  cancel_reason: string;
}

export const routeFormSchema = z
  .object({
    name: z.string().trim().min(1, { error: t('planning.form.nameRequired') }).max(120, { error: t('planning.form.nameTooLong') }),
    date: z.string().refine(validDate, { error: t('planning.form.dateInvalid') }),
    hub: hubSelect(),
    rider_id: z.string(),
    bike_id: z.string(),
    planned_start: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: t('planning.form.startInvalid') }),
    status: z.enum(ROUTE_STATUSES),
    cancel_reason: z.string().max(500),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'cancelled' && v.cancel_reason.trim() === '') ctx.addIssue({ code: 'custom', path: ['cancel_reason'], message: t('planning.form.cancelReasonRequired') });
  });

export function RouteFormPage({ params }: ScreenProps) {
  const isNew = params.id === 'new';
  const { data: route, loading } = useRouteDoc(isNew ? undefined : params.id);
  const user = usePlanningActor();
  if (!isNew && loading) return <Loader aria-label={t('app.loading')} />;
  if (!isNew && !route)
    return (
      <MissingUntilSynced>
        <Alert color="orange">{t('planning.detail.notFound')}</Alert>
      </MissingUntilSynced>
    );
  return <RouteForm key={route?.id ?? 'new'} route={route} role={user.role} />;
}

function RouteForm({ route, role }: { route: Route | null; role: ReturnType<typeof usePlanningActor>['role'] }) {
  const engine = useEngine();
  const actor = usePlanningActor();
  const navigate = useNavigate();
  const { data: hubs } = useCatalog('hub');
  const bikes = useBikes();
  const sessionHub = useSessionHub();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<RouteFormValues>({
    mode: 'controlled',
    initialValues: route
      ? { name: route.name, date: route.date, hub: String(route.hub), rider_id: route.rider_id, bike_id: route.bike_id, planned_start: route.planned_start, status: route.status, cancel_reason: route.cancel_reason }
      : { name: '', date: shiftDate(madridDate(), 1), hub: sessionHub > 0 ? String(sessionHub) : '', rider_id: '', bike_id: '', planned_start: '08:00', status: routeMachine.initial, cancel_reason: '' },
    validate: zodValidate(routeFormSchema) as never,
  });
  const values = form.getValues();
  // The user's hub arrives with the first sync: a new route takes it when none is chosen yet.
  useEffect(() => {
    if (!route && sessionHub > 0 && form.getValues().hub === '') form.setFieldValue('hub', String(sessionHub));
    // `form` is stable across renders (Mantine keeps one instance).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [route, sessionHub]);
  const statusOptions = (route ? [route.status, ...nextStatuses(routeMachine, route.status, role)] : [routeMachine.initial]).map((s) => ({ value: s, label: routeMachine.labels[s] }));
  const bikeOptions = bikes.filter((b) => String(b.hub) === values.hub && (b.status !== 'retired' || b.id === values.bike_id)).map((b) => ({ value: b.id, label: b.code }));
  const submit = form.onSubmit(
    async (v) => {
      if (!engine) return;
      setBusy(true);
      setError(null);
      const fields: RouteFields = { name: v.name.trim(), date: v.date, hub: Number(v.hub), rider_id: v.rider_id, bike_id: v.bike_id, planned_start: v.planned_start, status: v.status, cancel_reason: v.cancel_reason.trim() };
      try {
        const saved = await saveRoute(engine, actor, route?.id ?? null, fields);
        notifications.show({ color: 'teal', message: route ? t('planning.form.saved') : t('planning.form.created') });
        await navigate({ to: `/routes/route/${encodeURIComponent(saved.id)}` });
      } catch (err) {
        if (err instanceof ValidationFailed) {
          const map: Record<string, string> = {};
          for (const e of err.errors) if (e.path) map[e.path.split('.')[0] as string] = e.message;
          form.setErrors(map);
          setError(t('crud.fixErrors'));
        } else setError(err instanceof Error ? err.message : String(err));
      } finally {
        setBusy(false);
      }
    },
    () => setError(t('crud.fixErrors')),
  );
  return (
    <form onSubmit={submit} noValidate data-testid="route-form">
      <Stack>
        {error && (
          <Alert color="red" role="alert" data-testid="form-error">
            {error}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('planning.fields.name')} {...form.getInputProps('name')} />
          <TextInput type="date" label={t('planning.fields.date')} {...form.getInputProps('date')} />
          <Select label={t('planning.fields.hub')} data={hubOptions(hubs)} {...form.getInputProps('hub')} allowDeselect={false} />
          <RiderSelect value={values.rider_id || null} onChange={(v) => form.setFieldValue('rider_id', v ?? '')} error={form.errors.rider_id} />
          <Select label={t('planning.fields.bike')} placeholder={t('planning.form.noBike')} data={bikeOptions} value={values.bike_id || null} onChange={(v) => form.setFieldValue('bike_id', v ?? '')} error={form.errors.bike_id} clearable searchable />
          <TextInput type="time" label={t('planning.fields.plannedStart')} {...form.getInputProps('planned_start')} />
          <Select
            label={t('planning.fields.status')}
            description={t('planning.form.statusHelp', { status: routeMachine.labels[route?.status ?? routeMachine.initial] })}
            data={statusOptions}
            {...form.getInputProps('status')}
            allowDeselect={false}
          />
          {values.status === 'cancelled' && <Textarea label={t('planning.fields.cancelReason')} {...form.getInputProps('cancel_reason')} autosize minRows={2} />}
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={busy}>
            {t('common.save')}
          </Button>
          <Button variant="default" component={Link} to={route ? `/routes/route/${encodeURIComponent(route.id)}` : '/routes'}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function useSessionHub(): number {
  const users = useUsers();
  const actor = usePlanningActor();
  return users.get(actor.userId)?.hub ?? 0;
}
