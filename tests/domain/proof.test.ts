import { describe, expect, it } from 'vitest';
import { closingEvent, hasProof, proofLinkExpired, proofOfDelivery, signatureSvg, type ProofInput } from '../../src/domain/proof';
import type { Incidence } from '../../src/domain/entities/events';
import { deliveryEvent, order, point, T0 } from '../helpers/fixtures';

const o = order('o1', 'pe1', 'r1');
const base = (events: ProofInput['events'], incidences: Incidence[] = []): ProofInput => ({
  order: o,
  events,
  point: point('pe1'),
  clientName: 'Pascual',
  riderName: 'Rafa',
  reasonName: (id) => (id === 'st-ausente' ? 'Ausente' : ''),
  incidences,
});

describe('proof of delivery', () => {
  it('has none before the order is delivered or failed (a signature alone is not a delivery)', () => {
    expect(proofOfDelivery(base([]))).toBeNull();
    const signed = { ...deliveryEvent('s', o, 'u1', 'signed'), signer_name: 'Ana' };
    expect(proofOfDelivery(base([signed]))).toBeNull();
    expect(hasProof([signed])).toBe(false);
    expect(hasProof([deliveryEvent('d', o, 'u1')])).toBe(true);
  });

  it('shows a failed delivery with its reason, no lines delivered, no signature and no payment', () => {
    const failed = { ...deliveryEvent('f', o, 'u1', 'failed'), lines: [], reason_status_id: 'st-ausente', note: 'Cerrado' };
    const p = proofOfDelivery(base([failed]));
    expect(p).toMatchObject({ outcome: 'failed', failure_reason: 'Ausente', note: 'Cerrado', signer_name: '', signed_at: null, payment: null });
    expect(p?.lines).toEqual([{ name: 'Leche', ordered: 6, delivered: 0, refused: 0 }]);
  });

  it('takes the latest outcome: a failed attempt then a delivery is a delivery with its signature and payment', () => {
    const failed = { ...deliveryEvent('f', o, 'u1', 'failed'), at: T0 - 5 * 3_600_000, lines: [], reason_status_id: 'st-ausente' };
    const oldSig = { ...deliveryEvent('s0', o, 'u1', 'signed'), at: T0 - 6 * 3_600_000, lines: [], signer_name: 'Viejo', signature_strokes: [[[1, 1, 0.5]]] as [number, number, number][][] };
    const delivered = { ...deliveryEvent('d', o, 'u1'), lines: [{ line_id: 'l1', product_id: 'p1', delivered: 4, refused: 2 }] };
    const sig = { ...deliveryEvent('s', o, 'u1', 'signed'), at: T0 + 2000, lines: [], signer_name: 'Ana', signature_strokes: [[[1, 2, 0.5]]] as [number, number, number][][] };
    const paid = { ...deliveryEvent('c', o, 'u1', 'collected'), at: T0 + 3000, lines: [], payment_method: 'card' as const, amount_due_cents: 480, amount_collected_cents: 480, photo_file: 'deliveries/u1/c.jpg' };
    const inc = { id: 'i', kind: 'delivery-product', order_id: 'o1', photo_file: 'incidences/u1/i.jpg' } as Incidence;
    const other = { id: 'j', kind: 'delivery-product', order_id: 'o2', photo_file: 'incidences/u1/j.jpg' } as Incidence;
    const events = [paid, failed, oldSig, sig, delivered];
    expect(closingEvent(events)?.id).toBe('d');
    const p = proofOfDelivery(base(events, [inc, other]));
    expect(p).toMatchObject({
      outcome: 'delivered',
      signer_name: 'Ana',
      signed_at: T0 + 2000,
      failure_reason: '',
      payment: { method: 'card', due_cents: 480, collected_cents: 480, change_cents: 0, at: T0 + 3000 },
      lines: [{ name: 'Leche', ordered: 6, delivered: 4, refused: 2 }],
      photo_files: ['deliveries/u1/c.jpg', 'incidences/u1/i.jpg'],
      client: 'Pascual',
      rider: 'Rafa',
    });
  });

  it('carries the client’s own order number (issue 28)', () => {
    const mine = { ...o, external_ref: ' BIM/26/88101 ' };
    expect(proofOfDelivery({ ...base([deliveryEvent('d', mine, 'u1')]), order: mine })?.client_ref).toBe('BIM/26/88101');
    expect(proofOfDelivery(base([deliveryEvent('d', { ...o, external_ref: '' }, 'u1')]))?.client_ref).toBe(o.external_ref.trim());
  });

  it('ignores another order’s events', () => {
    const other = order('o2', 'pe1', 'r1');
    expect(proofOfDelivery(base([deliveryEvent('d', other, 'u1')]))).toBeNull();
  });

  it('draws the signature as an SVG of polylines, a single dot included, with numbers only', () => {
    const svg = signatureSvg([[[10, 20, 0.5], [30.04, 40, 0.5]], [[5, 5, 0.5]], [], [[Number.NaN, 1, 0.5]]]);
    expect(svg).toContain('<polyline points="10,20 30,40"/>');
    expect(svg).toContain('<polyline points="5,5 5,5"/>');
    expect(svg).toContain('<polyline points="0,1 0,1"/>');
    expect(svg.match(/<polyline/g)).toHaveLength(3);
    expect(svg).not.toMatch(/script|on\w+=/i);
  });

  it('expires a link at its expiry instant', () => {
    expect(proofLinkExpired(1000, 999)).toBe(false);
    expect(proofLinkExpired(1000, 1000)).toBe(true);
  });
});
