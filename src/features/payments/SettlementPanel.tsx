/**
 * Settling card and transfer payments from a statement (issue 13), the third tab of
 * /payments/all_orders: the operator chooses the CSV of the payment provider or of the bank,
 * sees what every line does (to settle, already reconciled, a different amount, not settled this
 * way, repeated, no order) and which lines could not be read and why, then settles the exact
 * matches in one go. Nothing is written before «Liquidar».
 */
import { useMemo, useState } from 'react';
import { Alert, Badge, Button, FileButton, Group, List, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileUpload } from '@tabler/icons-react';
import { formatMoney, hasMessage, t } from '../../i18n';
import { formatDay } from '../../i18n/dates';
import { useEngine } from '../../data/hooks';
import { useSession } from '../../data/session';
import { previewStatement, settleStatement, type StatementPreview } from '../../data/settlement';
import { MAX_SETTLEMENT_LINES, SETTLEMENT_KINDS, settlementSummary, type SettlementOutcome, type SettlementProblem } from '../../domain/payments/settlement';
import { EntityTable, type Column } from '../../ui/crud/EntityTable';
import { useAction } from '../../ui/action/useAction';
import { methodLabel, statusLabel } from './shared';
import { eurosCell } from '../../domain/money';
import '../../i18n/es/payments';

const KIND_COLOR: Readonly<Record<SettlementOutcome['kind'], string>> = {
  settle: 'teal',
  already: 'gray',
  amount: 'orange',
  not_settleable: 'orange',
  duplicate: 'yellow',
  unmatched: 'red',
};

function problemText(p: SettlementProblem): string {
  const columnKey = `settlement.columns.${p.column}`;
  const column = p.code === 'missing_column' && hasMessage(columnKey) ? t(columnKey) : p.column;
  return t(`settlement.problems.${p.code}`, { row: p.row, column, value: p.value, max: MAX_SETTLEMENT_LINES });
}

function outcomeText(o: SettlementOutcome): string {
  switch (o.kind) {
    case 'amount':
      return t('settlement.outcomes.amount', { collected: formatMoney(o.payment.amount_collected_cents), amount: formatMoney(o.line.amount_cents) });
    case 'not_settleable':
      return t('settlement.outcomes.not_settleable', { method: methodLabel(o.payment.method), status: statusLabel(o.payment.status) });
    case 'unmatched':
      return o.order_code === '' ? t('settlement.outcomes.unmatched') : t('settlement.outcomes.unmatchedOrder', { code: o.order_code });
    default:
      return t(`settlement.outcomes.${o.kind}`);
  }
}

const columns = (): readonly Column<SettlementOutcome>[] => [
  { key: 'row', header: t('settlement.table.row'), value: (o) => o.line.row, width: '70px', sortable: true },
  { key: 'reference', header: t('settlement.table.reference'), value: (o) => o.line.reference, width: '2fr' },
  { key: 'order', header: t('settlement.table.order'), value: (o) => o.order_code, sortable: true },
  { key: 'amount', header: t('settlement.table.amount'), value: (o) => o.line.amount_cents / 100, csv: (o) => eurosCell(o.line.amount_cents), render: (o) => formatMoney(o.line.amount_cents), width: '110px' },
  { key: 'date', header: t('settlement.table.date'), value: (o) => o.line.date, render: (o) => formatDay(o.line.date), width: '110px' },
  {
    key: 'result',
    header: t('settlement.table.result'),
    value: (o) => outcomeText(o),
    render: (o) => (
      <Group gap={6} wrap="nowrap">
        <Badge color={KIND_COLOR[o.kind]} variant="light" data-testid="settlement-kind" data-kind={o.kind}>
          {t(`settlement.kinds.${o.kind}`)}
        </Badge>
        <Text size="sm">{outcomeText(o)}</Text>
      </Group>
    ),
    width: '3fr',
  },
];

export function SettlementPanel() {
  const engine = useEngine();
  const user = useSession((s) => s.user);
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  // The statement chosen, to show it again as it is after settling.
  const [file, setFile] = useState<File | null>(null);
  const summary = useMemo(() => (preview ? settlementSummary(preview.outcomes) : null), [preview]);
  const read = useAction(async (chosen: File) => {
    if (!engine) return;
    setPreview(null);
    setFile(chosen);
    setPreview(await previewStatement(engine, chosen));
  });
  const settle = useAction(async () => {
    if (!engine || !user || !preview) return;
    const { settled, skipped } = await settleStatement(engine, { preview }, { userId: user.id, role: user.base_role });
    notifications.show({ color: 'teal', message: t('settlement.done', { n: settled }) });
    if (skipped > 0) notifications.show({ color: 'orange', message: t('settlement.skipped', { n: skipped }) });
    // The statement again, as it is now: the settled lines read «Ya conciliados».
    if (file) setPreview(await previewStatement(engine, file));
  });
  const toSettle = summary?.settle ?? 0;

  return (
    <Stack gap="md" data-testid="settlement-panel">
      <Text size="sm">{t('settlement.intro')}</Text>
      <Group gap="sm">
        <FileButton
          accept=".csv,text/csv,text/plain"
          onChange={(chosen) => {
            if (chosen) void read.run(chosen);
          }}
          inputProps={{ 'aria-label': t('settlement.file'), 'data-testid': 'settlement-file' } as never}
          disabled={!engine || read.busy || settle.busy}
        >
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconFileUpload size={18} aria-hidden />} loading={read.busy}>
              {t('settlement.choose')}
            </Button>
          )}
        </FileButton>
        {preview && <Text size="sm">{preview.file}</Text>}
      </Group>
      {read.error && (
        <Alert color="red" role="alert" data-testid="settlement-error">
          {read.error}
        </Alert>
      )}
      {preview && preview.problems.length > 0 && (
        <Alert color="orange" title={t('settlement.problemsTitle', { n: preview.problems.length })} data-testid="settlement-problems">
          <List size="sm">
            {preview.problems.map((p) => (
              <List.Item key={`${p.row}-${p.column}-${p.code}`}>{problemText(p)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {preview && summary && (
        <>
          <Group gap="xs" data-testid="settlement-summary">
            {SETTLEMENT_KINDS.filter((k) => summary[k] > 0).map((k) => (
              <Badge key={k} color={KIND_COLOR[k]} variant="light" size="lg" data-kind={k}>
                {t(`settlement.kinds.${k}`)}: {summary[k]}
              </Badge>
            ))}
          </Group>
          <EntityTable
            label={t('settlement.table.label')}
            rows={preview.outcomes}
            columns={columns()}
            rowKey={(o) => String(o.line.row)}
            csvName={t('settlement.table.csv', { file: preview.file.replace(/\.[^.]+$/, '') })}
            emptyText={t('settlement.table.empty')}
          />
          {settle.error && (
            <Alert color="red" role="alert">
              {settle.error}
            </Alert>
          )}
          <Group>
            <Button onClick={() => void settle.run()} disabled={toSettle === 0 || !user} loading={settle.busy} data-testid="settlement-apply">
              {toSettle === 0 ? t('settlement.nothing') : toSettle === 1 ? t('settlement.settleOne') : t('settlement.settle', { n: toSettle })}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

