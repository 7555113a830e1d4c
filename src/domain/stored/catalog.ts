/** `catalog`: the specification's small reference collections, told apart by `kind`. */
import { catalogSchema } from '../entities/reference';
import { NO_SCOPE, unchanged, type LocalCollectionDef } from './define';

export const catalogCollection: LocalCollectionDef = {
  name: 'catalog',
  schema: catalogSchema,
  mode: 'editable',
  // 1: kind `import-mapping`; 2 (issue 13): a hub's optional `cash_limit_cents`; 3 (issue 11):
  // a hub's optional travel settings; 4 (issues 34 and 30 §1, one release): kinds
  // `config-sustainability` and `config-planning`, and an import mapping's `fields` are text
  // instead of an enum of the intake columns (a new column of the import changes no stored
  // shape; every old value is still valid). Each only added what old documents need not have.
  version: 4,
  migrations: { 1: unchanged, 2: unchanged, 3: unchanged, 4: unchanged },
  indexes: [['kind', 'name']],
  rowScope: NO_SCOPE,
  followsRoute: [],
};
