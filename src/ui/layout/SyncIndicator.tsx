import { Badge, Button, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudUpload, IconInfoCircle, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { t } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import type { SyncNotice } from '../../data/syncNotices';
import { noticeSentences } from '../sync/noticeText';

export interface SyncIndicatorStatus {
  readonly online: boolean;
  readonly state: 'offline' | 'syncing' | 'synced' | 'error' | 'idle';
  readonly pending: number;
  readonly uploadsQueued: number;
  readonly uploadsParked: number;
  readonly lastSyncAt: number | null;
  readonly error: string | null;
  /** Changes of this device the server did not keep (src/data/syncNotices.ts). */
  readonly notices?: readonly SyncNotice[];
}

/** One word for the state of this device's sync, in order of what matters most. */
export type SyncPhase = 'offline' | 'error' | 'pending' | 'syncing' | 'synced' | 'idle';

/**
 * `synced` means: online, the last sync round finished, and nothing of this device (changes or
 * files) waits to be sent. The badge exposes it as `data-sync-state` (tests wait on it) and in
 * its accessible name.
 */
export function syncPhase(status: SyncIndicatorStatus): SyncPhase {
  if (!status.online || status.state === 'offline') return 'offline';
  if (status.uploadsParked > 0 || status.state === 'error') return 'error';
  if (status.pending + status.uploadsQueued > 0) return 'pending';
  return status.state;
}

/**
 * The sync badge of the shell: online or offline, local changes not yet on the server, files
 * waiting to upload, the last successful sync, the last error in plain Spanish and the changes
 * of this person's the server did not keep (until he has read them).
 */
export function SyncIndicator({ status, onSyncNow, onDismissNotices }: { status: SyncIndicatorStatus; onSyncNow?: () => void; onDismissNotices?: () => void }) {
  const waiting = status.pending + status.uploadsQueued + status.uploadsParked;
  const notices = status.notices ?? [];
  const problem = status.uploadsParked > 0 || (status.online && status.state === 'error');
  const color = !status.online ? 'gray' : problem ? 'red' : notices.length > 0 ? 'yellow' : waiting > 0 ? 'orange' : 'teal';
  const icon = !status.online ? (
    <IconWifiOff size={16} aria-hidden />
  ) : problem ? (
    <IconAlertTriangle size={16} aria-hidden />
  ) : notices.length > 0 ? (
    <IconInfoCircle size={16} aria-hidden />
  ) : waiting > 0 ? (
    <IconCloudUpload size={16} aria-hidden />
  ) : (
    <IconCloudCheck size={16} aria-hidden />
  );
  const label = !status.online ? t('sync.offline') : t('sync.online');
  const phase = syncPhase(status);
  return (
    <Popover width={300} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <UnstyledButton
          aria-label={`${notices.length > 0 ? t('syncNotice.badgeLabel', { n: notices.length }) : t('sync.details')}: ${t(`syncState.${phase}`)}`}
          data-testid="sync-indicator"
          data-sync-state={phase}
          data-last-sync={status.lastSyncAt ?? ''}
          style={{ minHeight: 44, display: 'flex', alignItems: 'center', flexShrink: 0 }}
        >
          <Badge color={color} variant="light" size="lg" leftSection={icon}>
            <span data-testid="online-badge">{label}</span>
            {waiting > 0 && (
              <span data-testid="pending-count">
                {' · '}
                {waiting}
              </span>
            )}
            {notices.length > 0 && (
              <span data-testid="notice-count">
                {' · '}
                {t('syncNotice.badge', { n: notices.length })}
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
          {notices.length > 0 && (
            <Stack gap={4} data-testid="sync-notices">
              <Text size="sm" fw={600} c="orange.8">
                {notices.length === 1 ? t('syncNotice.summaryOne') : t('syncNotice.summaryMany', { n: notices.length })}
              </Text>
              {notices.flatMap((n) =>
                noticeSentences(n).map((s) => (
                  <Text key={`${n.key}:${s}`} size="sm">
                    {s}
                  </Text>
                )),
              )}
              {onDismissNotices && (
                <Group>
                  <Button size="sm" mih={44} variant="light" color="orange" onClick={onDismissNotices}>
                    {t('syncNotice.dismissAll')}
                  </Button>
                </Group>
              )}
            </Stack>
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
