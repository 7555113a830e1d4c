/**
 * The import screen (issue 10): /charge (shell), /import and /blank/charge (blank layout).
 *
 *   files (chosen or dropped) ─► read in the import worker, progress per file, «Cancelar»
 *     ─► columns: the field of each column (recognised by header or values, or remembered; why)
 *     ─► review: counts, problems, rows corrected inline, per-order choice for bad lines
 *     ─► «Importar»: remembered mappings, then the plan's batches through src/data/intake.ts
 *     ─► result, the rows not imported (list and CSV), a link to that day's «Pedidos».
 *
 * The screen's states and buttons are a pure model (model.ts); the work each state asks for
 * runs in useImportController.ts. The components here only draw a state and dispatch events.
 */
import { useCallback, useMemo } from 'react';
import { Alert, Button, Group, Progress, Select, Stack, Text } from '@mantine/core';
import { IconDownload, IconX } from '@tabler/icons-react';
import { t } from '../../i18n';
import { useCatalog } from '../../data/reference';
import type { ScreenProps } from '../../ui/page/types';
import { Dropzone, FileProgress } from './ImportFiles';
import { MappingStep } from './MappingStep';
import { PreviewStep } from './PreviewStep';
import { DoneStep } from './DoneStep';
import { acceptsFiles, clientEditable, commands, showsProgress } from './model';
import { useImportController } from './useImportController';
import '../../i18n/es/intake';

const NO_CLIENT = '__file';

export function ImportPage(_props: ScreenProps<'charge' | 'import' | 'blankCharge'>) {
  const { state, dispatch, engineReady, chooseFiles, downloadReport, downloadRejected, downloadTemplate } = useImportController();
  const { data: clients } = useCatalog('client');
  const clientOptions = useMemo(
    () => [{ value: NO_CLIENT, label: t('intake.screen.clientNone') }, ...clients.filter((c) => c.active).map((c) => ({ value: c.id, label: c.name }))],
    [clients],
  );
  const clientName = useCallback((id: string) => clients.find((c) => c.id === id)?.name ?? id, [clients]);
  const cmd = commands(state);

  return (
    <Stack gap="lg" data-testid="import-page" data-phase={state.phase}>
      <Text>{t('intake.screen.intro')}</Text>
      {state.notice && (
        <Alert color={state.notice.color} data-testid="import-notice" withCloseButton onClose={() => dispatch({ type: 'noticeClosed' })} closeButtonLabel={t('common.understood')}>
          {t(state.notice.key, state.notice.vars)}
        </Alert>
      )}

      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('intake.screen.client')}
          description={t('intake.screen.clientDescription')}
          data={clientOptions}
          value={state.clientId === '' ? NO_CLIENT : state.clientId}
          onChange={(v) => dispatch({ type: 'clientChanged', clientId: v === null || v === NO_CLIENT ? '' : v })}
          allowDeselect={false}
          disabled={!clientEditable(state)}
          style={{ flex: '1 1 320px' }}
          data-testid="import-client"
        />
        <Group gap="xs">
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => downloadTemplate('csv')} disabled={!engineReady}>
            {t('intake.screen.templateCsv')}
          </Button>
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => downloadTemplate('xlsx')} disabled={!engineReady}>
            {t('intake.screen.templateXlsx')}
          </Button>
        </Group>
      </Group>

      {acceptsFiles(state) && <Dropzone disabled={!engineReady} onFiles={chooseFiles} />}

      {showsProgress(state) && 'work' in state && <FileProgress entries={state.work.entries} reading={state.phase === 'reading'} />}

      {cmd.cancel.enabled && (
        <Group>
          <Button color="red" variant="light" leftSection={<IconX size={16} aria-hidden />} onClick={() => dispatch({ type: 'command', name: 'cancel' })} data-testid="import-cancel">
            {t(cmd.cancel.label)}
          </Button>
        </Group>
      )}

      {state.phase === 'mapping' && <MappingStep work={state.work} hasDefaultClient={state.clientId !== ''} review={cmd.review} dispatch={dispatch} />}

      {state.phase === 'planning' && (
        <Text role="status" data-testid="import-planning">
          {t('intake.screen.planning')}
        </Text>
      )}

      {(state.phase === 'preview' || (state.phase === 'planning' && state.review)) && (
        <PreviewStep state={state} review={state.review as NonNullable<typeof state.review>} commands={cmd} clientName={clientName} dispatch={dispatch} onReport={downloadReport} />
      )}

      {state.phase === 'writing' && (
        <Stack gap="xs" data-testid="import-writing">
          <Text role="status">{t('intake.screen.writing')}</Text>
          <Progress value={state.progress.total > 0 ? (state.progress.done / state.progress.total) * 100 : 0} aria-label={t('intake.screen.writing')} />
          <Text size="sm" c="dimmed">
            {t('intake.screen.writeProgress', { done: state.progress.done, total: state.progress.total })}
          </Text>
        </Stack>
      )}

      {state.phase === 'done' && <DoneStep done={state.done} again={cmd.again} onAgain={() => dispatch({ type: 'command', name: 'again' })} onRejected={downloadRejected} />}
    </Stack>
  );
}
