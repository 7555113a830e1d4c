/**
 * The rider's positions on the device (issue 33): recorded first in cb_app's key-value store
 * (not an RxDB collection: cb_localDB stays within RxDB's collection limit), then sent in order
 * when there is signal, and removed once the server has answered for them.
 *
 * - Each sample gets the device's next sequence number in the same IndexedDB transaction that
 *   stores it (two tabs never take the same number; a number is never reused: the counter is
 *   kept apart from the samples). The device has its own random id; the server keys a sample by
 *   (rider, device, seq), so a batch sent again after a lost answer (lie-fi), a reload or a
 *   restart stores nothing twice, and a sample is deleted here only after a 2xx answer: none is
 *   lost.
 * - A sample the server refuses (its route is no longer his, a bad field) is answered with its
 *   reason and dropped: it would be refused again. Samples older than two days are pruned.
 * - Sign-out clears cb_app (device id, counter and samples with it; the outbox guard does not
 *   wait for positions: they are not the rider's work).
 *
 * Stored shapes, in `kv`: `pos:<seq, 16 digits>` → PositionSample; `pos-seq` → the last number
 * given; `pos-device` → the device id.
 */
import type { TrackingBackend } from '../backend/types';
import { BackendError } from '../backend/types';
import type { PositionSample } from '../domain/tracking/positions';
import { WatchedStore } from './listeners';

const PREFIX = 'pos:';
const SEQ_KEY = 'pos-seq';
const DEVICE_KEY = 'pos-device';
/** Samples per request. */
export const SEND_BATCH = 200;
/** Samples older than this are not sent (the server takes a route's own day only). */
const KEEP_MS = 2 * 86_400_000;

const keyOf = (seq: number) => `${PREFIX}${String(seq).padStart(16, '0')}`;
const RANGE = () => IDBKeyRange.bound(PREFIX, `${PREFIX}\uffff`);

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export class PositionQueue extends WatchedStore {
  private sending: Promise<SendResult> | null = null;

  /** This device's id for positions (made on first use). */
  async deviceId(): Promise<string> {
    const db = await this.store.db();
    const tx = db.transaction('kv', 'readwrite');
    let id = (await tx.store.get(DEVICE_KEY)) as string | undefined;
    if (typeof id !== 'string') {
      id = randomId();
      await tx.store.put(id, DEVICE_KEY);
    }
    await tx.done;
    return id;
  }

  /** Stores a sample with the next sequence number (one transaction). */
  async record(sample: Omit<PositionSample, 'seq'>): Promise<PositionSample> {
    const db = await this.store.db();
    const tx = db.transaction('kv', 'readwrite');
    const last = Number((await tx.store.get(SEQ_KEY)) ?? 0);
    const seq = (Number.isSafeInteger(last) && last > 0 ? last : 0) + 1;
    const stored: PositionSample = { ...sample, seq };
    await Promise.all([tx.store.put(seq, SEQ_KEY), tx.store.put(stored, keyOf(seq)), tx.done]);
    this.emit();
    return stored;
  }

  /** The oldest samples not yet answered for, in sequence order. */
  async oldest(limit = SEND_BATCH): Promise<PositionSample[]> {
    const db = await this.store.db();
    return (await db.getAll('kv', RANGE(), limit)) as PositionSample[];
  }

  async count(): Promise<number> {
    return (await this.store.db()).count('kv', RANGE());
  }

  async remove(seqs: readonly number[]): Promise<void> {
    if (seqs.length === 0) return;
    const db = await this.store.db();
    const tx = db.transaction('kv', 'readwrite');
    await Promise.all([...seqs.map((s) => tx.store.delete(keyOf(s))), tx.done]);
    this.emit();
  }

  /**
   * Sends what is waiting, batch after batch, in order; one send at a time per tab. Stops at the
   * first failure (no signal, server down, session over): the samples stay for the next time.
   */
  send(tracking: TrackingBackend, nowMs: () => number = Date.now): Promise<SendResult> {
    this.sending ??= this.sendAll(tracking, nowMs).finally(() => {
      this.sending = null;
    });
    return this.sending;
  }

  private async sendAll(tracking: TrackingBackend, nowMs: () => number): Promise<SendResult> {
    const result: SendResult = { sent: 0, refused: [], error: null };
    const deviceId = await this.deviceId();
    for (;;) {
      const batch = await this.oldest();
      if (batch.length === 0) return result;
      const stale = batch.filter((s) => s.at < nowMs() - KEEP_MS).map((s) => s.seq);
      const fresh = batch.filter((s) => s.at >= nowMs() - KEEP_MS);
      if (stale.length > 0) await this.remove(stale);
      if (fresh.length === 0) continue;
      try {
        const answer = await tracking.sendPositions({ device_id: deviceId, samples: fresh });
        result.sent += answer.stored + answer.repeated;
        result.refused.push(...answer.refused.map((r) => r.message));
      } catch (err) {
        // A batch the server says is not one (400) would never pass: dropped. Anything else
        // (network, 401 until the session is refreshed, 5xx) keeps it for later.
        if (!(err instanceof BackendError && err.status === 400)) {
          result.error = err instanceof Error ? err.message : String(err);
          return result;
        }
        result.refused.push(err.message);
      }
      await this.remove(fresh.map((s) => s.seq));
    }
  }
}

export interface SendResult {
  /** Samples the server now holds (stored now or before). */
  sent: number;
  /** Why samples were refused (dropped). */
  refused: string[];
  /** Why the sending stopped early (the samples wait), or null. */
  error: string | null;
}
