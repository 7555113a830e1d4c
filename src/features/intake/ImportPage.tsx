/**
 * The import screen (issue 10): /charge (shell), /import and /blank/charge (blank layout).
 *
 *   files (chosen or dropped) ─► read in the import worker, progress per file, «Cancelar»
 *     ─► columns: the field of each column (recognised or remembered; the operator changes it)
 *     ─► review: counts, every problem with file/row/column, error report, orders of the file
 *     ─► «Importar»: remembered mappings, then the plan's batches through src/data/intake.ts
 *     ─► result, with a link to «Pedidos».
 *
 * The worker (and the XLSX code it loads) exists only while this screen imports; terminating it
 * («Cancelar») loses what it read and nothing is written: only this page writes, after «Importar».
 */
import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { Alert, Anchor, Badge, Button, FileButton, Group, List, NativeSelect, Paper, Progress, Radio, Select, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconDownload, IconFileUpload, IconX } from '@tabler/icons-react';
import { transfer } from 'comlink';
import { t } from '../../i18n';
import { fieldLabel, formatIntakeIssue } from '../../i18n/intake';
import { formatDay } from '../../i18n/dates';
import { useEngine } from '../../data/hooks';
import { useCatalog } from '../../data/reference';
import { applyIntake, loadIntakeContext, rememberImportMapping, type IntakeWriteResult } from '../../data/intake';
import { madridDate } from '../../domain/dates';
import { isFatal } from '../../domain/intake';
import { MAPPABLE_FIELDS, checkMapping, type ColumnMapping } from '../../domain/intake/mapping';
import { isIntakeField } from '../../domain/intake/fields';
import type { IntakeIssue } from '../../domain/intake/issues';
import type { IntakeMode, IntakeSummary, OrderAction } from '../../domain/intake/plan';
import { startImportWorker, type ImportWorker } from '../../workers/importClient';
import type { FileReport, PlanReport, PreviewRow } from '../../workers/import/service';
import { EntityTable, RowTag, type Column } from '../../ui/crud/EntityTable';
import { downloadCsv, downloadFile } from '../../ui/crud/csv';
import type { ScreenProps } from '../../ui/page/types';
import { href } from '../../routes/registry';

type Phase = 'idle' | 'reading' | 'mapping' | 'planning' | 'preview' | 'writing' | 'done';

interface FileEntry {
  readonly name: string;
  readonly file: File;
  readonly rows: number;
  readonly total: number;
  readonly done: boolean;
}

type IssueLine = IntakeIssue & { message: string };

const NO_CLIENT = '__file';
const NOT_USED = '__none';
const ISSUES_SHOWN = 200;
const PREVIEW_PAGE = 2000;
const ACCEPT = '.csv,.tsv,.txt,.xlsx,text/csv,text/tab-separated-values,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const ACTION_COLOR: Record<OrderAction, string> = { create: 'teal', update: 'blue', unchanged: 'gray', refused: 'red' };

