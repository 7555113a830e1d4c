/**
 * The operators' incidence list (/incidence-all-delivered): the delivery incidences the riders
 * report, with filters. Its own feature: operators read it, riders never open it.
 */
import { useMemo } from 'react';
import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { t, type MessageKey } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import { useLiveQuery } from '../../data/hooks';
import { allDocs, deliveryIncidences } from '../../data/queries';
import { INCIDENCE_TYPES, type Incidence } from '../../domain/entities/events';
import type { Order } from '../../domain/entities/operation';
import { EntityTable } from '../../ui/crud/EntityTable';
import { PhotoButton } from '../../ui/media/StoredPhoto';
import { href } from '../../routes/registry';

/** /incidence-all-delivered: delivery incidences with filters, for operators. */
export function IncidencesListPage() {
  const { data: incidences, loading } = useLiveQuery<Incidence[]>((db) => deliveryIncidences(db), [], []);
  const { data: orders } = useLiveQuery<Order[]>((db) => allDocs(db, 'orders'), [], []);
  const codes = useMemo(() => new Map(orders.map((o) => [o.id, o])), [orders]);
  const routes = [...new Set(incidences.map((i) => i.route_id).filter(Boolean))];
  return (
    <EntityTable
      label={t('menu.incidences')}
      rows={incidences}
      loading={loading}
      rowKey={(i) => i.id}
      csvName="incidencias"
      columns={[
        { key: 'at', header: t('delivery.when'), value: (i) => i.at, render: (i) => formatDate(i.at, 'd MMM, HH:mm'), width: '130px' },
        { key: 'type', header: t('delivery.incidenceType'), value: (i) => t(`delivery.type_${i.type}` as MessageKey) },
        { key: 'order', header: t('delivery.order'), value: (i) => codes.get(i.order_id)?.code ?? i.order_id, render: (i) => <Anchor component={Link} to={href('delivery', { id: i.order_id })}>{codes.get(i.order_id)?.code ?? i.order_id}</Anchor> },
        { key: 'product', header: t('delivery.product'), value: (i) => codes.get(i.order_id)?.lines.find((l) => l.product_id === i.product_id)?.name ?? i.product_id, width: '2fr' },
        { key: 'qty', header: t('delivery.quantity'), value: (i) => i.quantity, width: '90px' },
        { key: 'route', header: t('delivery.filterRoute'), value: (i) => i.route_id },
        { key: 'note', header: t('delivery.note'), value: (i) => i.note, width: '2fr' },
        {
          key: 'photo',
          header: t('proof.photos'),
          value: (i) => (i.photo_file === '' ? '' : t('media.showPhoto')),
          render: (i) => (i.photo_file === '' ? '—' : <PhotoButton path={i.photo_file} title={`${t(`delivery.type_${i.type}` as MessageKey)} · ${codes.get(i.order_id)?.code ?? i.order_id}`} />),
          width: '110px',
        },
      ]}
      filters={[
        { key: 'type', label: t('delivery.filterType'), options: INCIDENCE_TYPES.map((x) => ({ value: x, label: t(`delivery.type_${x}` as MessageKey) })), test: (i, v) => i.type === v },
        { key: 'route', label: t('delivery.filterRoute'), options: routes.map((r) => ({ value: r, label: r })), test: (i, v) => i.route_id === v },
      ]}
    />
  );
}
