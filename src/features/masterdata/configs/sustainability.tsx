/**
 * The reports' sustainability factors (issue 34, catalog kind `config-sustainability`), for the
 * generic record layer: the van a cargo-bike km replaces — its g CO₂/km and l/100 km — with the
 * source of the figures next to them. One document; admins write it (src/domain/access/table.ts).
 * Without one the reports use DEFAULT_SUSTAINABILITY (src/domain/reports/extra.ts).
 */
import { useMemo } from 'react';
import { Text } from '@mantine/core';
import { t } from '../../../i18n';
import { useCatalog } from '../../../data/reference';
import { SUSTAINABILITY_CONFIG_ID, sustainabilityConfigSchema, type SustainabilityConfig } from '../../../domain/entities/reference';
import { DEFAULT_SUSTAINABILITY } from '../../../domain/reports/extra';
import { catalogRows, entityLabels, type EntityConfig } from '../../../ui/crud/entity';
import { activeColumn, formSchema } from '../../../ui/crud/options';
import { href } from '../../../links/registry';
import '../../../i18n/es/reports';

interface SustainabilityRefs {
  readonly docs: readonly SustainabilityConfig[];
  readonly loaded: boolean;
}

function useSustainabilityRefs(): SustainabilityRefs {
  const docs = useCatalog('config-sustainability');
  return useMemo(() => ({ docs: docs.data, loaded: !docs.loading }), [docs]);
}

export const sustainabilityConfig: EntityConfig<'catalog', SustainabilityConfig, SustainabilityConfig, SustainabilityRefs> = {
  collection: 'catalog',
  kinds: ['config-sustainability'],
  labels: entityLabels({ list: 'reportsExtra.config.sustainabilityList', create: 'reportsExtra.config.sustainabilityCreate', what: 'reportsExtra.config.sustainabilityWhat' }, 'sostenibilidad'),
  paths: { list: href('config'), create: href('config'), edit: () => href('config') },
  idPrefix: 'sust',
  useRefs: useSustainabilityRefs,
  ready: (r) => r.loaded,
  useRows: catalogRows(['config-sustainability']),
  columns: () => [
    { key: 'co2', header: t('reportsExtra.config.co2'), value: (x) => x.co2_g_per_km },
    { key: 'diesel', header: t('reportsExtra.config.diesel'), value: (x) => x.diesel_l_per_100km },
    { key: 'source', header: t('reportsExtra.config.source'), value: (x) => x.source, width: '3fr' },
    activeColumn<SustainabilityConfig>(),
  ],
  fields: () => [
    { name: 'co2_g_per_km', label: t('reportsExtra.config.co2'), kind: 'number', min: 0, max: 2000 },
    { name: 'diesel_l_per_100km', label: t('reportsExtra.config.diesel'), kind: 'number', min: 0, max: 50 },
    { name: 'source', label: t('reportsExtra.config.source'), kind: 'textarea', wide: true },
    { name: 'active', label: t('crud.active'), kind: 'checkbox' },
  ],
  schema: formSchema(sustainabilityConfigSchema),
  blank: () => ({ id: '', kind: 'config-sustainability', name: 'Sostenibilidad', co2_g_per_km: DEFAULT_SUSTAINABILITY.co2_g_per_km, diesel_l_per_100km: DEFAULT_SUSTAINABILITY.diesel_l_per_100km, source: DEFAULT_SUSTAINABILITY.source, active: true, updated_at: 0 }),
  toForm: (x) => x,
  // One document, with a fixed id.
  toDoc: (v, ctx) => ({ ...v, id: ctx.existing ? ctx.id : SUSTAINABILITY_CONFIG_ID, updated_at: ctx.now }),
  check: (_v, ctx) => (ctx.existing === null && ctx.refs.docs.length > 0 ? [{ path: 'source', message: t('reportsExtra.config.onlyOne') }] : []),
  name: (x) => x.name,
  listHeader: () => <Text size="sm">{t('reportsExtra.config.sustainabilityHelp')}</Text>,
};
