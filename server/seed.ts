/**
 * First start of the embedded server.
 * - demo mode (default): the deterministic demo operation of server/demo, with an account for
 *   every demo user (password `cargobici-demo`);
 * - production mode (NODE_ENV=production): no demo data and no demo accounts; the system roles and
 *   one administrator from ADMIN_EMAIL / ADMIN_PASSWORD (a valid password). A folder that holds
 *   the demo data or a demo account is refused (StartupError), so a public password never
 *   works on a production server.
 * Nothing is created when the store already has users.
 */
import { DEFAULT_ROLE_GROUPS, SYSTEM_ROLES } from '../src/domain/access/groups';
import { LOCAL_COLLECTIONS } from '../src/domain/collections';
import { DEMO_PASSWORD, generateDemoData } from './demo/generate';
import { madridDate } from '../src/domain/dates';
import type { AuthService } from './auth';
import type { DocStore, StoredDoc } from './store';
import { passwordProblem } from './passwords';
import { StartupError } from './config';
import { z } from 'zod';
import { t } from '../src/i18n';
import '../src/i18n/es/server';

export type SeedOptions =
  | { readonly mode?: 'demo'; readonly seed?: number; readonly today?: string; readonly now?: number; readonly scale?: { deliveryPoints?: number; ordersPerDay?: number; ridersPerHub?: number } }
  | { readonly mode: 'production'; readonly adminEmail?: string; readonly adminPassword?: string };

/** Today's date in Madrid (the operation's calendar), `YYYY-MM-DD`. */
export const madridToday = (now = new Date()): string => madridDate(now);

/** Domain of every demo account (a reserved top-level domain: no real address uses it). */
export const DEMO_EMAIL_DOMAIN = '@cargobici.test';

/** Whether the store holds the demo operation or any demo account (also in folders seeded before the marker existed). */
export function holdsDemoData(store: DocStore): boolean {
  if (store.kvGet('demo_data') === '1') return true;
  const like = `%${DEMO_EMAIL_DOMAIN}`;
  const account = store.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'accounts'").get()
    ? store.db.prepare('SELECT 1 FROM accounts WHERE email LIKE ? LIMIT 1').get(like)
    : undefined;
  const profile = store.db.prepare("SELECT 1 FROM docs WHERE collection = 'users' AND deleted = 0 AND lower(json_extract(data, '$.email')) LIKE ? LIMIT 1").get(like);
  return account !== undefined || profile !== undefined;
}

/**
 * Production start: never with demo data or demo accounts (their password is public), and the
 * first administrator's password meets the password rules.
 */
function checkProduction(store: DocStore, opts: { adminEmail?: string; adminPassword?: string }): void {
  if (holdsDemoData(store)) {
    throw new StartupError(t('server.startup.demoDataInProduction'));
  }
  if (opts.adminPassword !== undefined) {
    const problem = passwordProblem(opts.adminPassword);
    if (problem) throw new StartupError(t('server.startup.adminPassword', { problem }));
  }
  if (opts.adminEmail !== undefined && !z.email().safeParse(opts.adminEmail.trim()).success) {
    throw new StartupError(t('server.startup.adminEmail', { email: opts.adminEmail }));
  }
}

export async function seedIfEmpty(store: DocStore, auth: AuthService, opts: SeedOptions): Promise<void> {
  if (opts.mode === 'production') checkProduction(store, opts);
  if (store.count('users') > 0) {
    if (opts.mode === 'production' && opts.adminEmail && !auth.accountOfEmail(opts.adminEmail.trim())) {
      console.warn(t('server.startup.adminEmailUnused', { email: opts.adminEmail }));
    }
    return;
  }
  if (opts.mode === 'production') {
    const now = Date.now();
    if (!opts.adminEmail || !opts.adminPassword) {
      throw new StartupError(t('server.startup.productionEmpty'));
    }
    const adminEmail = opts.adminEmail.trim().toLowerCase();
    store.transaction(() => {
      for (const role of SYSTEM_ROLES) {
        store.put('catalog', { id: role, kind: 'role', name: role, active: true, updated_at: now, groups: [...DEFAULT_ROLE_GROUPS[role]], base_role: role, system: true, _deleted: false });
      }
      store.put('users', { id: 'u-admin', name: 'Administrador', role: 'admin', email: adminEmail, hub: 0, hubs: [], phone: '', active: true, updated_at: now, _deleted: false });
      auth.setPassword('u-admin', adminEmail, opts.adminPassword as string);
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
    store.kvSet('demo_data', '1');
  });
}
