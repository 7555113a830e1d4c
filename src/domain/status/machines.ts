/**
 * State machines of routes, orders, picking, deliveries and payments (the specification shows
 * five status families and no values; these are ours).
 *
 * Each machine lists its system status codes, its allowed transitions and which roles may make
 * each. Admin-defined statuses (/config/status) carry their own label and colour and map onto one
 * of these system codes (for example «Ausente» → delivery `failed`). Admins may make every
 * transition an operator may make.
 */
import type { SystemRole } from '../access/groups';

export type ActingRole = Exclude<SystemRole, 'anonimus'>;

export interface Transition<S extends string> {
  readonly from: S;
  readonly to: S;
  readonly roles: readonly ActingRole[];
}

export interface Machine<S extends string> {
  readonly family: StatusFamily;
  readonly statuses: readonly S[];
  readonly initial: S;
  readonly final: readonly S[];
  readonly transitions: readonly Transition<S>[];
  /** Spanish default label of each status. */
  readonly labels: Readonly<Record<S, string>>;
}

export const STATUS_FAMILIES = ['route', 'order', 'picking', 'delivery', 'payment'] as const;
export type StatusFamily = (typeof STATUS_FAMILIES)[number];

const OPS: readonly ActingRole[] = ['operator', 'admin'];
const RIDER: readonly ActingRole[] = ['rider', 'operator', 'admin'];

// ── Routes ────────────────────────────────────────────────────────────────────────────────────
export const ROUTE_STATUSES = ['draft', 'planned', 'picking', 'ready', 'loaded', 'in_progress', 'completed', 'cancelled'] as const;
export type RouteStatus = (typeof ROUTE_STATUSES)[number];

export const routeMachine: Machine<RouteStatus> = {
  family: 'route',
  statuses: ROUTE_STATUSES,
  initial: 'draft',
  final: ['completed', 'cancelled'],
  labels: {
    draft: 'Borrador',
    planned: 'Planificada',
    picking: 'En picking',
    ready: 'Preparada',
    loaded: 'Cargada',
    in_progress: 'En reparto',
    completed: 'Finalizada',
    cancelled: 'Cancelada',
  },
  transitions: [
    { from: 'draft', to: 'planned', roles: OPS },
    { from: 'planned', to: 'draft', roles: OPS },
    { from: 'planned', to: 'picking', roles: OPS },
    { from: 'picking', to: 'ready', roles: OPS },
    // The rider confirms the goods received at the hub (load-out).
    { from: 'ready', to: 'loaded', roles: RIDER },
    { from: 'loaded', to: 'in_progress', roles: RIDER },
    { from: 'in_progress', to: 'completed', roles: RIDER },
    ...(['draft', 'planned', 'picking', 'ready', 'loaded', 'in_progress'] as const).map((from) => ({
      from,
      to: 'cancelled' as const,
      roles: OPS,
    })),
  ],
};

