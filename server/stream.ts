/**
 * The change streams (GET /api/sync/stream): ONE server-sent-events connection per device for
 * every collection. It carries no document: a `change` message names a collection and the
 * checkpoint up to which something of it changed for this user, and his device pulls it (the pull
 * decides what he may read, as always). A change he may not read — nothing of his scope, nor a
 * document he read and lost — sends him nothing at all, so the stream tells him no more than a
 * pull would.
 *
 * Safety and robustness:
 * - The principal is checked again before every send (token not expired, session open, user
 *   active with the same role and groups), and at once when sessions end or users and roles
 *   change; a stream that no longer holds is ended (the device reconnects with fresh tokens, or
 *   stays signed out).
 * - Fan-out is one collection of one connection per turn of the event loop, so a change going
 *   to a hundred devices never holds other requests back. Answers of the `all` scope are
 *   computed once per position and shared by every connection there.
 * - Backpressure: a connection whose socket does not drain gets nothing more computed for it
 *   (only the names of changed collections are remembered); one that stays stalled with changes
 *   waiting for `maxStallMs`, or has more than `maxQueuedBytes` queued, is dropped. Its device
 *   resyncs when it reconnects (every connection starts with `resync`).
 * - At most `maxPerUser` streams per user: the oldest is closed when another opens.
 */
import { t } from '../src/i18n';
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOCAL_COLLECTIONS, type LocalCollection } from '../src/domain/collections';
import { readScope } from '../src/domain/access/table';
import type { Checkpoint, StreamEvent } from '../src/domain/sync/protocol';
import type { AuthService } from './auth';
import type { Authenticated } from './authCore';
import type { SyncService, SyncUser } from './sync';

export interface StreamOptions {
  readonly heartbeatMs?: number;
  /** Bytes a connection may have queued in the server before it is dropped (default 4 MiB). */
  readonly maxQueuedBytes?: number;
  /** How long a connection may stay stalled while changes wait for it (default 30 s). */
  readonly maxStallMs?: number;
  readonly maxPerUser?: number;
}

export interface StreamStats {
  readonly open: number;
  /** Connections ended because they were too slow. */
  readonly dropped: number;
  /** Connections ended because their principal no longer held. */
  readonly revoked: number;
  /** `change` messages sent since the server started (at most one per turn of the event loop). */
  readonly pagesSent: number;
  /** Most bytes any connection had queued when a page was written to it. */
  readonly maxQueuedBytes: number;
  /** The longest step of the fan-out (ms): how long the event loop was held at once. */
  readonly maxStepMs: number;
}

interface Connection {
  readonly principal: Authenticated;
  readonly user: SyncUser;
  readonly res: ServerResponse;
  readonly cursors: Map<LocalCollection, number>;
  /** Collections changed since they were last sent. */
  readonly pending: Set<LocalCollection>;
  readonly opened: number;
  queued: boolean;
  /** Since when the socket did not drain (0 = it drains). */
  stalledSince: number;
  closed: boolean;
  heartbeat: NodeJS.Timeout | null;
  expiry: NodeJS.Timeout | null;
}

const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no',
};

