/**
 * What a screen shows while this user's first sync on this device has not finished (issue 15):
 * a notice saying it is waiting (or that it will wait for the network), and a placeholder
 * instead of each figure, so nobody reads a confident 0 that is only «not arrived yet».
 */
import type { ReactNode } from 'react';
import { Alert, Loader, VisuallyHidden } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useFirstSync, useSyncStatus } from '../../data/hooks';
import { t } from '../../i18n';

/** The notice, or nothing once the first sync has finished. */
export function FirstSyncNotice() {
  const { awaiting, online } = useFirstSync();
  if (!awaiting) return null;
  return (
    <Alert
      color={online ? 'blue' : 'gray'}
      role="status"
      data-testid="awaiting-first-sync"
      icon={online ? <Loader size={16} aria-hidden /> : <IconWifiOff size={18} aria-hidden />}
      title={t('syncState.awaitingFirst')}
    >
      {online ? t('syncState.awaitingFirstBody') : t('syncState.awaitingFirstOffline')}
    </Alert>
  );
}

/** `value` once the first sync has finished; until then a placeholder that says why. */
export function SyncedValue({ children }: { children: ReactNode }) {
  const { awaiting } = useFirstSync();
  if (!awaiting) return <>{children}</>;
  return (
    <span data-testid="awaiting-value">
      <span aria-hidden>{t('syncState.unknownValue')}</span>
      <VisuallyHidden>{t('syncState.unknownValueLabel')}</VisuallyHidden>
    </span>
  );
}

/**
 * «Not on this device» (`children`, e.g. «Ruta no encontrada») once the first sync has
 * finished; until then the notice, since the record may simply not have arrived yet.
 */
export function MissingUntilSynced({ children }: { children: ReactNode }) {
  const { awaiting } = useFirstSync();
  return awaiting ? <FirstSyncNotice /> : <>{children}</>;
}

/**
 * Orders a route lists that this device does not hold (issue 27). While the device is still
 * syncing they may be on their way; once it is in sync and online they are not coming: the
 * route is inconsistent, and the person is told so and who can put it right, not to wait.
 */
export function MissingOrdersNotice({ count, testId }: { count: number; testId?: string }) {
  const status = useSyncStatus();
  const { awaiting } = useFirstSync();
  if (count === 0) return null;
  const settled = !awaiting && status.online && status.state === 'synced' && status.pending === 0;
  return (
    <Alert color={settled ? 'red' : 'orange'} role="status" data-testid={testId ?? 'missing-orders'} data-settled={settled || undefined}>
      {settled ? t('syncState.missingOrdersSettled', { n: count }) : t('syncState.missingOrdersWaiting', { n: count })}
    </Alert>
  );
}
