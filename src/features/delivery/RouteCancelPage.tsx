import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { t } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import { useEngine } from '../../data/hooks';
import { cancelRoute } from '../../data/round';
import { MissingUntilSynced } from '../../ui/sync/FirstSync';
import { useActor, useRoute } from './hooks';
import { RouteStatusBadge } from './routeShared';
import { linkTo } from '../../routes/registry';

/** /distribution/route_cancel/:id: an operator cancels a route with a reason. */
export function RouteCancelPage({ params }: ScreenProps) {
  const engine = useEngine();
  const actor = useActor();
  const navigate = useNavigate();
  const { data: route, loading } = useRoute(params.id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (loading) return null;
  if (!route || !engine) return <MissingUntilSynced><Alert color="orange">{t('delivery.routeNotFound')}</Alert></MissingUntilSynced>;
  const closed = route.status === 'completed' || route.status === 'cancelled';
  return (
    <Stack maw={640}>
      <Group justify="space-between">
        <Text fw={700}>{route.name}</Text>
        <RouteStatusBadge route={route} />
      </Group>
      {route.status === 'cancelled' && <Alert color="red">{route.cancel_reason}</Alert>}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Textarea label={t('delivery.cancelReason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} disabled={closed} required maxLength={500} />
      <Button
        color="red"
        size="lg"
        disabled={closed}
        onClick={async () => {
          try {
            await cancelRoute(engine, route, reason, actor);
            notifications.show({ color: 'teal', message: t('delivery.cancelled') });
            await navigate({ ...linkTo('distributionRoute', { id: route.id }) });
          } catch (err) {
            setError(err instanceof Error ? err.message : String(err));
          }
        }}
      >
        {t('delivery.cancelRoute')}
      </Button>
    </Stack>
  );
}