export class StreamHub {
  private readonly connections = new Set<Connection>();
  private readonly queue: Connection[] = [];
  private scheduled = false;
  private stats = { dropped: 0, revoked: 0, pagesSent: 0, maxQueuedBytes: 0, maxStepMs: 0 };
  /** Answers for the `all` scope, by collection and position, for the current head (shared by every connection there). */
  private shared = new Map<string, Checkpoint | null>();
  private sharedHead = -1;
  private readonly heartbeatMs: number;
  private readonly maxQueuedBytes: number;
  private readonly maxStallMs: number;
  private readonly maxPerUser: number;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    private readonly auth: AuthService,
    private readonly sync: SyncService,
    /** Security headers of every answer (the hijacked stream bypasses the reply hooks). */
    private readonly headers: Record<string, string>,
    opts: StreamOptions = {},
  ) {
    this.heartbeatMs = opts.heartbeatMs ?? 20_000;
    this.maxQueuedBytes = opts.maxQueuedBytes ?? 4 * 1024 * 1024;
    this.maxStallMs = opts.maxStallMs ?? 30_000;
    this.maxPerUser = opts.maxPerUser ?? 8;
    this.unsubscribe.push(
      sync.onChange((collections) => {
        // Users and roles decide what a principal is: check every stream at once.
        if (collections.has('users') || collections.has('catalog')) this.recheckAll();
        for (const c of this.connections) {
          for (const col of collections) c.pending.add(col);
          this.enqueue(c);
        }
      }),
      auth.onSessionsEnded((userId) => {
        for (const c of [...this.connections]) if (c.user.id === userId) this.recheck(c);
      }),
    );
  }

  getStats(): StreamStats {
    return { open: this.connections.size, ...this.stats };
  }

  /**
   * Sends a message that is not a document change (issue 33: riders' latest positions) to the
   * streams whose user `may` read it, written once for all of them. Nothing is kept for a
   * stalled connection: such messages are momentary, the next one replaces it. Returns how many
   * streams it was written to.
   */
  broadcast(event: string, data: unknown, may: (user: SyncUser) => boolean): number {
    const text = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    let sent = 0;
    for (const c of [...this.connections]) {
      if (c.closed || c.stalledSince > 0 || !may(c.user) || !this.recheck(c)) continue;
      this.write(c, text);
      sent += 1;
    }
    return sent;
  }

  /** Ends every stream (server shutdown; devices reconnect to the next server). */
  closeAll(): void {
    for (const c of [...this.connections]) this.end(c);
    this.unsubscribe.forEach((u) => u());
  }

  open(req: FastifyRequest, reply: FastifyReply, principal: Authenticated): void {
    const user: SyncUser = { id: principal.id, role: principal.role };
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { ...this.headers, ...SSE_HEADERS });
    const head = this.sync.head();
    const c: Connection = {
      principal,
      user,
      res,
      cursors: new Map(LOCAL_COLLECTIONS.map((col) => [col, head])),
      pending: new Set(),
      opened: Date.now(),
      queued: false,
      stalledSince: 0,
      closed: false,
      heartbeat: null,
      expiry: null,
    };
    // One user, at most maxPerUser streams: the oldest gives way.
    const mine = [...this.connections].filter((o) => o.user.id === user.id);
    for (const old of mine.slice(0, Math.max(0, mine.length - this.maxPerUser + 1))) this.end(old);
    this.connections.add(c);
    // A fresh connection may have missed changes: tell the client to pull from its checkpoints.
    this.write(c, `event: resync\ndata: ${JSON.stringify({ checkpoint: head })}\n\n`);
    c.heartbeat = setInterval(() => {
      if (!this.recheck(c)) return;
      if (c.stalledSince > 0 && c.pending.size > 0 && Date.now() - c.stalledSince >= this.maxStallMs) return this.drop(c);
      this.write(c, ': ping\n\n');
    }, this.heartbeatMs);
    c.expiry = setTimeout(() => this.recheck(c), Math.max(0, principal.expiresAt - Date.now()) + 5);
    res.on('drain', () => {
      c.stalledSince = 0;
      if (c.pending.size > 0) this.enqueue(c);
    });
    const gone = () => this.forget(c);
    req.raw.on('close', gone);
    res.on('close', gone);
    res.on('error', gone);
  }

  private write(c: Connection, text: string): void {
    if (c.closed) return;
    const ok = c.res.write(text);
    const queued = c.res.writableLength;
    if (queued > this.stats.maxQueuedBytes) this.stats.maxQueuedBytes = queued;
    if (queued > this.maxQueuedBytes) return this.drop(c);
    if (!ok && c.stalledSince === 0) c.stalledSince = Date.now();
  }

  /** Ends a stream whose principal no longer holds; returns whether it holds. */
  private recheck(c: Connection): boolean {
    if (c.closed) return false;
    if (this.auth.stillValid(c.principal)) return true;
    this.stats.revoked += 1;
    this.write(c, `event: end\ndata: ${JSON.stringify({ reason: t('server.stream.sessionChanged'), key: 'server.stream.sessionChanged' })}\n\n`);
    this.end(c);
    return false;
  }

  private recheckAll(): void {
    for (const c of [...this.connections]) this.recheck(c);
  }

  private drop(c: Connection): void {
    this.stats.dropped += 1;
    c.closed = true;
    this.forget(c);
    c.res.destroy();
  }

  private end(c: Connection): void {
    this.forget(c);
    c.res.end();
  }

  private forget(c: Connection): void {
    c.closed = true;
    if (c.heartbeat) clearInterval(c.heartbeat);
    if (c.expiry) clearTimeout(c.expiry);
    c.heartbeat = null;
    c.expiry = null;
    this.connections.delete(c);
  }

  private enqueue(c: Connection): void {
    if (c.queued || c.closed) return;
    c.queued = true;
    this.queue.push(c);
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.step());
  }

  /**
   * One page of one connection, then yield: the next step is a new immediate, which Node runs
   * on the next turn of the event loop, after polling for I/O (other requests are answered).
   */
  private step(): void {
    this.scheduled = false;
    const c = this.queue.shift();
    if (c) {
      const started = performance.now();
      c.queued = false;
      this.flushOne(c);
      if (!c.closed && c.pending.size > 0 && c.stalledSince === 0) this.enqueue(c);
      this.stats.maxStepMs = Math.max(this.stats.maxStepMs, performance.now() - started);
    }
    if (this.queue.length > 0) this.schedule();
  }

  private flushOne(c: Connection): void {
    if (c.closed || c.stalledSince > 0) return;
    if (!this.recheck(c)) return;
    const collection = c.pending.values().next().value as LocalCollection | undefined;
    if (collection === undefined) return;
    c.pending.delete(collection);
    const head = this.sync.head();
    const checkpoint = this.changed(c, collection, c.cursors.get(collection) ?? head, head);
    c.cursors.set(collection, head);
    if (checkpoint === null) return;
    const message: StreamEvent = { type: 'change', collection, checkpoint };
    this.stats.pagesSent += 1;
    this.write(c, `event: change\ndata: ${JSON.stringify({ collection: message.collection, checkpoint: message.checkpoint })}\n\n`);
  }

  /** Where something of `collection` changed for this connection's user after `from`, or null. */
  private changed(c: Connection, collection: LocalCollection, from: number, head: number): Checkpoint | null {
    if (head !== this.sharedHead) {
      this.shared.clear();
      this.sharedHead = head;
    }
    if (readScope(c.user.role, collection) !== 'all') return this.sync.changedSince(c.user, collection, from);
    const key = `${collection}:${from}`;
    const hit = this.shared.get(key);
    if (hit !== undefined) return hit;
    const answer = this.sync.changedSince(c.user, collection, from);
    this.shared.set(key, answer);
    return answer;
  }
}
