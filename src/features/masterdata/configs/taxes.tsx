/** Taxes, for the generic record layer (src/ui/crud/entity.tsx). */
import { t } from '../../../i18n';
import { taxSchema, type Tax } from '../../../domain/entities/reference';
import { catalogRows, entityLabels, type EntityConfig } from '../../../ui/crud/entity';
import { activeColumn, activeFilter, formatRate, formSchema } from '../../../ui/crud/options';
import { href } from '../../../links/registry';
import { noRefs } from './shared';
import '../../../i18n/es/masterdata';

export const taxConfig: EntityConfig<'catalog', Tax> = {
  collection: 'catalog',
  kinds: ['tax'],
  labels: entityLabels({ list: 'taxes.list', create: 'taxes.create', what: 'taxes.what' }, 'impuestos'),
  paths: { list: href('configTaxes'), create: href('createTaxes'), edit: (id) => href('taxEdit', { tax_id: id }) },
  idPrefix: 'tax',
  useRefs: noRefs,
  useRows: catalogRows(['tax']),
  columns: () => [
    { key: 'name', header: t('taxes.name'), value: (x) => x.name, width: '2fr' },
    { key: 'rate', header: t('taxes.rate'), value: (x) => x.rate_bp, render: (x) => formatRate(x.rate_bp) },
    activeColumn<Tax>(),
  ],
  filters: () => [activeFilter<Tax>()],
  fields: () => [
    { name: 'name', label: t('taxes.name'), kind: 'text' },
    { name: 'rate_bp', label: t('taxes.rate'), kind: 'percent' },
    { name: 'active', label: t('crud.active'), kind: 'checkbox' },
  ],
  schema: formSchema(taxSchema),
  blank: () => ({ id: '', kind: 'tax', name: '', rate_bp: 2100, active: true, updated_at: 0 }),
  toForm: (x) => x,
  toDoc: (v, ctx) => ({ ...v, id: ctx.id, updated_at: ctx.now }),
  name: (x) => x.name,
};
