import type { ComponentPropsWithoutRef, Ref } from 'react';
import { Badge, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudUpload, IconInfoCircle, IconWifiOff } from '@tabler/icons-react';
import { t } from '../../i18n';
import type { SyncNotice } from '../../data/syncNotices';

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

export interface SyncIndicatorProps {
  readonly status: SyncIndicatorStatus;
  readonly onSyncNow?: () => void;
  readonly onDismissNotices?: () => void;
}

type BadgeButtonProps = { readonly status: SyncIndicatorStatus; readonly ref?: Ref<HTMLButtonElement> } & Omit<ComponentPropsWithoutRef<'button'>, 'color'>;

/** The badge itself: a button (44 px high) that opens the details (./SyncDetails.tsx). */
export function SyncBadgeButton({ status, ref, ...rest }: BadgeButtonProps) {
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
    <UnstyledButton
      {...rest}
      ref={ref}
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
  );
}

