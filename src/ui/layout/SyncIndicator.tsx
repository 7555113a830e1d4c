import { Badge, Button, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudUpload, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { formatDate, t } from '../../i18n';

export interface SyncIndicatorStatus {
  readonly online: boolean;
  readonly state: 'offline' | 'syncing' | 'synced' | 'error' | 'idle';
  readonly pending: number;
  readonly uploadsQueued: number;
  readonly uploadsParked: number;
  readonly lastSyncAt: number | null;
  readonly error: string | null;
}

/**
 * The sync badge of the shell: online or offline, local changes not yet on the server, files
 * waiting to upload, the last successful sync and the last error in plain Spanish.
 */
export function SyncIndicator({ status, onSyncNow }: { status: SyncIndicatorStatus; onSyncNow?: () => void }) {
  const waiting = status.pending + status.uploadsQueued + status.uploadsParked;
  const problem = status.uploadsParked > 0 || (status.online && status.state === 'error');
  const color = !status.online ? 'gray' : problem ? 'red' : waiting > 0 ? 'orange' : 'teal';
  const icon = !status.online ? (
    <IconWifiOff size={16} aria-hidden />
  ) : problem ? (
    <IconAlertTriangle size={16} aria-hidden />
  ) : waiting > 0 ? (
    <IconCloudUpload size={16} aria-hidden />
  ) : (
    <IconCloudCheck size={16} aria-hidden />
  );
  const label = !status.online ? t('sync.offline') : t('sync.online');
  return (
    <Popover width={300} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <UnstyledButton aria-label={t('sync.details')} data-testid="sync-indicator" style={{ minHeight: 44, display: 'flex', alignItems: 'center' }}>
          <Badge color={color} variant="light" size="lg" leftSection={icon}>
            <span data-testid="online-badge">{label}</span>
            {waiting > 0 && (
              <span data-testid="pending-count">
                {' · '}
                {waiting}
              </span>
            )}
          </Badge>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6}>
          <Text fw={600}>{status.online ? t('sync.online') : t('sync.offline')}</Text>
          <Text size="sm" data-testid="sync-pending">
            {status.pending === 0 ? t('sync.noPending') : t('sync.pending', { n: status.pending })}
          </Text>
          {status.uploadsQueued > 0 && <Text size="sm">{t('sync.uploadsQueued', { n: status.uploadsQueued })}</Text>}
          {status.uploadsParked > 0 && (
            <Text size="sm" c="red">
              {t('sync.uploadsParked', { n: status.uploadsParked })}
            </Text>
          )}
          <Text size="sm" c="dimmed" data-testid="sync-last">
            {status.lastSyncAt ? t('sync.lastSync', { when: formatDate(status.lastSyncAt, "d MMM, HH:mm:ss") }) : t('sync.neverSynced')}
          </Text>
          {status.error && (
            <Text size="sm" c={status.online ? 'red' : 'dimmed'} data-testid="sync-error">
              {status.error}
            </Text>
          )}
          {onSyncNow && (
            <Group>
              <Button size="xs" variant="light" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onSyncNow} disabled={!status.online}>
                {t('sync.syncNow')}
              </Button>
            </Group>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
