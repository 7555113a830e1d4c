/**
 * «Informes» (issue 34): the operation report of a period, filtered by hub, client and rider.
 * The period's data is read from the local database (src/data/reports.ts) and aggregated in the
 * reports Web Worker (src/workers/reportsClient.ts), so the page never computes a month itself.
 * Every count opens the orders behind it in a drawer; every table exports its CSV. Definitions
 * of the figures: docs/reports.md.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Drawer, Group, Loader, Select, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { formatNumber, t } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import { statusText } from '../../i18n/status';
import { useDocsByIds, useLiveQuery } from '../../data/hooks';
import { useCatalog } from '../../data/reference';
import { riders as ridersQuery } from '../../data/queries';
import { useReportData } from '../../data/reports';
import { madridDate } from '../../domain/dates';
import type { Order, PaymentMethod, User } from '../../domain/entities/operation';
import { PAYMENT_METHODS } from '../../domain/entities/operation';
import { INCIDENCE_KINDS } from '../../domain/entities/events';
import { share, type GroupRow, type Report, type ReportFilters, type TallyFigure } from '../../domain/reports/aggregate';
import type { FigureRef, ReportGroup } from '../../domain/reports/figures';
import { PERIOD_KINDS, periodOf, type PeriodKind } from '../../domain/reports/period';
import { MACHINES } from '../../domain/status/machines';
import { downloadCsv, toCsv } from '../../ui/crud/csv';
import { RowLink } from '../../ui/crud/EntityTable';
import { hubOptions } from '../../ui/crud/options';
import { startReportsWorker, type ReportsWorker } from '../../workers/reportsClient';
import { href } from '../../links/registry';
import { extraTables } from './extraTables';

/** A count that opens its orders. */
interface CountCell {
  readonly count: number;
  readonly ref: FigureRef;
  readonly label: string;
}
type Cell = string | number | CountCell;

interface TableSpec {
  readonly id: string;
  readonly title: string;
  readonly headers: readonly string[];
  readonly rows: readonly (readonly Cell[])[];
}

const percent = (part: number, whole: number): string => `${formatNumber(share(part, whole) * 100, 1)} %`;
const euros = (cents: number): string => formatNumber(cents / 100, 2);
const dayLabel = (date: string): string => formatDate(Date.parse(`${date}T12:00:00Z`), 'dd/MM/yyyy');
const figureLabel = (f: TallyFigure): string => t(`reports.figures.${f}`);

function cellText(c: Cell): string {
  if (typeof c === 'object') return String(c.count);
  return typeof c === 'number' ? String(c) : c;
}

/** The CSV file name of a table. */
function csvName(table: string, report: Report): string {
  return t('reports.csv.file', { table, from: report.period.from, to: report.period.to });
}

