/**
 * Small shared pieces of the entity configurations: option lists, the hub select (numbers held
 * as strings by the select), the «active» column and filter, and form-schema helpers.
 */
import { z } from 'zod';
import { formatDecimal, t, type MessageKey } from '../../i18n';
import type { Hub } from '../../domain/entities/reference';
import { RowTag, type Column, type Filter } from './EntityTable';
import '../../i18n/es/users';

export interface Option {
  readonly value: string;
  readonly label: string;
}

/** Hubs as select options: the value is the hub number as text. */
export function hubOptions(hubs: readonly Pick<Hub, 'number' | 'name'>[]): Option[] {
  return [...hubs].sort((a, b) => a.number - b.number).map((h) => ({ value: String(h.number), label: `${h.number} · ${h.name}` }));
}

/** «3 · Madrid Chamberí», or the bare number for an unknown hub. */
export function hubLabel(hubs: readonly Pick<Hub, 'number' | 'name'>[], n: number): string {
  const hub = hubs.find((h) => h.number === n);
  return hub ? `${hub.number} · ${hub.name}` : String(n);
}

/** A hub's own name («Hub Madrid Arganzuela»), or «Hub 9» for a hub not on this device. */
export function hubName(hubs: readonly Pick<Hub, 'number' | 'name'>[], n: number): string {
  const name = hubs.find((h) => h.number === n)?.name.trim() ?? '';
  return name !== '' ? name : t('backoffice.hubNumber', { n });
}

/** A person's hub in a list: its name, or «Todos» for hub 0 (no hub of his own: every hub; issue 28 read «0»). */
export function hubOrAll(hubs: readonly Pick<Hub, 'number' | 'name'>[], n: number): string {
  return n === 0 ? t('users.allHubs') : hubName(hubs, n);
}

/**
 * Hubs as select options named by their names (issue 28: the picking hub selector read «Hub 3 ·
 * Barcelona», «Hub 4 · Barcelona»); the value is the hub number as text.
 */
export function hubNameOptions(hubs: readonly Pick<Hub, 'number' | 'name'>[]): Option[] {
  return [...hubs].sort((a, b) => a.number - b.number).map((h) => ({ value: String(h.number), label: hubName(hubs, h.number) }));
}

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
