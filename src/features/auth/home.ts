import { href } from '../../links/registry';

/** Where a user lands after signing in, by role, when no page asked for the sign-in. */
export function homeOf(groups: readonly string[]): string {
  if (groups.includes('machine-admin') || groups.includes('machine-operator')) return href('home');
  if (groups.includes('machine-rider')) return href('distribution');
  return href('profileUser');
}