const fieldOptions = () => [{ value: NOT_USED, label: t('intake.screen.notUsed') }, ...MAPPABLE_FIELDS.map((f) => ({ value: f, label: fieldLabel(f) }))];

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export function ImportPage(_props: ScreenProps) {
  const engine = useEngine();
  const { data: clients } = useCatalog('client');
  const [clientId, setClientId] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [entries, setEntries] = useState<FileEntry[]>([]);
  const [reports, setReports] = useState<FileReport[]>([]);
  const [mappings, setMappings] = useState<Record<string, ColumnMapping>>({});
  const [mode, setMode] = useState<IntakeMode>('valid-only');
  const [plan, setPlan] = useState<PlanReport | null>(null);
  const [issues, setIssues] = useState<{ total: number; list: IssueLine[] }>({ total: 0, list: [] });
  const [preview, setPreview] = useState<PreviewRow[]>([]);
  const [writeProgress, setWriteProgress] = useState({ done: 0, total: 0 });
  const [result, setResult] = useState<{ summary: IntakeSummary; written: IntakeWriteResult } | null>(null);
  const [notice, setNotice] = useState<{ color: string; text: string } | null>(null);
  const [dragging, setDragging] = useState(false);
  const worker = useRef<ImportWorker | null>(null);
  /** Bumped by «Cancelar» and by a new import: answers of an older session are ignored. */
  const session = useRef(0);

  useEffect(
    () => () => {
      session.current += 1;
      worker.current?.cancel();
      worker.current = null;
    },
    [],
  );

  const clientOptions = useMemo(
    () => [{ value: NO_CLIENT, label: t('intake.screen.clientNone') }, ...clients.filter((c) => c.active).map((c) => ({ value: c.id, label: c.name }))],
    [clients],
  );
  const clientName = useCallback((id: string) => clients.find((c) => c.id === id)?.name ?? id, [clients]);

  const stopWorker = (): void => {
    session.current += 1;
    worker.current?.cancel();
    worker.current = null;
  };

  const reset = (): void => {
    stopWorker();
    setPhase('idle');
    setEntries([]);
    setReports([]);
    setMappings({});
    setPlan(null);
    setIssues({ total: 0, list: [] });
    setPreview([]);
    setResult(null);
  };

  const cancel = (): void => {
    reset();
    setNotice({ color: 'gray', text: t('intake.screen.cancelled') });
  };

  /** A worker holding today's catalogue, points, orders and remembered mappings. */
  const startWorker = async (): Promise<ImportWorker> => {
    if (!engine) throw new Error(t('app.loading'));
    const loaded = await loadIntakeContext(engine, madridDate());
    const w = startImportWorker();
    await w.loadContext(loaded.context, loaded.mappings);
    return w;
  };

  const readFiles = async (files: readonly File[]): Promise<void> => {
    if (files.length === 0) return;
    reset();
    setNotice(null);
    const mine = session.current;
    const byName = new Map(files.map((f) => [f.name, f]));
    const list = [...byName.values()].map((file): FileEntry => ({ name: file.name, file, rows: 0, total: 0, done: false }));
    setEntries(list);
    setPhase('reading');
    try {
      const w = await startWorker();
      if (mine !== session.current) {
        w.cancel();
        return;
      }
      worker.current = w;
      const out: FileReport[] = [];
      for (const entry of list) {
        const data = await entry.file.arrayBuffer();
        const onProgress = w.progress((p) => {
          if (mine !== session.current || p.phase !== 'read') return;
          setEntries((es) => es.map((e) => (e.name === p.file ? { ...e, rows: p.rows, total: p.total } : e)));
        });
        const [report] = await w.api.readFiles(transfer([{ name: entry.name, data }], [data]), onProgress, clientId);
        if (mine !== session.current) return;
        if (!report) continue;
        out.push(report);
        setEntries((es) => es.map((e) => (e.name === entry.name ? { ...e, rows: report.rows, total: report.rows, done: true } : e)));
      }
      // The mapping step (a column list with a choice per column) renders as a transition, in slices.
      startTransition(() => {
        setReports(out);
        setMappings(Object.fromEntries(out.map((r) => [r.file, r.mapping])));
        setPhase('mapping');
      });
    } catch (err) {
      if (mine !== session.current) return;
      reset();
      setNotice({ color: 'red', text: t('intake.screen.failed', { message: errorText(err) }) });
    }
  };

  const changeSheet = async (file: string, sheet: string): Promise<void> => {
    const w = worker.current;
    const entry = entries.find((e) => e.name === file);
    if (!w || !entry) return;
    const mine = session.current;
    setPhase('reading');
    setEntries((es) => es.map((e) => (e.name === file ? { ...e, rows: 0, total: 0, done: false } : e)));
    try {
      const data = await entry.file.arrayBuffer();
      const [report] = await w.api.readFiles(transfer([{ name: file, data, sheet }], [data]), w.progress(() => undefined), clientId);
      if (mine !== session.current || !report) return;
      setReports((rs) => rs.map((r) => (r.file === file ? report : r)));
      setMappings((ms) => ({ ...ms, [file]: report.mapping }));
      setEntries((es) => es.map((e) => (e.name === file ? { ...e, rows: report.rows, total: report.rows, done: true } : e)));
      setPhase('mapping');
    } catch (err) {
      if (mine !== session.current) return;
      reset();
      setNotice({ color: 'red', text: t('intake.screen.failed', { message: errorText(err) }) });
    }
  };

  const runPlan = async (nextMode: IntakeMode = mode): Promise<void> => {
    const w = worker.current;
    if (!w) return;
    const mine = session.current;
    setPhase('planning');
    try {
      const report = await w.api.plan({ mappings, mode: nextMode, today: madridDate(), now: Date.now(), ...(clientId !== '' ? { defaultClientId: clientId } : {}) });
      const found = await w.api.issues(0, ISSUES_SHOWN);
      const rows: PreviewRow[] = [];
      for (let offset = 0; ; offset += PREVIEW_PAGE) {
        const page = await w.api.preview(offset, PREVIEW_PAGE);
        rows.push(...page.rows);
        if (offset + PREVIEW_PAGE >= page.total) break;
      }
      if (mine !== session.current) return;
      // Thousands of rows: rendered as a transition, in slices, so the page never blocks.
      startTransition(() => {
        setPlan(report);
        setIssues({ total: found.total, list: found.issues });
        setPreview(rows);
        setPhase('preview');
      });
    } catch (err) {
      if (mine !== session.current) return;
      reset();
      setNotice({ color: 'red', text: t('intake.screen.failed', { message: errorText(err) }) });
    }
  };

  const runImport = async (): Promise<void> => {
    const w = worker.current;
    if (!w || !engine || !plan) return;
    const mine = session.current;
    setPhase('writing');
    try {
      const now = Date.now();
      for (const r of reports) {
        const mapping = mappings[r.file] ?? r.mapping;
        if (r.issues.some(isFatal) || r.headers.length === 0) continue;
        if (checkMapping(r, mapping, { hasDefaultClient: clientId !== '' }).length > 0) continue;
        await rememberImportMapping(engine, { clientId, headers: r.headers, mapping, name: r.file, now });
      }
      const count = await w.api.batchCount();
      setWriteProgress({ done: 0, total: count });
      const written = await applyIntake(
        engine,
        { count, batch: (i) => w.api.batch(i) },
        { exists: t('intake.screen.skipExists'), planned: (code) => t('intake.screen.skipPlanned', { code }) },
        (done, total) => setWriteProgress({ done, total }),
      );
      if (mine !== session.current) return;
      setResult({ summary: plan.summary, written });
      w.close();
      worker.current = null;
      // The result is all the screen shows from here on: the file's orders, problems and files
      // are let go now, not kept until the screen is left (or another import starts).
      setPreview([]);
      setIssues({ total: 0, list: [] });
      setEntries([]);
      setPhase('done');
    } catch (err) {
      if (mine !== session.current) return;
      setPhase('preview');
      setNotice({ color: 'red', text: t('intake.screen.failed', { message: errorText(err) }) });
    }
  };

  const downloadReport = async (): Promise<void> => {
    const w = worker.current;
    if (!w) return;
    downloadCsv(`${t('intake.screen.errorReportName')}.csv`, await w.api.errorReportCsv());
  };

  const downloadTemplate = async (kind: 'csv' | 'xlsx'): Promise<void> => {
    try {
      const w = await startWorker();
      try {
        const today = madridDate();
        if (kind === 'csv') downloadCsv('plantilla-pedidos.csv', await w.api.templateCsv(today));
        else downloadFile('plantilla-pedidos.xlsx', new Blob([(await w.api.templateXlsx(today)) as BlobPart], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
      } finally {
        w.close();
      }
    } catch (err) {
      setNotice({ color: 'red', text: t('intake.screen.failed', { message: errorText(err) }) });
    }
  };

  const onDrop = (e: DragEvent<HTMLDivElement>): void => {
    e.preventDefault();
    setDragging(false);
    if (phase === 'writing') return;
    void readFiles([...e.dataTransfer.files]);
  };

  const busy = phase === 'reading' || phase === 'planning' || phase === 'writing';
  const cancellable = phase === 'reading' || phase === 'mapping' || phase === 'planning' || phase === 'preview';

  return (
    <Stack gap="lg" data-testid="import-page" data-phase={phase}>
      <Text>{t('intake.screen.intro')}</Text>
      {notice && (
        <Alert color={notice.color} data-testid="import-notice" withCloseButton onClose={() => setNotice(null)} closeButtonLabel={t('common.understood')}>
          {notice.text}
        </Alert>
      )}

      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('intake.screen.client')}
          description={t('intake.screen.clientDescription')}
          data={clientOptions}
          value={clientId === '' ? NO_CLIENT : clientId}
          onChange={(v) => setClientId(v === null || v === NO_CLIENT ? '' : v)}
          allowDeselect={false}
          disabled={busy || phase === 'done'}
          style={{ flex: '1 1 320px' }}
          data-testid="import-client"
        />
        <Group gap="xs">
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void downloadTemplate('csv')} disabled={!engine}>
            {t('intake.screen.templateCsv')}
          </Button>
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void downloadTemplate('xlsx')} disabled={!engine}>
            {t('intake.screen.templateXlsx')}
          </Button>
        </Group>
      </Group>

      {(phase === 'idle' || phase === 'mapping' || phase === 'preview' || phase === 'done') && (
        <Paper
          withBorder
          p="lg"
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          style={{ borderStyle: 'dashed', borderWidth: 2, background: dragging ? 'var(--mantine-color-blue-light)' : undefined }}
          data-testid="import-dropzone"
        >
          <Group justify="space-between" wrap="wrap">
            <Stack gap={2}>
              <Text fw={600}>{t('intake.screen.dropzone')}</Text>
              <Text size="sm" c="dimmed">
                {t('intake.screen.dropzoneHint')}
              </Text>
            </Stack>
            <FileButton
              multiple
              accept={ACCEPT}
              onChange={(files) => void readFiles(files)}
              inputProps={{ 'aria-label': t('intake.screen.filesInput'), 'data-testid': 'import-files' } as never}
              disabled={!engine}
            >
              {(props) => (
                <Button {...props} leftSection={<IconFileUpload size={18} aria-hidden />} size="md">
                  {t('intake.screen.choose')}
                </Button>
              )}
            </FileButton>
          </Group>
        </Paper>
      )}

      {(phase === 'reading' || phase === 'mapping' || phase === 'planning' || phase === 'preview') && entries.length > 0 && (
        <FileProgress entries={entries} reading={phase === 'reading'} />
      )}

      {cancellable && (
        <Group>
          <Button color="red" variant="light" leftSection={<IconX size={16} aria-hidden />} onClick={cancel} data-testid="import-cancel">
            {t('intake.screen.cancel')}
          </Button>
        </Group>
      )}

      {phase === 'mapping' && (
        <MappingStep
          reports={reports}
          mappings={mappings}
          hasDefaultClient={clientId !== ''}
          onChange={(file, mapping) => setMappings((ms) => ({ ...ms, [file]: mapping }))}
          onSheet={(file, sheet) => void changeSheet(file, sheet)}
          onReview={() => void runPlan()}
        />
      )}

      {phase === 'planning' && (
        <Text role="status" data-testid="import-planning">
          {t('intake.screen.planning')}
        </Text>
      )}

      {phase === 'preview' && plan && (
        <PreviewStep
          plan={plan}
          issues={issues}
          rows={preview}
          mode={mode}
          clientName={clientName}
          onMode={(m) => {
            setMode(m);
            void runPlan(m);
          }}
          onBack={() => setPhase('mapping')}
          onReport={() => void downloadReport()}
          onImport={() => void runImport()}
        />
      )}

      {phase === 'writing' && (
        <Stack gap="xs" data-testid="import-writing">
          <Text role="status">{t('intake.screen.writing')}</Text>
          <Progress value={writeProgress.total > 0 ? (writeProgress.done / writeProgress.total) * 100 : 0} aria-label={t('intake.screen.writing')} />
          <Text size="sm" c="dimmed">
            {t('intake.screen.writeProgress', { done: writeProgress.done, total: writeProgress.total })}
          </Text>
        </Stack>
      )}

      {phase === 'done' && result && <DoneStep summary={result.summary} written={result.written} onAgain={reset} />}
    </Stack>
  );
}

