/** Delivery points on real streets of both cities, each served by its nearest hub. */
import type { DeliveryPoint } from '../../src/domain/entities/operation';
import { businessName, personName, POINT_NOTES, type PointKind } from './names';
import { DAY, must, pad, round6 } from './options';
import { mobile } from './people';
import { CITIES, type CityKey, HUBS, isInsideCity, nearestHub, STREETS } from './places';
import type { ClientKey } from './products-data';
import type { DemoState} from './state';
import { type PointInfo } from './state';

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

export function buildPoints(ctx: DemoState): void {
  const rng = ctx.rng.fork('points');
  const width = Math.max(5, String(ctx.o.deliveryPoints).length);
  const refCounter: Record<ClientKey, number> = { pascual: 0, bimbo: 0, synlab: 0 };
  const refBase: Record<ClientKey, number> = { pascual: rng.int(100, 900), bimbo: rng.int(100, 900), synlab: rng.int(100, 900) };
  for (const h of HUBS) ctx.pointsByHub.set(h.number, []);

  for (let i = 0; i < ctx.o.deliveryPoints; i += 1) {
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
    const phone = kind === 'home' ? mobile(rng) : `+34 ${CITIES[city].phonePrefix}${rng.int(0, 9)} ${pad(rng.int(0, 99), 2)} ${pad(rng.int(0, 99), 2)} ${pad(rng.int(0, 99), 2)}`;
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
      updated_at: ctx.ago(rng.int(0, 365) * DAY + rng.int(0, DAY)),
    };
    ctx.points.push(dp);
    const info: PointInfo = { dp, clients };
    ctx.pointById.set(dp.id, info);
    if (dp.active) must(ctx.pointsByHub.get(hub), `la lista del hub ${hub}`).push(info);
  }
}
