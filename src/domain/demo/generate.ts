/**
 * Deterministic demo data: a believable cargo-bike last-mile operation in Madrid and Barcelona.
 *
 * `generateDemoData({ seed, today, now })` returns every local collection's documents (keyed by
 * the names of LOCAL_COLLECTIONS), each valid against its schema and consistent with the others.
 * The same seed, `today` and `now` give byte-identical output (no clock, no Math.random); another
 * seed gives other people, points and orders over the same reference data.
 *
 * What it makes (scale 1):
 * - reference data: the system roles, IVA 21/10/4 %, one admin status per system status of each
 *   state machine plus the failed-delivery reasons a rider picks, the clients Qualianza/Pascual,
 *   Bimbo and Synlab (with the published Synlab configuration), bike models and four hubs
 *   (Madrid Arganzuela and Chamberí, Barcelona Poblenou and Sants);
 * - an admin, three operators (who also pick in the hubs), `ridersPerHub` riders per hub, about
 *   six bikes per hub, 120 products with valid EAN-13 codes;
 * - `deliveryPoints` delivery points on real streets of both cities, each served by its nearest hub;
 * - `ordersPerDay` orders for `today` and as many for the next day, shared equally by the hubs;
 * - one route per rider and day (8–15 stops in nearest-neighbour order from the hub; at large
 *   scales most orders stay unplanned, as in a real backlog);
 * - today's progress: rider1's route is «ready» (picked, waiting for him); the other routes are
 *   at various stages, and those under way carry their event documents: picks, the goods
 *   receipt, delivered / partial / failed, signed and collected events, incidences and payments.
 *
 * Time model (the specification does not show one): event times (`at`) and `updated_at` are
 * derived from `now`, going back from it, so nothing happens in the future; planned times of day
 * (`planned_start`, `eta`, order windows) are plausible times of the operation's calendar day.
 * Money follows ../money.ts (IVA per rate on the delivered quantities). In a cash `collected`
 * event `amount_collected_cents` is what the customer handed over and `change_cents` what went
 * back; the payment document's `amount_collected_cents` is what the rider keeps (the amount due).
 */
import { DEFAULT_ROLE_GROUPS, SYSTEM_ROLES, type SystemRole } from '../access/groups';
import { makeEan13 } from '../barcode';
import type { LocalCollection } from '../collections';
import { emptyDeliveryFields, type DeliveredLine, type DeliveryEvent, type Incidence, type IncidenceType, type Pick as PickEvent, type Receipt } from '../entities/events';
import type { Position } from '../entities/fields';
import type { Bike, DeliveryPoint, Order, OrderLine, Payment, PaymentMethod, Product, Route, RouteStop, User } from '../entities/operation';
import type { BikeModel, CatalogDoc, Client, Hub, Role, Status, SynlabConfig, Tax } from '../entities/reference';
import { amountDueCents } from '../money';
import { MACHINES, STATUS_FAMILIES, type RouteStatus } from '../status/machines';
import { businessName, ORDER_NOTES, personName, POINT_NOTES, type PointKind } from './names';
import { CITIES, distanceM, HUBS, isInsideCity, nearestHub, STREETS, type CityKey, type HubDef } from './places';
import { createRng, type Rng } from './prng';
import { CLIENTS, PRODUCT_TEMPLATES, type ClientDef, type ClientKey, type TaxId } from './products-data';

// ── Public API ───────────────────────────────────────────────────────────────────────────────

/** Password of every demo account (the server hashes it when it seeds the users). */
export const DEMO_PASSWORD = 'cargobici-demo';

export const DEFAULT_DEMO_SEED = 1;

export const DEFAULT_DEMO_SCALE = { deliveryPoints: 400, ordersPerDay: 150, ridersPerHub: 3 } as const;

/** Upper bounds of the scale options (keeps a typo from exhausting memory). */
export const MAX_DEMO_SCALE = { deliveryPoints: 200_000, ordersPerDay: 200_000, ridersPerHub: 50 } as const;

export interface DemoScale {
  deliveryPoints?: number;
  ordersPerDay?: number;
  ridersPerHub?: number;
}

export interface DemoOptions {
  seed?: number;
  /** Calendar day of the operation, `YYYY-MM-DD` (Europe/Madrid). */
  today: string;
  /** Epoch milliseconds of «now»: every `at`, `created_at` and `updated_at` is at or before it. */
  now: number;
  scale?: DemoScale;
}

export interface DemoData {
  users: User[];
  catalog: CatalogDoc[];
  bikes: Bike[];
  products: Product[];
  delivery_points: DeliveryPoint[];
  orders: Order[];
  routes: Route[];
  payments: Payment[];
  deliveries: DeliveryEvent[];
  incidences: Incidence[];
  receipts: Receipt[];
  picks: PickEvent[];
}

export interface DemoAccount {
  email: string;
  role: string;
  name: string;
}

/** The accounts of the demo (all with DEMO_PASSWORD), for the README and the login screen. */
export function demoAccounts(data: Pick<DemoData, 'users'>): DemoAccount[] {
  return data.users.map((u) => ({ email: u.email, role: u.role, name: u.name }));
}

/** Admin statuses that are failed-delivery reasons a rider picks (delivery family, `failed`). */
export const FAILED_DELIVERY_REASONS = [
  { id: 'st-delivery-ausente', name: 'Ausente', color: '#EF6C00', weight: 35, note: 'Nadie responde al timbre ni al teléfono.' },
  { id: 'st-delivery-cerrado', name: 'Cerrado', color: '#6D4C41', weight: 30, note: 'Persiana bajada a la hora de la entrega.' },
  { id: 'st-delivery-rechazado', name: 'Rechazado por el cliente', color: '#C62828', weight: 10, note: 'El cliente no acepta el pedido.' },
  { id: 'st-delivery-direccion-incorrecta', name: 'Dirección incorrecta', color: '#AD1457', weight: 10, note: 'El número no corresponde a ningún local.' },
  { id: 'st-delivery-otro-motivo', name: 'Otro motivo', color: '#546E7A', weight: 15, note: 'Acceso cortado por obras en la calle.' },
] as const;

export function generateDemoData(opts: DemoOptions): DemoData {
  const o = normaliseOptions(opts);
  return new DemoBuilder(o).build();
}

// ── Options, dates and times ─────────────────────────────────────────────────────────────────

interface Options {
  seed: number;
  today: string;
  tomorrow: string;
  now: number;
  deliveryPoints: number;
  ordersPerDay: number;
  ridersPerHub: number;
}

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

function scaleValue(value: number | undefined, fallback: number, min: number, max: number, label: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`Escala «${label}» no válida: un entero entre ${min} y ${max}`);
  }
  return value;
}

function parseIsoDate(s: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) throw new RangeError(`Fecha no válida «${s}»: se espera AAAA-MM-DD`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const dt = new Date(t);
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d) {
    throw new RangeError(`Fecha no válida «${s}»: no es un día del calendario`);
  }
  return t;
}

function isoOf(utcMs: number): string {
  return new Date(utcMs).toISOString().slice(0, 10);
}

