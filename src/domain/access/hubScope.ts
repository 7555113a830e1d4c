/**
 * The hubs a user writes in (issue 29, finding 6), as the access table's `hub` scope says: an
 * admin writes in every hub, an operator (hub pickers sign in as operators) in his hubs only
 * (his `hubs`, set by admins; his home `hub` gives no write scope), anybody else in none. Reads are not limited by it. Pure: the screens
 * use it to offer only what the server and the Firestore rules accept.
 */
import type { SystemRole } from './groups';

export type WritableHubs = 'all' | readonly number[];

export function writableHubs(user: { readonly base_role: SystemRole; readonly hubs: readonly number[] } | null): WritableHubs {
  if (!user) return [];
  if (user.base_role === 'admin') return 'all';
  if (user.base_role === 'operator') return user.hubs.filter((h) => h > 0);
  return [];
}

/** Whether a document of hub `hub` may be written by a user who writes in `w`. */
export function mayWriteHub(w: WritableHubs, hub: number): boolean {
  return w === 'all' || w.includes(hub);
}

/** The hubs of a list a user may choose for a write (every one for admins). */
export function writableOf<T extends { readonly number: number }>(hubs: readonly T[], w: WritableHubs): T[] {
  return hubs.filter((h) => mayWriteHub(w, h.number));
}

/**
 * The hub a hub selector starts at: the user's home hub when he may write in it, else the first
 * he may write in, else his home hub, else `fallback`.
 */
export function defaultHub(w: WritableHubs, ownHub: number, fallback: number): number {
  if (w !== 'all') return ownHub > 0 && w.includes(ownHub) ? ownHub : (w[0] ?? (ownHub > 0 ? ownHub : fallback));
  return ownHub > 0 ? ownHub : fallback;
}
