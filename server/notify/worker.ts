/**
 * Sends what server/notify/outbox.ts enqueued: the receivers' notices (e-mail through SMTP, SMS
 * through the configured HTTP provider) and the clients' webhook events. Everything it needs is in
 * SQLite, so a restart goes on where the last run stopped.
 *
 * Notices: a row is claimed (`sending`) before it is sent and marked `sent` after; the token of its
 * tracking link is then dropped from the row (only its hash stays, in proof_links). A failure is
 * retried with back-off (NOTICE_MAX_ATTEMPTS), then `failed`. Without SMTP an e-mail is `skipped`
 * / `no_smtp`, without an SMS provider an SMS is `skipped` / `no_provider`: the office sees it.
 * A row left `sending` by a crash between the send and its mark is sent again at the next start
 * (at least once: the only window in which a receiver could get a notice twice).
 *
 * Webhooks: each event is POSTed with `X-CargoBici-Signature: sha256=<hex HMAC-SHA256 of the body
 * with the webhook's secret>` and `X-CargoBici-Event: <event id>`; a 2xx answer delivers it, any
 * other answer or no answer is retried with back-off (doubling from retryBaseMs up to retryMaxMs)
 * until 24 h after its first attempt (`expired` then; «Reenviar» starts a new window). An order's events go out one after the
 * other: an event waits while an earlier event of the same order and webhook is pending. A paused
 * webhook keeps its events pending; every attempt is logged (webhook_attempts).
 */
import { createHmac } from 'node:crypto';
import type { Mailer } from '../mail';
import type { DocStore } from '../store';
import { dayWord, renderNotice, madridClock, type NoticeChannel, type NoticeKind, type NoticeLang } from './templates';
import { trackingPath } from './outbox';
import { t } from '../../src/i18n';
import '../../src/i18n/es/server';

export interface SmsProvider {
  /** POSTs `{ to, text, id }` as JSON to `url` (with `Authorization: Bearer <token>` when given). */
  readonly url: string;
  readonly token?: string;
}

export interface WorkerOptions {
  /** SMTP mailer, or null when SMTP_URL is not set (e-mails then `skipped`). */
  readonly mailer: Mailer | null;
  readonly sms: SmsProvider | null;
  readonly publicUrl: string;
  readonly now?: () => number;
  readonly fetch?: typeof fetch;
  /** How often due rows are looked for (besides a kick after each push). Default 5 s. */
  readonly pollMs?: number;
  /** First retry delay, doubled at each attempt up to retryMaxMs. Defaults 10 s and 1 h. */
  readonly retryBaseMs?: number;
  readonly retryMaxMs?: number;
  /** How long a webhook event is retried after its first attempt. Default 24 h. */
  readonly retryWindowMs?: number;
  /** Time allowed for one HTTP call. Default 10 s. */
  readonly timeoutMs?: number;
  readonly log?: { warn(obj: unknown, msg?: string): void };
}

export const NOTICE_MAX_ATTEMPTS = 8;
export const SIGNATURE_HEADER = 'X-CargoBici-Signature';
export const EVENT_HEADER = 'X-CargoBici-Event';

/** The signature header's value of a body: `sha256=<hex>`. */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

interface NoticeRow {
  id: number;
  order_id: string;
  kind: NoticeKind;
  channel: NoticeChannel;
  recipient: string;
  lang: NoticeLang;
  vars: string;
  attempts: number;
}

interface EventRow {
  seq: number;
  id: string;
  webhook_id: string;
  body: string;
  attempts: number;
  first_at: number;
  url: string;
  secret: string;
}

export class NotifyWorker {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private readonly now: () => number;
  private readonly fetch: typeof fetch;

  constructor(
    private readonly store: DocStore,
    private readonly opts: WorkerOptions,
  ) {
    this.now = opts.now ?? Date.now;
    this.fetch = opts.fetch ?? fetch;
  }

