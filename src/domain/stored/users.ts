/** `users`: the user profiles (passwords live only on the server). */
import { userSchema } from '../entities/operation';
import type { LocalCollectionDef } from './define';

export const usersCollection: LocalCollectionDef = {
  name: 'users',
  schema: userSchema,
  mode: 'editable',
  version: 0,
  migrations: {},
  indexes: ['role', 'email'],
  rowScope: { route: null, rider: null, owner: 'id' },
  followsRoute: [],
};
