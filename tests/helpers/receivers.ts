/**
 * Real receivers for the notices' and webhooks' tests (issue 33): an SMTP server (smtp-server)
 * that keeps every message it accepts, and an HTTP server that keeps every request (the SMS
 * provider and the clients' webhook endpoints) and answers with the status a test asks for.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`). */
function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

export function parseMail(raw: string, to: string): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) => head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))?.slice(name.length + 1).trim() ?? '';
  const text = decodeBody(raw.slice(split + 4), header('Content-Transfer-Encoding').toLowerCase()).replace(/\r\n/g, '\n').trim();
  return { to, subject: decodeWords(header('Subject')), text };
}

export async function startSmtp(): Promise<{ url: string; mails: ReceivedMail[]; stop(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        for (const rcpt of session.envelope.rcptTo) mails.push(parseMail(Buffer.concat(chunks).toString('latin1'), rcpt.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, mails, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export interface ReceivedRequest {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface HttpReceiver {
  readonly url: string;
  readonly requests: ReceivedRequest[];
  /** The status of the next answers to `path` (default 200); a function decides per request. */
  answer: (req: ReceivedRequest) => number;
  stop(): Promise<void>;
}

export async function startHttpReceiver(): Promise<HttpReceiver> {
  const requests: ReceivedRequest[] = [];
  const receiver: { answer: (req: ReceivedRequest) => number } = { answer: () => 200 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got = { path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(got);
      res.statusCode = receiver.answer(got);
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** Waits until `check` holds (polling the state, never a fixed time), or throws with what it saw last. */
export async function until<T>(what: string, read: () => T, check: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (check(value)) return value;
    if (Date.now() > end) throw new Error(`${what}: not reached; last seen ${JSON.stringify(value).slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
