/**
 * Proof of delivery («albarán de entrega», issue 13): what happened to one order at the door,
 * built from its insert-only delivery events. The operators' page, its printable A4 view and the
 * client's public link all show this one shape, so the three never disagree.
 *
 * Decisions (docs/delivery.md, «Proof of delivery and the client's public link»):
 * - An order has a proof once it has a delivered, partial or failed event (the latest wins; a
 *   failed attempt followed by a delivery shows the delivery).
 * - The printable document is the page itself with print CSS (a clean A4 page, `window.print()`,
 *   «Guardar como PDF» in the print dialog); no PDF library.
 * - The client's public link expires PROOF_LINK_DAYS after it is made. The public answer carries
 *   no internal id: the order's code, names, the point's address, the lines, the times, the
 *   position and the images (through the link's token), and the client's own order number.
 * - Times are the operation's, Europe/Madrid, labelled as such («07:40 (hora peninsular)»),
 *   whatever the viewer's time zone (issue 28; docs/money.md).
 */
import type { DeliveryEvent, Incidence } from './entities/events';
import type { DeliveryPoint, Order, PaymentMethod } from './entities/operation';

/** Days a client's public link works after an operator makes it. */
export const PROOF_LINK_DAYS = 30;
export const PROOF_LINK_MS = PROOF_LINK_DAYS * 24 * 60 * 60 * 1000;

export type ProofOutcome = 'delivered' | 'partial' | 'failed';

export interface ProofLine {
  readonly name: string;
  readonly ordered: number;
  readonly delivered: number;
  readonly refused: number;
}

export interface ProofPosition {
  readonly lat: number;
  readonly lng: number;
  readonly accuracy_m?: number;
}

/** One order's proof of delivery: only what the client may read. */
export interface Proof {
  readonly order_code: string;
  /** The client's own order number (`external_ref`: «4500218302», «BIM/26/88101»); '' if none. */
  readonly client_ref: string;
  readonly date: string;
  readonly client: string;
  readonly point: { readonly name: string; readonly address: string; readonly postal_code: string; readonly city: string };
  readonly outcome: ProofOutcome;
  /** Time of the delivered / partial / failed event (epoch ms). */
  readonly at: number;
  readonly position: ProofPosition | null;
  readonly rider: string;
  readonly lines: readonly ProofLine[];
  /** failed: the reason (name of the delivery status) and the rider's note. */
  readonly failure_reason: string;
  readonly note: string;
  readonly signer_name: string;
  readonly signed_at: number | null;
  readonly signature_strokes: readonly (readonly (readonly [number, number, number])[])[];
  readonly payment: { readonly method: PaymentMethod; readonly due_cents: number; readonly collected_cents: number; readonly change_cents: number; readonly at: number } | null;
  /** Stored image paths (event and incidence photos) in the file store. */
  readonly photo_files: readonly string[];
}

/** What the client's link answers: the proof without file paths or strokes, with image addresses. */
export type PublicProof = Omit<Proof, 'photo_files' | 'signature_strokes'> & {
  readonly signature_url: string | null;
  readonly photo_urls: readonly string[];
  readonly expires_at: number;
};

/** An operator's new public link (the token is shown only in this answer). */
export interface ProofLink {
  readonly token: string;
  /** The app's page of the link: `/albaran/<token>`. */
  readonly path: string;
  readonly expires_at: number;
}

const OUTCOME_KINDS: ReadonlySet<string> = new Set(['delivered', 'partial', 'failed']);

/** The event that closes the order at the door (latest delivered/partial/failed), or null. */
export function closingEvent(events: readonly DeliveryEvent[]): DeliveryEvent | null {
  let best: DeliveryEvent | null = null;
  for (const e of events) {
    if (!OUTCOME_KINDS.has(e.kind)) continue;
    if (!best || e.at > best.at || (e.at === best.at && e.id > best.id)) best = e;
  }
  return best;
}

function latest(events: readonly DeliveryEvent[], kind: DeliveryEvent['kind'], notBefore: number): DeliveryEvent | null {
  let best: DeliveryEvent | null = null;
  for (const e of events) if (e.kind === kind && e.at >= notBefore && (!best || e.at > best.at)) best = e;
  return best;
}

