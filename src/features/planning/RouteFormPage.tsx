import { useEffect } from 'react';
import { Alert, Button, Group, Loader, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from '@tanstack/react-router';
import { t } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import { useDocById, useEngine } from '../../data/hooks';
import { useCatalog } from '../../data/reference';
import { saveRoute, type RouteFields } from '../../data/planning';
import { ValidationFailed } from '../../data/writes';
import { madridDate } from '../../domain/dates';
import type { Route } from '../../domain/entities/operation';
import { nextStatuses, routeMachine, type RouteStatus } from '../../domain/status/machines';
import { hubOptions } from '../../ui/crud/options';
import { hubRefusal, useWritableHubs } from '../../ui/hubScope';
import { mayWriteHub } from '../../domain/access/hubScope';
import { zodValidate } from '../../ui/form/validate';
import { RiderSelect } from '../../ui/RiderSelect';
import { MissingUntilSynced } from '../../ui/sync/FirstSync';
import { useBikes, usePlanningActor, useUsers } from './hooks';
import { shiftDate, routeFormSchema } from './routesShared';
import { href, linkTo } from '../../links/registry';
import type { DataEngine } from '../../data/engine';
import { useAction } from '../../ui/action/useAction';
import { messageOf } from '../../ui/errors';
import { statusText } from '../../i18n/status';
import { FormError } from '../../ui/form/FormError';
import '../../i18n/es/planning';

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

export function RouteFormPage({ params }: ScreenProps<'routeForm'>) {
  const isNew = params.id === 'new';
  const { data: route, loading } = useDocById('routes', isNew ? undefined : params.id);
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
  // A refused route: its messages next to their fields, the summary on top.
  const save = useAction(
    async (engine: DataEngine, id: string | null, fields: RouteFields) => {
      const saved = await saveRoute(engine, { id, fields }, actor);
      notifications.show({ color: 'teal', message: id ? t('planning.form.saved') : t('planning.form.created') });
      await navigate({ ...linkTo('routeDetail', { id: saved.id }) });
    },
    {
      describe: (err) => {
        if (!(err instanceof ValidationFailed)) return messageOf(err);
        const map: Record<string, string> = {};
        for (const e of err.errors) if (e.path) map[e.path.split('.')[0] as string] = e.message;
        form.setErrors(map);
        return t('crud.fixErrors');
      },
    },
  );
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
  const statusOptions = (route ? [route.status, ...nextStatuses(routeMachine, route.status, role)] : [routeMachine.initial]).map((s) => ({ value: s, label: statusText(routeMachine, s) }));
  // An operator plans only in his hub (issue 29, finding 6): his hub offered, another hub's route read-only.
  const writable = useWritableHubs();
  const hubChoices = hubOptions(hubs.filter((h) => mayWriteHub(writable, h.number) || (route !== null && h.number === route.hub)));
  const refusal = (route ? hubRefusal(writable, route.hub) : null) ?? (values.hub !== '' ? hubRefusal(writable, Number(values.hub)) : null);
  const bikeOptions = bikes.filter((b) => String(b.hub) === values.hub && (b.status !== 'retired' || b.id === values.bike_id)).map((b) => ({ value: b.id, label: b.code }));
  const submit = form.onSubmit(
    async (v) => {
      if (!engine) return;
      const fields: RouteFields = { name: v.name.trim(), date: v.date, hub: Number(v.hub), rider_id: v.rider_id, bike_id: v.bike_id, planned_start: v.planned_start, status: v.status, cancel_reason: v.cancel_reason.trim() };
      await save.run(engine, route?.id ?? null, fields);
    },
    () => save.fail(t('crud.fixErrors')),
  );
  return (
    <form onSubmit={submit} noValidate data-testid="route-form">
      <Stack>
        <FormError error={save.error} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('planning.fields.name')} {...form.getInputProps('name')} />
          <TextInput type="date" label={t('planning.fields.date')} {...form.getInputProps('date')} />
          <Select label={t('planning.fields.hub')} data={hubChoices} {...form.getInputProps('hub')} allowDeselect={false} data-testid="route-form-hub" />
          <RiderSelect value={values.rider_id || null} onChange={(v) => form.setFieldValue('rider_id', v ?? '')} error={form.errors.rider_id} />
          <Select label={t('planning.fields.bike')} placeholder={t('planning.form.noBike')} data={bikeOptions} value={values.bike_id || null} onChange={(v) => form.setFieldValue('bike_id', v ?? '')} error={form.errors.bike_id} clearable searchable />
          <TextInput type="time" label={t('planning.fields.plannedStart')} {...form.getInputProps('planned_start')} />
          <Select
            label={t('planning.fields.status')}
            description={t('planning.form.statusHelp', { status: statusText(routeMachine, route?.status ?? routeMachine.initial) })}
            data={statusOptions}
            {...form.getInputProps('status')}
            allowDeselect={false}
          />
          {values.status === 'cancelled' && <Textarea label={t('planning.fields.cancelReason')} {...form.getInputProps('cancel_reason')} autosize minRows={2} />}
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={save.busy} disabled={refusal !== null} aria-describedby={refusal ? 'route-hub-refusal' : undefined}>
            {t('common.save')}
          </Button>
          <Button variant="default" component={Link} to={route ? href('routeDetail', { id: route.id }) : href('routes')}>
            {t('common.cancel')}
          </Button>
        </Group>
        {refusal && (
          <Text size="sm" c="orange.9" id="route-hub-refusal" data-testid="route-hub-refusal">
            {refusal}
          </Text>
        )}
      </Stack>
    </form>
  );
}

function useSessionHub(): number {
  const users = useUsers();
  const actor = usePlanningActor();
  return users.get(actor.userId)?.hub ?? 0;
}