function FileProgress({ entries, reading }: { entries: readonly FileEntry[]; reading: boolean }) {
  return (
    <Stack gap="sm" data-testid="import-progress">
      {reading && (
        <Text role="status" size="sm">
          {t('intake.screen.reading')}
        </Text>
      )}
      {entries.map((e) => {
        const pct = e.done ? 100 : e.total > 0 ? Math.min(100, (e.rows / e.total) * 100) : 0;
        return (
          <Stack key={e.name} gap={4} data-testid="import-file-progress" data-file={e.name} data-done={e.done ? 'true' : 'false'}>
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                {e.name}
              </Text>
              <Text size="sm" c="dimmed">
                {e.done ? t('intake.screen.rowsDone', { rows: e.rows }) : e.total > 0 ? t('intake.screen.rowsRead', { rows: e.rows, total: e.total }) : t('intake.screen.waiting')}
              </Text>
            </Group>
            <Progress value={pct} aria-label={t('intake.screen.progressLabel', { file: e.name })} />
          </Stack>
        );
      })}
    </Stack>
  );
}

function MappingStep(props: {
  reports: readonly FileReport[];
  mappings: Readonly<Record<string, ColumnMapping>>;
  hasDefaultClient: boolean;
  onChange: (file: string, mapping: ColumnMapping) => void;
  onSheet: (file: string, sheet: string) => void;
  onReview: () => void;
}) {
  return (
    <Stack gap="lg" data-testid="import-mapping">
      <Title order={2} size="h3">
        {t('intake.screen.stepMapping')}
      </Title>
      <Text size="sm">{t('intake.screen.mappingHelp')}</Text>
      {props.reports.map((r) => (
        <FileMapping
          key={r.file}
          report={r}
          mapping={props.mappings[r.file] ?? r.mapping}
          hasDefaultClient={props.hasDefaultClient}
          onChange={(m) => props.onChange(r.file, m)}
          onSheet={(s) => props.onSheet(r.file, s)}
        />
      ))}
      <Group>
        <Button size="md" onClick={props.onReview} data-testid="import-review">
          {t('intake.screen.review')}
        </Button>
      </Group>
    </Stack>
  );
}

