/** `users`: the user profiles (passwords live only on the server). */
import { userSchema } from '../entities/operation';
import type { LocalCollectionDef } from './define';

export const usersCollection: LocalCollectionDef = {
  name: 'users',
  schema: userSchema,
  mode: 'editable',
  // 1: `hubs`, the hubs the user writes in (issue 29, finding 6); the home hub `hub` stays.
  version: 1,
  migrations: {
    1: (doc) => ({ ...doc, hubs: typeof doc.hub === 'number' && doc.hub > 0 ? [doc.hub] : [] }),
  },
  indexes: ['role', 'email'],
  rowScope: { route: null, rider: null, owner: 'id' },
  followsRoute: [],
};
