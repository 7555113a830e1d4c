import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { t } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import { useDocById, useEngine } from '../../data/hooks';
import type { Route } from '../../domain/entities/operation';
import { useAction } from '../../ui/action/useAction';
import { cancelRoute } from '../../data/round';
import { MissingUntilSynced } from '../../ui/sync/FirstSync';
import { useActor } from './hooks';
import { RouteStatusBadge } from './routeShared';
import { linkTo } from '../../links/registry';
import '../../i18n/es/delivery';

type Engine = NonNullable<ReturnType<typeof useEngine>>;

/** /distribution/route_cancel/:id: an operator cancels a route with a reason. */
export function RouteCancelPage({ params }: ScreenProps<'distributionCancel'>) {
  const engine = useEngine();
  const actor = useActor();
  const navigate = useNavigate();
  const { data: route, loading } = useDocById('routes', params.id);
  const [reason, setReason] = useState('');
  const cancel = useAction(async (e: Engine, r: Route) => {
    await cancelRoute(e, { route: r, reason }, actor);
    notifications.show({ color: 'teal', message: t('delivery.cancelled') });
    await navigate({ ...linkTo('distributionRoute', { id: r.id }) });
  });
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
      {cancel.error && (
        <Alert color="red" role="alert">
          {cancel.error}
        </Alert>
      )}
      <Textarea label={t('delivery.cancelReason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} disabled={closed} required maxLength={500} />
      <Button
        color="red"
        size="lg"
        disabled={closed}
        loading={cancel.busy}
        onClick={() => void cancel.run(engine, route)}
      >
        {t('delivery.cancelRoute')}
      </Button>
    </Stack>
  );
}
