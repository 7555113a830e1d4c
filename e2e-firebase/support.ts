/**
 * What the Firebase e2e specs read from the emulators (scripts/e2e-firebase-server.ts starts
 * them on E2E_PORT + 1/2/3): documents over Firestore's REST API as the emulator's owner, and
 * a real ID token from the Auth emulator for the (fake) Storage.
 */
import { DEFAULT_PROJECT_ID } from '../scripts/firebase-emulators';

const PORT = Number(process.env.E2E_PORT ?? 4310);
const FIRESTORE = `http://127.0.0.1:${PORT + 1}/v1/projects/${DEFAULT_PROJECT_ID}/databases/(default)/documents`;
const AUTH = `http://127.0.0.1:${PORT + 2}/identitytoolkit.googleapis.com/v1`;
const STORAGE = `http://127.0.0.1:${PORT + 3}/v0/b/${DEFAULT_PROJECT_ID}.appspot.com/o`;

type RestValue = Record<string, unknown>;

/** A Firestore REST value as plain JSON (strings, numbers, booleans, maps, arrays, null). */
function plain(v: RestValue): unknown {
  if ('stringValue' in v) return v.stringValue;
  if ('integerValue' in v) return Number(v.integerValue);
  if ('doubleValue' in v) return v.doubleValue;
  if ('booleanValue' in v) return v.booleanValue;
  if ('nullValue' in v) return null;
  if ('timestampValue' in v) return v.timestampValue;
  if ('arrayValue' in v) return ((v.arrayValue as { values?: RestValue[] }).values ?? []).map(plain);
  if ('mapValue' in v) return fields((v.mapValue as { fields?: Record<string, RestValue> }).fields ?? {});
  return undefined;
}

function fields(f: Record<string, RestValue>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(f).map(([k, v]) => [k, plain(v)]));
}

/** Every document of a Firestore collection (`cb_deliveries`…), read past the rules. */
export async function firestoreDocs(collection: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let token = '';
  for (;;) {
    const res = await fetch(`${FIRESTORE}/${collection}?pageSize=300${token ? `&pageToken=${token}` : ''}`, { headers: { Authorization: 'Bearer owner' } });
    if (!res.ok) throw new Error(`Firestore ${collection}: ${res.status}`);
    const page = (await res.json()) as { documents?: { fields?: Record<string, RestValue> }[]; nextPageToken?: string };
    out.push(...(page.documents ?? []).map((d) => fields(d.fields ?? {})));
    if (!page.nextPageToken) return out;
    token = encodeURIComponent(page.nextPageToken);
  }
}

/** One document (null when there is none). */
export async function firestoreDoc(collection: string, id: string): Promise<Record<string, unknown> | null> {
  const res = await fetch(`${FIRESTORE}/${collection}/${encodeURIComponent(id)}`, { headers: { Authorization: 'Bearer owner' } });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`Firestore ${collection}/${id}: ${res.status}`);
  return fields(((await res.json()) as { fields?: Record<string, RestValue> }).fields ?? {});
}

/** An ID token from the Auth emulator (e-mail and password sign-in). */
export async function idToken(email: string, password: string): Promise<string> {
  const res = await fetch(`${AUTH}/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`Auth ${email}: ${res.status}`);
  return ((await res.json()) as { idToken: string }).idToken;
}

/** The metadata of a stored file in the (fake) Storage, or its HTTP status when there is none. */
export async function storedFile(path: string, token: string): Promise<{ size: string; contentType: string } | number> {
  const res = await fetch(`${STORAGE}/${encodeURIComponent(path)}`, { headers: { Authorization: `Firebase ${token}` } });
  return res.ok ? ((await res.json()) as { size: string; contentType: string }) : res.status;
}
