/**
 * The routes' cards under the live map (issue 33). A card renders again only when its own board
 * changed (boards are kept between updates: src/domain/tracking/boardCache.ts). A short list is
 * drawn whole; a long one (hundreds of riders) draws only the cards near the screen, measured as
 * they render, so a position arriving never makes the page lay out hundreds of cards.
 */
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Button, SimpleGrid, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { DeliveryPoint, Order, User } from '../../domain/entities/operation';
import type { Hub } from '../../domain/entities/reference';
import type { RouteBoard } from '../../domain/tracking/board';
import { t } from '../../i18n';
import { hubName } from '../../ui/crud/options';
import { RouteTrackingCard } from '../../ui/tracking/RouteTrackingCard';
import { href } from '../../links/registry';
import '../../i18n/es/tracking';

/** From this many routes on, only the cards near the screen are drawn. */
export const VIRTUAL_FROM = 24;

/** A card's height before it is measured (a route with a few stops left). */
const ESTIMATED_ROW_PX = 420;

interface ListProps {
  readonly boards: readonly RouteBoard[];
  readonly riders: ReadonlyMap<string, User>;
  readonly hubs: readonly Hub[];
  readonly orders: ReadonlyMap<string, Order>;
  readonly points: ReadonlyMap<string, DeliveryPoint>;
}

interface CardProps {
  readonly board: RouteBoard;
  readonly riderName: string;
  readonly hubName: string;
  readonly orders: ReadonlyMap<string, Order>;
  readonly points: ReadonlyMap<string, DeliveryPoint>;
}

/** One route's card and its link; renders again only when one of its props changes. */
const TrackingCard = memo(function TrackingCard({ board, riderName, hubName: hub, orders, points }: CardProps) {
  return (
    <RouteTrackingCard
      board={board}
      riderName={riderName}
      hubName={hub}
      orders={orders}
      points={points}
      action={
        <Button component={Link} to={href('routeDetail', { id: board.route.id })} variant="subtle" size="xs" style={{ minHeight: 44 }}>
          {t('tracking.openRoute')}
        </Button>
      }
    />
  );
});

function cardOf(b: RouteBoard, { riders, hubs, orders, points }: Omit<ListProps, 'boards'>) {
  return <TrackingCard key={b.route.id} board={b} riderName={riders.get(b.route.rider_id)?.name ?? b.route.rider_id} hubName={hubName(hubs, b.route.hub)} orders={orders} points={points} />;
}

export function TrackingList(props: ListProps) {
  if (props.boards.length < VIRTUAL_FROM) {
    return <SimpleGrid cols={{ base: 1, xl: 2 }}>{props.boards.map((b) => cardOf(b, props))}</SimpleGrid>;
  }
  return <VirtualTrackingList {...props} />;
}

function VirtualTrackingList(props: ListProps) {
  const { boards } = props;
  const theme = useMantineTheme();
  const cols = useMediaQuery(`(min-width: ${theme.breakpoints.xl})`) ? 2 : 1;
  const rows = Math.ceil(boards.length / cols);
  const listRef = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  // Distance from the top of the document, measured after layout (not during each render).
  useLayoutEffect(() => {
    const measure = () => {
      const el = listRef.current;
      if (!el) return;
      const top = Math.round(el.getBoundingClientRect().top + window.scrollY);
      setMargin((m) => (m === top ? m : top));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [rows]);
  const virtualizer = useWindowVirtualizer({ count: rows, estimateSize: () => ESTIMATED_ROW_PX, overscan: 2, scrollMargin: margin, gap: 16 });
  return (
    <div ref={listRef} data-testid="tracking-list" style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((item) => (
        <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start - margin}px)` }}>
          <SimpleGrid cols={cols}>{boards.slice(item.index * cols, item.index * cols + cols).map((b) => cardOf(b, props))}</SimpleGrid>
        </div>
      ))}
    </div>
  );
}
