/**
 * The client's monthly report (issue 34) an operator can send: the client, the month, his orders
 * and what became of them, failed deliveries by reason, on-time and first-attempt rates, proofs
 * of delivery available and the days. A printable page (A4, ./clientMonth.css: no menu, a page
 * per section; «Imprimir» opens the print dialog, where «Guardar como PDF» makes the file to
 * send) and «Descargar XLSX» (one workbook, a sheet per section). The figures are the report
 * «Informes» computes with the client as filter and the month as period (./useReport.ts). It is
 * for the operators and admins of the client's hubs: an admin's report covers every hub, an
 * operator's only his hubs (the hubs he works in, `hubs`); with no order of the client there it
 * shows none (docs/reports.md).
 */
import './clientMonth.css';
import { useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconFileSpreadsheet, IconPrinter } from '@tabler/icons-react';
import { t } from '../../i18n';
import { useCatalog } from '../../data/reference';
import { madridDate } from '../../domain/dates';
import type { ReportFilters } from '../../domain/reports/aggregate';
import { periodOf } from '../../domain/reports/period';
import { downloadXlsx } from '../../ui/crud/xlsx';
import type { ScreenProps } from '../../ui/page/types';
import { useWritableHubs } from '../../ui/hubScope';
import { href } from '../../links/registry';
import { dayLabel, monthLabel, tableSheet } from './cells';
import { clientMonthTables } from './clientMonth';
import { FigureTable } from './ReportTable';
import { useReport } from './useReport';
import '../../i18n/es/reports';

export function ClientMonthPage({ params }: ScreenProps<'reportsClientMonth'>) {
  const clientId = params.clientId ?? '';
  const month = params.month ?? '';
  const today = useMemo(() => madridDate(), []);
  const period = useMemo(() => periodOf('month', today, { month }), [today, month]);
  // An admin reads the client's month in every hub; an operator in his hubs only.
  const writable = useWritableHubs();
  const filters = useMemo<ReportFilters>(() => ({ hub: null, clientId, riderId: null, hubs: writable === 'all' ? null : writable }), [clientId, writable]);
  const { report, busy, error } = useReport(period, filters);
  const { data: clients, loading: clientsLoading } = useCatalog('client');
  const client = clients.find((c) => c.id === clientId) ?? null;
  const tables = useMemo(() => (report ? clientMonthTables(report) : []), [report]);

  const back = (
    <Button variant="default" component={Link} to={href('reports')} leftSection={<IconArrowLeft size={16} aria-hidden />}>
      {t('reports.clientMonth.back')}
    </Button>
  );
  if (period === null) {
    return (
      <Stack>
        <Alert color="red">{t('reports.clientMonth.badMonth', { month })}</Alert>
        <Group>{back}</Group>
      </Stack>
    );
  }
  if (!clientsLoading && client === null) {
    return (
      <Stack>
        <Alert color="red">{t('reports.clientMonth.unknownClient')}</Alert>
        <Group>{back}</Group>
      </Stack>
    );
  }
  const name = client?.name ?? '';
  const exportXlsx = (): void => void downloadXlsx(`${t('reports.clientMonth.file', { client: client?.key ?? clientId, month })}.xlsx`, tables.map(tableSheet));
  const empty = report !== null && report.total.orders.count === 0;

  return (
    <Stack gap="md" className="cb-client-month" data-testid="client-month">
      <Group className="cb-no-print" gap="sm">
        {back}
        <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()} disabled={report === null || empty}>
          {t('reports.clientMonth.print')}
        </Button>
        <Button variant="light" leftSection={<IconFileSpreadsheet size={16} aria-hidden />} onClick={exportXlsx} disabled={report === null || empty}>
          {t('reports.clientMonth.xlsx')}
        </Button>
      </Group>
      <Stack gap={2}>
        <Title order={2}>{name}</Title>
        <Text size="lg">{monthLabel(month)}</Text>
        <Text size="sm" c="dimmed">
          {t('reports.range', { from: dayLabel(period.from), to: dayLabel(period.to) })}
          {report !== null && report.byHub.length > 0 && ` · ${t('reports.clientMonth.hubs', { hubs: report.byHub.map((h) => h.name).join(', ') })}`}
        </Text>
      </Stack>
      {error !== null && <Alert color="red">{t('reports.error', { message: error })}</Alert>}
      {busy && error === null && (
        <Group gap="xs" data-testid="report-loading">
          <Loader size="sm" />
          <Text size="sm">{t('reports.loading')}</Text>
        </Group>
      )}
      {empty && <Alert color="blue">{t('reports.clientMonth.noOrders', { client: name, month: monthLabel(month) })}</Alert>}
      {report !== null &&
        !empty &&
        tables.map((spec) => (
          <section key={spec.id} className="cb-client-month-section" aria-labelledby={`client-month-${spec.id}`} data-testid={`client-month-${spec.id}`}>
            <Title order={3} size="h4" id={`client-month-${spec.id}`} mb="xs">
              {spec.title}
            </Title>
            <FigureTable spec={spec} />
          </section>
        ))}
    </Stack>
  );
}
