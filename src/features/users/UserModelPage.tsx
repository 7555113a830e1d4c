import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconPlus } from '@tabler/icons-react';
import { t } from '../../i18n';
import { useRoles, useUsers } from './shared';
import { href } from '../../links/registry';
import '../../i18n/es/users';

export function UserModelPage() {
  const { data: users } = useUsers();
  const { data: roles } = useRoles();
  const counts = roles.map((r) => ({ role: r, n: users.filter((u) => u.role === r.id).length })).filter((c) => c.n > 0);
  return (
    <Stack>
      <Group>
        <Button component={Link} to={href('crudUser')} variant="light">
          {t('users.list')}
        </Button>
        <Button component={Link} to={href('createUser')} leftSection={<IconPlus size={16} aria-hidden />}>
          {t('users.create')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {counts.map((c) => (
          <Card key={c.role.id} withBorder>
            <Text size="sm" c="dimmed">
              {c.role.name}
            </Text>
            <Text size="xl" fw={700}>
              {c.n}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
