/**
 * What the planning board reads and how it writes (every read and write through src/data): the
 * day's orders, routes and points of a hub, and `act`, which runs one change of the board — busy
 * while it runs, its failure in a notification; leaving the board waits for a change under way and
 * closing or reloading the page asks first (issue 27). The change itself is all or nothing
 * (src/data/planning.ts).
 */
import { useMemo, useRef } from 'react';
import { notifications } from '@mantine/notifications';
import { useBlocker } from '@tanstack/react-router';
import { useDocsByIds, useEngine, useLiveQuery } from '../../data/hooks';
import { ordersOfDayInHub, routesOfDayInHub } from '../../data/queries';
import type { Order, Route } from '../../domain/entities/operation';
import { useAction } from '../../ui/action/useAction';
import { messageOf } from '../../ui/errors';

export function useBoardData(date: string, hub: number) {
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && hub > 0;
  const { data: orders } = useLiveQuery<Order[]>((db) => (valid ? ordersOfDayInHub(db, date, hub) : null), [date, hub, valid], []);
  const { data: routes } = useLiveQuery<Route[]>((db) => (valid ? routesOfDayInHub(db, date, hub) : null), [date, hub, valid], []);
  const pointIds = useMemo(() => orders.map((o) => o.delivery_point_id), [orders]);
  const { data: points } = useDocsByIds('delivery_points', pointIds);
  return { orders, routes, points };
}

type Engine = NonNullable<ReturnType<typeof useEngine>>;

export interface BoardChange {
  readonly busy: boolean;
  /** Runs `what` with the device's engine; `done` is shown when it succeeds. */
  readonly act: (what: (engine: Engine) => Promise<unknown>, done?: string) => Promise<void>;
  /** The words of a failure. */
  readonly describe: (err: unknown) => string;
}

export function useBoardChange(): BoardChange {
  const engine = useEngine();
  const change = useAction(
    async (what: () => Promise<unknown>, done?: string) => {
      await what();
      if (done) notifications.show({ color: 'teal', message: done });
    },
    { describe: messageOf, onError: (message) => notifications.show({ color: 'red', message }) },
  );
  const pending = useRef<Promise<unknown> | null>(null);
  const act = async (what: (engine: Engine) => Promise<unknown>, done?: string) => {
    if (!engine) return;
    const running = change.run(() => what(engine), done);
    pending.current = running;
    try {
      await running;
    } finally {
      if (pending.current === running) pending.current = null;
    }
  };
  useBlocker({
    shouldBlockFn: async () => {
      await pending.current?.catch(() => undefined);
      return false;
    },
    enableBeforeUnload: () => pending.current !== null,
  });
  return { busy: change.busy, act, describe: messageOf };
}
