/**
 * A hub's planning objective (issue 32; catalog kind `config-planning` since issue 34), for the
 * generic record layer: «Mínimo de repartidores» or «Repartir entre los disponibles», with optional
 * costs per route and per hour. One document per hub (id `config-planning-<hub>`); the planning
 * board edits the same document (src/data/planningObjective.ts).
 */
import { useMemo } from 'react';
import { z } from 'zod';
import { t } from '../../../i18n';
import { useCatalog } from '../../../data/reference';
import { planningConfigId, planningConfigSchema, type Hub, type PlanningConfig } from '../../../domain/entities/reference';
import { catalogRows, entityLabels, type EntityConfig } from '../../../ui/crud/entity';
import { activeColumn, formSchema, hubLabel, hubOptions, hubSelect, type Option } from '../../../ui/crud/options';
import { href } from '../../../links/registry';
import '../../../i18n/es/planning';
import '../../../i18n/es/reports';

type PlanningForm = Omit<PlanningConfig, 'hub'> & { hub: string };

interface PlanningRefs {
  readonly hubs: readonly Hub[];
  readonly docs: readonly PlanningConfig[];
  readonly loaded: boolean;
}

function usePlanningRefs(): PlanningRefs {
  const hubs = useCatalog('hub');
  const docs = useCatalog('config-planning');
  return useMemo(() => ({ hubs: hubs.data, docs: docs.data, loaded: !hubs.loading && !docs.loading }), [hubs, docs]);
}

const objectiveLabel = (o: PlanningConfig['objective']): string => (o === 'balanced' ? t('planning.objective.balanced') : t('planning.objective.minVehicles'));
const objectiveOptions = (): Option[] => (['min-vehicles', 'balanced'] as const).map((o) => ({ value: o, label: objectiveLabel(o) }));

export const planningConfig: EntityConfig<'catalog', PlanningConfig, PlanningForm, PlanningRefs> = {
  collection: 'catalog',
  kinds: ['config-planning'],
  labels: entityLabels({ list: 'reportsExtra.config.planningList', create: 'reportsExtra.config.planningCreate', what: 'reportsExtra.config.planningWhat' }, 'objetivos-planificacion'),
  paths: { list: href('config'), create: href('config'), edit: () => href('config') },
  idPrefix: 'plan',
  useRefs: usePlanningRefs,
  ready: (r) => r.loaded,
  useRows: catalogRows(['config-planning']),
  columns: (r) => [
    { key: 'hub', header: t('reportsExtra.config.hub'), value: (x) => hubLabel([...r.hubs], x.hub), width: '2fr' },
    { key: 'objective', header: t('reportsExtra.config.objective'), value: (x) => objectiveLabel(x.objective), width: '2fr' },
    { key: 'route', header: t('planning.objective.costPerRoute'), value: (x) => x.cost_per_route ?? '' },
    { key: 'hour', header: t('planning.objective.costPerHour'), value: (x) => x.cost_per_hour ?? '' },
    activeColumn<PlanningConfig>(),
  ],
  fields: (r) => [
    { name: 'hub', label: t('reportsExtra.config.hub'), kind: 'select', options: hubOptions(r.hubs) },
    { name: 'objective', label: t('reportsExtra.config.objective'), kind: 'select', options: objectiveOptions() },
    { name: 'cost_per_route', label: t('planning.objective.costPerRoute'), kind: 'number', min: 0, max: 100_000 },
    { name: 'cost_per_hour', label: t('planning.objective.costPerHour'), kind: 'number', min: 0, max: 10_000 },
    { name: 'active', label: t('crud.active'), kind: 'checkbox' },
  ],
  schema: formSchema(planningConfigSchema, { hub: hubSelect(), cost_per_route: z.number().min(0).max(100_000).optional().or(z.literal('')), cost_per_hour: z.number().min(0).max(10_000).optional().or(z.literal('')) }, (v) => toEntity(v as PlanningForm)),
  blank: (r) => ({ id: '', kind: 'config-planning', name: '', hub: r.hubs[0] ? String(r.hubs[0].number) : '', objective: 'min-vehicles', active: true, updated_at: 0 }),
  toForm: (x) => ({ ...x, hub: String(x.hub) }),
  toDoc: (v, ctx) => ({ ...toEntity(v), id: ctx.existing ? ctx.id : planningConfigId(Number(v.hub)), name: `Hub ${v.hub}`, updated_at: ctx.now }),
  check: (v, ctx) => (ctx.refs.docs.some((d) => d.hub === Number(v.hub) && d.id !== ctx.existing?.id) ? [{ path: 'hub', message: t('reportsExtra.config.onePerHub') }] : []),
  name: (x) => `Hub ${x.hub}`,
};

/** The form's values as a document (an empty cost is no cost). */
function toEntity(v: PlanningForm): PlanningConfig {
  const { cost_per_route, cost_per_hour, ...rest } = v;
  const num = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);
  const route = num(cost_per_route);
  const hour = num(cost_per_hour);
  return { ...rest, name: rest.name || `Hub ${v.hub}`, hub: Number(v.hub), ...(route !== undefined ? { cost_per_route: route } : {}), ...(hour !== undefined ? { cost_per_hour: hour } : {}) };
}
