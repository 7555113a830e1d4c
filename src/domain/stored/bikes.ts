/** `bikes`: the cargo bikes of the fleet. */
import { bikeSchema } from '../entities/operation';
import { NO_SCOPE, type LocalCollectionDef } from './define';

export const bikesCollection: LocalCollectionDef = {
  name: 'bikes',
  schema: bikeSchema,
  mode: 'editable',
  version: 0,
  migrations: {},
  indexes: ['hub'],
  rowScope: NO_SCOPE,
  followsRoute: [],
};
