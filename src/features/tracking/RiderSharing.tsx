/**
 * The rider's side of live tracking (issue 33), on every page of a signed-in rider: while one
 * of his routes of today is «En reparto» his position is shared (src/data/positionSharing.ts),
 * and a small notice at the foot of the page says so, or why it is not (permission refused,
 * no fix); once the route is completed it says sharing stopped. Nothing else of the round
 * depends on it. The notice is part of the page, after its content (ShellLayout's footer), never
 * laid over it: on a phone nothing may cover the signature pad, a field or the main button.
 */
import { useEffect, useRef, useState } from 'react';
import { Badge, CloseButton, Group, Paper, Text } from '@mantine/core';
import { IconCurrentLocation, IconCurrentLocationOff } from '@tabler/icons-react';
import { useLiveQuery } from '../../data/hooks';
import { riderRoutesForDay } from '../../data/queries';
import { useSession } from '../../data/session';
import { usePositionSharing, type SharingState } from '../../data/positionSharing';
import { madridDate } from '../../domain/dates';
import type { Route } from '../../domain/entities/operation';
import { t, type MessageKey } from '../../i18n';
import '../../i18n/es/tracking';

const TEXT: Readonly<Record<SharingState, MessageKey>> = {
  on: 'tracking.live.on',
  waiting: 'tracking.live.waiting',
  off: 'tracking.live.off',
  denied: 'tracking.live.denied',
  unavailable: 'tracking.live.unavailable',
};

export function RiderSharing() {
  const user = useSession((s) => s.user);
  const isRider = user?.base_role === 'rider';
  const today = madridDate();
  const routes = useLiveQuery<Route[]>((db) => (user && isRider ? riderRoutesForDay(db, user.id, today) : null), [user?.id, today, isRider], []);
  const live = routes.data.find((r) => r.status === 'in_progress') ?? null;
  const status = usePositionSharing(live?.id ?? null);
  // «Ya no se comparte» only after it was shared on this page's life, until closed.
  const shared = useRef(false);
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (status.state === 'on' || status.state === 'waiting') {
      shared.current = true;
      setClosed(false);
    }
  }, [status.state]);
  if (!isRider) return null;
  if (status.state === 'off' && (!shared.current || closed)) return null;
  const active = status.state === 'on' || status.state === 'waiting';
  return (
    <Paper mt="md" p="xs" radius="md" withBorder maw={480} role="status" aria-live="polite" data-testid="position-sharing" data-state={status.state}>
      <Group gap="xs" wrap="nowrap" align="center">
        {active ? <IconCurrentLocation size={20} aria-hidden color="var(--mantine-color-teal-7)" /> : <IconCurrentLocationOff size={20} aria-hidden />}
        <Text size="sm">{t(TEXT[status.state])}</Text>
        {status.pending > 0 && (
          <Badge variant="light" color="gray" size="sm">
            {t('tracking.live.pending', { n: status.pending })}
          </Badge>
        )}
        {status.state === 'off' && <CloseButton aria-label={t('tracking.dismiss')} onClick={() => setClosed(true)} style={{ minWidth: 44, minHeight: 44 }} />}
      </Group>
    </Paper>
  );
}
