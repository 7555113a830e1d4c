/** Backend configuration, the Firebase query plans and a rider's scope bookkeeping (no emulator). */
import { describe, expect, it } from 'vitest';
import { backendConfigFrom, BackendConfigError } from '../../src/backend/config';
import { pullPlan } from '../../src/backend/firebase/queries';
import { RiderScope } from '../../src/backend/firebase/scope';
import { after, byPullOrder, micros, timestampOf } from '../../src/backend/firebase/docs';
import type { SyncDoc } from '../../src/backend/types';

describe('backend configuration', () => {
  it('defaults to the embedded server', () => {
    expect(backendConfigFrom({})).toEqual({ kind: 'server', baseUrl: '' });
  });

  it('names every missing Firebase variable, in Spanish', () => {
    expect(() => backendConfigFrom({ VITE_BACKEND: 'firebase', VITE_FIREBASE_API_KEY: 'k' })).toThrow(
      /VITE_FIREBASE_AUTH_DOMAIN: falta; VITE_FIREBASE_PROJECT_ID: falta; VITE_FIREBASE_STORAGE_BUCKET: falta/,
    );
    expect(() => backendConfigFrom({ VITE_BACKEND: 'nube' })).toThrow(BackendConfigError);
  });

  it('reads the Firebase settings with the default prefix cb_', () => {
    const config = backendConfigFrom({
      VITE_BACKEND: 'firebase',
      VITE_FIREBASE_API_KEY: 'k',
      VITE_FIREBASE_AUTH_DOMAIN: 'p.firebaseapp.com',
      VITE_FIREBASE_PROJECT_ID: 'p',
      VITE_FIREBASE_STORAGE_BUCKET: 'p.appspot.com',
      VITE_FIREBASE_FIRESTORE_EMULATOR: '127.0.0.1:9180',
    });
    expect(config).toMatchObject({ kind: 'firebase', firebase: { projectId: 'p', prefix: 'cb_', firestoreEmulator: '127.0.0.1:9180', functionsUrl: '' } });
    expect(() => backendConfigFrom({ ...{ VITE_BACKEND: 'firebase', VITE_FIREBASE_API_KEY: 'k', VITE_FIREBASE_AUTH_DOMAIN: 'a', VITE_FIREBASE_PROJECT_ID: 'p', VITE_FIREBASE_STORAGE_BUCKET: 'b' }, VITE_FIREBASE_PREFIX: 'cb-' })).toThrow(
      /VITE_FIREBASE_PREFIX: solo letras/,
    );
  });
});

describe('Firebase query plans (what the rules let each role ask)', () => {
  it('a rider asks for his routes by rider_id, their documents by route, his points by their readers, his profile', () => {
    expect(pullPlan('rider', 'routes')).toEqual({ kind: 'mine', field: 'rider_id' });
    expect(pullPlan('rider', 'orders')).toEqual({ kind: 'routes' });
    expect(pullPlan('rider', 'incidences')).toEqual({ kind: 'routes', kinds: ['delivery-product'] });
    expect(pullPlan('rider', 'delivery_points')).toEqual({ kind: 'points', field: 'rider_ids' });
    expect(pullPlan('rider', 'users')).toEqual({ kind: 'self' });
    expect(pullPlan('rider', 'products')).toEqual({ kind: 'all' });
    expect(pullPlan('operator', 'orders')).toEqual({ kind: 'all' });
    expect(pullPlan('anonimus', 'orders')).toEqual({ kind: 'none' });
  });
});

describe('pull order and checkpoints', () => {
  it('keeps microseconds exactly and orders by (server time, id)', () => {
    const us = 1_795_427_565_123_456;
    expect(micros(timestampOf(us))).toBe(us);
    const a = { doc: { id: 'b', _deleted: false }, at: 5 };
    const b = { doc: { id: 'a', _deleted: false }, at: 6 };
    const c = { doc: { id: 'c', _deleted: false }, at: 5 };
    expect([b, c, a].sort(byPullOrder).map((p) => p.doc.id)).toEqual(['b', 'c', 'a']);
    expect(after(c, { updatedAt: 5, id: 'b' })).toBe(true);
    expect(after(a, { updatedAt: 5, id: 'b' })).toBe(false);
  });
});

describe('a rider’s scope', () => {
  const route = (id: string, points: string[], deleted = false): SyncDoc => ({ id, _deleted: deleted, rider_id: 'u1', stops: points.map((p) => ({ delivery_point_id: p })) });

  it('turns what a lost route brought into tombstones, once', () => {
    const scope = new RiderScope();
    scope.setRoutes([route('r1', ['p1']), route('r2', ['p2'])]);
    expect(scope.routeIds()).toEqual(['r1', 'r2']);
    expect(scope.pointIds()).toEqual(['p1', 'p2']);
    scope.remember('routes', [route('r1', ['p1']), route('r2', ['p2'])]);
    scope.remember('orders', [{ id: 'o1', _deleted: false, route_id: 'r1' }, { id: 'o2', _deleted: false, route_id: 'r2' }]);
    scope.remember('delivery_points', [{ id: 'p1', _deleted: false }, { id: 'p2', _deleted: false }]);
    const changed = scope.setRoutes([route('r1', ['p1'])]);
    expect([...changed]).toEqual(expect.arrayContaining(['orders', 'routes', 'delivery_points']));
    expect(scope.takeTombstones('routes').map((d) => [d.id, d._deleted])).toEqual([['r2', true]]);
    expect(scope.takeTombstones('orders').map((d) => d.id)).toEqual(['o2']);
    expect(scope.takeTombstones('delivery_points').map((d) => d.id)).toEqual(['p2']);
    expect(scope.takeTombstones('orders')).toEqual([]);
  });

  it('a route deleted on the server comes down by itself (no tombstone of ours)', () => {
    const scope = new RiderScope();
    scope.setRoutes([route('r1', [])]);
    scope.remember('routes', [route('r1', [])]);
    scope.setRoutes([route('r1', [], true)]);
    expect(scope.routeIds()).toEqual([]);
    expect(scope.takeTombstones('routes')).toEqual([]);
  });
});

describe('values Firestore cannot hold as they are', () => {
  it('wraps arrays inside arrays and unwraps them back, at any depth', async () => {
    const { encodeValue, decodeValue } = await import('../../src/backend/firebase/docs');
    const doc = { id: 'e', strokes: [[[1, 2, 0.5]], [[3, 4, 1]]], lines: [{ q: [1, 2] }], plain: [1, 2], nested: { a: [[1]] } };
    const stored = encodeValue(doc) as Record<string, unknown>;
    expect(stored.strokes).toEqual([{ _arr: [{ _arr: [1, 2, 0.5] }] }, { _arr: [{ _arr: [3, 4, 1] }] }]);
    expect(stored.plain).toEqual([1, 2]);
    expect(decodeValue(stored)).toEqual(doc);
  });
});
