/** Clients, for the generic record layer (src/ui/crud/entity.tsx). */
import { t } from '../../../i18n';
import { PAYMENT_METHODS } from '../../../domain/entities/operation';
import { clientSchema, type Client } from '../../../domain/entities/reference';
import { catalogRows, entityLabels, type EntityConfig } from '../../../ui/crud/entity';
import { activeColumn, activeFilter, formSchema, type Option } from '../../../ui/crud/options';
import { href } from '../../../links/registry';
import { label, noRefs } from './shared';
import '../../../i18n/es/delivery';
import '../../../i18n/es/masterdata';

const paymentOptions: Option[] = PAYMENT_METHODS.map((m) => ({ value: m, label: label(`delivery.method_${m}`) }));

export const clientConfig: EntityConfig<'catalog', Client> = {
  collection: 'catalog',
  kinds: ['client'],
  labels: entityLabels({ list: 'clients.list', create: 'clients.create', what: 'clients.what' }, 'clientes'),
  paths: { list: href('config'), create: href('config'), edit: () => href('config') },
  idPrefix: 'client',
  useRefs: noRefs,
  useRows: catalogRows(['client']),
  columns: () => [
    { key: 'name', header: t('clients.name'), value: (c) => c.name, width: '2fr' },
    { key: 'key', header: t('clients.key'), value: (c) => c.key },
    { key: 'taxId', header: t('clients.taxId'), value: (c) => c.tax_id },
    { key: 'email', header: t('clients.email'), value: (c) => c.contact_email, width: '2fr' },
    { key: 'terms', header: t('clients.paymentTerms'), value: (c) => label(`delivery.method_${c.payment_terms}`) },
    activeColumn<Client>(),
  ],
  filters: () => [activeFilter<Client>()],
  fields: () => [
    { name: 'name', label: t('clients.name'), kind: 'text' },
    { name: 'key', label: t('clients.key'), kind: 'text', description: t('clients.keyHelp') },
    { name: 'tax_id', label: t('clients.taxId'), kind: 'text' },
    { name: 'contact_email', label: t('clients.email'), kind: 'email' },
    { name: 'phone', label: t('clients.phone'), kind: 'tel' },
    { name: 'payment_terms', label: t('clients.paymentTerms'), kind: 'select', options: paymentOptions },
    { name: 'notes', label: t('clients.notes'), kind: 'textarea', wide: true },
    { name: 'active', label: t('crud.active'), kind: 'checkbox' },
  ],
  schema: formSchema(clientSchema),
  blank: () => ({ id: '', kind: 'client', name: '', key: '', tax_id: '', contact_email: '', phone: '', payment_terms: 'on_account', notes: '', active: true, updated_at: 0 }),
  toForm: (c) => c,
  toDoc: (v, ctx) => ({ ...v, id: ctx.id, updated_at: ctx.now }),
  name: (c) => c.name,
};
