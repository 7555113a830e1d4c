/**
 * Issue 29, finding 7: a client's proof link could serve another rider's photo (an incidence's
 * `photo_file` may name any stored path, and the proof page served what the proof named). A file
 * reference is accepted only when it names a file its writer uploaded (server/fileRefs.ts, called
 * by the push's write rules), and the proof page serves a photo only when its recorded uploader
 * wrote a document of that order naming it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileRefProblem, SERVER_FILE_AUTHOR } from '../../server/fileRefs';
import type { StoredDoc } from '../../server/store';
import { startTestServer, seedDocs, type TestServer } from '../helpers/server';
import { deliveryEvent, newDocFor, order, T0 } from '../helpers/fixtures';

let srv: TestServer;
const tokens: Record<string, string> = {};
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

async function upload(who: string, path: string, bytes = PNG): Promise<void> {
  const res = await fetch(`${srv.url}/api/files/${path}`, { method: 'PUT', headers: { Authorization: `Bearer ${tokens[who]}`, 'Content-Type': 'image/png' }, body: bytes });
  expect(res.status, path).toBe(201);
}

beforeAll(async () => {
  srv = await startTestServer();
  for (const who of ['rider1', 'rider2', 'operador']) tokens[who] = (await srv.login(`${who}@cargobici.test`)).accessToken;
  await upload('rider1', 'incidences/u-rider1/own.png');
  await upload('rider1', 'deliveries/u-rider1/own-sig.png', Buffer.concat([PNG, Buffer.from([1])]));
  await upload('rider2', 'incidences/u-rider2/other.png', Buffer.concat([PNG, Buffer.from([2])]));
  await upload('operador', 'deliveries/u-rider1/by-operator.png', Buffer.concat([PNG, Buffer.from([3])]));
});
afterAll(async () => {
  await srv.stop();
});

const incidence = (photo: string): StoredDoc => ({ ...newDocFor('incidences', 'u-rider1', 1), photo_file: photo, _deleted: false }) as unknown as StoredDoc;
const delivery = (fields: Record<string, unknown>, riderId = 'u-rider1'): StoredDoc => ({ ...deliveryEvent('ev', order('o1', 'pe1', 'r1'), riderId), ...fields, _deleted: false }) as StoredDoc;

describe('finding 7: file references', () => {
  it('accept a file the writer uploaded, or a path of his own not uploaded yet', () => {
    expect(fileRefProblem(srv.store, 'u-rider1', 'incidences', incidence(''))).toBeNull();
    expect(fileRefProblem(srv.store, 'u-rider1', 'incidences', incidence('incidences/u-rider1/own.png'))).toBeNull();
    // Queued on the device, uploaded after the document: his own folder.
    expect(fileRefProblem(srv.store, 'u-rider1', 'incidences', incidence('incidences/u-rider1/later.jpg'))).toBeNull();
    expect(fileRefProblem(srv.store, 'u-rider1', 'deliveries', delivery({ kind: 'signed', signature_file: 'deliveries/u-rider1/own-sig.png' }))).toBeNull();
    // An operator recording for the route's rider files it under the rider's folder.
    expect(fileRefProblem(srv.store, 'u-operador', 'deliveries', delivery({ photo_file: 'deliveries/u-rider1/by-operator.png' }))).toBeNull();
    expect(fileRefProblem(srv.store, 'u-operador', 'deliveries', delivery({ photo_file: 'deliveries/u-rider1/to-come.jpg' }))).toBeNull();
    // Other collections name no file; a deleted document is not checked.
    expect(fileRefProblem(srv.store, 'u-rider1', 'orders', { id: 'o1', _deleted: false, photo_file: 'incidences/u-rider2/other.png' })).toBeNull();
    expect(fileRefProblem(srv.store, 'u-rider1', 'incidences', { ...incidence('incidences/u-rider2/other.png'), _deleted: true })).toBeNull();
  });

  it('refuse another user’s file, a path in someone else’s folder, the wrong folder or a malformed path, in Spanish', () => {
    expect(fileRefProblem(srv.store, 'u-rider1', 'incidences', incidence('incidences/u-rider2/other.png'))).toMatch(/lo subió otro usuario/);
    expect(fileRefProblem(srv.store, 'u-rider1', 'incidences', incidence('incidences/u-rider2/not-yet.png'))).toMatch(/no es tuyo/);
    // The operator's upload in rider1's folder is not rider1's.
    expect(fileRefProblem(srv.store, 'u-rider1', 'deliveries', delivery({ photo_file: 'deliveries/u-rider1/by-operator.png' }))).toMatch(/lo subió otro usuario/);
    expect(fileRefProblem(srv.store, 'u-rider1', 'deliveries', delivery({ kind: 'signed', signature_file: 'incidences/u-rider1/own.png' }))).toMatch(/no es válido/);
    for (const bad of ['../../cargobici.sqlite', 'incidences/u-rider1/../x.png', 'incidences/u-rider1/x.svg', 'incidences/x.png']) {
      expect(fileRefProblem(srv.store, 'u-rider1', 'incidences', incidence(bad)), bad).toMatch(/no es válido/);
    }
  });

  it('accept a file the server made', () => {
    srv.store.db
      .prepare('INSERT INTO files (path, size, content_type, md5, sha256, created_at, created_by) VALUES (?, 1, ?, ?, ?, ?, ?)')
      .run('incidences/u-rider2/made.png', 'image/png', '', '', T0, SERVER_FILE_AUTHOR);
    expect(fileRefProblem(srv.store, 'u-rider1', 'incidences', incidence('incidences/u-rider2/made.png'))).toBeNull();
  });

  it('the proof page never serves another user’s file, even when a document names it', async () => {
    const o1 = order('o1', 'pe1', 'r1');
    seedDocs(srv, {
      deliveries: [{ ...deliveryEvent('d-o1', o1, 'u-rider1'), photo_file: 'deliveries/u-rider1/own-sig.png' }],
      incidences: [
        { ...incidence('incidences/u-rider1/own.png'), id: 'inc-own', at: T0 + 10 },
        // Taken in before the push checked references (or written by the server's own tools).
        { ...incidence('incidences/u-rider2/other.png'), id: 'inc-other', at: T0 + 20 },
        { ...incidence('deliveries/u-rider1/by-operator.png'), id: 'inc-op', at: T0 + 30 },
      ],
    });
    const link = await srv.api('/api/proof-links', { token: tokens.operador, body: { order_id: 'o1' } });
    expect(link.status).toBe(201);
    const token = String((link.body as { token: string }).token);
    const proof = (await srv.api(`/api/public/proof/${token}`)).body as { photo_urls: string[] };
    // His delivery photo and his incidence photo; not rider2's, not the operator's.
    expect(proof.photo_urls).toHaveLength(2);
    const served: Buffer[] = [];
    for (const url of proof.photo_urls) {
      const res = await fetch(`${srv.url}${url}`);
      expect(res.status).toBe(200);
      served.push(Buffer.from(await res.arrayBuffer()));
    }
    expect(served.some((b) => b.equals(Buffer.concat([PNG, Buffer.from([2])])))).toBe(false);
    expect(served.some((b) => b.equals(Buffer.concat([PNG, Buffer.from([3])])))).toBe(false);
    for (const n of [2, 3]) expect((await fetch(`${srv.url}/api/public/proof/${token}/photos/${n}`)).status).toBe(404);
  });

  it('a rider’s push of an incidence naming another rider’s uploaded photo is refused and not stored', async () => {
    const doc = { ...newDocFor('incidences', 'u-rider1', 41), photo_file: 'incidences/u-rider2/other.png' };
    const res = await srv.api('/api/sync/incidences/push', { token: tokens.rider1, body: [{ assumedMasterState: null, newDocumentState: doc }] });
    expect(res.status).toBe(200);
    const [answer] = res.body as { _refused?: string; _deleted?: boolean }[];
    expect(answer?._refused).toMatch(/[a-záéíóú]/);
    expect(answer?._deleted).toBe(true);
    expect(srv.store.get('incidences', String((doc as Record<string, unknown>).id))).toBeNull();
    // His own photo goes through.
    const own = { ...newDocFor('incidences', 'u-rider1', 42), photo_file: 'incidences/u-rider1/own.png' };
    const ok = await srv.api('/api/sync/incidences/push', { token: tokens.rider1, body: [{ assumedMasterState: null, newDocumentState: own }] });
    expect(ok.body).toEqual([]);
  });
});
