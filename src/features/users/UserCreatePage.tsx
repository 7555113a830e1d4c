import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { t } from '../../i18n';
import { useEngine } from '../../data/hooks';
import { sessionBackend } from '../../data/session';
import { createUserWithPassword } from '../../data/users';
import { userSchema, type User } from '../../domain/entities/operation';
import { EntityForm, type FieldDef } from '../../ui/crud/EntityForm';
import { hubOptions, roleOptions, useHubs, useRoles } from './shared';
import { formHub, userFields, withNumericHub } from './userShared';
import { linkTo } from '../../routes/registry';

const createSchema = userSchema.extend({
  password: z.string().min(8, { error: () => t('auth.passwordTooShort') }).max(200),
});

const createFormSchema = createSchema.extend({ hub: formHub }).omit({ id: true, updated_at: true });

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
        const result = await createUserWithPassword(engine, sessionBackend().auth, doc, String(password));
        if (result === 'created') {
          notifications.show({ color: 'teal', message: t('crud.created') });
        } else {
          notifications.show({ color: 'orange', message: t('users.passwordPending'), autoClose: 10_000 });
        }
        await navigate({ ...linkTo('userEdit', { user_id: id }) });
      }}
    />
  );
}
