/** The review step: counts, problems, rows to correct, per-order choices, mode, the orders of the files. */
import { useMemo } from 'react';
import { Alert, Badge, Button, Group, List, Paper, Radio, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { t } from '../../i18n';
import { formatDay } from '../../i18n/dates';
import type { OrderAction } from '../../domain/intake/plan';
import type { PreviewRow } from '../../workers/import/service';
import { EntityTable, RowTag, type Column } from '../../ui/crud/EntityTable';
import type { Command, ImportEvent, ImportState, Review } from './model';
import { BadRows, OrderChoices } from './ReviewRows';
import '../../i18n/es/intake';

const ACTION_COLOR: Record<OrderAction, string> = { create: 'teal', update: 'blue', unchanged: 'gray', refused: 'red' };

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

function useColumns(clientName: (id: string) => string): Column<PreviewRow>[] {
  return useMemo<Column<PreviewRow>[]>(
    () => [
      { key: 'file', header: t('intake.screen.colFile'), value: (r) => r.file, width: '1.2fr' },
      { key: 'rows', header: t('intake.screen.colRows'), value: (r) => r.rows.join(', '), width: '96px' },
      { key: 'client', header: t('intake.screen.colClient'), value: (r) => clientName(r.client_id), width: '1.2fr' },
      { key: 'ref', header: t('intake.screen.colRef'), value: (r) => r.external_ref, width: '1.2fr' },
      { key: 'date', header: t('intake.screen.colDate'), value: (r) => r.date, render: (r) => formatDay(r.date), width: '120px' },
      // Widths that hold the header with its sort icon (issue 28: «Líneas» was cut at 1024 and 1440 px).
      { key: 'lines', header: t('intake.screen.colLines'), value: (r) => r.lines, width: '104px' },
      {
        key: 'status',
        header: t('intake.screen.colStatus'),
        value: (r) => t(`intake.screen.action.${r.action}`),
        render: (r) => (
          <Group gap={4}>
            <RowTag color={ACTION_COLOR[r.action]}>{t(`intake.screen.action.${r.action}`)}</RowTag>
            {r.new_point && (
              <Badge size="sm" variant="light" color="orange">
                {t('intake.screen.newPoint')}
              </Badge>
            )}
            {r.dropped_rows.length > 0 && (
              <Badge size="sm" variant="light" color="orange">
                {t('intake.screen.dropped', { n: r.dropped_rows.length })}
              </Badge>
            )}
          </Group>
        ),
        width: '210px',
      },
      { key: 'reason', header: t('intake.screen.colReason'), value: (r) => r.messages.join(' · '), width: '3fr' },
    ],
    [clientName],
  );
}

export function PreviewStep(props: {
  state: ImportState & { phase: 'preview' | 'planning' };
  review: Review;
  commands: { import: Command; back: Command };
  clientName: (id: string) => string;
  dispatch: (e: ImportEvent) => void;
  onReport: () => void;
}) {
  const { review, state, dispatch } = props;
  const { summary, blocked } = review.plan;
  const shown = useMemo(() => (state.onlyErrors ? review.rows.filter((r) => r.action === 'refused') : review.rows), [state.onlyErrors, review.rows]);
  const columns = useColumns(props.clientName);
  const nothingNew = summary.create === 0 && summary.update === 0;
  const checking = state.phase === 'planning';
  return (
    <Stack gap="lg" data-testid="import-preview" aria-busy={checking || undefined}>
      <Title order={2} size="h3">
        {t('intake.screen.summaryTitle')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} data-testid="import-summary">
        <Count label={t('intake.screen.countOrders')} value={summary.create} testId="count-create" />
        <Count label={t('intake.screen.countUpdate')} value={summary.update} testId="count-update" />
        <Count label={t('intake.screen.countUnchanged')} value={summary.unchanged} testId="count-unchanged" />
        <Count label={t('intake.screen.countRefused')} value={summary.refused} testId="count-refused" />
        <Count label={t('intake.screen.countLines')} value={summary.validRows} testId="count-lines" />
        <Count label={t('intake.screen.countRefusedRows')} value={summary.refusedRows} testId="count-refused-rows" />
        <Count label={t('intake.screen.countPoints')} value={summary.newPoints} testId="count-points" />
      </SimpleGrid>

      {review.skipped.length > 0 && (
        <Alert color="gray" title={t('intake.screen.skippedTitle')} data-testid="import-skipped-rows">
          <List size="sm">
            {review.skipped.map((s) => (
              <List.Item key={s}>{s}</List.Item>
            ))}
          </List>
        </Alert>
      )}

      <Stack gap="xs" data-testid="import-issues">
        <Title order={3} size="h4">
          {t('intake.screen.issuesTitle', { n: review.issues.total })}
        </Title>
        {review.issues.total === 0 ? (
          <Text size="sm">{t('intake.screen.noIssues')}</Text>
        ) : (
          <>
            <List size="sm" spacing={2}>
              {review.issues.list.map((i, n) => (
                <List.Item key={n} data-testid="import-issue">
                  {i.message}
                </List.Item>
              ))}
            </List>
            {review.issues.total > review.issues.list.length && (
              <Text size="sm" c="dimmed">
                {t('intake.screen.issuesMore', { shown: review.issues.list.length, total: review.issues.total })}
              </Text>
            )}
            <Group>
              <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={props.onReport} data-testid="import-error-report">
                {t('intake.screen.errorReport')}
              </Button>
            </Group>
          </>
        )}
      </Stack>

      <OrderChoices rows={review.rows} chosen={state.work.withoutBadLines} disabled={checking} dispatch={dispatch} />
      <BadRows badRows={review.badRows} disabled={checking} dispatch={dispatch} />

      <Radio.Group label={t('intake.screen.mode')} value={state.mode} onChange={(v) => dispatch({ type: 'modeChanged', mode: v === 'all-or-nothing' ? 'all-or-nothing' : 'valid-only' })}>
        <Stack gap="xs" mt="xs">
          <Radio value="valid-only" label={t('intake.screen.modeValid')} description={t('intake.screen.modeValidHelp')} disabled={checking} />
          <Radio value="all-or-nothing" label={t('intake.screen.modeAll')} description={t('intake.screen.modeAllHelp')} disabled={checking} />
        </Stack>
      </Radio.Group>
      {blocked && (
        <Alert color="orange" data-testid="import-blocked">
          {t('intake.screen.blocked')}
        </Alert>
      )}
      {!blocked && nothingNew && (
        <Alert color="gray" data-testid="import-nothing-new">
          {t('intake.screen.nothingToWrite', { unchanged: summary.unchanged })}
        </Alert>
      )}
      <Group>
        <Button size="md" onClick={() => dispatch({ type: 'command', name: 'import' })} disabled={!props.commands.import.enabled} data-testid="import-submit">
          {t(props.commands.import.label)}
        </Button>
        <Button size="md" variant="default" onClick={() => dispatch({ type: 'command', name: 'back' })} disabled={!props.commands.back.enabled}>
          {t(props.commands.back.label)}
        </Button>
      </Group>

      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('intake.screen.ordersTitle')}
          </Title>
          <Switch label={t('intake.screen.onlyErrors')} checked={state.onlyErrors} onChange={(e) => dispatch({ type: 'onlyErrors', value: e.currentTarget.checked })} data-testid="import-only-errors" />
        </Group>
        <EntityTable label={t('intake.screen.ordersTitle')} rows={shown} columns={columns} rowKey={(r) => r.key} rowHeight={56} />
      </Stack>
    </Stack>
  );
}
