/** Tools of the security suite: raw HTTP from a chosen loopback address, and a change-stream reader. */
import { request } from 'node:http';
import type { TestServer } from '../helpers/server';

export interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  readonly body: unknown;
}

/**
 * One HTTP request with node:http, so a test can choose the source address (127.0.0.x: every
 * 127/8 address is loopback on Linux) — a phone and a hub's shared connection seen by the server.
 */
export function raw(
  url: string,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: unknown; rawBody?: Buffer | string; from?: string },
): Promise<RawAnswer> {
  const target = new URL(opts.path, url);
  const payload = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  const headers: Record<string, string> = { ...(opts.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(opts.headers ?? {}) };
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: opts.method ?? (payload === undefined ? 'GET' : 'POST'),
        headers,
        localAddress: opts.from,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text === '' ? null : JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

export interface StreamReader {
  readonly status: number;
  /** Everything received so far. */
  text(): string;
  /** Reads until `needle` arrives; false when the server ended the stream first. */
  readUntil(needle: string): Promise<boolean>;
  /** Resolves when the server ends the stream (true) — reads and drops whatever comes meanwhile. */
  ended(): Promise<true>;
  abort(): void;
}

/** Opens GET /api/sync/stream with a token and reads it as text. */
export async function openStream(srv: TestServer, token: string): Promise<StreamReader> {
  const controller = new AbortController();
  const res = await fetch(`${srv.url}/api/sync/stream`, { headers: { Authorization: `Bearer ${token}` }, signal: controller.signal });
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let done = res.status !== 200 || !reader;
  const next = async (): Promise<boolean> => {
    if (done || !reader) return false;
    try {
      const chunk = await reader.read();
      if (chunk.done) {
        done = true;
        return false;
      }
      text += decoder.decode(chunk.value, { stream: true });
      return true;
    } catch {
      done = true;
      return false;
    }
  };
  return {
    status: res.status,
    text: () => text,
    async readUntil(needle) {
      while (!text.includes(needle)) if (!(await next())) return text.includes(needle);
      return true;
    },
    async ended() {
      while (await next());
      return true;
    },
    abort: () => controller.abort(),
  };
}

/** The keys of a document other than the refusal's own (id, _deleted, _refused). */
export function bodyKeys(doc: unknown): string[] {
  if (typeof doc !== 'object' || doc === null) return [];
  return Object.keys(doc).filter((k) => !['id', '_deleted', '_refused'].includes(k));
}
