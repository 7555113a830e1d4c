/**
 * What the operator decides row by row in the review (issue 28): per order with a bad line,
 * «importar sin esa línea» or «retener»; and the bad rows' product, quantity and point,
 * corrected here and checked again at once (on leaving the field or pressing Intro).
 */
import { Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { t } from '../../i18n';
import { fieldLabel } from '../../i18n/intake';
import { FIXABLE_FIELDS, type BadRow, type FixableField, type PreviewRow } from '../../workers/import/service';
import type { ImportEvent, Review } from './model';
import '../../i18n/es/intake';

export function OrderChoices(props: { rows: readonly PreviewRow[]; chosen: readonly string[]; disabled: boolean; dispatch: (e: ImportEvent) => void }) {
  const open = props.rows.filter((r) => r.droppable_rows.length > 0);
  if (open.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="import-order-choices">
      <Title order={3} size="h4">
        {t('intake.screen.choicesTitle')}
      </Title>
      {open.map((r) => {
        const without = props.chosen.includes(r.key);
        const rows = r.droppable_rows.join(', ');
        return (
          <Paper key={r.key} withBorder p="sm" data-testid="import-order-choice" data-ref={r.external_ref}>
            <Radio.Group
              label={t('intake.screen.orderChoice', { ref: r.external_ref })}
              description={t('intake.screen.orderChoiceHelp', { n: r.droppable_rows.length, rows })}
              value={without ? 'drop' : 'hold'}
              onChange={(v) => props.dispatch({ type: 'orderChoice', key: r.key, withoutBadLines: v === 'drop' })}
            >
              <Group gap="lg" mt="xs">
                <Radio value="drop" label={t('intake.screen.choiceDrop', { n: r.droppable_rows.length })} disabled={props.disabled} styles={{ body: { minHeight: 44, alignItems: 'center' } }} />
                <Radio value="hold" label={t('intake.screen.choiceHold')} disabled={props.disabled} styles={{ body: { minHeight: 44, alignItems: 'center' } }} />
              </Group>
            </Radio.Group>
          </Paper>
        );
      })}
    </Stack>
  );
}

export function BadRows(props: { badRows: Review['badRows']; disabled: boolean; dispatch: (e: ImportEvent) => void }) {
  const { badRows } = props;
  if (badRows.total === 0) return null;
  const several = new Set(badRows.rows.map((r) => r.file)).size > 1;
  return (
    <Stack gap="xs" data-testid="import-bad-rows">
      <Title order={3} size="h4">
        {t('intake.screen.badRowsTitle', { n: badRows.total })}
      </Title>
      <Text size="sm" c="dimmed">
        {t('intake.screen.badRowsHelp')}
      </Text>
      {badRows.rows.map((r) => (
        <BadRowFix key={`${r.file}|${r.row}`} row={r} several={several} disabled={props.disabled} dispatch={props.dispatch} />
      ))}
      {badRows.total > badRows.rows.length && (
        <Text size="sm" c="dimmed">
          {t('intake.screen.badRowsMore', { shown: badRows.rows.length, total: badRows.total })}
        </Text>
      )}
    </Stack>
  );
}

function BadRowFix({ row, several, disabled, dispatch }: { row: BadRow; several: boolean; disabled: boolean; dispatch: (e: ImportEvent) => void }) {
  const fields = FIXABLE_FIELDS.filter((f) => row.values[f] !== undefined);
  const commit = (field: FixableField, value: string): void => {
    if (value.trim() === (row.values[field] ?? '').trim()) return;
    dispatch({ type: 'rowFixed', fix: { file: row.file, row: row.row, field, value: value.trim() } });
  };
  return (
    <Paper withBorder p="sm" data-testid="import-bad-row" data-row={row.row}>
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {several ? t('intake.screen.badRowIn', { file: row.file, row: row.row }) : t('intake.screen.badRow', { row: row.row })}
        </Text>
        <Text size="sm">{row.messages.join(' · ')}</Text>
        {fields.length > 0 && (
          <Group gap="sm" align="flex-end" wrap="wrap">
            {fields.map((f) => (
              <TextInput
                // A new value from the worker (after a check) resets the field.
                key={`${f}|${row.values[f] ?? ''}`}
                label={fieldLabel(f)}
                aria-label={t('intake.screen.fixOf', { field: fieldLabel(f), row: row.row })}
                defaultValue={row.values[f] ?? ''}
                disabled={disabled}
                size="md"
                style={{ flex: f === 'quantity' ? '0 1 120px' : '1 1 180px' }}
                onBlur={(e) => commit(f, e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') commit(f, e.currentTarget.value);
                }}
              />
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
