import { useMemo, useState } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconPlus } from '@tabler/icons-react';
import { t } from '../../i18n';
import { useLiveQuery } from '../../data/hooks';
import { useCatalog } from '../../data/reference';
import { routesInRange } from '../../data/queries';
import { madridDate } from '../../domain/dates';
import type { Route } from '../../domain/entities/operation';
import { MACHINES, ROUTE_STATUSES } from '../../domain/status/machines';
import { EntityTable, RowLink, RowTag, type Column, type Filter } from '../../ui/crud/EntityTable';
import { hubFilter, hubLabel } from '../../ui/crud/options';
import { ROUTE_STATUS_COLOR } from '../../ui/statusColors';
import { FirstSyncNotice } from '../../ui/sync/FirstSync';
import { useUsers } from './hooks';
import { shiftDate, validDate } from './routesShared';
import { href } from '../../links/registry';
import { statusText } from '../../i18n/status';
import '../../i18n/es/planning';

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
      { key: 'code', header: t('planning.fields.code'), value: (r) => r.code, render: (r) => <RowLink to={href('routeDetail', { id: r.id })}>{r.code}</RowLink>, width: '1.4fr' },
      { key: 'name', header: t('planning.fields.name'), value: (r) => r.name, width: '2fr' },
      { key: 'date', header: t('planning.fields.date'), value: (r) => r.date, width: '110px' },
      { key: 'hub', header: t('planning.fields.hub'), value: (r) => hubLabel(hubs, r.hub), width: '1.2fr' },
      { key: 'rider', header: t('planning.fields.rider'), value: (r) => riderName(r.rider_id), width: '1.4fr' },
      { key: 'stops', header: t('planning.fields.stops'), value: (r) => r.stops.length, width: '80px' },
      { key: 'start', header: t('planning.fields.plannedStart'), value: (r) => r.planned_start, width: '90px' },
      { key: 'status', header: t('planning.fields.status'), value: (r) => statusText(MACHINES.route, r.status), render: (r) => <RowTag color={ROUTE_STATUS_COLOR[r.status]}>{statusText(MACHINES.route, r.status)}</RowTag>, width: '130px' },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- riderName reads `users`
    [hubs, users],
  );
  const filters = useMemo<Filter<Route>[]>(() => {
    const riders = [...users.values()].filter((u) => u.role === 'rider').sort((a, b) => a.name.localeCompare(b.name, 'es'));
    return [
      hubFilter<Route>(hubs),
      { key: 'rider', label: t('planning.fields.rider'), options: [{ value: '-', label: t('planning.list.noRider') }, ...riders.map((u) => ({ value: u.id, label: u.name }))], test: (r, v) => (v === '-' ? r.rider_id === '' : r.rider_id === v) },
      { key: 'status', label: t('planning.fields.status'), options: ROUTE_STATUSES.map((s) => ({ value: s, label: statusText(MACHINES.route, s) })), test: (r, v) => r.status === v },
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
          <Button component={Link} to={href('routeForm', { id: 'new' })} leftSection={<IconPlus size={16} aria-hidden />}>
            {t('planning.list.create')}
          </Button>
        }
        actions={(r) => (
          <>
            <RowLink button to={href('routeForm', { id: r.id })}>
              {t('common.edit')}
            </RowLink>
            <RowLink button to={href('routeSynlab', { id: r.id })}>
              {t('planning.list.synlab')}
            </RowLink>
          </>
        )}
        actionsWidth="190px"
      />
    </Stack>
  );
}