export interface ProofInput {
  readonly order: Order;
  /** The order's delivery events (others are ignored). */
  readonly events: readonly DeliveryEvent[];
  readonly point: DeliveryPoint | null;
  readonly clientName: string;
  readonly riderName: string;
  /** Name of a failed delivery's reason (status of the catalogue) by id. */
  readonly reasonName: (statusId: string) => string;
  /** The order's incidences (their photos join the proof). */
  readonly incidences?: readonly Incidence[];
}

/** The proof of an order, or null when it was neither delivered nor failed. */
export function proofOfDelivery(input: ProofInput): Proof | null {
  const { order } = input;
  const events = input.events.filter((e) => e.order_id === order.id);
  const closing = closingEvent(events);
  if (!closing) return null;
  // Signature and collection of the same visit: the latest ones not older than the closing
  // event's visit (a failed attempt earlier in the day has neither).
  const visitStart = closing.kind === 'failed' ? closing.at : closing.at - 60 * 60 * 1000;
  const signed = closing.kind === 'failed' ? null : latest(events, 'signed', visitStart);
  const collected = closing.kind === 'failed' ? null : latest(events, 'collected', visitStart);
  const byLine = new Map(closing.lines.map((l) => [l.line_id, l]));
  const lines = order.lines.map((l) => {
    const d = byLine.get(l.line_id);
    return {
      name: l.name,
      ordered: l.quantity,
      delivered: closing.kind === 'failed' ? 0 : (d?.delivered ?? 0),
      refused: closing.kind === 'failed' ? 0 : (d?.refused ?? 0),
    };
  });
  const photos = new Set<string>();
  for (const e of [closing, signed, collected]) if (e && e.photo_file !== '') photos.add(e.photo_file);
  for (const i of input.incidences ?? []) if (i.order_id === order.id && i.photo_file !== '') photos.add(i.photo_file);
  const p = input.point;
  return {
    order_code: order.code,
    client_ref: order.external_ref.trim(),
    date: order.date,
    client: input.clientName,
    point: { name: p?.name ?? '', address: p?.address ?? '', postal_code: p?.postal_code ?? '', city: p?.city ?? '' },
    outcome: closing.kind as ProofOutcome,
    at: closing.at,
    position: closing.position ? { lat: closing.position.lat, lng: closing.position.lng, ...(closing.position.accuracy_m !== undefined ? { accuracy_m: closing.position.accuracy_m } : {}) } : null,
    rider: input.riderName,
    lines,
    failure_reason: closing.kind === 'failed' ? input.reasonName(closing.reason_status_id) : '',
    note: closing.note,
    signer_name: signed?.signer_name ?? '',
    signed_at: signed?.at ?? null,
    signature_strokes: signed?.signature_strokes ?? [],
    payment: collected
      ? {
          method: collected.payment_method === '' ? order.payment_method : collected.payment_method,
          due_cents: collected.amount_due_cents,
          collected_cents: collected.amount_collected_cents - collected.change_cents,
          change_cents: collected.change_cents,
          at: collected.at,
        }
      : null,
    photo_files: [...photos],
  };
}

/** Whether the order has a proof of delivery (delivered, partial or failed). */
export function hasProof(events: readonly DeliveryEvent[]): boolean {
  return closingEvent(events) !== null;
}

/** The signature as a standalone SVG image (round-capped polylines in the pad's 1000 × 400 box). */
export function signatureSvg(strokes: Proof['signature_strokes']): string {
  const lines = strokes
    .filter((s) => s.length > 0)
    .map((s) => {
      const pts = (s.length === 1 ? [s[0], s[0]] : s).map((pt) => `${round(pt?.[0] ?? 0)},${round(pt?.[1] ?? 0)}`).join(' ');
      return `<polyline points="${pts}"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 400" width="600" height="240"><rect width="1000" height="400" fill="#fff"/><g fill="none" stroke="#1a1b1e" stroke-width="10" stroke-linecap="round" stroke-linejoin="round">${lines}</g></svg>`;
}

function round(n: number): string {
  return Number.isFinite(n) ? String(Math.round(n * 10) / 10) : '0';
}

/** A public link's state: the moment it stops working is `expires_at` itself. */
export function proofLinkExpired(expiresAt: number, now: number): boolean {
  return now >= expiresAt;
}
