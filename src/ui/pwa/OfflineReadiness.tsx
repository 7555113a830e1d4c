import { Alert, List, Text } from '@mantine/core';
import { IconCircleCheck, IconCloudDownload } from '@tabler/icons-react';
import { t } from '../../i18n';
import { useEngine, useFirstSync } from '../../data/statusHooks';
import { useSession } from '../../data/session';
import { useTilePrefetchState } from '../../data/tilePrefetch';
import { usePwaStore } from './serviceWorker';
import { offlineReadiness } from './readiness';

/**
 * On a rider's route list: «Listo para trabajar sin conexión» once the app, his data and his
 * stops' map are on the phone; otherwise what is still missing (see ./readiness.ts).
 */
export function OfflineReadiness() {
  const isRider = useSession((s) => s.user?.base_role === 'rider');
  const code = usePwaStore((s) => s.code);
  const tiles = useTilePrefetchState((s) => s.state);
  const engine = useEngine();
  const { awaiting } = useFirstSync();
  if (!isRider) return null;
  const { ready, missing } = offlineReadiness({ code, dataSynced: engine !== null && !awaiting, tiles });
  if (ready) {
    return (
      <Text role="status" data-testid="offline-readiness" data-ready="true" c="teal.9" fw={600} mb="sm" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <IconCircleCheck size={20} aria-hidden />
        {t('pwa.offlineReadyTitle')}
      </Text>
    );
  }
  return (
    <Alert role="status" data-testid="offline-readiness" data-ready="false" color="yellow" mb="sm" icon={<IconCloudDownload size={20} aria-hidden />} title={t('pwa.offlineMissingTitle')}>
      <Text size="sm">{t('pwa.offlineMissingIntro')}</Text>
      <List size="sm">
        {missing.map((key) => (
          <List.Item key={key}>{t(key)}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
