/**
 * First start of the embedded server.
 * - demo mode (default): the deterministic demo operation of src/domain/demo, with an account for
 *   every demo user (password `cargobici-demo`);
 * - production mode (NODE_ENV=production): no demo data and no demo accounts; the system roles and
 *   one administrator from ADMIN_EMAIL / ADMIN_PASSWORD.
 * Nothing happens when the store already has users.
 */
import { DEFAULT_ROLE_GROUPS, SYSTEM_ROLES } from '../src/domain/access/groups';
import { LOCAL_COLLECTIONS } from '../src/domain/collections';
import { DEMO_PASSWORD, generateDemoData } from '../src/domain/demo/generate';
import { madridDate } from '../src/domain/dates';
import type { AuthService } from './auth';
import type { DocStore, StoredDoc } from './store';

export type SeedOptions =
  | { readonly mode?: 'demo'; readonly seed?: number; readonly today?: string; readonly now?: number; readonly scale?: { deliveryPoints?: number; ordersPerDay?: number; ridersPerHub?: number } }
  | { readonly mode: 'production'; readonly adminEmail?: string; readonly adminPassword?: string };

/** Today's date in Madrid (the operation's calendar), `YYYY-MM-DD`. */
export const madridToday = (now = new Date()): string => madridDate(now);

export async function seedIfEmpty(store: DocStore, auth: AuthService, opts: SeedOptions): Promise<void> {
  if (store.count('users') > 0) return;
  if (opts.mode === 'production') {
    const now = Date.now();
    if (!opts.adminEmail || !opts.adminPassword) {
      console.warn('Modo producción sin usuarios: define ADMIN_EMAIL y ADMIN_PASSWORD para crear el primer administrador.');
      return;
    }
    store.transaction(() => {
      for (const role of SYSTEM_ROLES) {
        store.put('catalog', { id: role, kind: 'role', name: role, active: true, updated_at: now, groups: [...DEFAULT_ROLE_GROUPS[role]], base_role: role, system: true, _deleted: false });
      }
      store.put('users', { id: 'u-admin', name: 'Administrador', role: 'admin', email: opts.adminEmail as string, hub: 0, phone: '', active: true, updated_at: now, _deleted: false });
      auth.setPassword('u-admin', opts.adminEmail as string, opts.adminPassword as string);
    });
    return;
  }
  const now = opts.now ?? Date.now();
  const data = generateDemoData({ seed: opts.seed ?? 20261122, today: opts.today ?? madridToday(new Date(now)), now, scale: opts.scale });
  store.transaction(() => {
    for (const collection of LOCAL_COLLECTIONS) {
      for (const doc of data[collection] as unknown as Record<string, unknown>[]) {
        store.put(collection, { ...doc, _deleted: false } as StoredDoc);
      }
    }
    for (const user of data.users) auth.setPassword(user.id, user.email, DEMO_PASSWORD);
  });
}