function ReportTable({ spec, report, onOpen }: { spec: TableSpec; report: Report; onOpen: (c: CountCell) => void }) {
  const exportCsv = (): void => downloadCsv(`${csvName(spec.id, report)}.csv`, toCsv(spec.headers, spec.rows.map((r) => r.map(cellText))));
  return (
    <Stack gap="xs" data-testid={`report-table-${spec.id}`}>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4">
          {spec.title}
        </Title>
        <Button size="xs" variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={exportCsv} aria-label={`${t('reports.exportCsv')}: ${spec.title}`}>
          {t('reports.exportCsv')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={480}>
        <Table striped withTableBorder highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {spec.headers.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {spec.rows.map((row, i) => (
              <Table.Tr key={i}>
                {row.map((c, j) => (
                  <Table.Td key={j}>
                    {typeof c === 'object' ? (
                      c.count > 0 ? (
                        <UnstyledButton onClick={() => onOpen(c)} aria-label={t('reports.open', { figure: c.label, n: c.count })} style={{ textDecoration: 'underline', minHeight: 24 }}>
                          {formatNumber(c.count)}
                        </UnstyledButton>
                      ) : (
                        '0'
                      )
                    ) : typeof c === 'number' ? (
                      formatNumber(c)
                    ) : (
                      c
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** The tables of a report. */
function tablesOf(report: Report, riderName: (id: string) => string): TableSpec[] {
  const total = report.total;
  const tally = (group: ReportGroup, key: string, f: TallyFigure, count: number, label: string): CountCell => ({ count, ref: { kind: 'tally', group, key, figure: f }, label });
  const serviceFigures: TallyFigure[] = ['orders', 'stops', 'delivered', 'partial', 'failed', 'returned', 'cancelled', 'open', 'onTime', 'early', 'late', 'attempted', 'firstAttempt', 'failedAttempts'];
  const service: TableSpec = {
    id: 'servicio',
    title: t('reports.sections.service'),
    headers: [t('reports.columns.kind'), t('reports.columns.count'), '%'],
    rows: serviceFigures.map((f) => [figureLabel(f), tally('total', '', f, total[f].count, figureLabel(f)), f === 'stops' || f === 'failedAttempts' ? '' : percent(total[f].count, total.orders.count)]),
  };

  const groupTable = (id: string, title: string, group: ReportGroup, first: string, rows: readonly GroupRow[], name: (r: GroupRow) => string, withReasons: boolean): TableSpec => {
    const figures: TallyFigure[] = ['orders', 'stops', 'delivered', 'partial', 'failed', 'returned', 'onTime', 'firstAttempt', 'failedAttempts'];
    const reasons = withReasons ? Object.keys(report.reasonNames) : [];
    return {
      id,
      title,
      headers: [first, ...figures.map(figureLabel), t('reports.figures.onTimeRate'), t('reports.figures.firstAttemptRate'), ...reasons.map((r) => report.reasonNames[r] ?? r)],
      rows: rows.map((r) => [
        name(r),
        ...figures.map((f) => tally(group, r.key, f, r.tally[f].count, `${figureLabel(f)} · ${name(r)}`)),
        percent(r.tally.onTime.count, r.tally.delivered.count + r.tally.partial.count),
        percent(r.tally.firstAttempt.count, r.tally.attempted.count),
        ...reasons.map((reason): CountCell => ({ count: r.tally.failedByReason[reason]?.count ?? 0, ref: { kind: 'reason', group, key: r.key, reason }, label: `${report.reasonNames[reason] ?? reason} · ${name(r)}` })),
      ]),
    };
  };

  const reasons: TableSpec = {
    id: 'motivos',
    title: t('reports.sections.reasons'),
    headers: [t('reports.columns.reason'), t('reports.figures.failedAttempts'), '%'],
    rows: Object.entries(total.failedByReason).map(([id, f]) => [report.reasonNames[id] ?? id, { count: f.count, ref: { kind: 'reason', group: 'total', key: '', reason: id }, label: report.reasonNames[id] ?? id }, percent(f.count, total.failedAttempts.count)]),
  };
  const incidences: TableSpec = {
    id: 'incidencias',
    title: t('reports.sections.incidences'),
    headers: [t('reports.columns.kind'), t('reports.columns.count')],
    rows: INCIDENCE_KINDS.map((k) => {
      const label = t(`reports.incidenceKinds.${k}`);
      return [label, { count: report.incidencesByKind[k].count, ref: { kind: 'incidence', incidence: k }, label }];
    }),
  };
  const m = report.money;
  const methodLabel = (method: PaymentMethod): string => t(`reports.methods.${method}`);
  const money: TableSpec = {
    id: 'cobros',
    title: t('reports.sections.money'),
    headers: [t('reports.columns.method'), t('reports.columns.payments'), t('reports.columns.amount')],
    rows: [
      ...PAYMENT_METHODS.map((method): Cell[] => [methodLabel(method), { count: m.byMethod[method].count, ref: { kind: 'method', method }, label: methodLabel(method) }, euros(m.byMethod[method].cents)]),
      [t('reports.money.differences'), { count: m.differences.count, ref: { kind: 'differences' }, label: t('reports.money.differences') }, euros(m.differences.cents)],
      [t('reports.money.handedOver'), m.handedOver.count, euros(m.handedOver.cents)],
      [t('reports.money.handoverDifference'), '', euros(m.handedOver.differenceCents)],
      [t('reports.money.writtenOff'), '', euros(m.handedOver.writtenOffCents)],
      [t('reports.money.cashOnHand'), '', euros(m.cashOnHandCents)],
    ],
  };
  const cash: TableSpec = {
    id: 'efectivo',
    title: t('reports.sections.cash'),
    headers: [t('reports.columns.rider'), t('reports.columns.payments'), t('reports.columns.collectedCash'), t('reports.columns.handedOver'), t('reports.columns.writtenOff'), t('reports.columns.onHand')],
    rows: m.cashWithRiders.map((r) => [riderName(r.riderId), { count: r.collected.count, ref: { kind: 'cash', riderId: r.riderId }, label: `${t('reports.columns.collectedCash')} · ${riderName(r.riderId)}` }, euros(r.collected.cents), euros(r.handedOverCents), euros(r.writtenOffCents), euros(r.onHandCents)]),
  };
  return [
    service,
    groupTable('dias', t('reports.sections.days'), 'byDay', t('reports.columns.day'), report.byDay, (r) => dayLabel(r.key), false),
    reasons,
    incidences,
    money,
    cash,
    groupTable('clientes', t('reports.sections.clients'), 'byClient', t('reports.columns.client'), report.byClient, (r) => r.name, true),
    groupTable('riders', t('reports.sections.riders'), 'byRider', t('reports.columns.rider'), report.byRider, (r) => riderName(r.key), false),
    groupTable('hubs', t('reports.sections.hubs'), 'byHub', t('reports.columns.hub'), report.byHub, (r) => r.name, false),
  ];
}

/** At most this many orders are listed in the drawer (the CSV of the figure's table has the counts). */
const DRAWER_MAX = 200;

function OrdersDrawer({ opened, title, ids, onClose }: { opened: boolean; title: string; ids: readonly string[]; onClose: () => void }) {
  const shown = useMemo(() => ids.slice(0, DRAWER_MAX), [ids]);
  const { data: orders, loading } = useDocsByIds('orders', shown);
  const list = shown.map((id) => orders.get(id)).filter((o): o is Order => o !== undefined);
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="lg" title={t('reports.drawer.title', { figure: title })}>
      <Stack gap="xs" data-testid="report-orders">
        {ids.length > DRAWER_MAX && <Text size="sm">{t('reports.drawer.more', { shown: DRAWER_MAX, n: ids.length })}</Text>}
        {loading && ids.length > 0 ? (
          <Loader size="sm" />
        ) : list.length === 0 ? (
          <Text>{t('reports.drawer.none')}</Text>
        ) : (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reports.drawer.code')}</Table.Th>
                <Table.Th>{t('reports.drawer.date')}</Table.Th>
                <Table.Th>{t('reports.drawer.window')}</Table.Th>
                <Table.Th>{t('reports.drawer.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((o) => (
                <Table.Tr key={o.id} data-order-id={o.id}>
                  <Table.Td>
                    <RowLink to={href('editOrder', { id: o.id })}>{o.code}</RowLink>
                  </Table.Td>
                  <Table.Td>{dayLabel(o.date)}</Table.Td>
                  <Table.Td>{`${o.window_start}–${o.window_end}`}</Table.Td>
                  <Table.Td>{statusText(MACHINES.order, o.status)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Drawer>
  );
}

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
  const { data, loading, error } = useReportData(period, reload);
  const { data: hubs } = useCatalog('hub');
  const { data: clients } = useCatalog('client');
  const { data: riderUsers } = useLiveQuery<User[]>((db) => ridersQuery(db), [], []);
  const filters = useMemo<ReportFilters>(() => ({ hub: hub === '' ? null : Number(hub), clientId: client === '' ? null : client, riderId: rider === '' ? null : rider }), [hub, client, rider]);

  const worker = useRef<ReportsWorker | null>(null);
  const [sent, setSent] = useState<object | null>(null);
  const [result, setResult] = useState<{ report: Report; ms: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [drawer, setDrawer] = useState<{ title: string; ids: string[] } | null>(null);

  useEffect(() => {
    worker.current = startReportsWorker();
    return () => {
      worker.current?.close();
      worker.current = null;
    };
  }, []);

  // New data: send it to the worker (in parts), then compute.
  useEffect(() => {
    const w = worker.current;
    if (!w || !data) return undefined;
    let live = true;
    setSent(null);
    w.send(data).then(
      () => {
        if (live) setSent(data);
      },
      (err: unknown) => live && setFailure(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, [data]);

  useEffect(() => {
    const w = worker.current;
    if (!w || !sent || !period) return undefined;
    let live = true;
    w.api.compute(period, filters).then(
      (r) => {
        if (live) {
          setResult(r);
          setFailure(null);
        }
      },
      (err: unknown) => live && setFailure(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the period's days, not its object
  }, [sent, period?.from, period?.to, filters]);

  const userNames = useMemo(() => new Map((data?.users ?? []).map((u) => [u.id, u.name])), [data]);
  const riderName = (id: string): string => (id === '' ? t('reports.noRider') : (userNames.get(id) ?? id));
  const report = result?.report ?? null;
  const current = report !== null && period !== null && report.period.from === period.from && report.period.to === period.to && report.filters.hub === filters.hub && report.filters.clientId === filters.clientId && report.filters.riderId === filters.riderId;
  const busy = loading || !current;

  const open = (c: CountCell): void => {
    const w = worker.current;
    if (!w) return;
    void w.api.orderIds(c.ref).then((ids) => setDrawer({ title: c.label, ids }));
  };

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
      </Group>
      {period === null ? (
        <Alert color="red">{t('reports.badRange')}</Alert>
      ) : (
        <Text size="sm" c="dimmed">
          {t('reports.range', { from: dayLabel(period.from), to: dayLabel(period.to) })} · {t('reports.deviceOnly')}
        </Text>
      )}
      {(error ?? failure) !== null && <Alert color="red">{t('reports.error', { message: error ?? failure ?? '' })}</Alert>}
      {period !== null && busy && (
        <Group gap="xs" data-testid="report-loading">
          <Loader size="sm" />
          <Text size="sm">{t('reports.loading')}</Text>
        </Group>
      )}
      {period !== null && report !== null && current && (
        <Stack gap="lg" data-testid="report">
          <Text size="sm" c="dimmed">
            {t('reports.computedIn', { ms: formatNumber(result?.ms ?? 0), orders: formatNumber(report.total.orders.count) })}
          </Text>
          {[...tablesOf(report, riderName), ...extraTables(report, riderName)].map((spec) => (
            <ReportTable key={spec.id} spec={spec} report={report} onOpen={open} />
          ))}
        </Stack>
      )}
      <OrdersDrawer opened={drawer !== null} title={drawer?.title ?? ''} ids={drawer?.ids ?? []} onClose={() => setDrawer(null)} />
    </Stack>
  );
}
