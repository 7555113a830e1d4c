/**
 * Files of the Firebase backend: signatures and photos in Cloud Storage for Firebase, through
 * its REST API (the one the Firebase SDK uses), so the service worker can upload with nothing
 * but the user's ID token (`Authorization: Firebase <token>`).
 *
 * Same contract as the embedded server's /api/files: paths `deliveries|incidences/<user>/<id>.<ext>`,
 * write-once and idempotent. storage.rules refuse to overwrite (403), so after a 403 the upload
 * looks at the stored object: the same bytes (SHA-256 kept in its custom metadata) → done; other
 * bytes → 409; none → the refusal stands. The upload queue's retry rules apply unchanged
 * (src/data/uploadQueue.ts: 5xx, 408, 429 and network errors retry; 401 refreshes the token).
 */
import { BackendError, type FileTransport } from '../types';

export const STORAGE_URL = 'https://firebasestorage.googleapis.com';

export interface StorageOptions {
  readonly bucket: string;
  /** Base URL of the Storage API (Google's, or a fake/emulator in tests). */
  readonly baseUrl?: string;
  /** The signed-in user's ID token (null when signed out) and his id. */
  readonly token: () => Promise<string | null>;
  readonly userId: () => string | null;
  readonly fetchImpl?: typeof fetch;
}

async function sha256Hex(body: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await body.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

interface ObjectMetadata {
  readonly name?: string;
  readonly size?: string | number;
  readonly contentType?: string;
  readonly metadata?: Record<string, string>;
}

export function objectUrl(base: string, bucket: string, path: string): string {
  return `${base}/v0/b/${encodeURIComponent(bucket)}/o/${encodeURIComponent(path)}`;
}

export class FirebaseFileTransport implements FileTransport {
  private readonly base: string;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly opts: StorageOptions) {
    this.base = (opts.baseUrl ?? STORAGE_URL).replace(/\/$/, '');
    this.fetchImpl = opts.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  }

  private async headers(): Promise<Record<string, string>> {
    const token = await this.opts.token();
    if (!token) throw new BackendError('signed_out', 'No has iniciado sesión', 401);
    return { Authorization: `Firebase ${token}` };
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetchImpl(url, init);
    } catch {
      throw new BackendError('network', 'Sin conexión con el servidor', 0);
    }
  }

  async upload(path: string, body: Blob, contentType: string): Promise<void> {
    const headers = await this.headers();
    const sha256 = await sha256Hex(body);
    const metadata = { name: path, contentType, metadata: { sha256, createdBy: this.opts.userId() ?? '' } };
    const boundary = `cargobici-${sha256.slice(0, 16)}`;
    const multipart = new Blob([
      `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${JSON.stringify(metadata)}\r\n`,
      `--${boundary}\r\nContent-Type: ${contentType}\r\n\r\n`,
      body,
      `\r\n--${boundary}--\r\n`,
    ]);
    const url = `${this.base}/v0/b/${encodeURIComponent(this.opts.bucket)}/o?name=${encodeURIComponent(path)}`;
    const res = await this.send(url, {
      method: 'POST',
      headers: { ...headers, 'X-Goog-Upload-Protocol': 'multipart', 'Content-Type': `multipart/related; boundary=${boundary}` },
      body: multipart,
    });
    if (res.ok) return;
    if (res.status === 403) {
      // Write-once: an object already there refuses the write. The same bytes mean a retry of
      // an upload whose answer was lost.
      const stored = await this.send(objectUrl(this.base, this.opts.bucket, path), { headers });
      if (stored.ok) {
        const meta = (await stored.json()) as ObjectMetadata;
        if (meta.metadata?.sha256 === sha256) return;
        throw new BackendError('exists', 'Ya existe un fichero distinto en esa ruta; los ficheros no se sobrescriben', 409);
      }
      throw new BackendError('forbidden', 'No tienes permiso para subir este fichero', 403);
    }
    throw new BackendError('storage', `Storage respondió ${res.status}`, res.status);
  }

  async fetch(path: string): Promise<Blob> {
    const res = await this.send(`${objectUrl(this.base, this.opts.bucket, path)}?alt=media`, { headers: await this.headers() });
    if (res.ok) return res.blob();
    if (res.status === 404) throw new BackendError('object-not-found', 'No existe ese fichero', 404);
    if (res.status === 403) throw new BackendError('forbidden', 'Solo puedes acceder a tus propios ficheros', 403);
    throw new BackendError('storage', `Storage respondió ${res.status}`, res.status);
  }
}
