import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { t } from '../../i18n';
import { useEngine } from '../../data/hooks';
import { sessionBackend } from '../../data/session';
import { userSchema, type User } from '../../domain/entities/operation';
import { EntityForm, type FieldDef } from '../../ui/crud/EntityForm';
import { hubOptions, roleOptions, useHubs, useRoles } from './shared';
import { formHub, userFields, withNumericHub } from './userShared';
import { href } from '../../routes/registry';

const createSchema = userSchema.extend({
  password: z.string().min(8, { error: t('auth.passwordTooShort') }).max(200),
});

const createFormSchema = createSchema.extend({ hub: formHub }).omit({ id: true, updated_at: true });

/**
 * Waits until the new user `id` reached the server (then its password can be set there), or
 * gives up after `ms` (offline).
 * It asks the outbox about this very document: the badge's pending count is refreshed
 * asynchronously and counts other changes too. The bound is generous: a busy phone or server
 * may take a while, and giving up means setting the password again later.
 */
async function waitForServer(engine: NonNullable<ReturnType<typeof useEngine>>, id: string, ms = 30_000): Promise<boolean> {
  engine.syncNow();
  const pushed = (async () => {
    await engine.awaitInSync();
    return !(await engine.outbox.list()).some((i) => i.collection === 'users' && i.id === id);
  })();
  return Promise.race([pushed, new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);
}

export function UserCreatePage() {
  const engine = useEngine();
  const navigate = useNavigate();
  const { data: roles } = useRoles();
  const { data: hubs } = useHubs();
  if (!engine) return null;
  const fields: FieldDef[] = [
    ...userFields(roleOptions(roles), hubOptions(hubs), false),
    { name: 'password', label: t('users.initialPassword'), kind: 'text', description: t('users.initialPasswordHelp') },
  ];
  return (
    <EntityForm
      schema={createFormSchema}
      fields={fields}
      initialValues={{ id: '', name: '', email: '', role: 'rider', hub: '0', phone: '', active: true, updated_at: Date.now(), password: '' }}
      onSubmit={async (values) => {
        const { password, ...rest } = withNumericHub(values);
        const id = `u-${crypto.randomUUID().slice(0, 12)}`;
        const doc = { ...rest, id, email: String(rest.email).trim().toLowerCase(), updated_at: Date.now() } as unknown as User;
        await engine.writer.insert('users', doc);
        const onServer = await waitForServer(engine, id);
        if (onServer) {
          await sessionBackend().auth.setUserPassword(id, String(password));
          notifications.show({ color: 'teal', message: t('crud.created') });
        } else {
          notifications.show({ color: 'orange', message: t('users.passwordPending'), autoClose: 10_000 });
        }
        await navigate({ to: href('userEdit', { user_id: id }) });
      }}
    />
  );
}
