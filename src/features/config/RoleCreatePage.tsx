import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { t } from '../../i18n';
import { useEngine } from '../../data/hooks';
import { roleSchema, type Role } from '../../domain/entities/reference';
import { EntityForm } from '../../ui/crud/EntityForm';
import { roleFields } from './roleShared';
import { linkTo } from '../../routes/registry';

const newRoleSchema = roleSchema.extend({ id: z.string().regex(/^[a-z0-9-]{2,40}$/, { error: () => t('roles.idHelp') }) });

export function RoleCreatePage() {
  const engine = useEngine();
  const navigate = useNavigate();
  if (!engine) return null;
  const initial: Role = { id: '', kind: 'role', name: '', active: true, updated_at: Date.now(), groups: [], base_role: 'operator', system: false };
  return (
    <EntityForm
      schema={newRoleSchema}
      fields={roleFields(true, false)}
      initialValues={initial}
      onSubmit={async (values) => {
        await engine.writer.insert('catalog', { ...(values as Role), updated_at: Date.now() });
        notifications.show({ color: 'teal', message: t('crud.created') });
        await navigate({ ...linkTo('configRoles') });
      }}
    />
  );
}
