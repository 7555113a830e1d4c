/** The import's files: the drop zone with its file chooser, and each file's reading progress. */
import { useState, type DragEvent } from 'react';
import { Button, FileButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { t } from '../../i18n';
import type { FileEntry } from './model';
import '../../i18n/es/intake';

const ACCEPT = '.csv,.tsv,.txt,.xlsx,text/csv,text/tab-separated-values,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function Dropzone({ disabled, onFiles }: { disabled: boolean; onFiles: (files: readonly File[]) => void }) {
  // Only how the zone looks while a file is dragged over it.
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent<HTMLDivElement>): void => {
    e.preventDefault();
    setDragging(false);
    onFiles([...e.dataTransfer.files]);
  };
  return (
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
          onChange={(files) => onFiles(files)}
          inputProps={{ 'aria-label': t('intake.screen.filesInput'), 'data-testid': 'import-files' } as never}
          disabled={disabled}
        >
          {(props) => (
            <Button {...props} leftSection={<IconFileUpload size={18} aria-hidden />} size="md">
              {t('intake.screen.choose')}
            </Button>
          )}
        </FileButton>
      </Group>
    </Paper>
  );
}

export function FileProgress({ entries, reading }: { entries: readonly FileEntry[]; reading: boolean }) {
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