function normaliseOptions(opts: DemoOptions): Options {
  const todayMs = parseIsoDate(opts.today);
  if (!Number.isFinite(opts.now) || opts.now < 0) throw new RangeError('«now» debe ser una fecha en milisegundos (≥ 0)');
  const scale = opts.scale ?? {};
  return {
    seed: opts.seed ?? DEFAULT_DEMO_SEED,
    today: opts.today,
    tomorrow: isoOf(todayMs + DAY),
    now: Math.floor(opts.now),
    deliveryPoints: scaleValue(scale.deliveryPoints, DEFAULT_DEMO_SCALE.deliveryPoints, 1, MAX_DEMO_SCALE.deliveryPoints, 'deliveryPoints'),
    ordersPerDay: scaleValue(scale.ordersPerDay, DEFAULT_DEMO_SCALE.ordersPerDay, 0, MAX_DEMO_SCALE.ordersPerDay, 'ordersPerDay'),
    ridersPerHub: scaleValue(scale.ridersPerHub, DEFAULT_DEMO_SCALE.ridersPerHub, 1, MAX_DEMO_SCALE.ridersPerHub, 'ridersPerHub'),
  };
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** Minutes since midnight → `HH:mm` (clamped to the day). */
function hhmm(minutes: number): string {
  const m = Math.max(0, Math.min(23 * 60 + 59, Math.round(minutes)));
  return `${pad(Math.floor(m / 60), 2)}:${pad(m % 60, 2)}`;
}

function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

const round6 = (v: number): number => Math.round(v * 1e6) / 1e6;
const round1 = (v: number): number => Math.round(v * 10) / 10;
const round2 = (v: number): number => Math.round(v * 100) / 100;

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Datos de demostración incoherentes: falta ${what}`);
  return value;
}

// ── Reference data ───────────────────────────────────────────────────────────────────────────

const ROLE_NAMES: Readonly<Record<SystemRole, string>> = {
  admin: 'Administrador',
  operator: 'Operador',
  rider: 'Rider',
  anonimus: 'Anónimo',
};

const TAXES: readonly (readonly [TaxId, string, number])[] = [
  ['iva-21', 'IVA general 21 %', 2100],
  ['iva-10', 'IVA reducido 10 %', 1000],
  ['iva-4', 'IVA superreducido 4 %', 400],
];

const STATUS_COLORS: Readonly<Record<string, string>> = {
  draft: '#9E9E9E',
  planned: '#1E88E5',
  picking: '#FB8C00',
  ready: '#8E24AA',
  loaded: '#3949AB',
  in_progress: '#00897B',
  completed: '#43A047',
  cancelled: '#E53935',
  pending: '#757575',
  picked: '#7CB342',
  out_for_delivery: '#00ACC1',
  delivered: '#2E7D32',
  partially_delivered: '#F9A825',
  partial: '#F9A825',
  failed: '#D32F2F',
  returned: '#6D4C41',
  incomplete: '#F4511E',
  collected: '#388E3C',
  on_account: '#5C6BC0',
  handed_over: '#00796B',
  reconciled: '#1B5E20',
  disputed: '#C62828',
};

interface BikeModelDef {
  readonly id: string;
  readonly name: string;
  readonly brand: string;
  readonly capacity_kg: number;
  readonly capacity_l: number;
  readonly range_km: number;
  /** Share of the fleet. */
  readonly share: number;
}

const BIKE_MODELS: readonly BikeModelDef[] = [
  { id: 'bm-urban-arrow-cargo-xl', name: 'Urban Arrow Cargo XL', brand: 'Urban Arrow', capacity_kg: 200, capacity_l: 1500, range_km: 60, share: 3 },
  { id: 'bm-bullitt-e6100', name: 'Bullitt E6100', brand: 'Larry vs Harry', capacity_kg: 100, capacity_l: 250, range_km: 70, share: 2 },
  { id: 'bm-riese-muller-load-75', name: 'Riese & Müller Load 75', brand: 'Riese & Müller', capacity_kg: 100, capacity_l: 300, range_km: 100, share: 2 },
  { id: 'bm-douze-g4', name: 'Douze G4', brand: 'Douze Cycles', capacity_kg: 100, capacity_l: 300, range_km: 60, share: 1 },
  { id: 'bm-velove-armadillo', name: 'Velove Armadillo', brand: 'Velove', capacity_kg: 180, capacity_l: 1500, range_km: 50, share: 1 },
];

/** Fixed staff accounts (riders are generated). */
const STAFF: readonly { id: string; name: string; role: SystemRole; email: string; hub: number; phone: string }[] = [
  { id: 'u-admin', name: 'Laura Martín Gómez', role: 'admin', email: 'admin@cargobici.test', hub: 0, phone: '+34 600 100 200' },
  { id: 'u-operador', name: 'Javier Ruiz Ortega', role: 'operator', email: 'operador@cargobici.test', hub: 1, phone: '+34 600 100 201' },
  { id: 'u-operador-mad', name: 'Carmen Navarro Gil', role: 'operator', email: 'operador.mad@cargobici.test', hub: 2, phone: '+34 600 100 202' },
  { id: 'u-operador-bcn', name: 'Jordi Puig Ferrer', role: 'operator', email: 'operador.bcn@cargobici.test', hub: 3, phone: '+34 600 100 203' },
];

/** Who picks (and reviews payments) in each hub: the city's operator. */
const HUB_OPERATOR: Readonly<Record<number, string>> = { 1: 'u-operador', 2: 'u-operador-mad', 3: 'u-operador-bcn', 4: 'u-operador-bcn' };

/** Spanish CIF: a letter, seven digits and the control digit. */
function cif(body: string): string {
  const digits = body.slice(1);
  let sum = 0;
  for (let i = 0; i < 7; i += 1) {
    const n = Number(digits[i]);
    if (i % 2 === 1) sum += n;
    else {
      const d = n * 2;
      sum += Math.floor(d / 10) + (d % 10);
    }
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const POINT_KINDS: readonly (readonly [PointKind, number])[] = [
  ['bar', 30],
  ['restaurant', 18],
  ['shop', 25],
  ['pharmacy', 8],
  ['lab', 8],
  ['office', 8],
  ['home', 3],
];

/** Which clients serve each kind of point, with the probability of each. */
const POINT_CLIENTS: Readonly<Record<PointKind, readonly (readonly [ClientKey, number])[]>> = {
  bar: [
    ['pascual', 0.9],
    ['bimbo', 0.5],
  ],
  restaurant: [
    ['pascual', 0.8],
    ['bimbo', 0.6],
  ],
  shop: [
    ['pascual', 0.8],
    ['bimbo', 0.8],
  ],
  office: [
    ['pascual', 0.8],
    ['bimbo', 0.3],
  ],
  pharmacy: [
    ['synlab', 0.7],
    ['pascual', 0.4],
  ],
  lab: [['synlab', 1]],
  home: [['synlab', 1]],
};

/** Receiving hours of each kind of point: possible opening and closing times. */
const POINT_HOURS: Readonly<Record<PointKind, readonly [readonly string[], readonly string[]]>> = {
  bar: [
    ['07:00', '07:30', '08:00'],
    ['12:00', '12:30', '13:00'],
  ],
  restaurant: [
    ['09:00', '09:30', '10:00'],
    ['12:30', '13:00'],
  ],
  shop: [
    ['08:00', '08:30', '09:00', '09:30'],
    ['13:30', '14:00', '14:30'],
  ],
  pharmacy: [
    ['09:00', '09:30'],
    ['13:30', '14:00'],
  ],
  lab: [
    ['07:30', '08:00'],
    ['14:00', '15:00'],
  ],
  office: [
    ['08:30', '09:00'],
    ['14:00', '17:00', '18:00'],
  ],
  home: [
    ['09:00', '10:00'],
    ['14:00', '20:00'],
  ],
};

// ── The builder ──────────────────────────────────────────────────────────────────────────────

interface PointInfo {
  readonly dp: DeliveryPoint;
  readonly clients: readonly ClientKey[];
}

/** Average minutes per stop of a round (riding plus handing over), for event times. */
const STOP_MINUTES = 14;
/** Cargo-bike speed in town, metres per minute (12 km/h), and the street detour factor. */
const BIKE_M_PER_MIN = 200;
const DETOUR = 1.3;

class DemoBuilder {
  private readonly o: Options;
  private readonly rng: Rng;

  private readonly catalog: CatalogDoc[] = [];
  private readonly users: User[] = [];
  private readonly bikes: Bike[] = [];
  private readonly products: Product[] = [];
  private readonly points: DeliveryPoint[] = [];
  private readonly orders: Order[] = [];
  private readonly routes: Route[] = [];
  private readonly payments: Payment[] = [];
  private readonly deliveries: DeliveryEvent[] = [];
  private readonly incidences: Incidence[] = [];
  private readonly receipts: Receipt[] = [];
  private readonly picks: PickEvent[] = [];

  private readonly taxRate = new Map<string, number>();
  private readonly productById = new Map<string, Product>();
  private readonly activeProducts = new Map<ClientKey, Product[]>();
  private readonly pointsByHub = new Map<number, PointInfo[]>();
  private readonly pointById = new Map<string, PointInfo>();
  private readonly orderById = new Map<string, Order>();
  private readonly ridersByHub = new Map<number, User[]>();
  private readonly bikesByHub = new Map<number, Bike[]>();
  private readonly hubByNumber = new Map<number, HubDef>(HUBS.map((h) => [h.number, h]));
  private readonly clientByKey = new Map<ClientKey, ClientDef>(CLIENTS.map((c) => [c.key, c]));

  constructor(o: Options) {
    this.o = o;
    this.rng = createRng(o.seed);
  }

  build(): DemoData {
    this.buildCatalog();
    this.buildUsers();
    this.buildBikes();
    this.buildProducts();
    this.buildPoints();
    const todayRoutes = this.buildDay(this.o.today, true);
    this.buildDay(this.o.tomorrow, false);
    this.simulateToday(todayRoutes);
    const data = {
      users: this.users,
      catalog: this.catalog,
      bikes: this.bikes,
      products: this.products,
      delivery_points: this.points,
      orders: this.orders,
      routes: this.routes,
      deliveries: this.deliveries,
      incidences: this.incidences,
      payments: this.payments,
      receipts: this.receipts,
      picks: this.picks,
    } satisfies Record<LocalCollection, unknown[]>;
    return data;
  }

  /** `now` minus `ms`, never before the epoch. */
  private ago(ms: number): number {
    return Math.max(0, this.o.now - Math.round(ms));
  }

  /** An event time: between the epoch and `now`. */
  private at(ms: number): number {
    return Math.max(0, Math.min(this.o.now, Math.round(ms)));
  }

  private hub(n: number): HubDef {
    return must(this.hubByNumber.get(n), `el hub ${n}`);
  }

  // ── Catalog ────────────────────────────────────────────────────────────────────────────────

  private buildCatalog(): void {
    const rng = this.rng.fork('catalog');
    const ref = (days: number) => this.ago(days * DAY + rng.int(0, 8 * HOUR));

    for (const r of SYSTEM_ROLES) {
      const role: Role = {
        id: r,
        kind: 'role',
        name: ROLE_NAMES[r],
        active: true,
        updated_at: ref(90),
        groups: [...DEFAULT_ROLE_GROUPS[r]],
        base_role: r,
        system: true,
      };
      this.catalog.push(role);
    }

    for (const [id, name, rate] of TAXES) {
      const tax: Tax = { id, kind: 'tax', name, active: true, updated_at: ref(90), rate_bp: rate };
      this.taxRate.set(id, rate);
      this.catalog.push(tax);
    }

    for (const family of STATUS_FAMILIES) {
      const machine = MACHINES[family] as unknown as { statuses: readonly string[]; labels: Readonly<Record<string, string>> };
      machine.statuses.forEach((s, i) => {
        const status: Status = {
          id: `st-${family}-${s}`,
          kind: `status-${family}`,
          name: must(machine.labels[s], `la etiqueta de ${family}/${s}`),
          active: true,
          updated_at: ref(60),
          color: STATUS_COLORS[s] ?? '#607D8B',
          system_status: s,
          sort: i * 10,
          rider_visible: false,
        };
        this.catalog.push(status);
      });
    }
    FAILED_DELIVERY_REASONS.forEach((reason, i) => {
      const status: Status = {
        id: reason.id,
        kind: 'status-delivery',
        name: reason.name,
        active: true,
        updated_at: ref(45),
        color: reason.color,
        system_status: 'failed',
        sort: 100 + i * 10,
        rider_visible: true,
      };
      this.catalog.push(status);
    });

    for (const c of CLIENTS) {
      const client: Client = {
        id: c.id,
        kind: 'client',
        name: c.name,
        active: true,
        updated_at: ref(30),
        key: c.key,
        tax_id: cif(c.cifBody),
        contact_email: c.contactEmail,
        phone: c.phone,
        payment_terms: c.paymentTerms,
        notes: c.notes,
      };
      this.catalog.push(client);
    }

    const synlab: SynlabConfig = {
      id: 'config-synlab',
      kind: 'config-synlab',
      name: 'Synlab · configuración publicada',
      active: true,
      updated_at: ref(12),
      client_id: 'client-synlab',
      endpoint_url: 'https://api.synlab.test/cargobici/v1/pedidos',
      hub: 1,
      pickup_start: '08:00',
      pickup_end: '11:30',
      sample_types: ['Sangre', 'Orina', 'Heces', 'Exudados', 'Frotis nasofaríngeo'],
      cold_chain: true,
      notify_email: 'operaciones@synlab.test',
      published_at: ref(12),
    };
    this.catalog.push(synlab);

    for (const m of BIKE_MODELS) {
      const model: BikeModel = {
        id: m.id,
        kind: 'bike-model',
        name: m.name,
        active: true,
        updated_at: ref(120),
        brand: m.brand,
        capacity_kg: m.capacity_kg,
        capacity_l: m.capacity_l,
        electric: true,
        range_km: m.range_km,
      };
      this.catalog.push(model);
    }

    for (const h of HUBS) {
      const hub: Hub = {
        id: h.id,
        kind: 'hub',
        name: h.name,
        active: true,
        updated_at: ref(100),
        number: h.number,
        city: CITIES[h.city].name,
        address: h.address,
        lat: h.lat,
        lng: h.lng,
        opens: h.opens,
        closes: h.closes,
        phone: h.phone,
      };
      this.catalog.push(hub);
    }
  }

  // ── Users and bikes ────────────────────────────────────────────────────────────────────────

  private mobile(rng: Rng): string {
    return `+34 6${pad(rng.int(0, 99), 2)} ${pad(rng.int(0, 999), 3)} ${pad(rng.int(0, 999), 3)}`;
  }

  private buildUsers(): void {
    const rng = this.rng.fork('users');
    for (const s of STAFF) {
      this.users.push({ id: s.id, name: s.name, role: s.role, email: s.email, hub: s.hub, phone: s.phone, active: true, updated_at: this.ago(40 * DAY) });
    }
    const used = new Set(STAFF.map((s) => s.name));
    let n = 0;
    for (const h of HUBS) {
      const riders: User[] = [];
      for (let k = 0; k < this.o.ridersPerHub; k += 1) {
        n += 1;
        let name = personName(rng, h.city);
        for (let tries = 0; used.has(name) && tries < 20; tries += 1) name = personName(rng, h.city);
        used.add(name);
        const rider: User = {
          id: `u-rider${n}`,
          name,
          role: 'rider',
          email: `rider${n}@cargobici.test`,
          hub: h.number,
          phone: this.mobile(rng),
          active: true,
          updated_at: this.ago(rng.int(2, 60) * DAY),
        };
        riders.push(rider);
        this.users.push(rider);
      }
      this.ridersByHub.set(h.number, riders);
    }
  }

  private buildBikes(): void {
    const rng = this.rng.fork('bikes');
    const today = parseIsoDate(this.o.today);
    const perHub = Math.max(6, this.o.ridersPerHub + 2);
    const models = BIKE_MODELS.map((m) => [m, m.share] as const);
    for (const h of HUBS) {
      const list: Bike[] = [];
      for (let i = 1; i <= perHub; i += 1) {
        const maintenance = i === perHub;
        const model = rng.weighted(models);
        const bike: Bike = {
          id: `bike-${h.code.toLowerCase()}-${pad(i, 2)}`,
          code: `CB-${h.code}-${pad(i, 2)}`,
          model_id: model.id,
          hub: h.number,
          status: maintenance ? 'maintenance' : 'available',
          battery_pct: maintenance ? rng.int(5, 40) : rng.int(55, 100),
          last_service_date: isoOf(today - rng.int(maintenance ? 60 : 3, maintenance ? 120 : 90) * DAY),
          notes: maintenance ? rng.pick(['Revisión de frenos y cambio de pastillas.', 'Cambio de cadena y ajuste del motor.', 'Pinchazo en la rueda delantera.']) : '',
          updated_at: this.ago(rng.int(1, 20) * DAY),
        };
        list.push(bike);
        this.bikes.push(bike);
      }
      this.bikesByHub.set(h.number, list);
    }
  }

  // ── Products ───────────────────────────────────────────────────────────────────────────────

  private buildProducts(): void {
    const rng = this.rng.fork('products');
    for (const c of CLIENTS) {
      const active: Product[] = [];
      PRODUCT_TEMPLATES[c.key].forEach((t, i) => {
        const sku = `${c.skuPrefix}-${pad(i + 1, 4)}`;
        const product: Product = {
          id: `prd-${sku.toLowerCase()}`,
          name: t.name,
          sku,
          barcode: makeEan13(`84${c.eanCompany}${pad(i + 1, 5)}`),
          client_id: c.id,
          unit: t.unit,
          weight_g: t.weight_g,
          volume_ml: t.volume_ml,
          price_cents: t.price_cents,
          tax_id: t.tax,
          cold: t.cold,
          active: !t.inactive,
          updated_at: this.ago(rng.int(5, 200) * DAY + rng.int(0, DAY)),
        };
        this.products.push(product);
        this.productById.set(product.id, product);
        if (product.active) active.push(product);
      });
      this.activeProducts.set(c.key, active);
    }
  }

  // ── Delivery points ────────────────────────────────────────────────────────────────────────

  private buildPoints(): void {
    const rng = this.rng.fork('points');
    const width = Math.max(5, String(this.o.deliveryPoints).length);
    const refCounter: Record<ClientKey, number> = { pascual: 0, bimbo: 0, synlab: 0 };
    const refBase: Record<ClientKey, number> = { pascual: rng.int(100, 900), bimbo: rng.int(100, 900), synlab: rng.int(100, 900) };
    for (const h of HUBS) this.pointsByHub.set(h.number, []);

    for (let i = 0; i < this.o.deliveryPoints; i += 1) {
      const city: CityKey = rng.chance(0.52) ? 'madrid' : 'barcelona';
      const street = rng.pick(STREETS[city]);
      // A position near the anchor on the street, inside the city limits.
      let lat = street.lat;
      let lng = street.lng;
      for (let tries = 0; tries < 12; tries += 1) {
        const r = 320 * Math.sqrt(rng.next());
        const theta = 2 * Math.PI * rng.next();
        const cLat = round6(street.lat + (r * Math.cos(theta)) / 110_574);
        const cLng = round6(street.lng + (r * Math.sin(theta)) / (111_320 * Math.cos((street.lat * Math.PI) / 180)));
        if (isInsideCity(city, cLat, cLng, 150)) {
          lat = cLat;
          lng = cLng;
          break;
        }
      }
      const kind = rng.weighted(POINT_KINDS);
      const clients: ClientKey[] = [];
      for (const [key, p] of POINT_CLIENTS[kind]) if (rng.chance(p)) clients.push(key);
      if (clients.length === 0) clients.push(must(POINT_CLIENTS[kind][0], 'un cliente del tipo de punto')[0]);
      const hub = nearestHub(lat, lng);
      const [opensList, closesList] = POINT_HOURS[kind];
      const number = rng.int(1, kind === 'home' ? 120 : 180);
      const address = kind === 'home' ? `${street.street}, ${number}, ${rng.int(1, 6)}.º ${rng.pick(['A', 'B', 'C', 'D', 'izda.', 'dcha.'])}` : `${street.street}, ${number}`;
      const contact = personName(rng, city);
      const phone = kind === 'home' ? this.mobile(rng) : `+34 ${CITIES[city].phonePrefix}${rng.int(0, 9)} ${pad(rng.int(0, 99), 2)} ${pad(rng.int(0, 99), 2)} ${pad(rng.int(0, 99), 2)}`;
      const dp: DeliveryPoint = {
        id: `pe-${pad(i + 1, width)}`,
        name: kind === 'home' ? `Domicilio ${contact}` : businessName(rng, city, kind, street.barrio),
        hub,
        ref_providers: clients.map((k) => {
          refCounter[k] += 1;
          return `${k.toUpperCase()}-${pad(refBase[k] + refCounter[k], 6)}`;
        }),
        client_providers: clients.map((k) => `${k}-CLI${pad(refBase[k] * 10 + refCounter[k], 5)}`),
        kind,
        address,
        postal_code: street.postalCode,
        city: CITIES[city].name,
        lat,
        lng,
        contact_name: contact,
        phone,
        opens: rng.pick(opensList),
        closes: rng.pick(closesList),
        notes: rng.chance(0.2) ? rng.pick(POINT_NOTES) : '',
        active: rng.chance(0.985),
        updated_at: this.ago(rng.int(0, 365) * DAY + rng.int(0, DAY)),
      };
      this.points.push(dp);
      const info: PointInfo = { dp, clients };
      this.pointById.set(dp.id, info);
      if (dp.active) must(this.pointsByHub.get(hub), `la lista del hub ${hub}`).push(info);
    }
  }

  // ── Orders and routes of one day ───────────────────────────────────────────────────────────

  private makeOrder(rng: Rng, point: PointInfo, date: string, seq: number, width: number, createdAt: number): Order {
    const clientKey = rng.pick(point.clients);
    const client = must(this.clientByKey.get(clientKey), `el cliente ${clientKey}`);
    const catalogue = must(this.activeProducts.get(clientKey), `los productos de ${clientKey}`);
    const nLines = clientKey === 'synlab' ? rng.int(1, 4) : rng.int(1, 6);
    const lines: OrderLine[] = rng.sample(catalogue, nLines).map((p, i) => {
      let quantity: number;
      if (p.unit === 'caja') quantity = rng.int(1, clientKey === 'synlab' ? 4 : 3);
      else if (p.unit === 'pack') quantity = rng.int(1, 6);
      else if (p.unit === 'kg') quantity = rng.int(1, 3);
      else quantity = clientKey === 'synlab' ? rng.int(1, 4) : rng.int(2, 12);
      return {
        line_id: `L${i + 1}`,
        product_id: p.id,
        name: p.name,
        quantity,
        unit_price_cents: p.price_cents,
        tax_id: p.tax_id,
        tax_rate_bp: must(this.taxRate.get(p.tax_id), `el impuesto ${p.tax_id}`),
        picked_quantity: 0,
      };
    });
    // Delivery window inside the point's receiving hours, usually from (or soon after) opening.
    const opens = minutesOf(point.dp.opens);
    const closes = minutesOf(point.dp.closes);
    const span = closes - opens;
    const length = Math.min(rng.pick([120, 180, 240]), span);
    const start = opens + 30 * rng.int(0, Math.min(2, Math.floor((span - length) / 30)));
    const compact = date.replace(/-/g, '');
    const order: Order = {
      id: `o-${compact}-${pad(seq, width)}`,
      code: `P-${compact}-${pad(seq, width)}`,
      client_id: client.id,
      delivery_point_id: point.dp.id,
      hub: point.dp.hub,
      date,
      window_start: hhmm(start),
      window_end: hhmm(start + length),
      status: 'pending',
      picking_status: 'pending',
      status_id: '',
      route_id: '',
      lines,
      payment_method: rng.weighted(client.paymentMix),
      external_ref: `${client.refPrefix}-${compact.slice(2)}-${pad(rng.int(0, 999_999), 6)}`,
      notes: rng.chance(0.12) ? rng.pick(ORDER_NOTES) : '',
      created_at: createdAt,
      updated_at: createdAt,
    };
    return order;
  }

  /** Orders of one day for every hub, and one route per rider. Returns the day's routes. */
  private buildDay(date: string, isToday: boolean): Route[] {
    const rng = this.rng.fork(`day:${date}`);
    const compact = date.replace(/-/g, '');
    const width = Math.max(4, String(this.o.ordersPerDay).length);
    const hubs = HUBS.filter((h) => (this.pointsByHub.get(h.number)?.length ?? 0) > 0);
    const dayRoutes: Route[] = [];
    const [dd, mm] = [date.slice(8, 10), date.slice(5, 7)];
    let seq = 0;

    hubs.forEach((h, hi) => {
      const pool = must(this.pointsByHub.get(h.number), `los puntos del hub ${h.number}`);
      const riders = this.ridersByHub.get(h.number) ?? [];
      const nOrders = Math.floor(this.o.ordersPerDay / hubs.length) + (hi < this.o.ordersPerDay % hubs.length ? 1 : 0);
      // Stops per route: 8–15, fewer when the hub has few orders (leave some for planning).
      const maxStops = Math.max(8, Math.min(15, Math.floor((nOrders * 0.85) / Math.max(1, riders.length))));
      const targets = riders.map(() => rng.int(8, maxStops));
      const stopCount = Math.min(
        targets.reduce((a, b) => a + b, 0),
        nOrders,
        pool.length,
      );
      const stopPoints = rng.sample(pool, stopCount);

      // Orders: one for every stop point first, then the rest anywhere in the hub's area.
      const byPoint = new Map<string, Order[]>();
      for (let i = 0; i < nOrders; i += 1) {
        const point = i < stopPoints.length ? must(stopPoints[i], 'un punto de parada') : rng.pick(pool);
        seq += 1;
        const createdAt = isToday ? this.ago(rng.int(14 * 60, 40 * 60) * MIN) : this.ago(rng.int(30, 14 * 60) * MIN);
        const order = this.makeOrder(rng, point, date, seq, width, createdAt);
        this.orders.push(order);
        this.orderById.set(order.id, order);
        const list = byPoint.get(point.dp.id);
        if (list) list.push(order);
        else byPoint.set(point.dp.id, [order]);
      }

      // Sweep: sort the stop points by bearing from the hub, so each rider gets one sector.
      const cosLat = Math.cos((h.lat * Math.PI) / 180);
      const angle = (p: PointInfo) => Math.atan2(p.dp.lat - h.lat, (p.dp.lng - h.lng) * cosLat);
      const swept = stopPoints
        .map((p) => ({ p, a: angle(p) }))
        .sort((a, b) => a.a - b.a || (a.p.dp.id < b.p.dp.id ? -1 : 1))
        .map((x) => x.p);
      const offset = swept.length > 0 ? rng.int(0, swept.length - 1) : 0;
      const ring = swept.slice(offset).concat(swept.slice(0, offset));

      const bikes = (this.bikesByHub.get(h.number) ?? []).filter((b) => b.status !== 'maintenance');
      let cursor = 0;
      riders.forEach((rider, k) => {
        const chunk = ring.slice(cursor, cursor + must(targets[k], 'el tamaño de la ruta'));
        cursor += chunk.length;
        if (chunk.length === 0) return;
        const ordered = nearestNeighbourOrder(h, chunk);
        const plannedStart = rng.pick([450, 465, 480, 495, 510, 540]); // 07:30–09:00
        let t = plannedStart + 10;
        let prevLat = h.lat;
        let prevLng = h.lng;
        let distance = 0;
        const stops: RouteStop[] = [];
        for (const p of ordered) {
          const orders = (byPoint.get(p.dp.id) ?? []).slice(0, 100);
          const leg = distanceM(prevLat, prevLng, p.dp.lat, p.dp.lng) * DETOUR;
          distance += leg;
          t += Math.max(2, Math.ceil(leg / BIKE_M_PER_MIN));
          stops.push({ seq: stops.length + 1, delivery_point_id: p.dp.id, order_ids: orders.map((x) => x.id), eta: hhmm(t) });
          t += 4 + 2 * orders.length;
          prevLat = p.dp.lat;
          prevLng = p.dp.lng;
        }
        distance += distanceM(prevLat, prevLng, h.lat, h.lng) * DETOUR;
        const bike = bikes.length > 0 ? bikes[k % bikes.length] : undefined;
        const route: Route = {
          id: `rt-${compact}-${h.code.toLowerCase()}-${k + 1}`,
          code: `R-${compact}-${h.code}-${k + 1}`,
          name: `${h.shortName} · ${rider.name.split(' ')[0] ?? rider.name} · ${dd}/${mm}`,
          hub: h.number,
          date,
          rider_id: rider.id,
          bike_id: bike?.id ?? '',
          status: 'planned',
          status_id: '',
          stops,
          planned_start: hhmm(plannedStart),
          distance_m: Math.round(distance),
          cancel_reason: '',
          updated_at: this.ago(rng.int(isToday ? 10 * 60 : 20, isToday ? 16 * 60 : 6 * 60) * MIN),
        };
        for (const stop of stops) {
          for (const id of stop.order_ids) {
            const order = must(this.orderById.get(id), `el pedido ${id}`);
            order.route_id = route.id;
            order.status = 'planned';
            order.updated_at = Math.max(order.created_at, route.updated_at);
          }
        }
        this.routes.push(route);
        dayRoutes.push(route);
      });

      // A few unplanned orders were cancelled by the client.
      for (const list of byPoint.values()) {
        for (const order of list) {
          if (order.route_id === '' && rng.chance(0.02)) {
            order.status = 'cancelled';
            order.notes = 'Anulado por el cliente.';
            order.updated_at = Math.max(order.created_at, this.ago(rng.int(10, 120) * MIN));
          }
        }
      }
    });
    return dayRoutes;
  }

  // ── Today's progress ───────────────────────────────────────────────────────────────────────

  private simulateToday(routes: Route[]): void {
    const rng = this.rng.fork('today');
    // Route statuses: rider1 waits with a prepared route; the others are at various stages.
    const statuses: RouteStatus[] = routes.map((r) =>
      r.rider_id === 'u-rider1'
        ? 'ready'
        : rng.weighted<RouteStatus>([
            ['in_progress', 45],
            ['completed', 15],
            ['loaded', 10],
            ['ready', 15],
            ['picking', 15],
          ]),
    );
    let forced = statuses.indexOf('in_progress');
    if (forced < 0) {
      forced = routes.findIndex((r) => r.rider_id !== 'u-rider1');
      if (forced >= 0) statuses[forced] = 'in_progress';
    }
    routes.forEach((route, i) => {
      const status = must(statuses[i], 'el estado de la ruta');
      this.progressRoute(rng, route, status, i === forced);
    });
  }

  private ordersOf(route: Route): Order[] {
    return route.stops.flatMap((s) => s.order_ids.map((id) => must(this.orderById.get(id), `el pedido ${id}`)));
  }

  private progressRoute(rng: Rng, route: Route, status: RouteStatus, forced: boolean): void {
    route.status = status;
    const orders = this.ordersOf(route);
    const hub = this.hub(route.hub);
    const picker = HUB_OPERATOR[route.hub] ?? 'u-operador';
    const rider = route.rider_id;
    const n = route.stops.length;
    const isRider1 = rider === 'u-rider1';

    if (status === 'picking') {
      let t = this.ago(rng.int(20, 60) * MIN);
      for (const order of orders) {
        order.status = 'picking';
        const r = rng.next();
        if (r < 0.4) this.pickOrder(rng, order, route, picker, t, true, false);
        else if (r < 0.7 && order.lines.length > 1) {
          order.picking_status = 'in_progress';
          const upTo = rng.int(1, order.lines.length - 1);
          order.lines.forEach((l, j) => {
            if (j < upTo) {
              l.picked_quantity = l.quantity;
              this.addPick(rng, order, l, route, picker, t + j * 20_000);
            }
          });
          order.updated_at = Math.max(order.updated_at, t + order.lines.length * 20_000);
        }
        t = Math.min(this.o.now, t + rng.int(1, 4) * MIN);
      }
      route.updated_at = Math.max(route.updated_at, this.ago(rng.int(20, 60) * MIN));
      return;
    }

    // Every later stage starts from a fully picked route.
    let routeStart: number;
    let visited = 0;
    if (status === 'in_progress') {
      visited = n > 1 ? rng.int(1, n - 1) : 0;
      routeStart = this.ago((visited * STOP_MINUTES + rng.int(5, 20)) * MIN);
    } else if (status === 'completed') {
      visited = n;
      routeStart = this.ago((n * STOP_MINUTES + rng.int(30, 120)) * MIN);
    } else if (status === 'loaded') {
      routeStart = this.ago(rng.int(1, 5) * MIN);
    } else {
      routeStart = this.ago(rng.int(0, 30) * MIN);
    }
    const receiptAt = Math.max(0, routeStart - rng.int(10, 20) * MIN);
    let pickAt = Math.max(0, (status === 'ready' ? this.ago(rng.int(30, 150) * MIN) : receiptAt) - rng.int(60, 150) * MIN);
    // The forced route (the first one under way) always shows a short pick.
    let needShort = forced;
    orders.forEach((order) => {
      if (this.pickOrder(rng, order, route, picker, pickAt, !isRider1, needShort)) needShort = false;
      pickAt = Math.min(this.o.now, pickAt + rng.int(2, 5) * MIN);
    });
    route.updated_at = Math.max(route.updated_at, pickAt);
    if (status === 'ready') return;

    // Goods received by the rider at the hub.
    this.addReceipt(rng, route, orders, hub, receiptAt);
    route.updated_at = Math.max(route.updated_at, receiptAt);
    for (const b of this.bikes) {
      if (b.id === route.bike_id && status !== 'completed') {
        b.status = 'in_route';
        b.updated_at = Math.max(b.updated_at, receiptAt);
      }
    }
    if (status === 'loaded') return;

    for (const order of orders) {
      order.status = 'out_for_delivery';
      order.updated_at = Math.max(order.updated_at, routeStart);
    }
    const completed = status === 'completed';
    const handOverAt = completed ? Math.min(this.o.now, routeStart + (n + 1) * STOP_MINUTES * MIN + 5 * MIN) : 0;
    for (let j = 0; j < visited; j += 1) {
      const stop = must(route.stops[j], 'una parada');
      const at = Math.min(this.o.now - MIN, routeStart + (j + 1) * STOP_MINUTES * MIN - rng.int(0, 4) * MIN);
      this.deliverStop(rng, route, stop, Math.max(0, at), completed, forced && j === 0, handOverAt, picker);
    }
    route.updated_at = Math.max(route.updated_at, completed ? handOverAt : this.ago(rng.int(1, 5) * MIN));
  }

  /** Picks every line of an order (maybe short of one product, with a picker incidence). */
  private pickOrder(rng: Rng, order: Order, route: Route, picker: string, at: number, allowShort: boolean, forceShort: boolean): boolean {
    let short = false;
    for (const l of order.lines) l.picked_quantity = l.quantity;
    order.status = 'picked';
    order.picking_status = 'picked';
    if (allowShort && (forceShort || rng.chance(0.05))) {
      const only = order.lines.length === 1;
      const candidates = order.lines.filter((l) => l.quantity > (only ? 1 : 0));
      if (candidates.length > 0) {
        const line = rng.pick(candidates);
        const shortage = rng.int(1, line.quantity - (only ? 1 : 0));
        line.picked_quantity = line.quantity - shortage;
        order.picking_status = 'incomplete';
        short = true;
        const type = rng.weighted<IncidenceType>([
          ['missing', 5],
          ['damaged', 3],
          ['not_found', 2],
          ['expired', 1],
        ]);
        const notes: Record<string, string> = {
          missing: 'No queda stock suficiente en el hub.',
          damaged: 'Envase dañado en el palé; se aparta.',
          not_found: 'No se encuentra en su ubicación.',
          expired: 'Producto con fecha de consumo pasada.',
        };
        const id = rng.uuid();
        this.incidences.push({
          id,
          at: this.at(at + 30_000),
          created_by: picker,
          position: null,
          kind: 'picker-product',
          type,
          order_id: order.id,
          product_id: line.product_id,
          route_id: route.id,
          delivery_point_id: order.delivery_point_id,
          hub: order.hub,
          quantity: shortage,
          note: notes[type] ?? '',
          photo_file: type === 'damaged' ? `incidences/${id}.jpg` : '',
        });
      }
    }
    order.lines.forEach((l, j) => {
      if (l.picked_quantity > 0) this.addPick(rng, order, l, route, picker, at + j * 20_000);
    });
    if (rng.chance(0.02)) {
      const line = rng.pick(order.lines);
      this.incidences.push({
        id: rng.uuid(),
        at: this.at(at + order.lines.length * 20_000 + 10_000),
        created_by: picker,
        position: null,
        kind: 'picker-error',
        type: rng.pick<IncidenceType>(['wrong_product', 'wrong_quantity']),
        order_id: order.id,
        product_id: line.product_id,
        route_id: route.id,
        delivery_point_id: order.delivery_point_id,
        hub: order.hub,
        quantity: 1,
        note: 'Detectado en la revisión de la caja y corregido antes de cerrarla.',
        photo_file: '',
      });
    }
    order.updated_at = Math.max(order.updated_at, at + order.lines.length * 20_000);
    return short;
  }

  private addPick(rng: Rng, order: Order, line: OrderLine, route: Route, picker: string, at: number): void {
    const product = must(this.productById.get(line.product_id), `el producto ${line.product_id}`);
    this.picks.push({
      id: rng.uuid(),
      at: this.at(at),
      created_by: picker,
      position: null,
      route_id: route.id,
      order_id: order.id,
      line_id: line.line_id,
      product_id: line.product_id,
      delivery_point_id: order.delivery_point_id,
      hub: order.hub,
      quantity: line.picked_quantity,
      scanned_barcode: rng.chance(0.9) ? product.barcode : '',
    });
  }

  private addReceipt(rng: Rng, route: Route, orders: readonly Order[], hub: HubDef, at: number): void {
    const totals = new Map<string, { name: string; qty: number }>();
    for (const order of orders) {
      for (const l of order.lines) {
        if (l.picked_quantity === 0) continue;
        const cur = totals.get(l.product_id);
        if (cur) cur.qty += l.picked_quantity;
        else totals.set(l.product_id, { name: l.name, qty: l.picked_quantity });
      }
    }
    this.receipts.push({
      id: rng.uuid(),
      at: this.at(at),
      created_by: route.rider_id,
      position: this.near(rng, hub.lat, hub.lng, 20),
      route_id: route.id,
      rider_id: route.rider_id,
      hub: route.hub,
      lines: [...totals].slice(0, 500).map(([product_id, t]) => ({ product_id, name: t.name, expected: Math.min(t.qty, 100_000), received: Math.min(t.qty, 100_000) })),
      note: '',
    });
  }

  /** A device position near a place (or null when the user did not share it). */
  private near(rng: Rng, lat: number, lng: number, maxM: number): Position | null {
    if (rng.chance(0.08)) return null;
    const r = maxM * Math.sqrt(rng.next());
    const theta = 2 * Math.PI * rng.next();
    return {
      lat: round6(lat + (r * Math.cos(theta)) / 110_574),
      lng: round6(lng + (r * Math.sin(theta)) / (111_320 * Math.cos((lat * Math.PI) / 180))),
      accuracy_m: rng.int(4, 30),
    };
  }

  private deliveryEvent(base: Pick<DeliveryEvent, 'id' | 'at' | 'created_by' | 'position' | 'kind' | 'order_id' | 'route_id' | 'rider_id' | 'delivery_point_id'>): DeliveryEvent {
    return {
      ...base,
      ...emptyDeliveryFields(),
    };
  }

  private deliverStop(rng: Rng, route: Route, stop: RouteStop, at: number, completed: boolean, forcePartial: boolean, handOverAt: number, operator: string): void {
    const point = must(this.pointById.get(stop.delivery_point_id), `el punto ${stop.delivery_point_id}`);
    const dp = point.dp;
    const failStop = !forcePartial && rng.chance(0.1);
    const reason = rng.weighted(FAILED_DELIVERY_REASONS.map((r) => [r, r.weight] as const));
    const common = { created_by: route.rider_id, route_id: route.id, rider_id: route.rider_id, delivery_point_id: dp.id };

    stop.order_ids.forEach((orderId, i) => {
      const order = must(this.orderById.get(orderId), `el pedido ${orderId}`);
      const t = this.at(Math.min(this.o.now - 2 * MIN, at + i * 3 * MIN));

      const fail = (r: (typeof FAILED_DELIVERY_REASONS)[number]) => {
        const id = rng.uuid();
        this.deliveries.push({
          ...this.deliveryEvent({ id, at: t, position: this.near(rng, dp.lat, dp.lng, 25), kind: 'failed', order_id: order.id, ...common }),
          reason_status_id: r.id,
          outcome: r.id === 'st-delivery-rechazado' ? 'return_to_hub' : rng.weighted<'return_to_hub' | 'reschedule'>([
            ['reschedule', 60],
            ['return_to_hub', 40],
          ]),
          note: r.note,
          photo_file: r.id === 'st-delivery-cerrado' && rng.chance(0.5) ? `photos/${route.id}/${id}.jpg` : '',
        });
        // Goods of a failed delivery are back in the hub once the round is over.
        order.status = completed ? 'returned' : 'failed';
        order.updated_at = Math.max(order.updated_at, completed ? handOverAt : t);
      };

      if (failStop) {
        fail(reason);
        return;
      }

      // Refusal of part of one line at the door (damaged, wrong product…).
      const refusable = order.lines.filter((l) => l.picked_quantity > 0);
      const refusedLine = (forcePartial && i === 0) || rng.chance(0.07) ? (refusable.length > 0 ? rng.pick(refusable) : undefined) : undefined;
      const refused = refusedLine ? rng.int(1, refusedLine.picked_quantity) : 0;
      const lines: DeliveredLine[] = order.lines.map((l) => ({
        line_id: l.line_id,
        product_id: l.product_id,
        delivered: l.picked_quantity - (l === refusedLine ? refused : 0),
        refused: l === refusedLine ? refused : 0,
      }));
      const deliveredUnits = lines.reduce((s, l) => s + l.delivered, 0);
      if (refusedLine) {
        const type = rng.weighted<IncidenceType>([
          ['refused', 4],
          ['damaged', 3],
          ['expired', 1],
          ['wrong_product', 1],
        ]);
        const notes: Record<string, string> = {
          refused: `El cliente rechaza ${refused} ud. de «${refusedLine.name}».`,
          damaged: `${refused} ud. de «${refusedLine.name}» llegan dañadas.`,
          expired: `${refused} ud. de «${refusedLine.name}» con fecha corta; el cliente no las acepta.`,
          wrong_product: `«${refusedLine.name}» no es lo que pidió el cliente.`,
        };
        const id = rng.uuid();
        this.incidences.push({
          id,
          at: t,
          created_by: route.rider_id,
          position: this.near(rng, dp.lat, dp.lng, 25),
          kind: 'delivery-product',
          type,
          order_id: order.id,
          product_id: refusedLine.product_id,
          route_id: route.id,
          delivery_point_id: dp.id,
          hub: order.hub,
          quantity: refused,
          note: must(notes[type], 'la nota de la incidencia'),
          photo_file: type === 'damaged' ? `incidences/${id}.jpg` : '',
        });
      }
      if (deliveredUnits === 0) {
        fail(must(FAILED_DELIVERY_REASONS[2], 'el motivo «Rechazado»'));
        return;
      }

      const full = lines.every((dl, j) => dl.delivered === order.lines[j]?.quantity);
      const position = this.near(rng, dp.lat, dp.lng, 25);
      this.deliveries.push({
        ...this.deliveryEvent({ id: rng.uuid(), at: t, position, kind: full ? 'delivered' : 'partial', order_id: order.id, ...common }),
        lines,
        note: full ? '' : 'Entrega parcial.',
      });
      const signedId = rng.uuid();
      this.deliveries.push({
        ...this.deliveryEvent({ id: signedId, at: this.at(t + 40_000), position, kind: 'signed', order_id: order.id, ...common }),
        signer_name: dp.contact_name.trim() !== '' && rng.chance(0.7) ? dp.contact_name : personName(rng, dp.city === 'Barcelona' ? 'barcelona' : 'madrid'),
        signature_strokes: signature(rng),
        signature_file: `signatures/${route.id}/${signedId}.png`,
      });
      const due = amountDueCents(order.lines, lines);
      const method: PaymentMethod = order.payment_method;
      const collected = method === 'on_account' || method === 'transfer' ? 0 : due;
      const tendered = method === 'cash' ? cashTendered(rng, due) : collected;
      const collectedAt = this.at(t + 80_000);
      this.deliveries.push({
        ...this.deliveryEvent({ id: rng.uuid(), at: collectedAt, position, kind: 'collected', order_id: order.id, ...common }),
        payment_method: method,
        amount_due_cents: due,
        amount_collected_cents: tendered,
        change_cents: tendered - collected,
      });
      const handedOver = completed && collected > 0;
      this.payments.push({
        id: `pay-${order.id}`,
        kind: 'order',
        order_id: order.id,
        route_id: route.id,
        rider_id: route.rider_id,
        method,
        amount_due_cents: due,
        amount_collected_cents: collected,
        status: method === 'on_account' || method === 'transfer' ? 'on_account' : handedOver ? 'handed_over' : 'collected',
        status_id: '',
        collected_at: collectedAt,
        reviewed_by: handedOver ? operator : '',
        note: '',
        updated_at: handedOver ? Math.max(collectedAt, handOverAt) : collectedAt,
      });
      order.status = full ? 'delivered' : 'partially_delivered';
      order.updated_at = Math.max(order.updated_at, collectedAt);
    });
  }
}

// ── Helpers ──────────────────────────────────────────────────────────────────────────────────

/** Orders points by repeatedly visiting the nearest one, starting from the hub. */
function nearestNeighbourOrder(hub: HubDef, points: readonly PointInfo[]): PointInfo[] {
  const left = points.slice();
  const out: PointInfo[] = [];
  let lat = hub.lat;
  let lng = hub.lng;
  const k = Math.cos((hub.lat * Math.PI) / 180);
  while (left.length > 0) {
    let best = 0;
    let bestD = Infinity;
    left.forEach((p, i) => {
      const dy = p.dp.lat - lat;
      const dx = (p.dp.lng - lng) * k;
      const d = dx * dx + dy * dy;
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    });
    const [next] = left.splice(best, 1);
    if (!next) break;
    out.push(next);
    lat = next.dp.lat;
    lng = next.dp.lng;
  }
  return out;
}

/** What a customer hands over for a cash payment: the exact amount, or the next note up. */
function cashTendered(rng: Rng, due: number): number {
  if (due === 0 || rng.chance(0.3)) return due;
  const notes = [500, 1000, 2000, 5000, 10_000, 20_000];
  return notes.find((n) => n >= due) ?? Math.ceil(due / 5000) * 5000;
}

/** A handwritten-looking signature: 1–3 strokes of [x, y, pressure] on a 320 × 140 pad. */
function signature(rng: Rng): [number, number, number][][] {
  const strokes: [number, number, number][][] = [];
  let x = rng.int(20, 50);
  const count = rng.int(1, 3);
  for (let s = 0; s < count && x < 290; s += 1) {
    const n = rng.int(16, 48);
    const baseY = rng.int(55, 85);
    const amp = rng.int(10, 32);
    const freq = rng.float(0.3, 0.7);
    const phase = rng.float(0, Math.PI * 2);
    const step = rng.float(2.5, 5.5);
    const stroke: [number, number, number][] = [];
    for (let k = 0; k < n && x < 310; k += 1) {
      const y = baseY + amp * Math.sin(k * freq + phase) + rng.float(-3, 3);
      const pressure = Math.min(1, Math.max(0.1, 0.35 + 0.4 * Math.sin((Math.PI * k) / n) + rng.float(-0.05, 0.05)));
      stroke.push([round1(x), round1(Math.min(135, Math.max(5, y))), round2(pressure)]);
      x += step;
    }
    if (stroke.length > 0) strokes.push(stroke);
    x += rng.int(8, 25);
  }
  return strokes;
}
