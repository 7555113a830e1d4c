/**
 * A FAKE of Cloud Storage for Firebase's upload and download endpoints (no Storage emulator can
 * run here: it downloads a rules runtime). Wire-compatible with what FirebaseFileTransport sends:
 *   POST /v0/b/<bucket>/o?name=<path>   multipart/related (metadata JSON + bytes)
 *   GET  /v0/b/<bucket>/o/<path>        the object's metadata; `?alt=media` its bytes
 * with `Authorization: Firebase <ID token>`. It applies what storage.rules say (generated from
 * the access table): riders write and read only under their own id, operators and admins
 * everywhere, PNG/JPEG/WebP under 5 MB, write-once (403 on an existing object). The role comes
 * from the profile and role documents in the Firestore emulator, read as its owner. The ID
 * token's signature is not checked (the Auth emulator's tokens are unsigned): it is a fake.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_FILE_MB } from '../../src/domain/access/storageRules';
import { readField } from './emulator';

interface StoredObject {
  readonly bytes: Buffer;
  readonly contentType: string;
  readonly metadata: Record<string, string>;
  readonly timeCreated: string;
}

export interface FakeStorage {
  readonly url: string;
  readonly objects: Map<string, StoredObject>;
  /** Requests seen (method and path), for tests. */
  readonly log: string[];
  close(): Promise<void>;
}

function uidOf(header: string | undefined): string | null {
  const m = /^Firebase (.+)$/.exec(header ?? '');
  const payload = m?.[1]?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { user_id?: unknown; sub?: unknown };
    const uid = claims.user_id ?? claims.sub;
    return typeof uid === 'string' && uid !== '' ? uid : null;
  } catch {
    return null;
  }
}

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Splits a multipart/related body into its parts (headers and bytes). */
function parts(raw: Buffer, boundary: string): { headers: string; bytes: Buffer }[] {
  const out: { headers: string; bytes: Buffer }[] = [];
  const sep = Buffer.from(`--${boundary}`);
  let at = raw.indexOf(sep);
  while (at >= 0) {
    const start = at + sep.length;
    if (raw.subarray(start, start + 2).toString() === '--') break;
    const next = raw.indexOf(sep, start);
    if (next < 0) break;
    const chunk = raw.subarray(start + 2, next - 2); // skip CRLF after the boundary, before the next
    const split = chunk.indexOf('\r\n\r\n');
    out.push({ headers: chunk.subarray(0, split).toString(), bytes: chunk.subarray(split + 4) });
    at = next;
  }
  return out;
}

/**
 * `port`: a fixed port (the e2e project bakes it into its build; default: any free one).
 * Browsers (the e2e project) call it from the app's origin: it answers CORS like Google's does.
 */
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, X-Goog-Upload-Protocol',
};

export async function startFakeStorage(opts: { projectId: string; prefix?: string; port?: number }): Promise<FakeStorage> {
  const prefix = opts.prefix ?? 'cb_';
  const objects = new Map<string, StoredObject>();
  const log: string[] = [];

  const field = (path: string, name: string) => readField(opts.projectId, path, name);
  const baseRole = async (uid: string): Promise<string> => {
    if ((await field(`${prefix}users/${uid}`, 'active')) !== true) return 'anonimus';
    const role = await field(`${prefix}users/${uid}`, 'role');
    return typeof role === 'string' ? String((await field(`${prefix}catalog/${role}`, 'base_role')) ?? 'anonimus') : 'anonimus';
  };
  const mayAccess = async (uid: string | null, path: string): Promise<boolean> => {
    const m = /^(deliveries|incidences)\/([^/]+)\/([^/]+)$/.exec(path);
    if (!uid || !m) return false;
    const role = await baseRole(uid);
    return role === 'admin' || role === 'operator' || (role === 'rider' && m[2] === uid);
  };
  const send = (res: ServerResponse, status: number, json: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...CORS });
    res.end(JSON.stringify(json));
  };
  const meta = (path: string, o: StoredObject, bucket: string) => ({
    name: path,
    bucket,
    size: String(o.bytes.length),
    contentType: o.contentType,
    timeCreated: o.timeCreated,
    metadata: o.metadata,
  });

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      log.push(`${req.method} ${url.pathname}`);
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { ...CORS, 'Access-Control-Max-Age': '600' });
        return res.end();
      }
      const uid = uidOf(req.headers.authorization);
      const upload = /^\/v0\/b\/([^/]+)\/o$/.exec(url.pathname);
      const object = /^\/v0\/b\/([^/]+)\/o\/(.+)$/.exec(url.pathname);
      if (req.method === 'POST' && upload) {
        const path = url.searchParams.get('name') ?? '';
        const raw = await body(req);
        const boundary = /boundary=([^;]+)/.exec(String(req.headers['content-type']))?.[1];
        const [metaPart, filePart] = boundary ? parts(raw, boundary) : [];
        if (!metaPart || !filePart) return send(res, 400, { error: { code: 400, message: 'multipart upload expected' } });
        const metadata = JSON.parse(metaPart.bytes.toString()) as { contentType?: string; metadata?: Record<string, string> };
        const contentType = metadata.contentType ?? '';
        const allowed =
          (await mayAccess(uid, path)) &&
          !objects.has(path) &&
          filePart.bytes.length < MAX_FILE_MB * 1024 * 1024 &&
          /^image\/(png|jpeg|webp)$/.test(contentType);
        if (!allowed) return send(res, 403, { error: { code: 403, message: 'Permission denied.' } });
        const stored: StoredObject = { bytes: Buffer.from(filePart.bytes), contentType, metadata: metadata.metadata ?? {}, timeCreated: new Date().toISOString() };
        objects.set(path, stored);
        return send(res, 200, meta(path, stored, upload[1] as string));
      }
      if (req.method === 'GET' && object) {
        const path = decodeURIComponent(object[2] as string);
        if (!(await mayAccess(uid, path))) return send(res, 403, { error: { code: 403, message: 'Permission denied.' } });
        const stored = objects.get(path);
        if (!stored) return send(res, 404, { error: { code: 404, message: 'Not Found.' } });
        if (url.searchParams.get('alt') === 'media') {
          res.writeHead(200, { 'Content-Type': stored.contentType, ...CORS });
          return res.end(stored.bytes);
        }
        return send(res, 200, meta(path, stored, object[1] as string));
      }
      return send(res, 404, { error: { code: 404, message: 'Not Found.' } });
    })().catch((err: unknown) => send(res, 500, { error: { code: 500, message: String(err) } }));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    log,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
