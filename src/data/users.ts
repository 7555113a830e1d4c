/**
 * The users screens' actions (issue 16). Creating a user is three steps on two sides: the profile
 * is written locally (it syncs like any document), the device waits until the server holds it,
 * then the server sets its initial password (a call, not a document: passwords never sync).
 * Offline, or when the push takes too long, the profile is kept and the password is left to be
 * set later from the user's page. Writing the profile is an action (src/data/action.ts, issue 30
 * §3); the waiting and the password call stay around it.
 */
import { z } from 'zod';
import type { User } from '../domain/entities/operation';
import { defineAction, docArg, requireRole, type Actor } from './action';
import type { DataEngine } from './engine';

export type UsersEngine = Pick<DataEngine, 'db' | 'writer' | 'outbox' | 'syncNow' | 'awaitInSync'>;

/** Writes a new user's profile (an administrator's; refused if the id exists). */
export const createUser = defineAction({
  name: 'users.create',
  args: z.object({ user: docArg('users') }),
  async run({ tx, args, actor }) {
    requireRole(actor, ['admin']);
    await tx.insert('users', args.user);
    return args.user;
  },
});

/** The backend call that sets a user's password (users-admin). */
export interface PasswordSetter {
  setUserPassword(userId: string, password: string): Promise<void>;
}

/** How long the device waits for the new profile to reach the server before giving up. */
export const USER_PUSH_WAIT_MS = 30_000;

/**
 * Waits until the local document `collection`/`id` reached the server, or gives up after `ms`
 * (offline). It asks the outbox about this very document: the badge's pending count is refreshed
 * asynchronously and counts other changes too. The bound is generous: a busy phone or server may
 * take a while, and giving up means setting the password again later.
 */
export async function waitUntilOnServer(engine: UsersEngine, collection: string, id: string, ms = USER_PUSH_WAIT_MS): Promise<boolean> {
  engine.syncNow();
  const pushed = (async () => {
    await engine.awaitInSync();
    return !(await engine.outbox.list()).some((i) => i.collection === collection && i.id === id);
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([pushed, gaveUp]);
  } finally {
    clearTimeout(timer);
  }
}

export type CreateUserResult = 'created' | 'password-pending';

/**
 * Creates the user `doc` with the initial `password`: the profile is written (validated; a
 * refused profile throws and nothing happens), then the password is set once the server holds
 * the profile. 'password-pending' when the server could not be reached in time.
 */
export async function createUserWithPassword(
  engine: UsersEngine,
  auth: PasswordSetter,
  actor: Actor,
  doc: User,
  password: string,
  waitMs = USER_PUSH_WAIT_MS,
): Promise<CreateUserResult> {
  await createUser(engine, { user: doc }, actor);
  if (!(await waitUntilOnServer(engine, 'users', doc.id, waitMs))) return 'password-pending';
  await auth.setUserPassword(doc.id, password);
  return 'created';
}
