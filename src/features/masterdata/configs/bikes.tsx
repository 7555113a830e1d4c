/** Bikes, for the generic record layer (src/ui/crud/entity.tsx). */
import { useMemo } from 'react';
import { t } from '../../../i18n';
import { useCatalog } from '../../../data/reference';
import { bikeSchema, type Bike } from '../../../domain/entities/operation';
import type { BikeModel, Hub } from '../../../domain/entities/reference';
import { collectionRows, entityLabels, type EntityConfig } from '../../../ui/crud/entity';
import { RowTag } from '../../../ui/crud/EntityTable';
import { formSchema, hubFilter, hubLabel, hubOptions, hubSelect, refSelect, type Option } from '../../../ui/crud/options';
import { href } from '../../../links/registry';
import { label } from './shared';
import '../../../i18n/es/masterdata';

const BIKE_STATUSES = bikeSchema.shape.status.options;
type BikeForm = Omit<Bike, 'hub'> & { hub: string };
interface FleetRefs {
  readonly hubs: Hub[];
  readonly models: BikeModel[];
  readonly loaded: boolean;
}

function useFleetRefs(): FleetRefs {
  const hubs = useCatalog('hub');
  const models = useCatalog('bike-model');
  return useMemo(() => ({ hubs: hubs.data, models: models.data, loaded: !hubs.loading && !models.loading }), [hubs, models]);
}

const bikeStatusOptions: Option[] = BIKE_STATUSES.map((s) => ({ value: s, label: label(`bikes.status_${s}`) }));
const BIKE_COLOR: Record<Bike['status'], string> = { available: 'teal', in_route: 'blue', maintenance: 'orange', retired: 'gray' };

export const bikeConfig: EntityConfig<'bikes', Bike, BikeForm, FleetRefs> = {
  collection: 'bikes',
  labels: entityLabels({ list: 'bikes.list', create: 'bikes.create', what: 'bikes.what' }, 'bicicletas'),
  paths: { list: href('bike'), create: href('bikeCreate'), edit: (id) => href('bikeEdit', { bike_id: id }) },
  idPrefix: 'bike',
  useRefs: useFleetRefs,
  ready: (r) => r.loaded,
  useRows: collectionRows('bikes'),
  columns: (r) => [
    { key: 'code', header: t('bikes.code'), value: (b) => b.code },
    { key: 'model', header: t('bikes.model'), value: (b) => r.models.find((m) => m.id === b.model_id)?.name ?? b.model_id, width: '2fr' },
    { key: 'hub', header: t('backoffice.hub'), value: (b) => hubLabel(r.hubs, b.hub), width: '2fr' },
    {
      key: 'status',
      header: t('bikes.status'),
      value: (b) => label(`bikes.status_${b.status}`),
      render: (b) => <RowTag color={BIKE_COLOR[b.status]}>{label(`bikes.status_${b.status}`)}</RowTag>,
    },
    { key: 'battery', header: t('bikes.battery'), value: (b) => b.battery_pct, render: (b) => `${b.battery_pct} %`, width: '100px' },
  ],
  filters: (r) => [
    hubFilter(r.hubs),
    { key: 'status', label: t('bikes.status'), options: bikeStatusOptions, test: (b, v) => b.status === v },
    { key: 'model', label: t('bikes.model'), options: r.models.map((m) => ({ value: m.id, label: m.name })), test: (b, v) => b.model_id === v },
  ],
  fields: (r) => [
    { name: 'code', label: t('bikes.code'), kind: 'text', description: t('bikes.codeHelp') },
    { name: 'model_id', label: t('bikes.model'), kind: 'select', options: r.models.filter((m) => m.active).map((m) => ({ value: m.id, label: `${m.brand} · ${m.name}` })) },
    { name: 'hub', label: t('backoffice.hub'), kind: 'select', options: hubOptions(r.hubs) },
    { name: 'status', label: t('bikes.status'), kind: 'select', options: bikeStatusOptions },
    { name: 'battery_pct', label: t('bikes.batteryPct'), kind: 'integer', min: 0, max: 100 },
    { name: 'last_service_date', label: t('bikes.lastService'), kind: 'date' },
    { name: 'notes', label: t('bikes.notes'), kind: 'textarea', wide: true },
  ],
  schema: formSchema(bikeSchema, { hub: hubSelect(), model_id: refSelect('bikes.chooseModel') }),
  blank: (r) => ({
    id: '',
    code: '',
    model_id: r.models.find((m) => m.active)?.id ?? '',
    hub: r.hubs[0] ? String(r.hubs[0].number) : '',
    status: 'available',
    battery_pct: 100,
    last_service_date: '',
    notes: '',
    updated_at: 0,
  }),
  toForm: (b) => ({ ...b, hub: String(b.hub) }),
  toDoc: (v, ctx) => ({ ...v, id: ctx.id, hub: Number(v.hub), code: v.code.trim(), updated_at: ctx.now }),
  name: (b) => b.code,
};
