/**
 * Files (signatures, photos): PUT /api/files/<path> and GET /api/files/<path>.
 * - Paths: `deliveries/<user id>/<event id>.<png|jpg|webp>` and `incidences/<user id>/<id>.<ext>`.
 *   A rider may only write and read under his own user id; operators and admins everywhere.
 * - Write-once and idempotent: the same bytes again → 200; different bytes at the same path → 409.
 * - Only PNG, JPEG and WebP images up to MAX_FILE_BYTES, whose bytes are the declared type.
 * - Stored 0600 in folders 0700 (only the server's user reads them).
 * - Per user, a rate (files a minute) and a quota (files and bytes in 24 hours) of new files
 *   (issue 29, finding 8): over them, 429 with a Spanish message and Retry-After. The device's
 *   upload queue keeps a file answered 429 and tries again later (src/data/uploadQueue.ts):
 *   nothing is lost. The same bytes again are not a new file and are not counted.
 */
import { refusal } from '../answers';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../authCore';
import { principalOf } from '../authenticate';
import type { DocStore } from '../store';

export const FILE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Uploads of one user (tests make them small). */
export interface UploadLimits {
  /** New files a minute. */
  readonly perMinute: number;
  /** New files in 24 hours. */
  readonly filesPerDay: number;
  /** Bytes of new files in 24 hours. */
  readonly bytesPerDay: number;
}

/** A busy rider's day is about 100 deliveries with a signature and a photo (some 40 MB). */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { perMinute: 60, filesPerDay: 1000, bytesPerDay: 300 * 1024 * 1024 };

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 3600_000;
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const PATH_RE = /^(deliveries|incidences)\/([A-Za-z0-9_.:-]{1,64})\/([A-Za-z0-9_.:-]{1,80})\.(png|jpg|jpeg|webp)$/;

interface FileRow {
  path: string;
  size: number;
  content_type: string;
  md5: string;
  sha256: string;
  created_at: number;
  created_by: string;
}

/** Metadata in the shape of the specification's stored-file metadata (§3). */
function metadata(row: FileRow) {
  const time = new Date(row.created_at).toISOString();
  return {
    bucket: 'cargobici-local',
    generation: String(row.created_at),
    metageneration: '1',
    fullPath: row.path,
    name: row.path.split('/').pop() ?? row.path,
    size: row.size,
    timeCreated: time,
    updated: time,
    md5Hash: row.md5,
    cacheControl: 'private, max-age=31536000, immutable',
    contentDisposition: 'inline',
    contentEncoding: 'identity',
    contentLanguage: 'es',
    contentType: row.content_type,
    customMetadata: { createdBy: row.created_by },
  };
}

const TYPE_NAMES: Readonly<Record<string, string>> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/webp': 'WebP' };

/** The image type of some bytes by their signature (magic bytes), or null when none of ours. */
export function imageTypeOf(bytes: Buffer): (typeof FILE_TYPES)[number] | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** Folders 0700 and files 0600 under `dir` (uploads stored before the permissions were set). */
function tighten(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) tighten(path);
    else if (entry.isFile()) chmodSync(path, 0o600);
  }
}

function mayAccess(p: Principal, ownerId: string): boolean {
  return p.role === 'admin' || p.role === 'operator' || (p.role === 'rider' && ownerId === p.id);
}

/** Why a user may not store a new file of `size` bytes now (429 with its Retry-After), or null. */
function overLimit(store: DocStore, userId: string, size: number, now: number, limits: UploadLimits): { retryAfterS: number; body: { error: string; message: string } } | null {
  const since = (ms: number) =>
    store.db.prepare('SELECT COUNT(*) AS n, COALESCE(SUM(size), 0) AS bytes, MIN(created_at) AS first FROM files WHERE created_by = ? AND created_at > ?').get(userId, now - ms) as {
      n: number;
      bytes: number;
      first: number | null;
    };
  const wait = (first: number | null, window: number) => Math.max(1, Math.ceil(((first ?? now) + window - now) / 1000));
  const minute = since(MINUTE_MS);
  if (minute.n >= limits.perMinute) {
    return {
      retryAfterS: wait(minute.first, MINUTE_MS),
      body: refusal('upload_rate', 'server.files.uploadRate', { count: limits.perMinute }),
    };
  }
  const day = since(DAY_MS);
  if (day.n >= limits.filesPerDay || day.bytes + size > limits.bytesPerDay) {
    const size = limits.bytesPerDay >= 1024 * 1024 ? `${Math.round(limits.bytesPerDay / (1024 * 1024))} MB` : `${Math.ceil(limits.bytesPerDay / 1024)} KB`;
    return {
      retryAfterS: wait(day.first, DAY_MS),
      body: refusal('upload_quota', 'server.files.uploadQuota', { count: limits.filesPerDay, size }),
    };
  }
  return null;
}

