/**
 * The day's orders without a route, by delivery point (issue 11): coloured by window, chosen by
 * click or shift-click (a range), «Ubicar» for a point with no location, and for the points chosen
 * «Crear ruta» or «Añadir a…» a route.
 */
import type { ChangeEvent } from 'react';
import { Badge, Button, Card, Checkbox, Group, Select, Stack, Text, Title } from '@mantine/core';
import { t } from '../../i18n';
import type { DeliveryPoint, Route } from '../../domain/entities/operation';
import { PlacePointModal } from './PlacePointModal';
import { NO_LOCATION_COLOR, windowColor, type UnplannedGroup } from './boardView';
import type { Command } from './boardModel';
import '../../i18n/es/planning';

export interface UnplannedCardProps {
  readonly groups: readonly UnplannedGroup[];
  readonly selected: ReadonlySet<string>;
  readonly placing: DeliveryPoint | null;
  readonly editable: readonly Route[];
  readonly target: string | null;
  readonly createRoute: Command;
  readonly addToRoute: Command;
  readonly onToggle: (pointId: string, shift: boolean) => void;
  readonly onPlace: (pointId: string | null) => void;
  readonly onTarget: (routeId: string | null) => void;
  readonly onCreateRoute: () => void;
  readonly onAddToRoute: () => void;
  readonly onClear: () => void;
}

const shiftOf = (e: ChangeEvent<HTMLInputElement>): boolean => e.nativeEvent instanceof MouseEvent && e.nativeEvent.shiftKey;

export function UnplannedCard(p: UnplannedCardProps) {
  const { groups, selected } = p;
  return (
    <Card withBorder data-testid="unplanned">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('planning.board.unplanned', { n: groups.reduce((a, g) => a + g.orders.length, 0) })}
        </Title>
        {groups.length === 0 && <Text c="dimmed">{t('planning.board.noUnplanned')}</Text>}
        {groups.map((g) => (
          <Group key={g.pointId} gap="xs" wrap="nowrap" justify="space-between" data-testid="unplanned-point">
            <Checkbox
              checked={selected.has(g.pointId)}
              onChange={(e) => p.onToggle(g.pointId, shiftOf(e))}
              disabled={!g.located}
              description={g.located ? undefined : t('planning.place.needed')}
              label={
                <Group gap={6} wrap="nowrap">
                  <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, flex: 'none', background: g.located ? windowColor(g.start) : NO_LOCATION_COLOR }} />
                  <span>
                    {g.point?.name ?? g.pointId} · {t('planning.board.window', { start: g.start, end: g.end })} · {t('planning.board.ordersAt', { n: g.orders.length })}
                  </span>
                  {!g.located && (
                    <Badge color="gray" variant="light">
                      {t('planning.board.noLocation')}
                    </Badge>
                  )}
                </Group>
              }
            />
            {!g.located && g.point && (
              <Button size="xs" variant="light" color="gray" onClick={() => p.onPlace(g.pointId)} aria-label={t('planning.place.actionFor', { point: g.point.name })}>
                {t('planning.place.action')}
              </Button>
            )}
          </Group>
        ))}
        {p.placing && <PlacePointModal point={p.placing} onClose={() => p.onPlace(null)} />}
        {selected.size > 0 && (
          <Group>
            <Text size="sm">{t('planning.board.selected', { n: selected.size })}</Text>
            <Button size="xs" onClick={p.onCreateRoute} disabled={!p.createRoute.enabled} title={p.createRoute.reason}>
              {t('planning.board.createRoute')}
            </Button>
            <Select size="xs" aria-label={t('planning.board.addTo')} placeholder={t('planning.board.addTo')} data={p.editable.map((r) => ({ value: r.id, label: r.name }))} value={p.target} onChange={p.onTarget} />
            <Button size="xs" variant="light" disabled={!p.addToRoute.enabled} onClick={p.onAddToRoute}>
              {t('planning.board.addToRoute')}
            </Button>
            <Button size="xs" variant="subtle" onClick={p.onClear}>
              {t('planning.board.clearSelection')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
