/** What the phases share: the options, the random source, the documents made so far and their indexes. */
import type { LocalCollection } from '../../src/domain/collections';
import type { DeliveryEvent, Incidence, Pick as PickEvent, Receipt } from '../../src/domain/entities/events';
import type { Bike, DeliveryPoint, Order, Payment, Product, Route, User } from '../../src/domain/entities/operation';
import type { CatalogDoc } from '../../src/domain/entities/reference';
import { createRng, type Rng } from '../../src/domain/prng';
import { must, type Options } from './options';
import { type HubDef, HUBS } from './places';
import { type ClientDef, type ClientKey, CLIENTS } from './products-data';

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

export interface PointInfo {
  readonly dp: DeliveryPoint;
  readonly clients: readonly ClientKey[];
}

/** The documents made so far (one array per local collection) and the indexes the later phases read. */
export class DemoState {
  readonly rng: Rng;

  readonly catalog: CatalogDoc[] = [];
  readonly users: User[] = [];
  readonly bikes: Bike[] = [];
  readonly products: Product[] = [];
  readonly points: DeliveryPoint[] = [];
  readonly orders: Order[] = [];
  readonly routes: Route[] = [];
  readonly payments: Payment[] = [];
  readonly deliveries: DeliveryEvent[] = [];
  readonly incidences: Incidence[] = [];
  readonly receipts: Receipt[] = [];
  readonly picks: PickEvent[] = [];

  readonly taxRate = new Map<string, number>();
  readonly productById = new Map<string, Product>();
  readonly activeProducts = new Map<ClientKey, Product[]>();
  readonly pointsByHub = new Map<number, PointInfo[]>();
  readonly pointById = new Map<string, PointInfo>();
  readonly orderById = new Map<string, Order>();
  readonly ridersByHub = new Map<number, User[]>();
  readonly bikesByHub = new Map<number, Bike[]>();
  readonly hubByNumber = new Map<number, HubDef>(HUBS.map((h) => [h.number, h]));
  readonly clientByKey = new Map<ClientKey, ClientDef>(CLIENTS.map((c) => [c.key, c]));

  constructor(readonly o: Options) {
    this.rng = createRng(o.seed);
  }

  /** `now` minus `ms`, never before the epoch. */
  ago(ms: number): number {
    return Math.max(0, this.o.now - Math.round(ms));
  }

  /** An event time: between the epoch and `now`. */
  at(ms: number): number {
    return Math.max(0, Math.min(this.o.now, Math.round(ms)));
  }

  hub(n: number): HubDef {
    return must(this.hubByNumber.get(n), `el hub ${n}`);
  }

  /** Every collection's documents, keyed (and ordered) as the local collections. */
  data(): DemoData {
    return {
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
  }
}
