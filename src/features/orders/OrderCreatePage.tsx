import { useState } from 'react';
import { Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { t } from '../../i18n';
import { useEngine } from '../../data/hooks';
import { entityActions } from '../../data/entities';
import { currentActor } from '../../data/session';
import { madridDate } from '../../domain/dates';
import type { Order } from '../../domain/entities/operation';
import { newOrderCode } from '../../domain/orderForm';
import { newId } from '../../ui/crud/entity';
import { OrderForm } from './OrderForm';
import { linkTo } from '../../links/registry';
import '../../i18n/es/orders';

export function OrderCreatePage() {
  const engine = useEngine();
  const navigate = useNavigate();
  const [initial] = useState<Order>(() => ({
    id: '',
    code: '',
    client_id: '',
    delivery_point_id: '',
    hub: 0,
    date: madridDate(),
    window_start: '09:00',
    window_end: '13:00',
    status: 'pending',
    picking_status: 'pending',
    status_id: '',
    route_id: '',
    lines: [{ line_id: 'l1', product_id: '', name: '', quantity: 1, unit_price_cents: 0, tax_id: '', tax_rate_bp: 0, picked_quantity: 0 }],
    payment_method: 'on_account',
    external_ref: '',
    notes: '',
    created_at: 0,
    updated_at: 0,
  }));
  if (!engine) return <Loader aria-label={t('app.loading')} />;
  return (
    <OrderForm
      initial={initial}
      statusOptions={[]}
      onSubmit={async (values) => {
        const now = Date.now();
        const id = newId('ord');
        await entityActions('orders').create(engine, { doc: { ...values, id, code: newOrderCode(values.date, id.slice(4)), created_at: now, updated_at: now } }, currentActor());
        notifications.show({ color: 'teal', message: t('orders.created') });
        await navigate({ ...linkTo('editOrder', { id }) });
      }}
    />
  );
}
