/**
 * Small shared pieces of the entity configurations: option lists, the hub select (numbers held
 * as strings by the select), the «active» column and filter, and form-schema helpers.
 */
import { z } from 'zod';
import { formatDecimal, t, type MessageKey } from '../../i18n';
import { RowTag, type Column, type Filter } from './EntityTable';
import { hubOptions } from './hubOptions';
import type { Hub } from '../../domain/entities/reference';
import '../../i18n/es/users';

// The hubs' names and options need neither zod nor the table: in their own module, so a screen that
// names hubs (the picker's first screen, issue 31) does not load either.
export { hubLabel, hubName, hubNameOptions, hubOptions, hubOrAll, type Option } from './hubOptions';

/** A rate in basis points in the interface's locale: 2100 → «21 %», 550 → «5,5 %». */
export function formatRate(bp: number): string {
  return `${formatDecimal(bp / 100, 2)} %`;
}

/** A hub chosen in a select (text of 1–4 digits). */
export const hubSelect = () => z.string({ error: () => t('backoffice.chooseHub') }).regex(/^\d{1,4}$/, { error: () => t('backoffice.chooseHub') });

/** A reference chosen in a select; its message is worded when shown (the catalogue key). */
export const refSelect = (message: MessageKey) => z.string({ error: () => t(message) }).min(1, { error: () => t(message) });

/**
 * The form version of an entity schema: the id and update time are set when saving (a new
 * document gets its id then), so the form does not check them; `extra` replaces fields whose
 * form value differs from the stored one (a hub select holds text). The entity's own checks
 * across fields (an order's time window, a status of its family) still apply: they run on the
 * values turned into the document (`toEntity`, identity by default) and show at their field.
 */
export function formSchema<S extends z.ZodObject>(schema: S, extra: z.ZodRawShape = {}, toEntity: (values: Record<string, unknown>) => unknown = (v) => v) {
  return z
    .object(schema.shape)
    .extend({ id: z.string(), updated_at: z.number(), ...extra })
    .superRefine((values, ctx) => {
      const doc = toEntity(values as Record<string, unknown>);
      const result = schema.safeParse(typeof doc === 'object' && doc !== null ? { ...doc, id: 'form', updated_at: 0 } : doc);
      if (result.success) return;
      for (const issue of result.error.issues) {
        if (issue.code === 'custom') ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
    });
}

export function activeColumn<D extends { active: boolean }>(): Column<D> {
  return {
    key: 'active',
    header: t('crud.active'),
    value: (d) => (d.active ? t('crud.active') : t('crud.inactive')),
    render: (d) => <RowTag color={d.active ? 'teal' : 'gray'}>{d.active ? t('crud.active') : t('crud.inactive')}</RowTag>,
    width: '110px',
  };
}

export function activeFilter<D extends { active: boolean }>(): Filter<D> {
  return {
    key: 'active',
    label: t('crud.active'),
    options: [
      { value: 'yes', label: t('crud.active') },
      { value: 'no', label: t('crud.inactive') },
    ],
    test: (d, v) => d.active === (v === 'yes'),
  };
}

export function hubFilter<D extends { hub: number }>(hubs: readonly Pick<Hub, 'number' | 'name'>[]): Filter<D> {
  return { key: 'hub', label: t('backoffice.hub'), options: hubOptions(hubs), test: (d, v) => String(d.hub) === v };
}
