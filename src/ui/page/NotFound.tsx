import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { t } from '../../i18n';

export function NotFound() {
  const path = useRouterState({ select: (s) => s.location.pathname });
  return (
    <Container size="sm" py="xl" component="main" id="main">
      <Stack gap="md">
        <Title order={1}>{t('notFound.title')}</Title>
        <Text>{t('notFound.body', { path })}</Text>
        <div>
          <Button component={Link} to="/">
            {t('notFound.home')}
          </Button>
        </div>
      </Stack>
    </Container>
  );
}
