import { Suspense, useEffect } from 'react';
import { useIdle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { t } from '../../i18n';
import { lockNow, signIn, unlock, useSession } from '../../data/session';
import { lazyChunk } from '../../ui/lazyChunk';
import { usePreloadWhenSynced } from '../../ui/preloadWhenSynced';

// The password prompt (a modal with its form) loads only when the session is locked or expired
// (issue 31: not on the first screen). Meanwhile an opaque cover hides the page.
const PasswordModal = lazyChunk(() => import('./PasswordModal').then((m) => ({ default: m.PasswordModal })));
const PRELOAD = [PasswordModal];

function Cover() {
  return <div aria-busy="true" style={{ position: 'fixed', inset: 0, zIndex: 300, background: 'var(--mantine-color-body)' }} />;
}

/**
 * Session overlays of every page: the inactivity lock of shared tablets, the expired-session
 * prompt and the Spanish notice when the server refuses a change.
 */
export function SessionOverlays() {
  const { phase, user, locked, expired, lockMinutes, engine } = useSession();
  usePreloadWhenSynced(PRELOAD);
  const idle = useIdle(Math.max(1, lockMinutes) * 60_000, { initialState: false });

  useEffect(() => {
    if (phase === 'signed-in' && lockMinutes > 0 && idle) lockNow();
  }, [idle, phase, lockMinutes]);

  useEffect(() => {
    if (!engine) return undefined;
    const sub = engine.refusals$.subscribe((r) =>
      notifications.show({ color: 'red', title: t('common.changeRefused'), message: t('sync.refused', { reason: r.reason }) }),
    );
    return () => sub.unsubscribe();
  }, [engine]);

  if (phase !== 'signed-in' || !user) return null;
  if (locked) {
    return (
      <Suspense fallback={<Cover />}>
        <PasswordModal
          title={t('auth.lockedTitle')}
          body={t('auth.lockedBody', { name: user.name })}
          submitLabel={t('auth.unlock')}
          onSubmit={async (password) => {
            if (!(await unlock(password))) throw new Error(t('auth.wrongPassword'));
          }}
        />
      </Suspense>
    );
  }
  if (expired) {
    return (
      <Suspense fallback={<Cover />}>
        <PasswordModal
          title={t('auth.expiredTitle')}
          body={t('auth.expiredBody')}
          submitLabel={t('auth.expiredSubmit')}
          onSubmit={(password) => signIn(user.email, password)}
        />
      </Suspense>
    );
  }
  return null;
}
