/**
 * «Informes» (issue 34): the operation report of a period, filtered by hub, client and rider.
 * The period's data is read from the local database and aggregated in the reports Web Worker
 * (./useReport.ts), so the page never computes a month itself. Every count opens the orders
 * behind it in a drawer; every table exports its CSV and XLSX; three tables carry a chart
 * (./reportTables.ts). With a client chosen, «Informe mensual del cliente» opens his printable
 * month (./ClientMonthPage.tsx). Definitions of the figures: docs/reports.md.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconFileReport, IconRefresh } from '@tabler/icons-react';
import { formatNumber, t } from '../../i18n';
import { useLiveQuery } from '../../data/hooks';
import { useCatalog } from '../../data/reference';
import { riders as ridersQuery } from '../../data/queries';
import { madridDate } from '../../domain/dates';
import type { User } from '../../domain/entities/operation';
import type { ReportFilters } from '../../domain/reports/aggregate';
import { PERIOD_KINDS, periodOf, type PeriodKind } from '../../domain/reports/period';
import { hubOptions } from '../../ui/crud/options';
import { href } from '../../links/registry';
import { dayLabel, monthLabel, type CountCell, type TableSpec } from './cells';
import { tablesOf } from './reportTables';
import { ReportTable } from './ReportTable';
import { OrdersDrawer } from './OrdersDrawer';
import { useReport } from './useReport';
import '../../i18n/es/reports';
import { extraTables } from './extraTables';

export function ReportsPage() {
  const today = useMemo(() => madridDate(), []);
  const [kind, setKind] = useState<PeriodKind>('today');
  const [month, setMonth] = useState(today.slice(0, 7));
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [hub, setHub] = useState('');
  const [client, setClient] = useState('');
  const [rider, setRider] = useState('');
  const [reload, setReload] = useState(0);
  const period = useMemo(() => periodOf(kind, today, { month, from, to }), [kind, today, month, from, to]);
  const { data: hubs } = useCatalog('hub');
  const { data: clients } = useCatalog('client');
  const { data: riderUsers } = useLiveQuery<User[]>((db) => ridersQuery(db), [], []);
  const filters = useMemo<ReportFilters>(() => ({ hub: hub === '' ? null : Number(hub), clientId: client === '' ? null : client, riderId: rider === '' ? null : rider }), [hub, client, rider]);
  const { report, ms, busy, error, users, notice, orderIds } = useReport(period, filters, reload);
  const [drawer, setDrawer] = useState<{ title: string; ids: string[] } | null>(null);

  const userNames = useMemo(() => new Map(users.map((u) => [u.id, u.name])), [users]);
  const riderName = (id: string): string => (id === '' ? t('reports.noRider') : (userNames.get(id) ?? id));
  const open = (c: CountCell): void => void orderIds(c.ref).then((ids) => setDrawer({ title: c.label, ids }));
  // The tables of the report; further tables are appended to this list.
  const tables: TableSpec[] = report ? [...tablesOf(report, riderName), ...extraTables(report, riderName)] : [];
  // The client's monthly report: the month chosen, or the month of the period's last day.
  const clientMonth = kind === 'month' ? month : (period?.to.slice(0, 7) ?? today.slice(0, 7));

  const periodControls: ReactNode =
    kind === 'month' ? (
      <TextInput type="month" label={t('reports.month')} value={month} onChange={(e) => setMonth(e.currentTarget.value)} style={{ flex: '0 1 170px' }} />
    ) : kind === 'custom' ? (
      <>
        <TextInput type="date" label={t('reports.from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} style={{ flex: '0 1 170px' }} />
        <TextInput type="date" label={t('reports.to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} style={{ flex: '0 1 170px' }} />
      </>
    ) : null;

  return (
    <Stack gap="md">
      <Text size="sm">{t('reports.intro')}</Text>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <Select
          label={t('reports.period')}
          data={PERIOD_KINDS.map((k) => ({ value: k, label: t(`reports.periods.${k}`) }))}
          value={kind}
          onChange={(v) => setKind((v as PeriodKind | null) ?? 'today')}
          allowDeselect={false}
          style={{ flex: '0 1 200px' }}
        />
        {periodControls}
        <Select label={t('reports.hub')} data={[{ value: '', label: t('reports.all') }, ...hubOptions(hubs)]} value={hub} onChange={(v) => setHub(v ?? '')} allowDeselect={false} style={{ flex: '0 1 200px' }} />
        <Select label={t('reports.client')} data={[{ value: '', label: t('reports.all') }, ...clients.map((c) => ({ value: c.id, label: c.name }))]} value={client} onChange={(v) => setClient(v ?? '')} allowDeselect={false} style={{ flex: '0 1 200px' }} />
        <Select
          label={t('reports.rider')}
          data={[{ value: '', label: t('reports.all') }, ...riderUsers.map((u) => ({ value: u.id, label: u.name }))]}
          value={rider}
          onChange={(v) => setRider(v ?? '')}
          allowDeselect={false}
          searchable
          style={{ flex: '0 1 200px' }}
        />
        <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => setReload((n) => n + 1)}>
          {t('reports.refresh')}
        </Button>
        {client !== '' && /^\d{4}-\d{2}$/.test(clientMonth) && (
          <Button variant="light" component={Link} to={href('reportsClientMonth', { clientId: client, month: clientMonth })} leftSection={<IconFileReport size={16} aria-hidden />}>
            {t('reports.clientMonth.open', { month: monthLabel(clientMonth) })}
          </Button>
        )}
      </Group>
      {period === null ? (
        <Alert color="red">{t('reports.badRange')}</Alert>
      ) : (
        <Text size="sm" c="dimmed">
          {t('reports.range', { from: dayLabel(period.from), to: dayLabel(period.to) })}
          {notice !== null && (
            <>
              {' · '}
              <span data-testid="report-source" data-source={notice}>
                {t(`reports.source.${notice}`)}
              </span>
            </>
          )}
        </Text>
      )}
      {error !== null && <Alert color="red">{t('reports.error', { message: error })}</Alert>}
      {period !== null && busy && (
        <Group gap="xs" data-testid="report-loading">
          <Loader size="sm" />
          <Text size="sm">{t('reports.loading')}</Text>
        </Group>
      )}
      {period !== null && report !== null && (
        <Stack gap="lg" data-testid="report">
          <Text size="sm" c="dimmed">
            {t('reports.computedIn', { ms: formatNumber(ms), orders: formatNumber(report.total.orders.count) })}
          </Text>
          {tables.map((spec) => (
            <ReportTable key={spec.id} spec={spec} report={report} onOpen={open} />
          ))}
        </Stack>
      )}
      <OrdersDrawer opened={drawer !== null} title={drawer?.title ?? ''} ids={drawer?.ids ?? []} onClose={() => setDrawer(null)} />
    </Stack>
  );
}
