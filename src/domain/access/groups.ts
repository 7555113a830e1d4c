/**
 * Roles and interface groups (specification, section 6).
 *
 * The specification names admin → machine-admin, users-admin, machine-dev-mode; operator →
 * machine-operator; anonimus → login. It does not show the rider's group: we define
 * `machine-rider` for the rider screens (distribution, delivery, signature and collection).
 * Pickers in the hubs sign in as operators (`machine-operator`): the specification has no
 * picker role.
 */
export const SYSTEM_ROLES = ['admin', 'operator', 'rider', 'anonimus'] as const;
export type SystemRole = (typeof SYSTEM_ROLES)[number];

export const INTERFACE_GROUPS = [
  'login',
  'machine-admin',
  'users-admin',
  'machine-dev-mode',
  'machine-operator',
  'machine-rider',
] as const;
export type InterfaceGroup = (typeof INTERFACE_GROUPS)[number];

/** Default groups of the system roles (admins may change them at /config/roles). */
export const DEFAULT_ROLE_GROUPS: Readonly<Record<SystemRole, readonly InterfaceGroup[]>> = {
  admin: ['machine-admin', 'users-admin', 'machine-dev-mode'],
  operator: ['machine-operator'],
  rider: ['machine-rider'],
  anonimus: ['login'],
};

/** Who may open a screen: `public` screens are open to everyone, signed in or not. */
export type ScreenAccess = 'public' | readonly InterfaceGroup[];

/**
 * A role may use an interface group when the group is in its list (specification, section 6).
 * Admins (the `machine-admin` group) may open every screen.
 */
export function mayOpen(groups: readonly InterfaceGroup[], access: ScreenAccess): boolean {
  if (access === 'public') return true;
  if (groups.includes('machine-admin')) return true;
  return access.some((g) => groups.includes(g));
}
