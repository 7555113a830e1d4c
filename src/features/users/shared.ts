import { useLiveQuery } from '../../data/hooks';
import { allUsers, catalogOfKind } from '../../data/queries';
import type { User } from '../../domain/entities/operation';
import type { Hub, Role } from '../../domain/entities/reference';
import { t } from '../../i18n';
import '../../i18n/es/users';

export function useRoles() {
  return useLiveQuery<Role[]>((db) => catalogOfKind(db, 'role'), [], []);
}

export function useHubs() {
  return useLiveQuery<Hub[]>((db) => catalogOfKind(db, 'hub'), [], []);
}

export function useUsers() {
  return useLiveQuery<User[]>((db) => allUsers(db), [], []);
}

export function roleOptions(roles: readonly Role[]) {
  return roles.filter((r) => r.active && r.id !== 'anonimus').map((r) => ({ value: r.id, label: r.name }));
}

export function hubOptions(hubs: readonly Hub[]) {
  return [{ value: '0', label: t('users.allHubs') }, ...hubs.map((h) => ({ value: String(h.number), label: h.name.trim() !== '' ? h.name : String(h.number) }))];
}