export function registerFileRoutes(app: FastifyInstance, deps: { store: DocStore; dataDir: string; limits?: Partial<UploadLimits>; now?: () => number }): void {
  const { store } = deps;
  const limits: UploadLimits = { ...DEFAULT_UPLOAD_LIMITS, ...deps.limits };
  const now = deps.now ?? Date.now;
  const root = join(deps.dataDir, 'files');
  mkdirSync(root, { recursive: true, mode: 0o700 });
  tighten(root);

  app.addContentTypeParser([...FILE_TYPES], { parseAs: 'buffer', bodyLimit: MAX_FILE_BYTES }, (_req, body, done) => done(null, body));

  const check = (principal: Principal, path: string) => {
    const m = PATH_RE.exec(path);
    if (!m) return { status: 400, body: refusal('bad_path', 'server.files.badPath') };
    if (!mayAccess(principal, m[2] as string)) return { status: 403, body: refusal('forbidden', 'server.files.forbidden') };
    return null;
  };

  app.put<{ Params: { '*': string } }>('/api/files/*', async (req, reply) => {
    const principal = principalOf(req);
    const path = req.params['*'];
    const bad = check(principal, path);
    if (bad) return reply.code(bad.status).send(bad.body);
    const body = req.body;
    if (!Buffer.isBuffer(body) || body.length === 0) {
      return reply.code(400).send(refusal('empty', 'server.files.empty'));
    }
    const contentType = String(req.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
    // The bytes must be the image they claim to be (an HTML page stored as image/png is not).
    const actual = imageTypeOf(body);
    if (actual !== contentType) {
      return reply.code(415).send({
        error: 'type_mismatch',
        message: actual === null ? `El fichero no es una imagen ${TYPE_NAMES[contentType] ?? ''}`.trimEnd() : `El fichero es una imagen ${TYPE_NAMES[actual]}, no ${TYPE_NAMES[contentType] ?? contentType}`,
      });
    }
    const sha256 = createHash('sha256').update(body).digest('hex');
    const existing = store.db.prepare('SELECT * FROM files WHERE path = ?').get(path) as FileRow | undefined;
    if (existing) {
      if (existing.sha256 === sha256) return reply.code(200).send(metadata(existing));
      return reply.code(409).send({ error: 'exists', message: 'Ya existe un fichero distinto en esa ruta; los ficheros no se sobrescriben' });
    }
    const at = now();
    const over = overLimit(store, principal.id, body.length, at, limits);
    if (over) return reply.code(429).header('Retry-After', String(over.retryAfterS)).send(over.body);
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, body, { mode: 0o600 });
    renameSync(tmp, file);
    const row: FileRow = {
      path,
      size: body.length,
      content_type: contentType,
      md5: createHash('md5').update(body).digest('base64'),
      sha256,
      created_at: at,
      created_by: principal.id,
    };
    store.db
      .prepare('INSERT INTO files (path, size, content_type, md5, sha256, created_at, created_by) VALUES (@path, @size, @content_type, @md5, @sha256, @created_at, @created_by)')
      .run(row);
    return reply.code(201).send(metadata(row));
  });

  // Operators and admins list stored files under a prefix (uploads of a rider, of a day…).
  app.get<{ Querystring: { prefix?: string } }>('/api/files', async (req, reply) => {
    const principal = principalOf(req);
    if (principal.role !== 'admin' && principal.role !== 'operator') {
      return reply.code(403).send({ error: 'forbidden', message: 'Solo operadores y administradores pueden listar ficheros' });
    }
    const prefix = (req.query.prefix ?? '').replace(/[%_]/g, '');
    const rows = store.db.prepare("SELECT * FROM files WHERE path LIKE ? || '%' ORDER BY path LIMIT 1000").all(prefix) as FileRow[];
    return rows.map(metadata);
  });

  app.get<{ Params: { '*': string }; Querystring: { meta?: string } }>('/api/files/*', async (req, reply) => {
    const principal = principalOf(req);
    const path = req.params['*'];
    const bad = check(principal, path);
    if (bad) return reply.code(bad.status).send(bad.body);
    const row = store.db.prepare('SELECT * FROM files WHERE path = ?').get(path) as FileRow | undefined;
    const file = join(root, path);
    if (!row || !existsSync(file)) return reply.code(404).send({ error: 'object-not-found', message: 'No existe ese fichero' });
    if (req.query.meta !== undefined) return metadata(row);
    const bytes = readFileSync(file);
    // Files stored before types were checked: bytes that are not the image they claim to be are
    // served as a download, never rendered.
    if (imageTypeOf(bytes) !== row.content_type) {
      return reply.header('Content-Disposition', 'attachment').type('application/octet-stream').send(bytes);
    }
    return reply.header('Cache-Control', 'private, max-age=31536000, immutable').type(row.content_type).send(bytes);
  });
}
