/** The mapping step: per file, the field of each column, why it is proposed, and its problems. */
import { Alert, Button, Group, List, NativeSelect, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { t } from '../../i18n';
import { columnReasonText, fieldLabel, formatIntakeIssue } from '../../i18n/intake';
import { isFatal } from '../../domain/intake';
import { MAPPABLE_FIELDS, checkMapping, type ColumnMapping } from '../../domain/intake/mapping';
import { isIntakeField } from '../../domain/intake/fields';
import type { FileReport } from '../../workers/import/service';
import type { Command, ImportEvent, Work } from './model';
import '../../i18n/es/intake';

const NOT_USED = '__none';

const fieldOptions = () => [{ value: NOT_USED, label: t('intake.screen.notUsed') }, ...MAPPABLE_FIELDS.map((f) => ({ value: f, label: fieldLabel(f) }))];

export function MappingStep(props: { work: Work; hasDefaultClient: boolean; review: Command; dispatch: (e: ImportEvent) => void }) {
  const { work, dispatch } = props;
  return (
    <Stack gap="lg" data-testid="import-mapping">
      <Title order={2} size="h3">
        {t('intake.screen.stepMapping')}
      </Title>
      <Text size="sm">{t('intake.screen.mappingHelp')}</Text>
      {work.reports.map((r) => (
        <FileMapping
          key={r.file}
          report={r}
          mapping={work.mappings[r.file] ?? r.mapping}
          hasDefaultClient={props.hasDefaultClient}
          onChange={(mapping) => dispatch({ type: 'mappingChanged', file: r.file, mapping })}
          onSheet={(sheet) => dispatch({ type: 'sheetChosen', file: r.file, sheet })}
        />
      ))}
      <Group>
        <Button size="md" onClick={() => dispatch({ type: 'command', name: 'review' })} disabled={!props.review.enabled} data-testid="import-review">
          {t(props.review.label)}
        </Button>
      </Group>
    </Stack>
  );
}

function fileInfo(r: FileReport): string {
  if (r.format === 'xlsx') return t('intake.screen.fileInfoXlsx', { sheet: r.sheet, rows: r.rows });
  if (r.format === 'csv') return t('intake.screen.fileInfoCsv', { rows: r.rows, delimiter: r.delimiter === '\t' ? 'tab' : r.delimiter, encoding: r.encoding });
  return '';
}

function FileMapping(props: { report: FileReport; mapping: ColumnMapping; hasDefaultClient: boolean; onChange: (m: ColumnMapping) => void; onSheet: (sheet: string) => void }) {
  const { report: r, mapping } = props;
  const fatal = r.issues.some(isFatal);
  const problems = fatal ? r.issues : checkMapping(r, mapping, { hasDefaultClient: props.hasDefaultClient });
  const options = fieldOptions();
  const info = fileInfo(r);
  return (
    <Paper withBorder p="md" data-testid="import-file-mapping" data-file={r.file}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('intake.screen.mappingTitle', { file: r.file })}
        </Title>
        {info !== '' && (
          <Text size="sm" c="dimmed">
            {info}
            {!fatal && r.headers.length > 0 ? ` · ${r.mappingSource === 'remembered' ? t('intake.screen.mappingRemembered') : t('intake.screen.mappingRecognised')}` : ''}
          </Text>
        )}
        {r.sheets.length > 1 && (
          <Select
            label={t('intake.screen.sheet')}
            data={[...r.sheets]}
            value={r.sheet}
            onChange={(v) => v && v !== r.sheet && props.onSheet(v)}
            allowDeselect={false}
            style={{ maxWidth: 320 }}
            data-testid="import-sheet"
          />
        )}
        {problems.length > 0 && (
          <Alert color={fatal ? 'red' : 'orange'} title={fatal ? t('intake.screen.fileRefused') : undefined} data-testid="import-mapping-issues">
            <List size="sm">
              {problems.map((i, n) => (
                <List.Item key={n}>{formatIntakeIssue(i)}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {!fatal && r.headers.length > 0 && (
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('intake.screen.header')}</Table.Th>
                <Table.Th>{t('intake.screen.field')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.headers.map((h, i) => {
                const field = mapping.fields[i] ?? null;
                // The reason is the proposal's, while the operator keeps the proposed field.
                const reason = field !== null && field === r.mapping.fields[i] ? r.reasons[i] : null;
                return (
                  <Table.Tr key={`${i}-${h}`}>
                    <Table.Td>{h === '' ? `(${i + 1})` : h}</Table.Td>
                    <Table.Td>
                      {/* Native selects: a file of twenty columns mounts twenty of them at once, and
                          Mantine's Select positions a popover for each (a 70–80 ms task). A native
                          one also opens the phone's or tablet's own picker and finds by typing. */}
                      <NativeSelect
                        aria-label={t('intake.screen.fieldOf', { header: h === '' ? String(i + 1) : h })}
                        data={options}
                        value={field ?? NOT_USED}
                        description={reason ? columnReasonText(reason) : undefined}
                        inputWrapperOrder={['label', 'input', 'description', 'error']}
                        data-testid="import-column-field"
                        onChange={(e) => {
                          const v = e.currentTarget.value;
                          const next = [...r.headers.map((_, j) => mapping.fields[j] ?? null)];
                          next[i] = isIntakeField(v) ? v : null;
                          props.onChange({ fields: next });
                        }}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
