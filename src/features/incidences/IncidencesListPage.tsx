/**
 * The operators' incidence list (/incidence-all-delivered): the delivery incidences the riders
 * report, with filters, and their follow-up (issue 13: state, who is in charge, history; the
 * «Seguimiento» button of each row). Its own feature: operators read it, riders never open it.
 */
import { useMemo, useState } from 'react';
import { Anchor, Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { t, type MessageKey } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import { useLiveQuery } from '../../data/hooks';
import { allDocs, deliveryIncidences } from '../../data/queries';
import { INCIDENCE_TYPES, type Incidence } from '../../domain/entities/events';
import type { Order } from '../../domain/entities/operation';
import { FOLLOW_UP_STATES } from '../../domain/incidences/followUp';
import { useFollowUps } from '../../ui/incidences/useFollowUps';
import { FollowUpBadge, FollowUpDialog, followUpLabel } from '../../ui/incidences/FollowUpDialog';
import { EntityTable } from '../../ui/crud/EntityTable';
import { PhotoButton } from '../../ui/media/StoredPhoto';
import { href } from '../../routes/registry';

/** /incidence-all-delivered: delivery incidences with filters, for operators. */
export function IncidencesListPage() {
  const { data: incidences, loading } = useLiveQuery<Incidence[]>((db) => deliveryIncidences(db), [], []);
  const { data: orders } = useLiveQuery<Order[]>((db) => allDocs(db, 'orders'), [], []);
  const codes = useMemo(() => new Map(orders.map((o) => [o.id, o])), [orders]);
  const routes = [...new Set(incidences.map((i) => i.route_id).filter(Boolean))];
  const { viewOf: viewById, name, staff } = useFollowUps();
  const viewOf = (i: Incidence) => viewById(i.id);
  const [open, setOpen] = useState<Incidence | null>(null);
  const what = (i: Incidence) => `${t(`delivery.type_${i.type}` as MessageKey)} · ${codes.get(i.order_id)?.code ?? i.order_id}`;
  return (
    <>
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
        { key: 'followUp', header: t('incidences.followUp.state'), value: (i) => followUpLabel(viewOf(i).state), render: (i) => <FollowUpBadge state={viewOf(i).state} />, width: '120px' },
        { key: 'assignee', header: t('incidences.followUp.assignee'), value: (i) => (viewOf(i).assignee === '' ? '' : name(viewOf(i).assignee)) },
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
        { key: 'followUp', label: t('incidences.followUp.filter'), options: FOLLOW_UP_STATES.map((x) => ({ value: x, label: followUpLabel(x) })), test: (i, v) => viewOf(i).state === v },
      ]}
      actions={(i) => (
        <Button size="xs" variant="light" onClick={() => setOpen(i)} aria-label={t('incidences.followUp.openLabel', { order: codes.get(i.order_id)?.code ?? i.order_id })}>
          {t('incidences.followUp.openButton')}
        </Button>
      )}
    />
    {open && <FollowUpDialog incidence={open} what={what(open)} view={viewOf(open)} staff={staff} name={name} onClose={() => setOpen(null)} />}
    </>
  );
}
