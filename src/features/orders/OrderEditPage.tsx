import { useState } from 'react';
import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from '@tanstack/react-router';
import { t } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import { useEngine, useLiveQuery } from '../../data/hooks';
import { currentActor, useSession } from '../../data/session';
import { entityActions } from '../../data/entities';
import { docById } from '../../data/queries';
import type { Order } from '../../domain/entities/operation';
import { MACHINES, nextStatuses } from '../../domain/status/machines';
import { hubRefusal, useWritableHubs } from '../../ui/hubScope';
import { ConfirmButton } from '../../ui/crud/ConfirmButton';
import { OrderForm } from './OrderForm';
import { SyncNotices } from '../../ui/sync/SyncNotices';
import { href, linkTo } from '../../links/registry';
import { statusText } from '../../i18n/status';
import '../../i18n/es/orders';

export function OrderEditPage({ params }: ScreenProps<'editOrder'>) {
  const engine = useEngine();
  const navigate = useNavigate();
  const role = useSession((s) => s.user?.base_role ?? 'anonimus');
  const id = params.id;
  const { data: order, loading } = useLiveQuery<Order | null>((db) => (id ? docById(db, 'orders', id) : null), [id], null);
  const [initial, setInitial] = useState<Order | null>(null);
  // Another hub's order is read-only for an operator (issue 29, finding 6): OrderForm says why.
  const writable = useWritableHubs();
  if (order && initial?.id !== order.id) setInitial(order);
  if (!engine || loading) return <Loader aria-label={t('app.loading')} />;
  if (!order || !initial) return <Alert color="orange">{t('crud.notFound', { id: id ?? '' })}</Alert>;
  const hubRefused = hubRefusal(writable, order.hub);
  const statusOptions = [order.status, ...nextStatuses(MACHINES.order, order.status, role)].map((s) => ({ value: s, label: statusText(MACHINES.order, s) }));
  return (
    <Stack>
      <Alert color="gray" data-testid="order-code">
        {t('orders.codeIs', { code: order.code })}
        {order.route_id ? ` · ${t('orders.onRoute', { route: order.route_id })}` : ''}
      </Alert>
      <Group>
        <Button component={Link} to={href('orderNotices', { id: order.id })} variant="light">
          {t('routeTitles.orderNotices')}
        </Button>
      </Group>
      <SyncNotices docs={[{ collection: 'orders', id: order.id }]} />
      <OrderForm
        key={order.id}
        initial={initial}
        statusOptions={statusOptions}
        onSubmit={async (values) => {
          await entityActions('orders').save(engine, { doc: { ...order, ...values, id: order.id, code: order.code, created_at: order.created_at } }, currentActor());
          notifications.show({ color: 'teal', message: t('crud.updated') });
        }}
        actions={
          <ConfirmButton
            color="red"
            variant="light"
            disabled={order.route_id !== '' || hubRefused !== null}
            title={t('crud.confirmDeleteTitle', { what: t('orders.what') })}
            message={t('crud.confirmDeleteBody', { name: order.code })}
            onConfirm={async () => {
              await entityActions('orders').remove(engine, { id: order.id }, currentActor());
              notifications.show({ color: 'teal', message: t('crud.deleted') });
              await navigate({ ...linkTo('orders') });
            }}
          >
            {t('common.delete')}
          </ConfirmButton>
        }
      />
      {order.route_id !== '' && (
        <Alert color="gray" data-testid="delete-blocked">
          {t('orders.deleteBlocked')}
        </Alert>
      )}
    </Stack>
  );
}
