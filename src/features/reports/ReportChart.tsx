/**
 * A chart of «Informes» (issue 34), drawn with @mantine/charts (recharts). This module — and the
 * chart library with its CSS — is loaded lazily by ./ReportTable.tsx, so only the reports chunk
 * carries it. The chart is a `<figure>` named by its title and described in words; the table
 * next to it holds every figure the chart draws. Axis labels, legend and tooltip read in the
 * interface's language; numbers are written with its locale (formatNumber / formatDecimal).
 */
import '@mantine/charts/styles.css';
import { useId } from 'react';
import { BarChart, LineChart } from '@mantine/charts';
import { Stack, Text } from '@mantine/core';
import { formatDecimal, formatNumber } from '../../i18n';
import type { ChartSpec } from './cells';

const HEIGHT = 260;
const count = (v: number): string => formatNumber(v);
const percent = (v: number): string => `${formatNumber(v)} %`;

export default function ReportChart({ spec }: { spec: ChartSpec }) {
  const titleId = useId();
  const descriptionId = useId();
  const hasPercent = spec.series.some((s) => s.unit === 'percent');
  const series = spec.series.map((s) => ({ name: s.name, label: s.label, color: s.color, ...(s.unit === 'percent' ? { yAxisId: 'right' } : {}) }));
  const common = {
    h: HEIGHT,
    data: spec.data as Record<string, string | number>[],
    dataKey: spec.dataKey,
    series,
    withLegend: true,
    legendProps: { verticalAlign: 'bottom' as const, height: 40 },
    xAxisLabel: spec.xLabel,
    yAxisLabel: spec.yLabel,
    // Counts are whole numbers and shares carry one decimal: both read right with at most one.
    valueFormatter: (v: number) => formatDecimal(v, 1),
    yAxisProps: { tickFormatter: count, allowDecimals: false },
    ...(hasPercent ? { withRightYAxis: true, rightYAxisLabel: spec.rightLabel, rightYAxisProps: { tickFormatter: percent, domain: [0, 100] } } : {}),
  };
  // Room for the right axis' label.
  const margin = { top: 8, right: hasPercent ? 24 : 8, bottom: 0, left: 8 };
  return (
    <Stack component="figure" gap={4} m={0} aria-labelledby={titleId} aria-describedby={descriptionId} data-testid="report-chart">
      <Text component="figcaption" id={titleId} fw={600} size="sm">
        {spec.title}
      </Text>
      <Text id={descriptionId} size="xs" c="dimmed">
        {spec.description}
      </Text>
      {spec.type === 'line' ? <LineChart {...common} curveType="linear" lineChartProps={{ margin }} /> : <BarChart {...common} barChartProps={{ margin }} />}
    </Stack>
  );
}
