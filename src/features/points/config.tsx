/**
 * Delivery points for the generic record layer. The list reads every point from the in-memory
 * store (src/data/pointsStore.ts): 20,000 rows stay smooth. Editing the hub follows the
 * specification's rule through `changeHub`: it needs an id and a numeric hub, and stamps
 * `updated_at` with the current time.
 */
import { useMemo } from 'react';
import { t } from '../../i18n';
import { useCatalog } from '../../data/reference';
import { useAllDeliveryPoints } from '../../data/pointsStore';
import { changeHub, parseHub } from '../../domain/deliveryPoints';
import { deliveryPointSchema, type DeliveryPoint } from '../../domain/entities/operation';
import type { Hub } from '../../domain/entities/reference';
import { entityLabels, type EntityConfig } from '../../ui/crud/entity';
import { RowLink } from '../../ui/crud/EntityTable';
import { activeColumn, activeFilter, formSchema, hubFilter, hubLabel, hubOptions, hubSelect, type Option } from '../../ui/crud/options';
import { LocationPicker } from '../../ui/map/LocationPicker';
import { href } from '../../links/registry';
import '../../i18n/es/points';

export type PointForm = Omit<DeliveryPoint, 'hub'> & { hub: string };

export interface PointRefs {
  readonly hubs: Hub[];
  readonly loaded: boolean;
}

export function usePointRefs(): PointRefs {
  const hubs = useCatalog('hub');
  return useMemo(() => ({ hubs: hubs.data, loaded: !hubs.loading }), [hubs]);
}

export const POINT_KINDS = deliveryPointSchema.shape.kind.options;
export const kindLabel = (k: DeliveryPoint['kind']) => t(`points.kind_${k}`);
const kindOptions: Option[] = POINT_KINDS.map((k) => ({ value: k, label: kindLabel(k) }));

export const pointConfig: EntityConfig<'delivery_points', DeliveryPoint, PointForm, PointRefs> = {
  collection: 'delivery_points',
  labels: entityLabels({ list: 'points.list', create: 'points.create', what: 'points.what' }, 'puntos-de-entrega'),
  paths: { list: href('deliveryPoints'), create: href('deliveryCreate'), edit: (id) => href('deliveryPointsEdit', { id }) },
  idPrefix: 'pe',
  useRefs: usePointRefs,
  ready: (r) => r.loaded,
  useRows: useAllDeliveryPoints,
  columns: (r) => [
    { key: 'name', header: t('points.name'), value: (p) => p.name, width: '2fr' },
    { key: 'hub', header: t('backoffice.hub'), value: (p) => hubLabel(r.hubs, p.hub), width: '1.4fr' },
    { key: 'kind', header: t('points.kind'), value: (p) => kindLabel(p.kind), width: '110px' },
    { key: 'address', header: t('points.address'), value: (p) => p.address, width: '2fr' },
    { key: 'postal', header: t('points.postalCode'), value: (p) => p.postal_code, width: '90px' },
    { key: 'city', header: t('points.city'), value: (p) => p.city, width: '110px' },
    activeColumn<DeliveryPoint>(),
  ],
  filters: (r) => [
    hubFilter<DeliveryPoint>(r.hubs),
    { key: 'kind', label: t('points.kind'), options: kindOptions, test: (p, v) => p.kind === v },
    activeFilter<DeliveryPoint>(),
  ],
  rowActions: (p) => (
    <RowLink button to={href('deliveryPointsData', { id: p.id })}>
      {t('points.record')}
    </RowLink>
  ),
  fields: (r) => [
    { name: 'name', label: t('points.name'), kind: 'text', wide: true },
    { name: 'hub', label: t('backoffice.hub'), kind: 'select', options: hubOptions(r.hubs) },
    { name: 'kind', label: t('points.kind'), kind: 'select', options: kindOptions },
    { name: 'address', label: t('points.address'), kind: 'text' },
    { name: 'postal_code', label: t('points.postalCode'), kind: 'text' },
    { name: 'city', label: t('points.city'), kind: 'text' },
    { name: 'contact_name', label: t('points.contact'), kind: 'text' },
    { name: 'phone', label: t('points.phone'), kind: 'tel' },
    { name: 'opens', label: t('points.opens'), kind: 'time' },
    { name: 'closes', label: t('points.closes'), kind: 'time' },
    { name: 'lat', label: t('backoffice.lat'), kind: 'number', min: -90, max: 90 },
    { name: 'lng', label: t('backoffice.lng'), kind: 'number', min: -180, max: 180 },
    { name: 'ref_providers', label: t('points.refProviders'), kind: 'tags', description: t('points.refProvidersHelp') },
    { name: 'client_providers', label: t('points.clientProviders'), kind: 'tags', description: t('points.clientProvidersHelp') },
    { name: 'notes', label: t('points.notes'), kind: 'textarea', wide: true },
    { name: 'active', label: t('crud.active'), kind: 'checkbox' },
  ],
  schema: formSchema(deliveryPointSchema, { hub: hubSelect() }),
  blank: (r) => ({
    id: '',
    name: '',
    hub: r.hubs[0] ? String(r.hubs[0].number) : '',
    ref_providers: [],
    client_providers: [],
    kind: 'shop',
    address: '',
    postal_code: '',
    city: r.hubs[0]?.city ?? '',
    lat: r.hubs[0]?.lat ?? 40.4168,
    lng: r.hubs[0]?.lng ?? -3.7038,
    contact_name: '',
    phone: '',
    opens: '08:00',
    closes: '20:00',
    notes: '',
    active: true,
    updated_at: 0,
  }),
  toForm: (p) => ({ ...p, hub: String(p.hub) }),
  check: (v) => (parseHub(v.hub) === null ? [{ path: 'hub', message: t('backoffice.chooseHub') }] : []),
  toDoc: (v, ctx) => {
    const doc: DeliveryPoint = { ...v, id: ctx.id, hub: ctx.existing?.hub ?? Number(v.hub), updated_at: ctx.now };
    if (ctx.existing && parseHub(v.hub) !== ctx.existing.hub) {
      // The specification's hub change: id and numeric hub, updated_at = now.
      return changeHub(doc, v.hub, ctx.now) ?? doc;
    }
    return doc;
  },
  extra: (api) => (
    <LocationPicker lat={api.values.lat} lng={api.values.lng} label={t('points.mapLabel')} help={t('backoffice.pickOnMap')} onPick={(lat, lng) => api.setValues({ lat, lng })} />
  ),
  name: (p) => p.name,
};