  /** Starts the polling; rows a crash left `sending` go back to `pending`. */
  start(): void {
    this.store.db.prepare("UPDATE notice_outbox SET state = 'pending' WHERE state = 'sending'").run();
    if (this.timer) return;
    this.timer = setInterval(() => this.kick(), this.opts.pollMs ?? 5000);
    this.timer.unref();
    this.kick();
  }

  /** Waits for the run in progress and stops polling. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.running) await this.running;
  }

  /** Runs a pass soon (or another one after the current pass). */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runOnce()
      .catch((err: unknown) => this.opts.log?.warn({ err }, t('server.log.noticesPassFailed')))
      .finally(() => {
        this.running = null;
        if (this.again && this.timer) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** One pass: every due notice, then every due webhook event (until nothing more is due). */
  async runOnce(): Promise<void> {
    if (!this.store.db.open) return;
    await this.sendNotices();
    while (this.store.db.open && (await this.sendEvents()) > 0) {
      // An order's next event becomes due once the one before it is delivered.
    }
  }

  private backoff(attempts: number): number {
    const base = this.opts.retryBaseMs ?? 10_000;
    return Math.min(base * 2 ** Math.max(0, attempts - 1), this.opts.retryMaxMs ?? 3_600_000);
  }

  private async sendNotices(): Promise<void> {
    const rows = this.store.db
      .prepare("SELECT id, order_id, kind, channel, recipient, lang, vars, attempts FROM notice_outbox WHERE state = 'pending' AND next_at <= ? ORDER BY id LIMIT 100")
      .all(this.now()) as NoticeRow[];
    for (const row of rows) {
      if (!this.store.db.open) return;
      const claimed = this.store.db.prepare("UPDATE notice_outbox SET state = 'sending', attempts = attempts + 1 WHERE id = ? AND state = 'pending'").run(row.id);
      if (claimed.changes === 0) continue;
      const result = await this.sendNotice(row);
      if (!this.store.db.open) return;
      if (result.ok) {
        const vars = JSON.parse(row.vars) as Record<string, unknown>;
        delete vars.token;
        this.store.db.prepare("UPDATE notice_outbox SET state = 'sent', reason = '', sent_at = ?, vars = ? WHERE id = ?").run(this.now(), JSON.stringify(vars), row.id);
      } else if (result.skip) {
        this.store.db.prepare("UPDATE notice_outbox SET state = 'skipped', reason = ? WHERE id = ?").run(result.reason, row.id);
      } else if (row.attempts + 1 >= NOTICE_MAX_ATTEMPTS) {
        this.store.db.prepare("UPDATE notice_outbox SET state = 'failed', reason = ? WHERE id = ?").run(result.reason, row.id);
      } else {
        this.store.db.prepare("UPDATE notice_outbox SET state = 'pending', reason = ?, next_at = ? WHERE id = ?").run(result.reason, this.now() + this.backoff(row.attempts + 1), row.id);
      }
    }
  }

  /** Reads what the outcome says when the notice is sent (the event may come after the order's status). */
  private outcomeVars(orderId: string, kind: NoticeKind): Record<string, string> {
    if (kind !== 'delivered' && kind !== 'failed') return {};
    const order = this.store.get('orders', orderId);
    const routeId = typeof order?.route_id === 'string' ? order.route_id : '';
    const wanted = kind === 'failed' ? ['failed'] : ['delivered', 'partial'];
    const event = this.store
      .docsByRoute('deliveries', routeId)
      .filter((e) => e.order_id === orderId && wanted.includes(String(e.kind)))
      .sort((a, b) => Number(a.at) - Number(b.at))
      .at(-1);
    const at = typeof event?.at === 'number' ? event.at : this.now();
    const reasonDoc = event && typeof event.reason_status_id === 'string' && event.reason_status_id !== '' ? this.store.get('catalog', event.reason_status_id) : null;
    return { time: madridClock(at), reason: typeof reasonDoc?.name === 'string' ? reasonDoc.name : '' };
  }

  private async sendNotice(row: NoticeRow): Promise<{ ok: true } | { ok: false; skip: boolean; reason: string }> {
    const stored = JSON.parse(row.vars) as Record<string, string | number>;
    const vars: Record<string, string | number> = { ...stored, ...this.outcomeVars(row.order_id, row.kind) };
    if (typeof stored.date === 'string') vars.day = dayWord(row.lang, stored.date, this.now());
    if (typeof stored.token === 'string') vars.link = `${this.opts.publicUrl}${trackingPath(stored.token)}${row.lang === 'en' ? '?lang=en' : ''}`;
    const notice = renderNotice(row.kind, row.channel, row.lang, vars);
    try {
      if (row.channel === 'email') {
        if (!this.opts.mailer) return { ok: false, skip: true, reason: 'no_smtp' };
        await this.opts.mailer.send(row.recipient, notice.subject, notice.text);
        return { ok: true };
      }
      if (!this.opts.sms) return { ok: false, skip: true, reason: 'no_provider' };
      const res = await this.fetch(this.opts.sms.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(this.opts.sms.token ? { Authorization: `Bearer ${this.opts.sms.token}` } : {}) },
        body: JSON.stringify({ id: `notice-${row.id}`, to: row.recipient, text: notice.text }),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      });
      await res.arrayBuffer().catch(() => null);
      return res.ok ? { ok: true } : { ok: false, skip: false, reason: `HTTP ${res.status}` };
    } catch (err) {
      return { ok: false, skip: false, reason: err instanceof Error ? err.message.slice(0, 200) : String(err) };
    }
  }

