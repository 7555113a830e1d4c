/**
 * One route in progress as the office follows it (issue 33): rider, last position and its age
 * (or «sin posición»), progress, and each remaining stop with its window, expected arrival and
 * how late it is. Shared by «Seguimiento» and the route page.
 */
import { Badge, Card, Group, Progress, Stack, Table, Text } from '@mantine/core';
import type { DeliveryPoint, Order } from '../../domain/entities/operation';
import { madridClock } from '../../domain/tracking/fromEntities';
import type { RouteBoard } from '../../domain/tracking/board';
import { t } from '../../i18n';
import '../../i18n/es/tracking';

/** «3 minutos», «45 segundos», «2 horas». */
export function durationText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return t('tracking.ageSeconds', { n: s });
  const m = Math.round(s / 60);
  if (m < 90) return t('tracking.ageMinutes', { n: m });
  return t('tracking.ageHours', { n: Math.round(m / 60) });
}

export function positionText(ageMs: number | null): string {
  return ageMs === null ? t('tracking.noPosition') : t('tracking.positionAge', { age: durationText(ageMs) });
}

interface Props {
  readonly board: RouteBoard;
  readonly riderName: string;
  readonly hubName: string;
  readonly orders: ReadonlyMap<string, Order>;
  readonly points: ReadonlyMap<string, DeliveryPoint>;
  /** Shown in the header (a link to the route, on «Seguimiento»). */
  readonly action?: React.ReactNode;
}

export function RouteTrackingCard({ board, riderName, hubName, orders, points, action }: Props) {
  const { route } = board;
  const stops = new Map(route.stops.map((s) => [s.seq, s]));
  const windowOf = (seq: number) => {
    const own = (stops.get(seq)?.order_ids ?? []).map((id) => orders.get(id)).filter((o): o is Order => o !== undefined);
    if (own.length === 0) return '';
    const from = own.map((o) => o.window_start).sort().at(-1) ?? '';
    const to = own.map((o) => o.window_end).sort()[0] ?? '';
    return `${from}–${to}`;
  };
  return (
    <Card withBorder padding="sm" data-testid="tracking-route" data-route={route.id} data-late={board.late}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Text fw={700}>
              {route.code} · {route.name}
            </Text>
            <Text size="sm" c="dimmed">
              {t('tracking.rider')}: {riderName} · {t('tracking.hub')}: {hubName}
            </Text>
          </div>
          <Group gap="xs">
            <Badge color={board.position ? 'teal' : 'gray'} variant="light" data-testid="tracking-position">
              {positionText(board.positionAgeMs)}
            </Badge>
            {board.late > 0 ? (
              <Badge color="red" data-testid="tracking-late">
                {t('tracking.lateCount', { n: board.late })}
              </Badge>
            ) : (
              <Badge color="green" variant="light">
                {t('tracking.onTime')}
              </Badge>
            )}
            {action}
          </Group>
        </Group>
        <div>
          <Progress value={board.total === 0 ? 0 : (board.done / board.total) * 100} aria-label={t('tracking.progress', { done: board.done, total: board.total })} />
          <Text size="sm" mt={4} data-testid="tracking-progress">
            {t('tracking.progress', { done: board.done, total: board.total })}
          </Text>
        </div>
        {board.etas.length > 0 && (
          <Table.ScrollContainer minWidth={420}>
            <Table striped withTableBorder aria-label={`${t('tracking.remaining')} · ${route.code}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('tracking.remaining')}</Table.Th>
                  <Table.Th>{t('tracking.window')}</Table.Th>
                  <Table.Th>{t('tracking.eta')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {board.etas.map((e) => {
                  const stop = stops.get(e.seq);
                  const point = stop ? points.get(stop.delivery_point_id) : undefined;
                  return (
                    <Table.Tr key={e.seq} data-testid="tracking-stop" data-late={e.lateByMs > 0 ? 'true' : 'false'}>
                      <Table.Td>{t('tracking.stopLine', { seq: e.seq, point: point?.name ?? stop?.delivery_point_id ?? '' })}</Table.Td>
                      <Table.Td>{windowOf(e.seq)}</Table.Td>
                      <Table.Td data-testid="tracking-eta">{madridClock(e.etaMs)}</Table.Td>
                      <Table.Td>
                        {e.lateByMs > 0 ? (
                          <Badge color="red" variant="filled">
                            {t('tracking.late', { time: durationText(e.lateByMs) })}
                          </Badge>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
