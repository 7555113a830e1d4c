/**
 * The operation's editable documents: users, bikes, products, delivery points, orders (with
 * lines), routes (with ordered stops) and payments (paid orders).
 */
import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_STATUSES, PICKING_STATUSES, ROUTE_STATUSES } from '../status/machines';
import { isValidEan13 } from '../barcode';
import { msg, saying, worded } from '../messages';
import { cashHandoverSchema } from '../payments/handover';
import {
  cents,
  email,
  epochMs,
  hubNumber,
  idField,
  isoDate,
  latitude,
  longitude,
  name,
  optionalRef,
  phone,
  quantity,
  basisPoints,
  text,
  timeOfDay,
} from './fields';

export const PAYMENT_METHODS = ['cash', 'card', 'transfer', 'on_account'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A user profile (specification: id, name, role). Passwords live only on the server. */
export const userSchema = z.object({
  id: idField(),
  name: name(),
  /** Id of a role of the catalog (`admin`, `operator`, `rider`, or an admin-made role). */
  role: z.string().min(1).max(64),
  email: email(),
  /**
   * The user's home hub (0 when none): where his screens start (selectors' default). It does not
   * give write scope: `hubs` does (issue 29, finding 6).
   */
  hub: hubNumber(),
  /** The hubs an operator writes in (set by admins; the access table's `hub` scope). */
  hubs: z.array(hubNumber()).max(50),
  phone: phone(),
  active: z.boolean(),
  updated_at: epochMs(),
});
export type User = z.infer<typeof userSchema>;

/** One cargo bike of the fleet. */
export const bikeSchema = z.object({
  id: idField(),
  /** Fleet code painted on the bike, e.g. «CB-MAD-012». */
  code: name(32),
  model_id: idField(),
  hub: hubNumber(),
  status: z.enum(['available', 'in_route', 'maintenance', 'retired']),
  /** Battery charge 0–100 (electric bikes), as last reported. */
  battery_pct: z.int().min(0).max(100),
  last_service_date: isoDate().or(z.literal('')),
  notes: text(500),
  updated_at: epochMs(),
});
export type Bike = z.infer<typeof bikeSchema>;

/** A product of a client's catalogue. */
export const productSchema = z.object({
  id: idField(),
  name: name(),
  sku: z.string().min(1).max(32),
  /** EAN-13 barcode with a valid check digit; '' when the product has none. */
  barcode: z
    .string()
    .max(13)
    .refine((b) => b === '' || isValidEan13(b), { error: saying('domain.entities.barcode') }),
  client_id: idField(),
  unit: z.enum(['ud', 'caja', 'pack', 'kg', 'l']),
  weight_g: z.int().min(0).max(1_000_000),
  volume_ml: z.int().min(0).max(1_000_000),
  price_cents: cents(),
  tax_id: idField(),
  /** Needs the cold chain (dairy, lab samples). */
  cold: z.boolean(),
  active: z.boolean(),
  updated_at: epochMs(),
});
export type Product = z.infer<typeof productSchema>;

/**
 * A delivery point («PE»: shop, bar, lab…). `hub`, `ref_providers`, `client_providers` and
 * `updated_at` keep the specification's names: in `ref_providers` the part before the first dash
 * is the provider id; in `client_providers` the part after the first dash is the client id.
 */
export const deliveryPointSchema = z.object({
  id: idField(),
  name: name(),
  hub: hubNumber(),
  ref_providers: z.array(z.string().min(1).max(80)).max(50),
  client_providers: z.array(z.string().min(1).max(80)).max(50),
  kind: z.enum(['shop', 'bar', 'restaurant', 'lab', 'pharmacy', 'office', 'home']),
  address: name(200),
  postal_code: z.string().regex(/^\d{5}$/, { error: saying('domain.entities.postalCode') }),
  city: name(60),
  lat: latitude(),
  lng: longitude(),
  contact_name: text(120),
  phone: phone(),
  /** Receiving hours of the point. */
  opens: timeOfDay(),
  closes: timeOfDay(),
  notes: text(500),
  active: z.boolean(),
  /**
   * Whether `lat`/`lng` are the point's real place. Absent or `true`: placed (every point made
   * before order intake, and every point made in the form). `false`: «sin ubicación» — made by
   * an import or the order API from an address alone; `lat`/`lng` then hold its hub's position
   * as a placeholder, and the operator must place it on the map before it can be planned.
   * Optional (not a nullable lat/lng) so existing documents stay valid and the coordinates stay
   * plain numbers everywhere (docs/import.md, «One mapping, three entries», «Sin ubicación» in the schema).
   */
  located: z.boolean().optional(),
  updated_at: epochMs(),
});
export type DeliveryPoint = z.infer<typeof deliveryPointSchema>;

/** One line of an order. Price and tax rate are copied from the product when the line is made. */
export const orderLineSchema = z.object({
  line_id: z.string().min(1).max(16),
  product_id: idField(),
  /** Product name at ordering time (what the rider reads on the delivery note). */
  name: name(),
  quantity: quantity(1),
  unit_price_cents: cents(),
  tax_id: idField(),
  tax_rate_bp: basisPoints(),
  /** Units the picker put in the box (0 until picked). */
  picked_quantity: quantity(0),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderSchema = z
  .object({
    id: idField(),
    /** Human order number, e.g. «P-20261122-0042». */
    code: name(32),
    client_id: idField(),
    delivery_point_id: idField(),
    hub: hubNumber(),
    date: isoDate(),
    window_start: timeOfDay(),
    window_end: timeOfDay(),
    status: z.enum(ORDER_STATUSES),
    picking_status: z.enum(PICKING_STATUSES),
    /** Admin-defined status shown instead of the system label ('' for none). */
    status_id: optionalRef(),
    /** Route the order travels on ('' while unplanned). */
    route_id: optionalRef(),
    lines: z.array(orderLineSchema).min(1, { error: saying('domain.entities.orderNoLines') }).max(200),
    payment_method: z.enum(PAYMENT_METHODS),
    /** Reference of the order in the client's system (ingest API). */
    external_ref: z.string().max(64),
    notes: text(500),
    created_at: epochMs(),
    updated_at: epochMs(),
  })
  .superRefine((o, ctx) => {
    if (o.window_end <= o.window_start) {
      ctx.addIssue({ code: 'custom', path: ['window_end'], message: worded(msg('domain.entities.windowOrder')) });
    }
    const ids = new Set<string>();
    o.lines.forEach((l, i) => {
      if (ids.has(l.line_id)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'line_id'], message: worded(msg('domain.entities.lineRepeated')) });
      ids.add(l.line_id);
      if (l.picked_quantity > l.quantity) {
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'picked_quantity'], message: worded(msg('domain.entities.pickedOverOrdered')) });
      }
    });
  });
