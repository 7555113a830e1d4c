import { useEffect, useRef } from 'react';
import { Button, Group, Popover, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { t } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import { noticeSentences } from '../sync/noticeText';
import { SyncBadgeButton, type SyncIndicatorProps } from './SyncBadge';

/**
 * The sync badge with its details (a popover): loaded when the badge is first pressed
 * (./SyncIndicator.tsx), it opens at once and keeps the focus on the badge.
 */
export function SyncDetails({ status, onSyncNow, onDismissNotices }: SyncIndicatorProps) {
  const notices = status.notices ?? [];
  const badge = useRef<HTMLButtonElement>(null);
  useEffect(() => badge.current?.focus(), []);
  return (
    <Popover defaultOpened width={300} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <SyncBadgeButton status={status} ref={badge} />
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