function FileMapping(props: { report: FileReport; mapping: ColumnMapping; hasDefaultClient: boolean; onChange: (m: ColumnMapping) => void; onSheet: (sheet: string) => void }) {
  const { report: r, mapping } = props;
  const fatal = r.issues.some(isFatal);
  const problems = fatal ? r.issues : checkMapping(r, mapping, { hasDefaultClient: props.hasDefaultClient });
  const options = fieldOptions();
  const info =
    r.format === 'xlsx'
      ? t('intake.screen.fileInfoXlsx', { sheet: r.sheet, rows: r.rows })
      : r.format === 'csv'
        ? t('intake.screen.fileInfoCsv', { rows: r.rows, delimiter: r.delimiter === '\t' ? 'tab' : r.delimiter, encoding: r.encoding })
        : '';
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

function PreviewStep(props: {
  plan: PlanReport;
  issues: { total: number; list: readonly IssueLine[] };
  rows: readonly PreviewRow[];
  mode: IntakeMode;
  clientName: (id: string) => string;
  onMode: (m: IntakeMode) => void;
  onBack: () => void;
  onReport: () => void;
  onImport: () => void;
}) {
  const { summary, blocked } = props.plan;
  const [onlyErrors, setOnlyErrors] = useState(false);
  const shown = useMemo(() => (onlyErrors ? props.rows.filter((r) => r.action === 'refused') : props.rows), [onlyErrors, props.rows]);
  const { clientName } = props;
  const columns = useMemo<Column<PreviewRow>[]>(
    () => [
      { key: 'file', header: t('intake.screen.colFile'), value: (r) => r.file, width: '1.2fr' },
      { key: 'rows', header: t('intake.screen.colRows'), value: (r) => r.rows.join(', '), width: '90px' },
      { key: 'client', header: t('intake.screen.colClient'), value: (r) => clientName(r.client_id), width: '1.2fr' },
      { key: 'ref', header: t('intake.screen.colRef'), value: (r) => r.external_ref, width: '1.2fr' },
      { key: 'date', header: t('intake.screen.colDate'), value: (r) => r.date, render: (r) => formatDay(r.date), width: '110px' },
      { key: 'lines', header: t('intake.screen.colLines'), value: (r) => r.lines, width: '70px' },
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
          </Group>
        ),
        width: '190px',
      },
      { key: 'reason', header: t('intake.screen.colReason'), value: (r) => r.messages.join(' · '), width: '3fr' },
    ],
    [clientName],
  );
  const nothingNew = summary.create === 0 && summary.update === 0;
  return (
    <Stack gap="lg" data-testid="import-preview">
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

      <Stack gap="xs" data-testid="import-issues">
        <Title order={3} size="h4">
          {t('intake.screen.issuesTitle', { n: props.issues.total })}
        </Title>
        {props.issues.total === 0 ? (
          <Text size="sm">{t('intake.screen.noIssues')}</Text>
        ) : (
          <>
            <List size="sm" spacing={2}>
              {props.issues.list.map((i, n) => (
                <List.Item key={n} data-testid="import-issue">
                  {i.message}
                </List.Item>
              ))}
            </List>
            {props.issues.total > props.issues.list.length && (
              <Text size="sm" c="dimmed">
                {t('intake.screen.issuesMore', { shown: props.issues.list.length, total: props.issues.total })}
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

      <Radio.Group label={t('intake.screen.mode')} value={props.mode} onChange={(v) => props.onMode(v === 'all-or-nothing' ? 'all-or-nothing' : 'valid-only')}>
        <Stack gap="xs" mt="xs">
          <Radio value="valid-only" label={t('intake.screen.modeValid')} description={t('intake.screen.modeValidHelp')} />
          <Radio value="all-or-nothing" label={t('intake.screen.modeAll')} description={t('intake.screen.modeAllHelp')} />
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
        <Button size="md" onClick={props.onImport} disabled={blocked || (nothingNew && summary.unchanged === 0)} data-testid="import-submit">
          {t('intake.screen.import')}
        </Button>
        <Button size="md" variant="default" onClick={props.onBack}>
          {t('intake.screen.backToMapping')}
        </Button>
      </Group>

      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('intake.screen.ordersTitle')}
          </Title>
          <Switch label={t('intake.screen.onlyErrors')} checked={onlyErrors} onChange={(e) => setOnlyErrors(e.currentTarget.checked)} data-testid="import-only-errors" />
        </Group>
        <EntityTable label={t('intake.screen.ordersTitle')} rows={shown} columns={columns} rowKey={(r) => r.key} rowHeight={56} />
      </Stack>
    </Stack>
  );
}

function DoneStep({ summary, written, onAgain }: { summary: IntakeSummary; written: IntakeWriteResult; onAgain: () => void }) {
  const nothingNew = written.created === 0 && written.updated === 0 && written.points === 0;
  return (
    <Stack gap="md" data-testid="import-done">
      <Title order={2} size="h3">
        {t('intake.screen.doneTitle')}
      </Title>
      <Alert color={nothingNew ? 'gray' : 'teal'} data-testid="import-result">
        <Stack gap={4}>
          <Text data-testid="import-result-summary">
            {t('intake.screen.doneSummary', { create: written.created, update: written.updated, unchanged: summary.unchanged, refused: summary.refused })}
          </Text>
          {nothingNew && <Text data-testid="import-result-nothing-new">{t('intake.screen.doneNothingNew', { unchanged: summary.unchanged })}</Text>}
          {written.points > 0 && <Text>{t('intake.screen.donePoints', { n: written.points })}</Text>}
        </Stack>
      </Alert>
      {written.skipped.length > 0 && (
        <Alert color="orange" title={t('intake.screen.doneSkipped', { n: written.skipped.length })} data-testid="import-skipped">
          <List size="sm">
            {written.skipped.slice(0, ISSUES_SHOWN).map((s) => (
              <List.Item key={s.id}>
                {s.id}: {s.reason}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Group>
        {/* The orders screen's code is fetched while the result is read, not when it is clicked. */}
        <Anchor component={Link} to={href('orders')} preload="render" data-testid="import-view-orders">
          {t('intake.screen.viewOrders')}
        </Anchor>
        <Button variant="default" onClick={onAgain}>
          {t('intake.screen.again')}
        </Button>
      </Group>
    </Stack>
  );
}
