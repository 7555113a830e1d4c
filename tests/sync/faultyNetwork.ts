/**
 * The sync tests' network (./harness.ts): a seeded PRNG, and a fetch to the real server that drops,
 * loses answers, duplicates, delays and cuts streams at rates driven by it.
 */

// ── Seeded randomness ────────────────────────────────────────────────────────────────────────

/** mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Rng {
  (): number;
  int(min: number, maxInclusive: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export function rng(seed: number): Rng {
  const next = mulberry32(seed);
  const r = (() => next()) as Rng;
  r.int = (min, max) => min + Math.floor(next() * (max - min + 1));
  r.pick = (items) => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(next() * items.length)] as (typeof items)[number];
  };
  r.chance = (p) => next() < p;
  return r;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ── The faulty network ───────────────────────────────────────────────────────────────────────

/** Probabilities per request (0..1) of each fault while faults are on. */
export interface FaultRates {
  /** Rejected before sending (the request never reaches the server). */
  readonly drop: number;
  /** Sent and committed by the server, then the answer is lost (rejects). */
  readonly lostAck: number;
  /** Sent twice; the caller gets the second answer. */
  readonly duplicate: number;
  /** Random delay of 0..maxDelayMs before sending. */
  readonly delay: number;
  readonly maxDelayMs: number;
  /** A stream connection is cut (aborted) after a random 20..400 ms. */
  readonly cutStream: number;
}

export const NO_FAULTS: FaultRates = { drop: 0, lostAck: 0, duplicate: 0, delay: 0, maxDelayMs: 0, cutStream: 0 };

export interface NetStats {
  requests: number;
  offline: number;
  dropped: number;
  lostAck: number;
  duplicated: number;
  delayed: number;
  unauthorized: number;
  streamCuts: number;
  streams: number;
}

export function networkError(what: string): TypeError {
  return new TypeError(`fetch failed (${what})`);
}

/**
 * A fetch wrapper with switchable faults. `/api/sync/stream` passes through (and may be cut);
 * every other request may be refused while offline, dropped, delayed, duplicated or lose its
 * answer after the server committed it. `arm401()` makes the next push answer 401 without
 * reaching the server (the client must refresh its token and retry).
 */
export class FaultyNetwork {
  rates: FaultRates = NO_FAULTS;
  private offlineUntil = 0;
  private armed401 = false;
  /**
   * The refresh that answers the synthetic 401 goes through without faults (so the test proves
   * refresh-and-retry; a faulty refresh is tested on its own).
   */
  private refreshPasses = false;
  private readonly random: Rng;
  readonly stats: NetStats = { requests: 0, offline: 0, dropped: 0, lostAck: 0, duplicated: 0, delayed: 0, unauthorized: 0, streamCuts: 0, streams: 0 };
  /** What happened to every request (method, path, fault), for failure reports. */
  readonly log: string[] = [];
  private readonly realFetch: typeof fetch;

  constructor(seed: number, realFetch: typeof fetch = (...args) => fetch(...args)) {
    this.random = rng(seed);
    this.realFetch = realFetch;
  }

  /** No connection for `ms` milliseconds from now (requests reject before sending); `Infinity`: until `heal()`. */
  goOffline(ms: number): void {
    this.offlineUntil = Math.max(this.offlineUntil, Date.now() + ms);
  }

  get offline(): boolean {
    return Date.now() < this.offlineUntil;
  }

  /** Faults off and back online (the network is perfect from now on). */
  heal(): void {
    this.rates = NO_FAULTS;
    this.offlineUntil = 0;
  }

  /**
   * Awaited before an answer is handed to the client (after the server has committed), so a
   * test can hold the answer of a push while the device keeps working.
   */
  beforeAnswer: ((method: string, path: string) => Promise<void>) | null = null;

  /**
   * While true, every push reaches the server and is committed, and its answer is lost (the
   * phone's connection drops on the way back, retry after retry). A device's `restart()` ends it.
   */
  loseEveryPushAnswer = false;

  arm401(): void {
    this.armed401 = true;
  }

  get pending401(): boolean {
    return this.armed401;
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url).pathname;
    if (path === '/api/sync/stream') return this.stream(url, init);
    this.stats.requests += 1;
    const method = init?.method ?? 'GET';
    // Bodies must be re-creatable (duplicates): read once as text.
    const body = init?.body === undefined || init.body === null ? undefined : typeof init.body === 'string' ? init.body : await new Response(init.body).text();
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const token = typeof headers.Authorization === 'string' ? ` tok=${headers.Authorization.slice(-8)}` : '';
    const note = (what: string) => this.log.push(`${method} ${path}${token} ${what}`);
    const send = async () => {
      const res = await this.realFetch(url, { ...init, body });
      note(`→ ${res.status}`);
      if (this.beforeAnswer) await this.beforeAnswer(method, path);
      return res;
    };

    if (this.refreshPasses && path === '/api/auth/refresh') {
      this.refreshPasses = false;
      return send();
    }
    if (this.armed401 && method === 'POST' && path.endsWith('/push')) {
      this.armed401 = false;
      this.refreshPasses = true;
      this.stats.unauthorized += 1;
      note('→ synthetic 401');
      return new Response(JSON.stringify({ error: 'token_expired', message: 'La sesión ha caducado' }), {
        status: 401,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    if (this.offline) {
      this.stats.offline += 1;
      note('offline');
      throw networkError('offline');
    }
    if (this.loseEveryPushAnswer && method === 'POST' && path.endsWith('/push')) {
      this.stats.lostAck += 1;
      const res = await send();
      await res.arrayBuffer();
      note('answer lost (held)');
      throw networkError('answer lost');
    }
    const r = this.rates;
    if (r.delay > 0 && this.random.chance(r.delay)) {
      this.stats.delayed += 1;
      await sleep(this.random() * r.maxDelayMs);
    }
    if (r.drop > 0 && this.random.chance(r.drop)) {
      this.stats.dropped += 1;
      note('dropped');
      throw networkError('dropped');
    }
    if (r.duplicate > 0 && this.random.chance(r.duplicate)) {
      this.stats.duplicated += 1;
      note('duplicated');
      const first = await send();
      await first.arrayBuffer();
      return send();
    }
    if (r.lostAck > 0 && this.random.chance(r.lostAck)) {
      this.stats.lostAck += 1;
      const res = await send();
      await res.arrayBuffer();
      note('answer lost');
      throw networkError('answer lost');
    }
    return send();
  };

  private readonly openStreams = new Set<AbortController>();

  /** Cuts every open change stream of this device now (the client must reconnect). */
  cutStreams(): void {
    for (const c of this.openStreams) {
      this.stats.streamCuts += 1;
      c.abort();
    }
    this.openStreams.clear();
  }

  private async stream(url: string, init: RequestInit | undefined): Promise<Response> {
    this.stats.streams += 1;
    const controller = new AbortController();
    const outer = init?.signal;
    if (outer) {
      if (outer.aborted) controller.abort();
      else outer.addEventListener('abort', () => controller.abort(), { once: true });
    }
    this.openStreams.add(controller);
    controller.signal.addEventListener('abort', () => this.openStreams.delete(controller), { once: true });
    if (this.rates.cutStream > 0 && this.random.chance(this.rates.cutStream)) {
      setTimeout(() => {
        if (controller.signal.aborted) return;
        this.stats.streamCuts += 1;
        controller.abort();
      }, this.random.int(20, 400));
    }
    return this.realFetch(url, { ...init, signal: controller.signal });
  }
}
