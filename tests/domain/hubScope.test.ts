/** The hubs a user writes in (issue 29, finding 6): what the screens offer, as the access table says. */
import { describe, expect, it } from 'vitest';
import { defaultHub, mayWriteHub, writableHubs, writableOf } from '../../src/domain/access/hubScope';
import { checkWrite } from '../../src/domain/access/checkWrite';
import { order, user } from '../helpers/fixtures';

const hubs = [1, 2, 3, 4].map((number) => ({ number }));

describe('writable hubs', () => {
  it('admins every hub, an operator his hubs, nobody else any', () => {
    expect(writableHubs({ base_role: 'admin', hubs: [] })).toBe('all');
    expect(writableHubs({ base_role: 'operator', hubs: [3] })).toEqual([3]);
    expect(writableHubs({ base_role: 'operator', hubs: [3, 4] })).toEqual([3, 4]);
    expect(writableHubs({ base_role: 'operator', hubs: [] })).toEqual([]);
    expect(writableHubs({ base_role: 'rider', hubs: [1] })).toEqual([]);
    expect(writableHubs(null)).toEqual([]);
    expect(writableOf(hubs, [3]).map((h) => h.number)).toEqual([3]);
    expect(writableOf(hubs, 'all')).toHaveLength(4);
    expect(mayWriteHub([3], 4)).toBe(false);
    expect(defaultHub([3], 1, 1)).toBe(3);
    expect(defaultHub([3, 4], 4, 1)).toBe(4);
    expect(defaultHub('all', 2, 1)).toBe(2);
    expect(defaultHub('all', 0, 1)).toBe(1);
  });

  it('say what checkWrite says for an operator’s order: operador.bcn writes in hubs 3 and 4, not 1 or 2', () => {
    const op = { ...user('u-op', 'operator', 'op@x.es'), hub: 3, hubs: [3, 4] };
    const lookup = (c: string, id: string) => (c === 'users' && id === 'u-op' ? op : null);
    for (const hub of [1, 2, 3, 4]) {
      const after = { ...order(`o-${hub}`, 'pe1', '', 'pending'), hub };
      const res = checkWrite({ role: 'operator', userId: 'u-op', collection: 'orders', before: null, after, ownRouteIds: new Set(), lookup });
      expect(res.ok, `hub ${hub}`).toBe(mayWriteHub(writableHubs({ base_role: 'operator', hubs: op.hubs }), hub));
      expect(res.ok, `hub ${hub}`).toBe(hub === 3 || hub === 4);
    }
  });
});
