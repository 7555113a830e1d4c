import { useMemo } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconList, IconPlus } from '@tabler/icons-react';
import { t } from '../../i18n';
import { useAllDeliveryPoints } from '../../data/pointsStore';
import { useCatalog } from '../../data/reference';
import { hubLabel } from '../../ui/crud/options';
import { href } from '../../links/registry';
import '../../i18n/es/points';

export function PointsOverviewPage() {
  const { data: points, loading } = useAllDeliveryPoints();
  const { data: hubs } = useCatalog('hub');
  const byHub = useMemo(() => {
    const counts = new Map<number, { total: number; active: number }>();
    for (const p of points) {
      const c = counts.get(p.hub) ?? { total: 0, active: 0 };
      c.total += 1;
      if (p.active) c.active += 1;
      counts.set(p.hub, c);
    }
    return counts;
  }, [points]);
  const numbers = [...new Set([...hubs.map((h) => h.number), ...byHub.keys()])].sort((a, b) => a - b);
  return (
    <Stack>
      <Group>
        <Button component={Link} to={href('deliveryPoints')} variant="light" leftSection={<IconList size={16} aria-hidden />}>
          {t('points.list')}
        </Button>
        <Button component={Link} to={href('deliveryCreate')} leftSection={<IconPlus size={16} aria-hidden />}>
          {t('points.create')}
        </Button>
      </Group>
      <Text c="dimmed" data-testid="points-total">
        {loading ? t('points.counting', { n: points.length }) : t('points.total', { n: points.length })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {numbers.map((n) => {
          const c = byHub.get(n) ?? { total: 0, active: 0 };
          return (
            <Card key={n} withBorder data-testid="points-hub-card">
              <Text size="sm" c="dimmed">
                {hubLabel(hubs, n)}
              </Text>
              <Text size="xl" fw={700}>
                {c.total}
              </Text>
              <Text size="sm">{t('points.activeCount', { n: c.active })}</Text>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
