/** Hubs, for the generic record layer (src/ui/crud/entity.tsx). */
import { useMemo } from 'react';
import { t } from '../../../i18n';
import { useCatalog } from '../../../data/reference';
import { hubSchema, type Hub } from '../../../domain/entities/reference';
import { DEFAULT_CASH_THRESHOLD_CENTS } from '../../../domain/payments/cash';
import { DEFAULT_TRAVEL_SETTINGS } from '../../../domain/routing/matrix';
import { catalogRows, entityLabels, type EntityConfig } from '../../../ui/crud/entity';
import { activeColumn, activeFilter, formSchema } from '../../../ui/crud/options';
import { LocationPicker } from '../../../ui/map/LocationPicker';
import { href } from '../../../links/registry';
import '../../../i18n/es/masterdata';

interface HubRefs {
  readonly hubs: Hub[];
  readonly loaded: boolean;
}

function useHubRefs(): HubRefs {
  const hubs = useCatalog('hub');
  return useMemo(() => ({ hubs: hubs.data, loaded: !hubs.loading }), [hubs]);
}

const MADRID = { lat: 40.4168, lng: -3.7038 };

export const hubConfig: EntityConfig<'catalog', Hub, Hub, HubRefs> = {
  collection: 'catalog',
  kinds: ['hub'],
  labels: entityLabels({ list: 'hubs.list', create: 'hubs.create', what: 'hubs.what' }, 'hubs'),
  paths: { list: href('hub'), create: href('hubCreate'), edit: (id) => href('hubEdit', { hub_id: id }) },
  idPrefix: 'hub',
  useRefs: useHubRefs,
  ready: (r) => r.loaded,
  useRows: catalogRows(['hub']),
  columns: () => [
    { key: 'name', header: t('hubs.name'), value: (h) => h.name, width: '2fr' },
    { key: 'number', header: t('hubs.number'), value: (h) => h.number, width: '90px' },
    { key: 'city', header: t('hubs.city'), value: (h) => h.city },
    { key: 'address', header: t('hubs.address'), value: (h) => h.address, width: '2fr' },
    { key: 'hours', header: t('hubs.hours'), value: (h) => `${h.opens}–${h.closes}`, width: '120px' },
    activeColumn<Hub>(),
  ],
  filters: (r) => [
    { key: 'city', label: t('hubs.city'), options: [...new Set(r.hubs.map((h) => h.city))].map((c) => ({ value: c, label: c })), test: (h, v) => h.city === v },
    activeFilter<Hub>(),
  ],
  fields: () => [
    { name: 'name', label: t('hubs.name'), kind: 'text' },
    { name: 'number', label: t('hubs.number'), kind: 'integer', min: 0, max: 9999, description: t('hubs.numberHelp') },
    { name: 'city', label: t('hubs.city'), kind: 'text' },
    { name: 'address', label: t('hubs.address'), kind: 'text' },
    { name: 'lat', label: t('backoffice.lat'), kind: 'number', min: -90, max: 90 },
    { name: 'lng', label: t('backoffice.lng'), kind: 'number', min: -180, max: 180 },
    { name: 'opens', label: t('hubs.opens'), kind: 'time' },
    { name: 'closes', label: t('hubs.closes'), kind: 'time' },
    { name: 'phone', label: t('hubs.phone'), kind: 'tel' },
    { name: 'cash_limit_cents', label: t('hubs.cashLimit'), kind: 'money', description: t('hubs.cashLimitHelp') },
    { name: 'detour_factor', label: t('hubs.detourFactor'), kind: 'number', min: 1, max: 5, description: t('hubs.detourFactorHelp') },
    { name: 'speed_kmh', label: t('hubs.speedKmh'), kind: 'number', min: 1, max: 60, description: t('hubs.speedKmhHelp') },
    { name: 'active', label: t('crud.active'), kind: 'checkbox' },
  ],
  schema: formSchema(hubSchema),
  blank: (r) => ({
    id: '',
    kind: 'hub',
    name: '',
    number: Math.max(0, ...r.hubs.map((h) => h.number)) + 1,
    city: '',
    address: '',
    lat: MADRID.lat,
    lng: MADRID.lng,
    opens: '07:00',
    closes: '20:00',
    phone: '',
    cash_limit_cents: DEFAULT_CASH_THRESHOLD_CENTS,
    detour_factor: DEFAULT_TRAVEL_SETTINGS.detourFactor,
    speed_kmh: DEFAULT_TRAVEL_SETTINGS.speedKmh,
    active: true,
    updated_at: 0,
  }),
  // A hub saved before the limit existed shows the default it has been using.
  toForm: (h) => ({
    ...h,
    cash_limit_cents: h.cash_limit_cents ?? DEFAULT_CASH_THRESHOLD_CENTS,
    detour_factor: h.detour_factor ?? DEFAULT_TRAVEL_SETTINGS.detourFactor,
    speed_kmh: h.speed_kmh ?? DEFAULT_TRAVEL_SETTINGS.speedKmh,
  }),
  toDoc: (v, ctx) => ({ ...v, id: ctx.id, updated_at: ctx.now }),
  check: (v, ctx) =>
    ctx.refs.hubs.some((h) => h.number === v.number && h.id !== ctx.id) ? [{ path: 'number', message: t('hubs.numberTaken', { n: v.number }) }] : [],
  extra: (api) => (
    <LocationPicker
      lat={api.values.lat}
      lng={api.values.lng}
      label={t('hubs.mapLabel')}
      help={t('backoffice.pickOnMap')}
      marker="H"
      onPick={(lat, lng) => api.setValues({ lat, lng })}
    />
  ),
  name: (h) => h.name,
};
