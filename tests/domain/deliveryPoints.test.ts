import { describe, expect, it } from 'vitest';
import {
  MAX_HUB,
  changeHub,
  clientIdOf,
  isValidLatLng,
  mergeById,
  newestUpdatedAt,
  parseHub,
  providerIdOf,
} from '../../src/domain/deliveryPoints';
// The catalogue words the domain's thrown errors (DomainError) in Spanish.
import '../../src/i18n';

describe('provider and client ids', () => {
  it('takes the provider id before the first dash of a ref_providers entry', () => {
    expect(providerIdOf('PASCUAL-0001')).toBe('PASCUAL');
    expect(providerIdOf('BIMBO-12-A')).toBe('BIMBO');
    expect(providerIdOf('SYNLAB')).toBe('SYNLAB');
    expect(providerIdOf('-7')).toBe('');
    expect(providerIdOf('')).toBe('');
  });

  it('takes the client id after the first dash of a client_providers entry', () => {
    expect(clientIdOf('PASCUAL-C9')).toBe('C9');
    expect(clientIdOf('BIMBO-12-A')).toBe('12-A');
    expect(clientIdOf('SYNLAB')).toBe('');
    expect(clientIdOf('PASCUAL-')).toBe('');
    expect(clientIdOf('')).toBe('');
  });
});

describe('parseHub: what counts as a numeric hub', () => {
  it.each([
    [3, 3],
    [0, 0],
    [MAX_HUB, MAX_HUB],
    ['3', 3],
    ['0003', 3],
    ['9999', 9999],
  ])('%j → %j', (input, hub) => {
    expect(parseHub(input)).toBe(hub);
  });

  it.each([[3.5], [-1], [10_000], [Number.NaN], [Number.POSITIVE_INFINITY], [''], [' 3'], ['3 '], ['3a'], ['1e3'], ['-3'], ['3.0'], ['10000'], [null], [undefined], [true], [{}], [[3]]])(
    '%j is not numeric',
    (input) => {
      expect(parseHub(input)).toBeNull();
    },
  );
});

describe('changeHub', () => {
  const point = { id: 'pe-100', name: 'Bar Manolo', hub: 1, updated_at: 1000, ref_providers: ['PASCUAL-0001'] };
  const NOW = 1_763_800_000_000;

  it('moves the point and stamps updated_at, on a copy', () => {
    const before = structuredClone(point);
    const moved = changeHub(point, 7, NOW);
    expect(moved).toEqual({ ...point, hub: 7, updated_at: NOW });
    expect(moved).not.toBe(point);
    expect(point).toEqual(before);
  });

  it('accepts a hub typed as digits', () => {
    expect(changeHub(point, '12', NOW)).toEqual({ ...point, hub: 12, updated_at: NOW });
  });

  it('works on a point that had no hub or updated_at yet', () => {
    expect(changeHub({ id: 'pe-new' }, 2, NOW)).toEqual({ id: 'pe-new', hub: 2, updated_at: NOW });
  });

  it('does nothing (null) without a non-empty string id', () => {
    expect(changeHub({ ...point, id: '' }, 7, NOW)).toBeNull();
    expect(changeHub({ ...point, id: undefined }, 7, NOW)).toBeNull();
    expect(changeHub({ ...point, id: 100 }, 7, NOW)).toBeNull();
    expect(changeHub({ name: 'sin id' }, 7, NOW)).toBeNull();
    expect(changeHub(null as unknown as object, 7, NOW)).toBeNull();
  });

  it('does nothing (null) when the hub is not numeric', () => {
    for (const hub of ['norte', '', 2.5, -1, Number.NaN, null, undefined, 10_000]) {
      expect(changeHub(point, hub, NOW), String(hub)).toBeNull();
    }
    expect(point.hub).toBe(1);
  });

  it('refuses an invalid current time (a programming error)', () => {
    expect(() => changeHub(point, 7, Number.NaN)).toThrow('Hora de la modificación no válida: NaN');
    expect(() => changeHub(point, 7, -5)).toThrow('Hora de la modificación no válida');
    expect(() => changeHub(point, 7, 1.5)).toThrow('Hora de la modificación no válida');
  });
});

describe('isValidLatLng (latitude -90..90, longitude -180..180)', () => {
  it.each([
    [0, 0],
    [40.4168, -3.7038],
    [90, 180],
    [-90, -180],
    [-33.8688, 151.2093],
  ])('(%d, %d) is valid', (lat, lng) => {
    expect(isValidLatLng(lat, lng)).toBe(true);
  });

  it.each([
    [90.0001, 0],
    [-91, 0],
    [0, 180.5],
    [0, -181],
    [Number.NaN, 0],
    [0, Number.POSITIVE_INFINITY],
    ['40.4', -3.7],
    [40.4, null],
    [undefined, undefined],
  ])('(%j, %j) is not', (lat, lng) => {
    expect(isValidLatLng(lat, lng)).toBe(false);
  });
});

describe('delivery-point cache', () => {
  const p = (id: string, updated_at: number, name = id) => ({ id, updated_at, name });

  it('newestUpdatedAt is the largest updated_at, or 0 for an empty cache', () => {
    expect(newestUpdatedAt([])).toBe(0);
    expect(newestUpdatedAt([p('a', 5), p('b', 42), p('c', 7)])).toBe(42);
    expect(newestUpdatedAt([p('a', Number.NaN), p('b', 3)])).toBe(3);
  });

  it('mergeById replaces cached points in place and appends new ones in arrival order', () => {
    const cached = [p('a', 1), p('b', 2), p('c', 3)];
    const incoming = [p('d', 10), p('b', 11, 'b nuevo'), p('e', 12)];
    const before = structuredClone(cached);
    const merged = mergeById(cached, incoming);
    expect(merged).toEqual([p('a', 1), p('b', 11, 'b nuevo'), p('c', 3), p('d', 10), p('e', 12)]);
    expect(merged).not.toBe(cached);
    expect(cached).toEqual(before);
  });

  it('mergeById keeps one point per id: the last one received wins', () => {
    expect(mergeById([p('a', 1)], [p('a', 2, 'x'), p('b', 3), p('a', 4, 'y')])).toEqual([p('a', 4, 'y'), p('b', 3)]);
    expect(mergeById([], [p('a', 1)])).toEqual([p('a', 1)]);
    expect(mergeById([p('a', 1)], [])).toEqual([p('a', 1)]);
  });

  it('a live update after the newest cached time merges into the cache', () => {
    let cache = mergeById([], [p('a', 100), p('b', 200)]);
    const since = newestUpdatedAt(cache);
    const server = [p('a', 100), p('b', 300, 'b movido'), p('c', 250)];
    cache = mergeById(cache, server.filter((x) => x.updated_at > since));
    expect(cache).toEqual([p('a', 100), p('b', 300, 'b movido'), p('c', 250)]);
    expect(newestUpdatedAt(cache)).toBe(300);
  });
});