export type Order = z.infer<typeof orderSchema>;

/** One stop of a route: a delivery point and the orders delivered there, in visiting order. */
export const routeStopSchema = z.object({
  seq: z.int().min(1).max(1000),
  delivery_point_id: idField(),
  order_ids: z.array(idField()).min(1).max(100),
  /** Planned arrival time. */
  eta: timeOfDay(),
  /**
   * How the optimiser holds the stop (issue 11, routes schema version 2): `position` keeps it on
   * this route at this place, `route` on this route at any place; absent = free to move.
   */
  lock: z.enum(['position', 'route']).optional(),
});
export type RouteStop = z.infer<typeof routeStopSchema>;

/**
 * What a change of a published route touched (issue 11, routes schema version 3): the route's
 * fields, a stop added or removed, the orders of a stop, the order of the stops.
 */
export const ROUTE_CHANGE_KINDS = ['status', 'name', 'date', 'hub', 'rider', 'bike', 'planned_start', 'stop_added', 'stop_removed', 'stop_orders', 'stops_order'] as const;
export type RouteChangeKind = (typeof ROUTE_CHANGE_KINDS)[number];

/**
 * One entry of a published route's record of changes: when, who (id and name when written), what,
 * and the values before and after as people read them (a rider's name, a bike's code, a point's
 * name, a status key, a count of orders), so the record reads the same on any device.
 */