  /** Sends the due events (the first pending one of each order): how many were delivered. */
  private async sendEvents(): Promise<number> {
    const now = this.now();
    const rows = this.store.db
      .prepare(
        `SELECT e.seq, e.id, e.webhook_id, e.body, e.attempts, e.first_at, w.url, w.secret FROM webhook_events e JOIN webhooks w ON w.id = e.webhook_id
         WHERE e.state = 'pending' AND e.next_at <= ? AND w.paused = 0
           AND NOT EXISTS (SELECT 1 FROM webhook_events p WHERE p.webhook_id = e.webhook_id AND p.order_id = e.order_id AND p.seq < e.seq AND p.state = 'pending')
         ORDER BY e.seq LIMIT 100`,
      )
      .all(now) as EventRow[];
    let delivered = 0;
    for (const row of rows) {
      if (!this.store.db.open) return 0;
      const started = this.now();
      let status = 0;
      let error = '';
      try {
        const res = await this.fetch(row.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signBody(row.secret, row.body), [EVENT_HEADER]: row.id, 'User-Agent': 'CargoBici-Webhooks/1' },
          body: row.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
        });
        status = res.status;
        await res.arrayBuffer().catch(() => null);
      } catch (err) {
        error = err instanceof Error ? err.message.slice(0, 200) : String(err);
      }
      if (!this.store.db.open) return 0;
      const at = this.now();
      const ok = status >= 200 && status < 300;
      this.store.transaction(() => {
        this.store.db.prepare('INSERT INTO webhook_attempts (webhook_id, event_id, at, status, error, duration_ms) VALUES (?, ?, ?, ?, ?, ?)').run(row.webhook_id, row.id, at, status, error, at - started);
        if (ok) {
          this.store.db.prepare("UPDATE webhook_events SET state = 'delivered', attempts = attempts + 1, delivered_at = ?, last_status = ?, last_error = '' WHERE seq = ?").run(at, status, row.seq);
          return;
        }
        const first = row.first_at > 0 ? row.first_at : started;
        const expired = at - first >= (this.opts.retryWindowMs ?? 24 * 3_600_000);
        this.store.db
          .prepare('UPDATE webhook_events SET state = ?, attempts = attempts + 1, first_at = ?, next_at = ?, last_status = ?, last_error = ? WHERE seq = ?')
          .run(expired ? 'expired' : 'pending', first, at + this.backoff(row.attempts + 1), status, error, row.seq);
      });
      if (ok) delivered += 1;
    }
    return delivered;
  }
}
