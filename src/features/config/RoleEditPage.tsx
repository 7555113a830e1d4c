import { Alert, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { t } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import { useEngine } from '../../data/hooks';
import { roleSchema, type Role } from '../../domain/entities/reference';
import { EntityForm } from '../../ui/crud/EntityForm';
import { ConfirmButton } from '../../ui/crud/ConfirmButton';
import { useRoles, roleFields } from './roleShared';
import { linkTo } from '../../routes/registry';

export function RoleEditPage({ params }: ScreenProps) {
  const engine = useEngine();
  const navigate = useNavigate();
  const { data, loading } = useRoles();
  const role = data.find((r) => r.id === params.rol_id);
  if (!engine || loading) return null;
  if (!role) return <Alert color="orange">{t('crud.notFound', { id: params.rol_id ?? '' })}</Alert>;
  return (
    <Stack>
      {role.system && <Alert color="blue">{t('roles.systemLocked')}</Alert>}
      <EntityForm
        key={role.updated_at}
        schema={roleSchema}
        fields={roleFields(false, role.system)}
        initialValues={role}
        onSubmit={async (values) => {
          await engine.writer.save('catalog', values as Role);
          notifications.show({ color: 'teal', message: t('crud.updated') });
        }}
        extraActions={
          !role.system && (
            <ConfirmButton
              color="red"
              variant="light"
              title={t('crud.confirmDeleteTitle', { what: 'el rol' })}
              message={t('crud.confirmDeleteBody', { name: role.name })}
              onConfirm={async () => {
                await engine.writer.remove('catalog', role.id);
                await navigate({ ...linkTo('configRoles') });
              }}
            >
              {t('common.delete')}
            </ConfirmButton>
          )
        }
      />
    </Stack>
  );
}
