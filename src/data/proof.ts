/**
 * Proof of delivery (issue 13) for the screens: the operators' proof of one order, read live from
 * the local database and built by src/domain/proof; its stored images (photos) through the
 * backend's file transport; the client's public link (make it, open it) through the seam.
 */
import { useMemo } from 'react';
import type { DeliveryEvent, Incidence } from '../domain/entities/events';
import type { DeliveryPoint, Order, User } from '../domain/entities/operation';
import type { CatalogDoc } from '../domain/entities/reference';
import { closingEvent, proofOfDelivery, type Proof } from '../domain/proof';
import { useLiveQuery } from './hooks';
import { deliveriesOfOrder, docById, incidencesOfOrders } from './queries';

export type { Proof, ProofLink, ProofOutcome, PublicProof } from '../domain/proof';
// The public page's calls and stored photos live apart (no local queries, no entity schemas).
export { createProofLink, loadPublicProof, revokeProofLinks, useStoredImage, type StoredImage } from './proofLinks';

export interface OrderProofState {
  readonly loading: boolean;
  readonly order: Order | null;
  readonly proof: Proof | null;
}

/** The live proof of an order (null until it is delivered or failed). */
export function useOrderProof(orderId: string): OrderProofState {
  const order = useLiveQuery<Order | null>((db) => docById(db, 'orders', orderId), [orderId], null);
  const events = useLiveQuery<DeliveryEvent[]>((db) => deliveriesOfOrder(db, orderId), [orderId], []);
  const incidences = useLiveQuery<Incidence[]>((db) => incidencesOfOrders(db, [orderId]), [orderId], []);
  const o = order.data;
  const point = useLiveQuery<DeliveryPoint | null>((db) => (o ? docById(db, 'delivery_points', o.delivery_point_id) : null), [o?.delivery_point_id], null);
  const client = useLiveQuery<CatalogDoc | null>((db) => (o ? docById(db, 'catalog', o.client_id) : null), [o?.client_id], null);
  const closing = closingEvent(events.data);
  const rider = useLiveQuery<User | null>((db) => (closing ? docById(db, 'users', closing.rider_id) : null), [closing?.rider_id], null);
  const reasonId = closing?.kind === 'failed' ? closing.reason_status_id : '';
  const reason = useLiveQuery<CatalogDoc | null>((db) => (reasonId !== '' ? docById(db, 'catalog', reasonId) : null), [reasonId], null);
  const proof = useMemo(
    () =>
      o
        ? proofOfDelivery({
            order: o,
            events: events.data,
            incidences: incidences.data,
            point: point.data,
            clientName: client.data?.name ?? '',
            riderName: rider.data?.name ?? '',
            reasonName: (id) => (reason.data?.id === id ? reason.data.name : ''),
          })
        : null,
    [o, events.data, incidences.data, point.data, client.data, rider.data, reason.data],
  );
  return { loading: order.loading || events.loading, order: o, proof };
}
