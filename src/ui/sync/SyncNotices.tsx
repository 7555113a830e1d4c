import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { t } from '../../i18n';
import { useEngine, useSyncStatus } from '../../data/hooks';
import type { LocalCollection } from '../../domain/collections';
import { noticeSentences } from './noticeText';

export interface NoticeTarget {
  readonly collection: LocalCollection;
  readonly id: string;
}

/**
 * The notices of the documents a screen shows (a route and its orders…): what the server did
 * not keep of this person's changes, in plain Spanish, until he says he has read them.
 */
export function SyncNotices({ docs }: { docs: readonly NoticeTarget[] }) {
  const { notices } = useSyncStatus();
  const engine = useEngine();
  const shown = notices.filter((n) => docs.some((d) => d.collection === n.collection && d.id === n.id));
  if (shown.length === 0 || !engine) return null;
  return (
    <Stack gap="xs">
      {shown.map((n) => (
        <Alert key={n.key} color="orange" variant="light" role="status" icon={<IconAlertTriangle size={20} aria-hidden />} title={t('syncNotice.title')} data-testid="sync-notice">
          <Stack gap={4}>
            {noticeSentences(n).map((s) => (
              <Text key={s} size="sm">
                {s}
              </Text>
            ))}
            <Group justify="flex-end">
              <Button variant="light" color="orange" mih={44} onClick={() => void engine.dismissNotices([n.key])}>
                {t('syncNotice.dismiss')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ))}
    </Stack>
  );
}
