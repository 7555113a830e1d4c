/** Products, for the generic record layer (src/ui/crud/entity.tsx). */
import { useMemo } from 'react';
import { formatMoney, t } from '../../../i18n';
import { useCatalog } from '../../../data/reference';
import { productSchema, type Product } from '../../../domain/entities/operation';
import type { Client, Tax } from '../../../domain/entities/reference';
import { eurosCell } from '../../../domain/money';
import { collectionRows, entityLabels, type EntityConfig } from '../../../ui/crud/entity';
import { activeColumn, activeFilter, formatRate, formSchema, refSelect, type Option } from '../../../ui/crud/options';
import { href } from '../../../links/registry';
import { label } from './shared';
import '../../../i18n/es/masterdata';

interface ProductRefs {
  readonly clients: Client[];
  readonly taxes: Tax[];
  readonly loaded: boolean;
}

function useProductRefs(): ProductRefs {
  const clients = useCatalog('client');
  const taxes = useCatalog('tax');
  return useMemo(() => ({ clients: clients.data, taxes: taxes.data, loaded: !clients.loading && !taxes.loading }), [clients, taxes]);
}

const UNITS = productSchema.shape.unit.options;
const unitOptions: Option[] = UNITS.map((u) => ({ value: u, label: label(`products.unit_${u}`) }));

export const productConfig: EntityConfig<'products', Product, Product, ProductRefs> = {
  collection: 'products',
  labels: entityLabels({ list: 'products.list', create: 'products.create', what: 'products.what' }, 'productos'),
  paths: { list: href('productCrud'), create: href('productCreate'), edit: (id) => href('productEdit', { product_id: id }) },
  idPrefix: 'prod',
  useRefs: useProductRefs,
  ready: (r) => r.loaded,
  useRows: collectionRows('products'),
  columns: (r) => [
    { key: 'name', header: t('products.name'), value: (p) => p.name, width: '3fr' },
    { key: 'sku', header: t('products.sku'), value: (p) => p.sku, width: '120px' },
    { key: 'barcode', header: t('products.barcode'), value: (p) => p.barcode, width: '150px' },
    { key: 'client', header: t('products.client'), value: (p) => r.clients.find((c) => c.id === p.client_id)?.name ?? p.client_id, width: '2fr' },
    { key: 'price', header: t('products.price'), value: (p) => p.price_cents, csv: (p) => eurosCell(p.price_cents), render: (p) => formatMoney(p.price_cents), width: '110px' },
    { key: 'tax', header: t('products.tax'), value: (p) => r.taxes.find((x) => x.id === p.tax_id)?.name ?? p.tax_id, width: '110px' },
    activeColumn<Product>(),
  ],
  filters: (r) => [
    { key: 'client', label: t('products.client'), options: r.clients.map((c) => ({ value: c.id, label: c.name })), test: (p, v) => p.client_id === v },
    { key: 'tax', label: t('products.tax'), options: r.taxes.map((x) => ({ value: x.id, label: x.name })), test: (p, v) => p.tax_id === v },
    activeFilter<Product>(),
  ],
  fields: (r) => [
    { name: 'name', label: t('products.name'), kind: 'text', wide: true },
    { name: 'sku', label: t('products.sku'), kind: 'text' },
    { name: 'barcode', label: t('products.barcode'), kind: 'text', description: t('products.barcodeHelp') },
    { name: 'client_id', label: t('products.client'), kind: 'select', options: r.clients.map((c) => ({ value: c.id, label: c.name })) },
    { name: 'unit', label: t('products.unit'), kind: 'select', options: unitOptions },
    { name: 'price_cents', label: t('products.price'), kind: 'money' },
    { name: 'tax_id', label: t('products.tax'), kind: 'select', options: r.taxes.filter((x) => x.active).map((x) => ({ value: x.id, label: `${x.name} (${formatRate(x.rate_bp)})` })) },
    { name: 'weight_g', label: t('products.weight'), kind: 'integer', min: 0, max: 1_000_000 },
    { name: 'volume_ml', label: t('products.volume'), kind: 'integer', min: 0, max: 1_000_000 },
    { name: 'cold', label: t('products.cold'), kind: 'checkbox' },
    { name: 'active', label: t('crud.active'), kind: 'checkbox' },
  ],
  schema: formSchema(productSchema, { client_id: refSelect('products.chooseClient'), tax_id: refSelect('products.chooseTax') }),
  blank: (r) => ({
    id: '',
    name: '',
    sku: '',
    barcode: '',
    client_id: r.clients[0]?.id ?? '',
    unit: 'ud',
    weight_g: 0,
    volume_ml: 0,
    price_cents: 0,
    tax_id: r.taxes.find((x) => x.active)?.id ?? '',
    cold: false,
    active: true,
    updated_at: 0,
  }),
  toForm: (p) => p,
  toDoc: (v, ctx) => ({ ...v, id: ctx.id, barcode: v.barcode.trim(), updated_at: ctx.now }),
  name: (p) => p.name,
};
