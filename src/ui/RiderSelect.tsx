/**
 * The rider selector (specification §6): riders offered as label (name) and value (id), live —
 * a rider created or deactivated on another device appears or disappears here.
 */
import { Select, type SelectProps } from '@mantine/core';
import { useLiveQuery } from '../data/hooks';
import { riders } from '../data/queries';
import type { User } from '../domain/entities/operation';
import { t } from '../i18n';
import '../i18n/es/users';

export interface RiderOption {
  readonly label: string;
  readonly value: string;
}

export function riderOptions(users: readonly User[]): RiderOption[] {
  return users
    .filter((u) => u.role === 'rider' && u.active)
    .map((u) => ({ label: u.name, value: u.id }))
    .sort((a, b) => a.label.localeCompare(b.label, 'es'));
}

export function RiderSelect(props: Omit<SelectProps, 'data'>) {
  const { data } = useLiveQuery<User[]>((db) => riders(db), [], []);
  return <Select label={t('users.riderSelect')} placeholder={t('users.riderPlaceholder')} searchable clearable {...props} data={riderOptions(data)} />;
}
