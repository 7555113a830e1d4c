/** Bike models, for the generic record layer (src/ui/crud/entity.tsx). */
import { useMemo } from 'react';
import { t } from '../../../i18n';
import { useLiveQuery } from '../../../data/hooks';
import { allDocs } from '../../../data/queries';
import type { Bike } from '../../../domain/entities/operation';
import { bikeModelSchema, type BikeModel } from '../../../domain/entities/reference';
import { catalogRows, entityLabels, type EntityConfig } from '../../../ui/crud/entity';
import { activeColumn, activeFilter, formSchema } from '../../../ui/crud/options';
import { href } from '../../../links/registry';
import '../../../i18n/es/masterdata';

interface ModelRefs {
  readonly bikes: Bike[];
}

function useModelRefs(): ModelRefs {
  const bikes = useLiveQuery<Bike[]>((db) => allDocs(db, 'bikes'), [], []);
  return useMemo(() => ({ bikes: bikes.data }), [bikes]);
}

export const bikeModelConfig: EntityConfig<'catalog', BikeModel, BikeModel, ModelRefs> = {
  collection: 'catalog',
  kinds: ['bike-model'],
  labels: entityLabels({ list: 'bikeModels.list', create: 'bikeModels.create', what: 'bikeModels.what' }, 'modelos-bicicleta'),
  paths: { list: href('bikeModel'), create: href('bikeModelCreate'), edit: (id) => href('bikeModelEdit', { bike_id: id }) },
  idPrefix: 'model',
  useRefs: useModelRefs,
  useRows: catalogRows(['bike-model']),
  columns: (r) => [
    { key: 'name', header: t('bikeModels.name'), value: (m) => m.name, width: '2fr' },
    { key: 'brand', header: t('bikeModels.brand'), value: (m) => m.brand },
    { key: 'kg', header: t('bikeModels.capacityKg'), value: (m) => m.capacity_kg, width: '110px' },
    { key: 'l', header: t('bikeModels.capacityL'), value: (m) => m.capacity_l, width: '110px' },
    { key: 'range', header: t('bikeModels.rangeKm'), value: (m) => m.range_km, width: '110px' },
    { key: 'bikes', header: t('bikeModels.bikes'), value: (m) => r.bikes.filter((b) => b.model_id === m.id).length, width: '110px' },
    activeColumn<BikeModel>(),
  ],
  filters: () => [activeFilter<BikeModel>()],
  fields: () => [
    { name: 'name', label: t('bikeModels.name'), kind: 'text' },
    { name: 'brand', label: t('bikeModels.brand'), kind: 'text' },
    { name: 'capacity_kg', label: t('bikeModels.capacityKg'), kind: 'integer', min: 1, max: 1000 },
    { name: 'capacity_l', label: t('bikeModels.capacityL'), kind: 'integer', min: 1, max: 5000 },
    { name: 'range_km', label: t('bikeModels.rangeKm'), kind: 'integer', min: 0, max: 500 },
    { name: 'electric', label: t('bikeModels.electric'), kind: 'checkbox' },
    { name: 'active', label: t('crud.active'), kind: 'checkbox' },
  ],
  schema: formSchema(bikeModelSchema),
  blank: () => ({ id: '', kind: 'bike-model', name: '', brand: '', capacity_kg: 100, capacity_l: 300, range_km: 50, electric: true, active: true, updated_at: 0 }),
  toForm: (m) => m,
  toDoc: (v, ctx) => ({ ...v, id: ctx.id, updated_at: ctx.now }),
  deleteBlocked: (m, r) => {
    const n = r.bikes.filter((b) => b.model_id === m.id).length;
    return n > 0 ? t('bikeModels.inUse', { n }) : null;
  },
  name: (m) => m.name,
};
