/** `routes`: a day's routes with their ordered stops. */
import { routeSchema } from '../entities/operation';
import { unchanged, type LocalCollectionDef } from './define';

export const routesCollection: LocalCollectionDef = {
  name: 'routes',
  schema: routeSchema,
  mode: 'editable',
  // 1 (issue 12): optional `ready_reason`; 2 (issue 11): the optional `lock` of a stop;
  // 3 (issue 11): the optional record of `changes` of a published route. Version-0 documents are
  // valid as they are (tests/data/storage.test.ts opens a version-0 database).
  version: 3,
  migrations: { 1: unchanged, 2: unchanged, 3: unchanged },
  indexes: [['rider_id', 'date'], ['date', 'hub']],
  rowScope: { route: 'id', rider: 'rider_id', owner: null },
  followsRoute: [],
};
