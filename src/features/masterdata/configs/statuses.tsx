/** The status lists, for the generic record layer (src/ui/crud/entity.tsx). */
import { z } from 'zod';
import { t } from '../../../i18n';
import { statusSchema, type Status } from '../../../domain/entities/reference';
import { MACHINES, STATUS_FAMILIES, type Machine, type StatusFamily } from '../../../domain/status/machines';
import { catalogRows, entityLabels, type EntityConfig } from '../../../ui/crud/entity';
import { activeColumn, activeFilter, formSchema, type Option } from '../../../ui/crud/options';
import { href } from '../../../links/registry';
import { statusNames } from '../../../i18n/status';
import { label, noRefs } from './shared';
import '../../../i18n/es/masterdata';

export const STATUS_KINDS = STATUS_FAMILIES.map((f) => `status-${f}` as const);
type StatusKind = (typeof STATUS_KINDS)[number];
const familyOf = (kind: StatusKind) => kind.slice('status-'.length) as StatusFamily;
const familyOptions: Option[] = STATUS_FAMILIES.map((f) => ({ value: `status-${f}`, label: label(`statuses.family_${f}`) }));
const systemLabel = (kind: StatusKind, s: string) => (statusNames(MACHINES[familyOf(kind)] as Machine<string>) as Readonly<Record<string, string>>)[s] ?? s;

export const statusConfig: EntityConfig<'catalog', Status> = {
  collection: 'catalog',
  kinds: STATUS_KINDS,
  labels: entityLabels({ list: 'statuses.list', create: 'statuses.create', what: 'statuses.what' }, 'estados'),
  paths: { list: href('configStatus'), create: href('createStatus'), edit: (id) => href('statusEdit', { id }) },
  idPrefix: 'st',
  useRefs: noRefs,
  useRows: catalogRows(STATUS_KINDS),
  columns: () => [
    {
      key: 'name',
      header: t('statuses.name'),
      value: (s) => s.name,
      width: '2fr',
    },
    {
      key: 'color',
      header: t('statuses.color'),
      value: (s) => s.color,
      render: (s) => (
        <span>
          <span aria-hidden style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 6, marginRight: 6, verticalAlign: 'middle', background: s.color }} />
          {s.color}
        </span>
      ),
      width: '120px',
    },
    { key: 'family', header: t('statuses.family'), value: (s) => label(`statuses.family_${familyOf(s.kind)}`) },
    { key: 'system', header: t('statuses.systemStatus'), value: (s) => systemLabel(s.kind, s.system_status) },
    { key: 'rider', header: t('statuses.riderVisible'), value: (s) => (s.rider_visible ? t('common.yes') : t('common.no')), width: '110px' },
    { key: 'sort', header: t('statuses.sort'), value: (s) => s.sort, width: '90px' },
    activeColumn<Status>(),
  ],
  filters: () => [
    { key: 'family', label: t('statuses.family'), options: familyOptions, test: (s, v) => s.kind === v },
    activeFilter<Status>(),
  ],
  fields: (_r, _mode, values) => {
    const kind = (STATUS_KINDS as readonly string[]).includes(values.kind) ? values.kind : 'status-order';
    const machine = MACHINES[familyOf(kind)];
    const systemOptions = (machine.statuses as readonly string[]).map((s) => ({ value: s, label: systemLabel(kind, s) }));
    return [
      { name: 'kind', label: t('statuses.family'), kind: 'select', options: familyOptions },
      { name: 'name', label: t('statuses.name'), kind: 'text' },
      { name: 'system_status', label: t('statuses.systemStatus'), kind: 'select', options: systemOptions, description: t('statuses.systemHelp') },
      { name: 'color', label: t('statuses.color'), kind: 'color' },
      { name: 'sort', label: t('statuses.sort'), kind: 'integer', min: 0, max: 10_000 },
      { name: 'rider_visible', label: t('statuses.riderVisible'), kind: 'checkbox', description: t('statuses.riderVisibleHelp') },
      { name: 'active', label: t('crud.active'), kind: 'checkbox' },
    ];
  },
  // The family may change: the mapped status must then be one of the new family's.
  onValuesChange: (values, previous) => {
    if (values.kind === previous.kind || !(STATUS_KINDS as readonly string[]).includes(values.kind)) return null;
    const statuses = MACHINES[familyOf(values.kind)].statuses as readonly string[];
    return statuses.includes(values.system_status) ? null : { system_status: MACHINES[familyOf(values.kind)].initial };
  },
  schema: formSchema(statusSchema, { system_status: z.string().min(1, { error: () => t('statuses.chooseSystem') }) }),
  blank: () => ({ id: '', kind: 'status-order', name: '', color: '#607D8B', system_status: 'pending', sort: 100, rider_visible: false, active: true, updated_at: 0 }),
  toForm: (s) => s,
  toDoc: (v, ctx) => ({ ...v, id: ctx.id, updated_at: ctx.now }),
  name: (s) => s.name,
};
