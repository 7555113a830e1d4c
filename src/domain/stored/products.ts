/** `products`: the clients' catalogues. */
import { productSchema } from '../entities/operation';
import { NO_SCOPE, type LocalCollectionDef } from './define';

export const productsCollection: LocalCollectionDef = {
  name: 'products',
  schema: productSchema,
  mode: 'editable',
  version: 0,
  migrations: {},
  indexes: ['barcode', 'name'],
  rowScope: NO_SCOPE,
  followsRoute: [],
};
