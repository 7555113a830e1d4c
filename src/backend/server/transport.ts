/**
 * The sync transport of the embedded server: pull and push over HTTP and ONE server-sent-events
 * stream for every collection (browsers allow about six HTTP/1.1 connections per origin). The
 * stream is read with fetch (so it can carry the bearer token) and reconnects with back-off; the
 * server starts every connection with `resync`.
 */
import { Observable, Subject, share } from 'rxjs';
import type { RoutePosition } from '../../domain/tracking/positions';
import type { LocalCollection } from '../../domain/collections';
import { BackendError, errorOf, type Checkpoint, type MasterState, type PullPage, type PushRow, type StreamEvent, type SyncTransport } from '../types';
import type { Http } from './http';
import { streamChangeOf } from '../../domain/sync/streamChange';

export interface StreamOptions {
  /** Milliseconds before the first reconnection; doubles up to maxRetryMs. */
  readonly retryMs?: number;
  readonly maxRetryMs?: number;
}

/** Splits a server-sent-events text stream into (event, data) pairs. */
export function parseSse(buffer: string): { events: { event: string; data: string }[]; rest: string } {
  const events: { event: string; data: string }[] = [];
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length > 0) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A `positions` message of the stream: the latest positions of routes (issue 33), checked loosely. */
function positionsOf(data: unknown): RoutePosition[] {
  const list = (data as { positions?: unknown } | null)?.positions;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (p): p is RoutePosition =>
      typeof p === 'object' && p !== null && typeof (p as RoutePosition).route_id === 'string' && typeof (p as RoutePosition).rider_id === 'string' &&
      Number.isFinite((p as RoutePosition).lat) && Number.isFinite((p as RoutePosition).lng) && Number.isFinite((p as RoutePosition).at),
  );
}

export class ServerSyncTransport implements SyncTransport {
  private readonly stream$: Observable<StreamEvent>;
  /** Riders' positions heard on the stream (not documents: nothing to pull). */
  readonly positions$ = new Subject<RoutePosition[]>();

  constructor(
    private readonly http: Http,
    opts: StreamOptions = {},
  ) {
    this.stream$ = new Observable<StreamEvent>((subscriber) => {
      let stopped = false;
      let controller: AbortController | null = null;
      let delay = opts.retryMs ?? 1000;
      const maxDelay = opts.maxRetryMs ?? 30_000;
      let wake: (() => void) | null = null;
      const onOnline = () => wake?.();
      if (typeof window !== 'undefined') window.addEventListener('online', onOnline);

      const connectOnce = async () => {
        controller = new AbortController();
        const res = await this.http.send('/api/sync/stream', { timeoutMs: 2 ** 31 - 1, signal: controller.signal, headers: { Accept: 'text/event-stream' } });
        if (!res.ok || !res.body) throw await errorOf(res);
        delay = opts.retryMs ?? 1000;
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done || stopped) break;
          buffer += decoder.decode(value, { stream: true });
          const parsed = parseSse(buffer);
          buffer = parsed.rest;
          for (const e of parsed.events) {
            if (e.event === 'resync') subscriber.next({ type: 'resync' });
            else if (e.event === 'change') {
              // «Pull this collection»: a message that is not one (not JSON, unknown collection) is skipped.
              // Checked without zod (src/domain/sync/streamChange.ts): no validation library on the
              // first screen (issue 31).
              const change = streamChangeOf(parseJson(e.data));
              if (change) subscriber.next({ type: 'change', ...change });
            } else if (e.event === 'positions') {
              const positions = positionsOf(parseJson(e.data));
              if (positions.length > 0) this.positions$.next(positions);
            }
          }
        }
      };

      void (async () => {
        while (!stopped) {
          try {
            await connectOnce();
          } catch (err) {
            if (err instanceof BackendError && err.code === 'signed_out') break;
          }
          if (stopped) break;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, delay);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
          delay = Math.min(maxDelay, delay * 2);
        }
      })();

      return () => {
        stopped = true;
        controller?.abort();
        wake?.();
        if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
      };
    }).pipe(share());
  }

  async pull(collection: LocalCollection, checkpoint: Checkpoint | null, limit: number): Promise<PullPage> {
    const q = new URLSearchParams({ limit: String(limit) });
    if (checkpoint) q.set('checkpoint', String(checkpoint.seq));
    return this.http.json<PullPage>(`/api/sync/${collection}/pull?${q.toString()}`);
  }

  async push(collection: LocalCollection, rows: readonly PushRow[]): Promise<MasterState[]> {
    return this.http.json<MasterState[]>(`/api/sync/${collection}/push`, { method: 'POST', body: rows });
  }

  stream(): Observable<StreamEvent> {
    return this.stream$;
  }
}
