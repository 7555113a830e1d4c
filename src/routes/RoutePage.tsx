import { Suspense } from 'react';
import { Alert, Stack, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { t } from '../i18n';
import { UnderConstruction } from '../ui/page/UnderConstruction';
import type { RouteEntry } from '../links/registry';
import { SCREENS } from './screens';
import { ChunkBoundary, ChunkLoading } from '../ui/lazyChunk';
import { mayOpen } from '../domain/access/groups';
import { groupsOf, useSession } from '../data/session';

/** Renders one registry entry: its `<h1>` title, then its screen (or the «En construcción» notice). */
export function RoutePage({ entry }: { entry: RouteEntry }) {
  const params = useParams({ strict: false }) as Record<string, string>;
  const Screen = SCREENS[entry.id];
  const user = useSession((s) => s.user);
  if (!mayOpen(groupsOf(user), entry.access)) {
    return (
      <Stack gap="md" data-route-id="forbidden">
        <Title order={1} size="h2">
          {t('auth.forbiddenTitle')}
        </Title>
        <Alert color="orange" data-testid="forbidden">
          {t('auth.forbiddenBody', { role: user?.role ?? 'anonimus', page: t(entry.title) })}
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="md" data-route-id={entry.id}>
      <Title order={1} size="h2">
        {t(entry.title)}
      </Title>
      {Screen && entry.pending === undefined ? (
        <ChunkBoundary fallback="notice">
          <Suspense fallback={<ChunkLoading />}>
            <Screen params={params} />
          </Suspense>
        </ChunkBoundary>
      ) : (
        <UnderConstruction issue={entry.pending ?? 0} />
      )}
    </Stack>
  );
}
