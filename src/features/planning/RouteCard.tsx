/**
 * A route on the planning board (issue 11): its rider and bike, load against capacity, distance,
 * duration, first and last ETA, the optimiser's warnings, «Publicar» (confirmed when it has
 * warnings) and its stops (./StopRow.tsx). A drop zone for stops dragged from other routes.
 */
import { Alert, Badge, Button, Card, Group, List, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { t } from '../../i18n';
import { domainText } from '../../i18n/domain';
import { statusText } from '../../i18n/status';
import { useEngine } from '../../data/hooks';
import { assignRoute } from '../../data/planning';
import type { DeliveryPoint, Route } from '../../domain/entities/operation';
import type { DayPlanRoute } from '../../domain/routing/day';
import { isEditableRoute } from '../../domain/routing/edit';
import { MACHINES } from '../../domain/status/machines';
import { ConfirmButton } from '../../ui/crud/ConfirmButton';
import { ROUTE_STATUS_COLOR } from '../../ui/statusColors';
import { href } from '../../links/registry';
import { RouteDropZone } from './StopDrag';
import { StopRow, type EngineRun } from './StopRow';
import { duration, km } from './boardView';
import { usePlanningActor } from './hooks';
import '../../i18n/es/planning';

export interface RouteCardProps {
  readonly route: Route;
  readonly color: string;
  readonly evaluated: DayPlanRoute | undefined;
  readonly points: ReadonlyMap<string, DeliveryPoint>;
  readonly riders: readonly { value: string; label: string }[];
  readonly bikes: readonly { value: string; label: string }[];
  readonly others: readonly Route[];
  readonly busy: boolean;
  readonly act: (what: () => Promise<unknown>, done?: string) => Promise<void>;
  readonly onPublish: () => void;
  /** The day's evaluation is up to date (its warnings are known). */
  readonly canPublish: boolean;
}

export function RouteCard({ route, color, evaluated, points, riders, bikes, others, busy, act, onPublish, canPublish }: RouteCardProps) {
  const engine = useEngine();
  const actor = usePlanningActor();
  const editable = isEditableRoute(route);
  const ev = evaluated;
  const cap = ev && Number.isFinite(ev.capacity.weight_g) ? ev.capacity.weight_g : null;
  const etaOf = new Map((ev?.stops ?? []).map((s) => [s.delivery_point_id, s.eta]));
  const run: EngineRun = (f) => void act(async () => engine && f(engine));
  return (
    <RouteDropZone routeId={route.id} routeName={route.name} seqs={route.stops.map((s) => s.seq)} enabled={editable && !busy}>
      {(isOver) => (
        <Card withBorder data-testid="board-route" data-drop-over={isOver || undefined} style={{ borderLeft: `6px solid ${color}`, outline: isOver ? `3px dashed ${color}` : undefined }}>
          <Stack gap="xs">
            <Group justify="space-between">
              <div>
                <Text fw={700} data-testid="board-route-name">
                  {route.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {route.code}
                </Text>
              </div>
              <Group gap="xs">
                <Badge color={ROUTE_STATUS_COLOR[route.status]} variant="light" data-testid="board-route-status">
                  {statusText(MACHINES.route, route.status)}
                </Badge>
                {route.status === 'draft' &&
                  (ev && ev.warnings.length > 0 ? (
                    // A route with warnings (over capacity, a window missed…) is published only once confirmed.
                    <ConfirmButton
                      size="xs"
                      color="teal"
                      variant="light"
                      disabled={busy || !canPublish}
                      title={t('planning.board.confirmPublishTitle')}
                      message={t('planning.board.confirmPublishBody', { warnings: ev.warnings.map((w) => domainText(w.message)).join('; ') })}
                      confirmLabel={t('planning.board.publish')}
                      onConfirm={onPublish}
                      data-testid="publish-route"
                    >
                      {t('planning.board.publish')}
                    </ConfirmButton>
                  ) : (
                    <Button size="xs" color="teal" variant="light" disabled={busy || !canPublish} onClick={onPublish} data-testid="publish-route">
                      {t('planning.board.publish')}
                    </Button>
                  ))}
                <Button size="xs" variant="default" component={Link} to={href('routeDetail', { id: route.id })}>
                  {t('planning.board.openRoute')}
                </Button>
              </Group>
            </Group>
            <SimpleGrid cols={2} spacing="xs">
              <Select size="xs" label={t('planning.board.rider')} data={riders as { value: string; label: string }[]} value={route.rider_id || null} disabled={!editable || busy} onChange={(v) => run((e) => assignRoute(e, { routeId: route.id, change: { rider_id: v ?? '' } }, actor))} clearable searchable />
              <Select size="xs" label={t('planning.board.bike')} data={bikes as { value: string; label: string }[]} value={route.bike_id || null} disabled={!editable || busy} onChange={(v) => run((e) => assignRoute(e, { routeId: route.id, change: { bike_id: v ?? '' } }, actor))} clearable searchable />
            </SimpleGrid>
            <Text size="sm" data-testid="board-route-figures">
              {t('planning.board.stopsCount', { n: route.stops.length })} · {t('planning.board.load')}: {ev ? (cap !== null ? t('planning.board.loadValue', { kg: km(ev.load.weight_g), cap: km(cap) }) : t('planning.board.loadUnknown', { kg: km(ev.load.weight_g) })) : '—'} · {t('planning.board.distance')}: {ev ? km(ev.distance_m) : km(route.distance_m)} km · {t('planning.board.duration')}: {ev ? duration(ev.duration_s) : '—'} · {t('planning.board.etas')}: {ev?.stops[0]?.eta ?? '—'} / {ev?.stops.at(-1)?.eta ?? '—'}
            </Text>
            {ev && ev.warnings.length > 0 && (
              <Alert color="orange" p="xs" data-testid="board-route-warnings">
                <List size="sm">
                  {ev.warnings.map((w, i) => (
                    <List.Item key={i}>{domainText(w.message)}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            {!editable && (
              <Text size="xs" c="dimmed">
                {t('planning.board.notEditable')}
              </Text>
            )}
            <Stack gap={4} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {route.stops.map((s) => (
                <StopRow key={s.seq} route={route} stop={s} point={points.get(s.delivery_point_id)} eta={etaOf.get(s.delivery_point_id) ?? s.eta} color={color} others={others} busy={busy} run={run} />
              ))}
            </Stack>
          </Stack>
        </Card>
      )}
    </RouteDropZone>
  );
}

