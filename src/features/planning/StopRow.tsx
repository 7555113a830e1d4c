/**
 * A stop of a route on the planning board: its drag handle (./StopDrag.tsx), number, point, ETA and
 * orders, and the buttons that lock, move up or down, move to another route or remove it.
 */
import { ActionIcon, Badge, Group, Select, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconLock, IconLockOpen, IconTrash } from '@tabler/icons-react';
import { t } from '../../i18n';
import type { useEngine } from '../../data/hooks';
import { lockStop, moveStop, moveStopToRoute, removeStop } from '../../data/planning';
import type { DeliveryPoint, Route } from '../../domain/entities/operation';
import { canMoveStop, isEditableRoute } from '../../domain/routing/edit';
import { useStopDrag } from './StopDrag';
import { usePlanningActor } from './hooks';
import '../../i18n/es/planning';

/** Runs a change of the board with the device's engine (busy and failures handled by the board). */
export type EngineRun = (f: (e: NonNullable<ReturnType<typeof useEngine>>) => Promise<unknown>) => void;

interface StopRowProps {
  readonly route: Route;
  readonly stop: Route['stops'][number];
  readonly point: DeliveryPoint | undefined;
  readonly eta: string;
  readonly color: string;
  readonly others: readonly Route[];
  readonly busy: boolean;
  readonly run: EngineRun;
}

export function StopRow({ route, stop: s, point: p, eta, color, others, busy, run }: StopRowProps) {
  const actor = usePlanningActor();
  const editable = isEditableRoute(route);
  const name = p?.name ?? s.delivery_point_id;
  const drag = useStopDrag(route.id, route.name, s.seq, name, editable && !busy && s.lock === undefined, editable && !busy);
  return (
    <Group ref={drag.rowRef} style={drag.rowStyle} component="li" gap={4} wrap="nowrap" data-testid="board-stop" data-drop-over={drag.isOver || undefined}>
      {editable && (
        <Tooltip label={s.lock ? t('planning.drag.lockedHandle', { seq: s.seq }) : t('planning.drag.handle', { seq: s.seq })}>
          <ActionIcon ref={drag.handleRef} {...drag.handleProps} variant="subtle" color="gray" size="lg" aria-label={t('planning.drag.handle', { seq: s.seq })} disabled={busy || s.lock !== undefined} style={{ cursor: s.lock ? undefined : 'grab', touchAction: 'none' }} data-testid="stop-drag-handle">
            <IconGripVertical size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      <Badge circle color={color} style={{ flex: 'none' }}>
        {s.seq}
      </Badge>
      <Text size="sm" style={{ flex: 1 }}>
        {name} · {eta} · {t('planning.board.ordersAt', { n: s.order_ids.length })}
        {p?.located === false && ` · ${t('planning.board.noLocation')}`}
      </Text>
      {s.lock && (
        <Badge color="dark" variant="light" leftSection={<IconLock size={12} aria-hidden />} style={{ flex: 'none' }} data-testid="stop-locked">
          {t('planning.board.lockedBadge')}
        </Badge>
      )}
      {editable && (
        <>
          <Tooltip label={t(s.lock ? 'planning.board.unlockStop' : 'planning.board.lockStop', { seq: s.seq })}>
            <ActionIcon
              variant={s.lock ? 'filled' : 'subtle'}
              color="dark"
              size="lg"
              aria-label={t(s.lock ? 'planning.board.unlockStop' : 'planning.board.lockStop', { seq: s.seq })}
              aria-pressed={s.lock !== undefined}
              disabled={busy}
              onClick={() => run((e) => lockStop(e, { routeId: route.id, seq: s.seq, lock: s.lock ? 'none' : 'position' }, actor))}
            >
              {s.lock ? <IconLock size={16} aria-hidden /> : <IconLockOpen size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('planning.board.moveUp', { seq: s.seq })}>
            <ActionIcon variant="subtle" size="lg" aria-label={t('planning.board.moveUp', { seq: s.seq })} disabled={busy || !canMoveStop(route.stops, s.seq, -1)} onClick={() => run((e) => moveStop(e, { routeId: route.id, seq: s.seq, delta: -1 }, actor))}>
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('planning.board.moveDown', { seq: s.seq })}>
            <ActionIcon variant="subtle" size="lg" aria-label={t('planning.board.moveDown', { seq: s.seq })} disabled={busy || !canMoveStop(route.stops, s.seq, 1)} onClick={() => run((e) => moveStop(e, { routeId: route.id, seq: s.seq, delta: 1 }, actor))}>
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {others.length > 0 && (
            <Select
              size="xs"
              w={130}
              aria-label={t('planning.board.moveTo', { seq: s.seq })}
              placeholder={t('planning.board.moveToPlaceholder')}
              data={others.map((o) => ({ value: o.id, label: o.name }))}
              value={null}
              disabled={busy || s.lock !== undefined}
              onChange={(v) => v && run((e) => moveStopToRoute(e, { fromId: route.id, seq: s.seq, toId: v }, actor))}
            />
          )}
          <Tooltip label={t('planning.board.remove', { seq: s.seq })}>
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('planning.board.remove', { seq: s.seq })} disabled={busy} onClick={() => run((e) => removeStop(e, { routeId: route.id, seq: s.seq }, actor))}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </>
      )}
    </Group>
  );
}