export const routeChangeSchema = z.object({
  at: epochMs(),
  by: idField(),
  by_name: name(),
  kind: z.enum(ROUTE_CHANGE_KINDS),
  /** The stop's delivery point (its name) for the stop kinds. */
  point: text(200).optional(),
  from: text(200).optional(),
  to: text(200).optional(),
});
export type RouteChange = z.infer<typeof routeChangeSchema>;

/** The record keeps a route's latest changes. */
export const MAX_ROUTE_CHANGES = 100;

export const routeSchema = z
  .object({
    id: idField(),
    code: name(32),
    name: name(),
    hub: hubNumber(),
    date: isoDate(),
    /** Rider assigned ('' while unassigned). */
    rider_id: optionalRef(),
    bike_id: optionalRef(),
    status: z.enum(ROUTE_STATUSES),
    status_id: optionalRef(),
    stops: z.array(routeStopSchema).max(1000),
    planned_start: timeOfDay(),
    distance_m: z.int().min(0).max(1_000_000),
    cancel_reason: text(500),
    /**
     * Why an operator declared the route «Preparada» before every line was picked or covered by
     * an incidence ('' or absent otherwise). Added in schema version 1 (issue 12).
     */
    ready_reason: text(500).optional(),
    /**
     * Who changed what once the route was published (schema version 3, issue 11): the latest
     * `MAX_ROUTE_CHANGES`, oldest first; absent until the first such change.
     */
    changes: z.array(routeChangeSchema).max(MAX_ROUTE_CHANGES).optional(),
    updated_at: epochMs(),
  })
  .superRefine((r, ctx) => {
    r.stops.forEach((s, i) => {
      if (s.seq !== i + 1) ctx.addIssue({ code: 'custom', path: ['stops', i, 'seq'], message: worded(msg('domain.entities.stopSeq', { n: i + 1 })) });
    });
    if (r.status === 'cancelled' && r.cancel_reason.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['cancel_reason'], message: worded(msg('domain.entities.cancelReason')) });
    }
  });
export type Route = z.infer<typeof routeSchema>;

/**
 * Payment of an order (the specification's paid-orders), reviewed by operators. Since schema
 * version 1 (issue 13) the `payments` collection also holds the hub's cash hand-overs
 * (src/domain/payments/handover.ts), told apart by `kind`; older order payments get
 * `kind: 'order'` when migrated (src/domain/stored/payments.ts). Fields shared with the hand-over use
 * the same builders (`order_id`, `route_id`, `rider_id` are `optionalRef`) so the storage schema
 * keeps them indexable; an order payment still needs its order.
 */
export const paymentSchema = z
  .object({
    id: idField(),
    kind: z.literal('order'),
    order_id: optionalRef(),
    route_id: optionalRef(),
    rider_id: optionalRef(),
    method: z.enum(PAYMENT_METHODS),
    amount_due_cents: cents(),
    amount_collected_cents: cents(),
    status: z.enum(PAYMENT_STATUSES),
    status_id: optionalRef(),
    collected_at: epochMs(),
    reviewed_by: optionalRef(),
    note: text(500),
    updated_at: epochMs(),
  })
  .superRefine((p, ctx) => {
    if (p.order_id === '') ctx.addIssue({ code: 'custom', path: ['order_id'], message: worded(msg('domain.validation.empty')) });
  });
export type Payment = z.infer<typeof paymentSchema>;

/** A document of the `payments` collection: an order's payment or a cash hand-over. */
export const paymentDocSchema = z.discriminatedUnion('kind', [paymentSchema, cashHandoverSchema]);
export type PaymentDoc = z.infer<typeof paymentDocSchema>;
