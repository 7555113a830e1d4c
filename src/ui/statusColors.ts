/** One colour per system status, the same on every screen (badges, bars, charts). */
import type { StopState } from '../domain/delivery';
import type { OrderStatus, RouteStatus } from '../domain/status/machines';

export const ORDER_STATUS_COLOR: Readonly<Record<OrderStatus, string>> = {
  pending: 'gray',
  planned: 'blue',
  picking: 'violet',
  picked: 'indigo',
  out_for_delivery: 'cyan',
  delivered: 'teal',
  partially_delivered: 'lime',
  failed: 'red',
  returned: 'orange',
  cancelled: 'dark',
};

export const ROUTE_STATUS_COLOR: Readonly<Record<RouteStatus, string>> = {
  draft: 'gray',
  planned: 'blue',
  picking: 'violet',
  ready: 'indigo',
  loaded: 'grape',
  in_progress: 'cyan',
  completed: 'teal',
  cancelled: 'dark',
};

/** A stop of a round, by what happened to its orders (src/domain/delivery.ts). */
export const STOP_STATE_COLOR: Readonly<Record<StopState, string>> = { pending: 'gray', done: 'teal', partial: 'orange', failed: 'red' };
