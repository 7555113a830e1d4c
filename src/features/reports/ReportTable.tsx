/**
 * One table of «Informes» (issue 34): its title, its CSV and XLSX exports, the chart that sits
 * with it (loaded lazily, with the chart library, only when a report is shown) and the table
 * itself, whose counts open the orders behind them.
 */
import { lazy, Suspense } from 'react';
import { Button, Group, Loader, Stack, Table, Title, UnstyledButton } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { formatNumber, t } from '../../i18n';
import type { Report } from '../../domain/reports/aggregate';
import { downloadCsv, toCsv } from '../../ui/crud/csv';
import { downloadXlsx } from '../../ui/crud/xlsx';
import { cellText, csvText, exportName, isCount, tableSheet, type CountCell, type TableSpec } from './cells';
import '../../i18n/es/reports';

const ReportChart = lazy(() => import('./ReportChart'));

/** The rows of a table (counts open their orders when `onOpen` is given). */
export function FigureTable({ spec, onOpen }: { spec: TableSpec; onOpen?: (c: CountCell) => void }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped withTableBorder highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {spec.headers.map((h, i) => (
              <Table.Th key={i}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {spec.rows.map((row, i) => (
            <Table.Tr key={i}>
              {row.map((c, j) => (
                <Table.Td key={j}>
                  {isCount(c) && onOpen && c.count > 0 ? (
                    <UnstyledButton onClick={() => onOpen(c)} aria-label={t('reports.open', { figure: c.label, n: c.count })} style={{ textDecoration: 'underline', minHeight: 24 }}>
                      {formatNumber(c.count)}
                    </UnstyledButton>
                  ) : (
                    cellText(c)
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function ReportTable({ spec, report, onOpen }: { spec: TableSpec; report: Report; onOpen: (c: CountCell) => void }) {
  const name = exportName(spec.id, report);
  const exportCsv = (): void => downloadCsv(`${name}.csv`, toCsv(spec.headers, spec.rows.map((r) => r.map(csvText))));
  const exportXlsx = (): void => void downloadXlsx(`${name}.xlsx`, [tableSheet(spec)]);
  return (
    <Stack gap="xs" data-testid={`report-table-${spec.id}`}>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4">
          {spec.title}
        </Title>
        <Group gap="xs">
          <Button size="xs" variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={exportCsv} aria-label={`${t('reports.exportCsv')}: ${spec.title}`}>
            {t('reports.exportCsv')}
          </Button>
          <Button size="xs" variant="light" leftSection={<IconFileSpreadsheet size={16} aria-hidden />} onClick={exportXlsx} aria-label={`${t('reports.exportXlsx')}: ${spec.title}`}>
            {t('reports.exportXlsx')}
          </Button>
        </Group>
      </Group>
      {spec.chart && spec.rows.length > 0 && (
        <Suspense fallback={<Loader size="sm" aria-label={t('reports.charts.loading')} />}>
          <ReportChart spec={spec.chart} />
        </Suspense>
      )}
      <FigureTable spec={spec} onOpen={onOpen} />
    </Stack>
  );
}
