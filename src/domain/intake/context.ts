/**
 * What an intake is checked against: the catalogue (clients, products, taxes, hubs), the
 * delivery points and the existing orders. Plain data (it crosses into the import worker by
 * structured clone); `indexIntakeContext` builds the lookups once per import.
 */
import type { DeliveryPoint, Order, Product } from '../entities/operation';
import type { Client, Hub, Tax } from '../entities/reference';
import { normaliseText } from './fields';

export interface IntakeContext {
  readonly clients: readonly Client[];
  readonly products: readonly Product[];
  readonly taxes: readonly Tax[];
  readonly hubs: readonly Hub[];
  readonly points: readonly DeliveryPoint[];
  /**
   * Existing orders that may carry the same (client, external reference) as the input. An
   * intake cannot date an order in the past, so the orders dated today or later are enough to
   * find every order a file may update; older ones with the same reference are not seen.
   */
  readonly orders: readonly Order[];
}

export const emptyIntakeContext = (): IntakeContext => ({ clients: [], products: [], taxes: [], hubs: [], points: [], orders: [] });

export interface IntakeIndex {
  readonly clients: ReadonlyMap<string, Client>;
  /** Client by key, id, name (and the parts of a name with brackets) or tax id, normalised. */
  readonly clientByAlias: ReadonlyMap<string, Client>;
  /** `${client_id}|${sku or id, lower case}` → product. */
  readonly productByCode: ReadonlyMap<string, Product>;
  /** sku or id (lower case) → products of any client (to tell «of another client» from «unknown»). */
  readonly productAnyClient: ReadonlyMap<string, Product>;
  readonly productsByEan: ReadonlyMap<string, readonly Product[]>;
  readonly taxes: readonly Tax[];
  readonly hubs: ReadonlyMap<number, Hub>;
  /** `${provider or client key, lower case}|${reference, lower case}` → points (client_providers and ref_providers). */
  readonly pointsByRef: ReadonlyMap<string, readonly DeliveryPoint[]>;
  /** `${postal code}|${normalised address}` → points. */
  readonly pointsByAddress: ReadonlyMap<string, readonly DeliveryPoint[]>;
  /** Hub that serves most active points of a postal code / of a province (first two digits). */
  readonly hubByPostalCode: ReadonlyMap<string, number>;
  readonly hubByProvince: ReadonlyMap<string, number>;
  /** `${client_id}|${external reference, lower case}` → order. */
  readonly orderByRef: ReadonlyMap<string, Order>;
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V): void => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/** The hub with most votes per key (ties: the lowest hub number). */
function winners(votes: Map<string, Map<number, number>>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [key, counts] of votes) {
    let best = -1;
    let bestN = 0;
    for (const [hub, n] of counts) if (n > bestN || (n === bestN && hub < best)) [best, bestN] = [hub, n];
    if (best >= 0) out.set(key, best);
  }
  return out;
}

export function addressKey(postalCode: string, address: string): string {
  return `${postalCode}|${normaliseText(address)}`;
}

export function refKey(owner: string, ref: string): string {
  return `${owner.toLowerCase()}|${ref.trim().toLowerCase()}`;
}

export function orderRefKey(clientId: string, externalRef: string): string {
  return `${clientId}|${externalRef.trim().toLowerCase()}`;
}

export function indexIntakeContext(ctx: IntakeContext): IntakeIndex {
  const clients = new Map<string, Client>();
  const clientByAlias = new Map<string, Client>();
  for (const c of ctx.clients) {
    clients.set(c.id, c);
    const aliases = [c.key, c.id, c.name, c.tax_id, ...c.name.split(/[()]/)];
    for (const a of aliases) {
      const k = normaliseText(a);
      if (k !== '' && !clientByAlias.has(k)) clientByAlias.set(k, c);
    }
  }
  const productByCode = new Map<string, Product>();
  const productAnyClient = new Map<string, Product>();
  const productsByEan = new Map<string, Product[]>();
  for (const p of ctx.products) {
    for (const code of [p.sku, p.id]) {
      const k = code.toLowerCase();
      if (!productByCode.has(`${p.client_id}|${k}`)) productByCode.set(`${p.client_id}|${k}`, p);
      if (!productAnyClient.has(k)) productAnyClient.set(k, p);
    }
    if (p.barcode !== '') push(productsByEan, p.barcode, p);
  }
  const pointsByRef = new Map<string, DeliveryPoint[]>();
  const pointsByAddress = new Map<string, DeliveryPoint[]>();
  const postalVotes = new Map<string, Map<number, number>>();
  const provinceVotes = new Map<string, Map<number, number>>();
  const vote = (votes: Map<string, Map<number, number>>, key: string, hub: number): void => {
    let m = votes.get(key);
    if (!m) votes.set(key, (m = new Map()));
    m.set(hub, (m.get(hub) ?? 0) + 1);
  };
  for (const p of ctx.points) {
    const keys = new Set<string>();
    for (const e of [...p.client_providers, ...p.ref_providers]) {
      const dash = e.indexOf('-');
      if (dash > 0 && dash < e.length - 1) keys.add(refKey(e.slice(0, dash), e.slice(dash + 1)));
    }
    for (const k of keys) push(pointsByRef, k, p);
    push(pointsByAddress, addressKey(p.postal_code, p.address), p);
    if (p.active) {
      vote(postalVotes, p.postal_code, p.hub);
      vote(provinceVotes, p.postal_code.slice(0, 2), p.hub);
    }
  }
  const orderByRef = new Map<string, Order>();
  for (const o of ctx.orders) {
    if (o.external_ref.trim() !== '') orderByRef.set(orderRefKey(o.client_id, o.external_ref), o);
  }
  return {
    clients,
    clientByAlias,
    productByCode,
    productAnyClient,
    productsByEan,
    taxes: ctx.taxes,
    hubs: new Map(ctx.hubs.filter((h) => h.active).map((h) => [h.number, h])),
    pointsByRef,
    pointsByAddress,
    hubByPostalCode: winners(postalVotes),
    hubByProvince: winners(provinceVotes),
    orderByRef,
  };
}