// ── Orders ────────────────────────────────────────────────────────────────────────────────────
export const ORDER_STATUSES = [
  'pending',
  'planned',
  'picking',
  'picked',
  'out_for_delivery',
  'delivered',
  'partially_delivered',
  'failed',
  'returned',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orderMachine: Machine<OrderStatus> = {
  family: 'order',
  statuses: ORDER_STATUSES,
  initial: 'pending',
  final: ['delivered', 'partially_delivered', 'cancelled'],
  labels: {
    pending: 'Pendiente',
    planned: 'En ruta',
    picking: 'En picking',
    picked: 'Preparado',
    out_for_delivery: 'En reparto',
    delivered: 'Entregado',
    partially_delivered: 'Entregado en parte',
    failed: 'Entrega fallida',
    returned: 'Devuelto al hub',
    cancelled: 'Cancelado',
  },
  transitions: [
    { from: 'pending', to: 'planned', roles: OPS },
    { from: 'planned', to: 'pending', roles: OPS },
    { from: 'planned', to: 'picking', roles: OPS },
    { from: 'picking', to: 'picked', roles: OPS },
    { from: 'picked', to: 'picking', roles: OPS },
    { from: 'picked', to: 'out_for_delivery', roles: RIDER },
    { from: 'out_for_delivery', to: 'delivered', roles: RIDER },
    { from: 'out_for_delivery', to: 'partially_delivered', roles: RIDER },
    { from: 'out_for_delivery', to: 'failed', roles: RIDER },
    // A failed order goes back to the hub, or is rescheduled (pending again, for a new route).
    { from: 'failed', to: 'returned', roles: RIDER },
    { from: 'failed', to: 'pending', roles: OPS },
    // The recipient came back later in the round: a failed order can still be delivered.
    { from: 'failed', to: 'delivered', roles: RIDER },
    { from: 'failed', to: 'partially_delivered', roles: RIDER },
    { from: 'returned', to: 'pending', roles: OPS },
    ...(['pending', 'planned', 'picking', 'picked'] as const).map((from) => ({ from, to: 'cancelled' as const, roles: OPS })),
  ],
};

// ── Picking (per order) ───────────────────────────────────────────────────────────────────────
export const PICKING_STATUSES = ['pending', 'in_progress', 'picked', 'incomplete'] as const;
export type PickingStatus = (typeof PICKING_STATUSES)[number];

export const pickingMachine: Machine<PickingStatus> = {
  family: 'picking',
  statuses: PICKING_STATUSES,
  initial: 'pending',
  // No final status: an undo reopens a completed order while its route is being picked; the
  // order's own machine closes picking when the route is loaded.
  final: [],
  labels: { pending: 'Sin empezar', in_progress: 'En curso', picked: 'Completo', incomplete: 'Incompleto' },
  transitions: [
    { from: 'pending', to: 'in_progress', roles: OPS },
    { from: 'in_progress', to: 'picked', roles: OPS },
    { from: 'in_progress', to: 'incomplete', roles: OPS },
    { from: 'incomplete', to: 'in_progress', roles: OPS },
    { from: 'incomplete', to: 'picked', roles: OPS },
    // An undo of a pick reopens a completed order while its route is still being picked (issue 12).
    { from: 'picked', to: 'in_progress', roles: OPS },
  ],
};

// ── Delivery (outcome of one order at its stop) ───────────────────────────────────────────────
export const DELIVERY_STATUSES = ['pending', 'delivered', 'partial', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const deliveryMachine: Machine<DeliveryStatus> = {
  family: 'delivery',
  statuses: DELIVERY_STATUSES,
  initial: 'pending',
  final: ['delivered', 'partial'],
  labels: { pending: 'Pendiente', delivered: 'Entregado', partial: 'Entrega parcial', failed: 'Fallida' },
  transitions: [
    { from: 'pending', to: 'delivered', roles: RIDER },
    { from: 'pending', to: 'partial', roles: RIDER },
    { from: 'pending', to: 'failed', roles: RIDER },
    // A failed attempt may be retried later in the round (the recipient came back).
    { from: 'failed', to: 'delivered', roles: RIDER },
    { from: 'failed', to: 'partial', roles: RIDER },
  ],
};

// ── Payments (of an order) ────────────────────────────────────────────────────────────────────
export const PAYMENT_STATUSES = ['pending', 'collected', 'on_account', 'handed_over', 'reconciled', 'disputed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const paymentMachine: Machine<PaymentStatus> = {
  family: 'payment',
  statuses: PAYMENT_STATUSES,
  initial: 'pending',
  final: ['reconciled'],
  labels: {
    pending: 'Pendiente de cobro',
    collected: 'Cobrado por el rider',
    on_account: 'A cuenta (factura)',
    handed_over: 'Entregado en el hub',
    reconciled: 'Conciliado',
    disputed: 'En disputa',
  },
  transitions: [
    { from: 'pending', to: 'collected', roles: RIDER },
    { from: 'pending', to: 'on_account', roles: RIDER },
    { from: 'collected', to: 'handed_over', roles: OPS },
    { from: 'handed_over', to: 'reconciled', roles: OPS },
    { from: 'on_account', to: 'reconciled', roles: OPS },
    { from: 'collected', to: 'disputed', roles: OPS },
    { from: 'handed_over', to: 'disputed', roles: OPS },
    { from: 'on_account', to: 'disputed', roles: OPS },
    { from: 'disputed', to: 'reconciled', roles: OPS },
  ],
};

export const MACHINES = {
  route: routeMachine,
  order: orderMachine,
  picking: pickingMachine,
  delivery: deliveryMachine,
  payment: paymentMachine,
} as const;

export type StatusOf<F extends StatusFamily> = (typeof MACHINES)[F]['statuses'][number];

export type TransitionCheck = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** Whether `role` may move a `family` document from `from` to `to`, with a Spanish reason if not. */
export function checkTransition<S extends string>(machine: Machine<S>, from: S, to: S, role: SystemRole): TransitionCheck {
  if (!machine.statuses.includes(from)) return { ok: false, reason: `Estado de origen desconocido: «${from}»` };
  if (!machine.statuses.includes(to)) return { ok: false, reason: `Estado de destino desconocido: «${to}»` };
  if (from === to) return { ok: true };
  const t = machine.transitions.find((x) => x.from === from && x.to === to);
  if (!t) {
    return { ok: false, reason: `No se puede pasar de «${machine.labels[from]}» a «${machine.labels[to]}»` };
  }
  if (role === 'anonimus' || !t.roles.includes(role)) {
    return { ok: false, reason: `Tu rol no puede pasar de «${machine.labels[from]}» a «${machine.labels[to]}»` };
  }
  return { ok: true };
}

/**
 * Whether `role` may bring a document from `from` to `to` through one or more transitions it may
 * make. A device that works offline pushes only its latest state, so several legal steps taken
 * between two syncs (out for delivery → failed → returned) reach the server as one jump; the
 * jump grants nothing the single steps would not. Refusals keep checkTransition's reason.
 */
export function checkReachable<S extends string>(machine: Machine<S>, from: S, to: S, role: SystemRole): TransitionCheck {
  const direct = checkTransition(machine, from, to, role);
  if (direct.ok || role === 'anonimus' || !machine.statuses.includes(from) || !machine.statuses.includes(to)) return direct;
  const acting: ActingRole = role;
  const seen = new Set<S>([from]);
  const queue: S[] = [from];
  while (queue.length > 0) {
    const at = queue.shift() as S;
    for (const t of machine.transitions) {
      if (t.from !== at || !t.roles.includes(acting) || seen.has(t.to)) continue;
      if (t.to === to) return { ok: true };
      seen.add(t.to);
      queue.push(t.to);
    }
  }
  return direct;
}

export function canTransition<S extends string>(machine: Machine<S>, from: S, to: S, role: SystemRole): boolean {
  return checkTransition(machine, from, to, role).ok;
}

/** Statuses `role` may move to from `from`. */
export function nextStatuses<S extends string>(machine: Machine<S>, from: S, role: SystemRole): S[] {
  if (role === 'anonimus') return [];
  const acting: ActingRole = role;
  return machine.transitions.filter((t) => t.from === from && t.roles.includes(acting)).map((t) => t.to);
}

export function isFinal<S extends string>(machine: Machine<S>, status: S): boolean {
  return machine.final.includes(status);
}

/**
 * Whether the machine can bring a document from `from` to `to` in one or more steps, whoever
 * takes them (the shape of the machine, not a role's rights). `avoid` is a status the path may
 * not pass through (it may still start there): the merge uses it to keep a cycle of the machine
 * (a failed order rescheduled and sent out again) from making two statuses «later» than each
 * other through the base both sides left.
 */
export function isReachable<S extends string>(machine: Machine<S>, from: S, to: S, avoid?: S): boolean {
  if (!machine.statuses.includes(from) || !machine.statuses.includes(to)) return false;
  if (from === to) return true;
  const seen = new Set<S>([from]);
  const queue: S[] = [from];
  while (queue.length > 0) {
    const at = queue.shift() as S;
    for (const t of machine.transitions) {
      if (t.from !== at || seen.has(t.to)) continue;
      if (t.to === to) return true;
      seen.add(t.to);
      if (t.to !== avoid) queue.push(t.to);
    }
  }
  return false;
}

/**
 * Of two statuses both sides reached from `base`, the later one: the one reachable from the
 * other (not back through `base`) while the other is not reachable from it. `null` when neither
 * or both are (the machine cannot tell; the caller decides).
 */
export function laterStatus<S extends string>(machine: Machine<S>, base: S | undefined, a: S, b: S): S | null {
  if (a === b) return a;
  const bAfterA = isReachable(machine, a, b, base);
  const aAfterB = isReachable(machine, b, a, base);
  if (bAfterA && !aAfterB) return b;
  if (aAfterB && !bAfterA) return a;
  return null;
}
