/** The signed-in user's writable hubs (src/domain/access/hubScope.ts), for selectors and buttons. */
import { useMemo } from 'react';
import { useSession } from '../data/session';
import { mayWriteHub, writableHubs, type WritableHubs } from '../domain/access/hubScope';
import { t } from '../i18n';

export function useWritableHubs(): WritableHubs {
  const role = useSession((s) => s.user?.base_role);
  const hub = useSession((s) => s.user?.hub ?? 0);
  const hubs = useSession((s) => s.user?.hubs);
  return useMemo(() => (role === undefined ? [] : writableHubs({ base_role: role, hubs: hubs ?? (hub > 0 ? [hub] : []) })), [role, hub, hubs]);
}

/** Why a user who writes in `w` may not change a document of hub `hub` (a button's reason), or null. */
export function hubRefusal(w: WritableHubs, hub: number): string | null {
  if (mayWriteHub(w, hub)) return null;
  return w !== 'all' && w.length === 0 ? t('common.noHub') : t('common.otherHub', { hub });
}
