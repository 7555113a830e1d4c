/**
 * The Firebase function's handlers (functions/src/handlers.ts) served by node:http, as Cloud
 * Functions serves them (functions/src/index.ts): the body read once, parsed as JSON, its size and
 * the caller's address handed over, the answer's status, headers and JSON body written back. Used
 * by the Firebase suite and by the Firebase e2e server.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handle, type FunctionDeps } from '../../functions/src/handlers';

export async function serveFunction(req: IncomingMessage, res: ServerResponse, deps: FunctionDeps): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks);
  const text = raw.toString('utf8');
  let body: unknown;
  let malformed = false;
  if (text !== '') {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = text;
      malformed = /json/i.test(String(req.headers['content-type'] ?? ''));
    }
  }
  const answer = await handle(
    {
      method: req.method ?? 'GET',
      path: new URL(req.url ?? '/', 'http://localhost').pathname,
      headers: req.headers,
      body,
      bodyBytes: raw.length,
      address: req.socket.remoteAddress ?? '',
      malformed,
    },
    deps,
  );
  res.writeHead(answer.status, { ...(answer.body === null ? {} : { 'Content-Type': 'application/json' }), ...answer.headers });
  res.end(answer.body === null ? undefined : JSON.stringify(answer.body));
}
