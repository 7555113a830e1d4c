/**
 * Dragging stops on the planning board (issue 11): a stop is picked up by its handle and dropped
 * on another stop (it takes that place: later in its own route, before it in another route) or
 * on a route's card (the end of that route). With the keyboard: Space on the handle picks it up,
 * the arrows move it, Space drops it and Escape cancels; a screen reader hears each step in the
 * interface's language. The board decides what a drop means (`StopDrop`) and writes it; stops
 * locked in place and routes no longer editable do not move.
 */
import { useMemo, useState, type ReactNode } from 'react';
import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type Over,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Card, Text } from '@mantine/core';
import { t } from '../../i18n';
import '../../i18n/es/planning';

/** What a drop asks for: the stop `seq` of route `from` to place `to` of route `into`. */
export interface StopDrop {
  readonly from: string;
  readonly seq: number;
  readonly into: string;
  /** The place asked for (1…n of `into`), or null for the end of `into`. */
  readonly to: number | null;
}

interface StopData {
  readonly routeId: string;
  /** The stop's number; null for a route's card (its end). */
  readonly seq: number | null;
  readonly routeName: string;
  readonly name: string;
}

const stopId = (routeId: string, seq: number) => `stop:${routeId}:${seq}`;
const dataOf = (x: Active | Over | null): StopData | undefined => x?.data.current as StopData | undefined;

/** The drop a drag ended with, or null when it asks for nothing (dropped nowhere, or on itself). */
export function dropOf(active: StopData | undefined, over: StopData | undefined): StopDrop | null {
  if (!active || active.seq === null || !over) return null;
  if (over.routeId === active.routeId && (over.seq === active.seq || over.seq === null)) {
    // On its own card: the end of its route (no move when it is the last stop already).
    return over.seq === null ? { from: active.routeId, seq: active.seq, into: active.routeId, to: null } : null;
  }
  return { from: active.routeId, seq: active.seq, into: over.routeId, to: over.seq };
}

/** Under the pointer a stop wins over the card holding it; with the keyboard, the nearest. */
const collision: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  if (within.length > 0) {
    const stops = within.filter((c) => String(c.id).startsWith('stop:'));
    return stops.length > 0 ? stops : within;
  }
  return closestCorners(args);
};

function placeText(d: StopData | undefined): string {
  if (!d) return t('planning.drag.nowhere');
  return d.seq === null ? t('planning.drag.overRoute', { route: d.routeName }) : t('planning.drag.overStop', { seq: d.seq, route: d.routeName });
}

export function StopDragContext({ onDrop, children }: { onDrop: (drop: StopDrop) => void; children: ReactNode }) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const [dragged, setDragged] = useState<StopData | null>(null);
  const announcements = useMemo<Announcements>(
    () => ({
      onDragStart: ({ active }) => t('planning.drag.picked', { seq: dataOf(active)?.seq ?? '', name: dataOf(active)?.name ?? '' }),
      onDragOver: ({ over }) => placeText(dataOf(over)),
      onDragEnd: ({ over }) => (over ? t('planning.drag.dropped', { place: placeText(dataOf(over)) }) : t('planning.drag.cancelled')),
      onDragCancel: () => t('planning.drag.cancelled'),
    }),
    [],
  );
  const end = (e: DragEndEvent) => {
    setDragged(null);
    const drop = dropOf(dataOf(e.active), dataOf(e.over));
    if (drop) onDrop(drop);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('planning.drag.instructions') } }}
      onDragStart={(e: DragStartEvent) => setDragged(dataOf(e.active) ?? null)}
      onDragEnd={end}
      onDragCancel={() => setDragged(null)}
    >
      {children}
      <DragOverlay dropAnimation={null}>
        {dragged && (
          <Card withBorder shadow="md" p="xs" data-testid="stop-drag-overlay">
            <Text size="sm" fw={600}>
              {dragged.seq}. {dragged.name}
            </Text>
          </Card>
        )}
      </DragOverlay>
    </DndContext>
  );
}

/** A route's card as a drop target (its end) and the sortable list of its stops. */
export function RouteDropZone({ routeId, routeName, seqs, enabled, children }: { routeId: string; routeName: string; seqs: readonly number[]; enabled: boolean; children: (isOver: boolean) => ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: `route:${routeId}`, data: { routeId, seq: null, routeName, name: '' } satisfies StopData, disabled: !enabled });
  const items = useMemo(() => seqs.map((s) => stopId(routeId, s)), [routeId, seqs]);
  return (
    <div ref={setNodeRef}>
      <SortableContext items={items} strategy={verticalListSortingStrategy} disabled={!enabled}>
        {children(isOver)}
      </SortableContext>
    </div>
  );
}

/** A stop's row: where it is drawn while it moves, and the handle that moves it. */
export function useStopDrag(routeId: string, routeName: string, seq: number, name: string, draggable: boolean, droppable: boolean) {
  const s = useSortable({ id: stopId(routeId, seq), data: { routeId, seq, routeName, name } satisfies StopData, disabled: { draggable: !draggable, droppable: !droppable } });
  return {
    rowRef: s.setNodeRef,
    rowStyle: { transform: CSS.Translate.toString(s.transform), transition: s.transition, opacity: s.isDragging ? 0.4 : undefined },
    /** A dragged stop is over this one (it would take its place). */
    isOver: s.isOver && !s.isDragging,
    handleRef: s.setActivatorNodeRef,
    handleProps: { ...s.attributes, ...s.listeners },
  };
}
