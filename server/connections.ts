/**
 * Limits of the HTTP connections (issue 29, finding 5): a request that arrives too slowly is cut,
 * an idle connection is closed, and one client address holds at most `perAddress` connections.
 *
 * - `headersTimeoutMs`: the request's headers must have arrived by then (Node's headersTimeout);
 * - `requestTimeoutMs`: the whole request, body included, must have arrived by then (Node's
 *   requestTimeout; a body sent one byte every few seconds is cut here). It covers receiving the
 *   request only: a long answer (the change stream) is not cut by it. The default leaves a 5 MB
 *   photo two minutes on a bad mobile connection;
 * - `idleTimeoutMs`: a connection with no traffic either way for this long is closed (the change
 *   stream's heartbeat, every 20 s, keeps it busy);
 * - `keepAliveTimeoutMs`: how long an idle kept-alive connection waits for its next request;
 * - `perAddress`: open connections per client address, counted on the socket's own address
 *   (never X-Forwarded-For: a header is the client's word). One more is answered 503 and closed
 *   before any of its bytes is read as a request. Behind a reverse proxy (TRUST_PROXY) every
 *   connection comes from the proxy: the default is then no cap (0), and the proxy caps its
 *   clients.
 */
import { refusal } from './answers';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly idleTimeoutMs: number;
  readonly keepAliveTimeoutMs: number;
  /** Open connections per client (socket) address; 0: no cap. */
  readonly perAddress: number;
  /** How often Node checks the header and request timeouts (tests make it short). */
  readonly checkIntervalMs: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 120_000,
  idleTimeoutMs: 60_000,
  keepAliveTimeoutMs: 10_000,
  perAddress: 128,
  checkIntervalMs: 5_000,
};

/** The limits with their defaults; behind a proxy, no cap per address unless one is given. */
export function connectionLimits(given: Partial<ConnectionLimits> = {}, trustProxy = false): ConnectionLimits {
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...(trustProxy ? { perAddress: 0 } : {}), ...given };
  // Node refuses a headers timeout longer than the request's.
  return { ...limits, headersTimeoutMs: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) };
}

/** Fastify's server options for these limits. */
export function serverTimeouts(l: ConnectionLimits) {
  return {
    connectionTimeout: l.idleTimeoutMs,
    requestTimeout: l.requestTimeoutMs,
    keepAliveTimeout: l.keepAliveTimeoutMs,
    http: { headersTimeout: l.headersTimeoutMs, requestTimeout: l.requestTimeoutMs, connectionsCheckingInterval: l.checkIntervalMs },
  };
}

const REFUSAL_BODY = JSON.stringify(refusal('too_many_connections', 'server.connections.tooMany'));
const REFUSAL = [
  'HTTP/1.1 503 Service Unavailable',
  'Content-Type: application/json; charset=utf-8',
  `Content-Length: ${Buffer.byteLength(REFUSAL_BODY)}`,
  'Retry-After: 5',
  'Connection: close',
  '',
  REFUSAL_BODY,
].join('\r\n');

/**
 * Caps the open connections per socket address of an HTTP server (call before it listens). The
 * server's own connection handling (its HTTP parser) runs only for connections within the cap:
 * a refused one is answered 503 and closed, and nothing it sends is handled.
 */
export function capConnectionsPerAddress(server: Server, perAddress: number): { open(address: string): number } {
  const open = new Map<string, number>();
  if (perAddress <= 0) return { open: () => 0 };
  const inner = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = open.get(address) ?? 0;
    if (count >= perAddress) {
      socket.on('error', () => undefined);
      // Its bytes are read and dropped; it is closed once the answer is out (or after a second).
      socket.resume();
      socket.end(REFUSAL);
      setTimeout(() => socket.destroy(), 1000).unref();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
    for (const listener of inner) listener.call(server, socket);
  });
  return { open: (address) => open.get(address) ?? 0 };
}
