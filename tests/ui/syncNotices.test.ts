import { describe, expect, it } from 'vitest';
import { noticeOf, type SyncNotice } from '../../src/data/syncNotices';
import { noticeSentences } from '../../src/ui/sync/noticeText';
import { order, route } from '../helpers/fixtures';

const at = 1_800_000_000_000;

describe('sync notices: what the server did not keep, in Spanish', () => {
  it('a route status the server set instead of the rider’s', () => {
    const base = route('r1', 'u-rider1', [], 'loaded');
    const mine = { ...base, status: 'in_progress', updated_at: 2 };
    const answer = { ...base, status: 'cancelled', cancel_reason: 'Avería', updated_at: 3 };
    const notice = noticeOf('routes', { assumedMasterState: base, newDocumentState: mine }, answer, null, at);
    expect(notice).toMatchObject({ collection: 'routes', id: 'r1', label: 'R1', fields: [{ field: 'status', mine: 'in_progress', server: 'cancelled' }], refused: null });
    expect(noticeSentences(notice as SyncNotice)).toEqual(['El servidor cambió el estado de la ruta R1 a «Cancelada» (tú lo habías dejado en «En reparto»).']);
  });

  it('no notice when the answer kept every change of the device (others’ changes are not news)', () => {
    const base = order('o1', 'pe1', 'r1');
    const mine = { ...base, status: 'delivered', updated_at: 2 };
    const answer = { ...mine, notes: 'Llamar antes', updated_at: 3 };
    expect(noticeOf('orders', { assumedMasterState: base, newDocumentState: mine }, answer, null, at)).toBeNull();
  });

  it('other fields in one sentence, and the admin label goes with its status', () => {
    const base = order('o1', 'pe1', 'r1');
    const mine = { ...base, notes: 'Dejar en la barra', window_end: '13:00', updated_at: 2 };
    const answer = { ...base, notes: 'Timbre 2', window_end: '14:00', updated_at: 3 };
    const n = noticeOf('orders', { assumedMasterState: base, newDocumentState: mine }, answer, null, at) as SyncNotice;
    expect(noticeSentences(n)).toEqual(['El servidor mantuvo otro valor del pedido P-o1 en: notas, fin de la franja.']);
    const statusAndLabel = noticeOf(
      'orders',
      { assumedMasterState: base, newDocumentState: { ...base, status: 'out_for_delivery', status_id: '' } },
      { ...base, status: 'cancelled', status_id: 'st-anulado' },
      null,
      at,
    ) as SyncNotice;
    expect(noticeSentences(statusAndLabel)).toEqual(['El servidor cambió el estado del pedido P-o1 a «Cancelado» (tú lo habías dejado en «En reparto»).']);
  });

  it('a refusal says why', () => {
    const base = route('r1', 'u-rider1', [], 'ready');
    const n = noticeOf('routes', { assumedMasterState: base, newDocumentState: { ...base, name: 'Mi ruta' } }, base, 'Tu rol (rider) no puede cambiar estos campos de la ruta: otros datos', at) as SyncNotice;
    expect(noticeSentences(n)).toEqual(['El servidor no aceptó tu cambio de la ruta R1: Tu rol (rider) no puede cambiar estos campos de la ruta: otros datos']);
  });

  it('no notice when the server only worked out an amount the rider does not set (issue 28)', () => {
    const base = { id: 'pay-o-20261127-0001', kind: 'order', order_id: 'o-20261127-0001', route_id: 'r1', rider_id: 'u-rider1', method: 'cash', amount_due_cents: 1290, amount_collected_cents: 0, status: 'pending', status_id: '', collected_at: 0, reviewed_by: '', note: '', updated_at: 1 };
    const mine = { ...base, amount_due_cents: 1290, amount_collected_cents: 1290, status: 'collected', collected_at: 5, updated_at: 2 };
    // The device had the due amount of before a partial delivery: the server works it out.
    const stale = { ...mine, amount_due_cents: 1500 };
    const answer = { ...mine, amount_due_cents: 1290, updated_at: 3 };
    expect(noticeOf('payments', { assumedMasterState: base, newDocumentState: stale }, answer, null, at)).toBeNull();
  });

  it('plain words: never a raw field name or an internal id (issue 28)', () => {
    const base = { id: 'pay-o-20261127-0001', kind: 'order', order_id: 'o-20261127-0001', rider_id: 'u-rider1', method: 'cash', amount_collected_cents: 0, some_new_field: 'a', updated_at: 1 };
    const mine = { ...base, amount_collected_cents: 1290, some_new_field: 'b', updated_at: 2 };
    const answer = { ...base, amount_collected_cents: 1000, some_new_field: 'c', updated_at: 3 };
    const n = noticeOf('payments', { assumedMasterState: base, newDocumentState: mine }, answer, null, at) as SyncNotice;
    expect(n.label).toBe('');
    const text = noticeSentences(n).join(' ');
    expect(text).toBe('El servidor mantuvo otro valor de un cobro en: importe cobrado, otros datos.');
    expect(text).not.toMatch(/[a-z]+_[a-z_]+|pay-|o-2026/);
    // A notice stored before named the document by its id: shown by its kind alone.
    expect(noticeSentences({ ...n, label: n.id }).join(' ')).not.toContain('pay-o-');
  });
});
