/** Staff and riders (`users`) and the hubs' fleet (`bikes`). */
import type { SystemRole } from '../../src/domain/access/groups';
import type { Bike, User } from '../../src/domain/entities/operation';
import type { Rng } from '../../src/domain/prng';
import { personName } from './names';
import { DAY, isoOf, pad, parseIsoDate } from './options';
import { HUBS } from './places';
import { BIKE_MODELS } from './reference';
import type { DemoState } from './state';

/** Fixed staff accounts (riders are generated). */
const STAFF: readonly { id: string; name: string; role: SystemRole; email: string; hub: number; hubs: readonly number[]; phone: string }[] = [
  { id: 'u-admin', name: 'Laura Martín Gómez', role: 'admin', email: 'admin@cargobici.test', hub: 0, hubs: [], phone: '+34 600 100 200' },
  { id: 'u-operador', name: 'Javier Ruiz Ortega', role: 'operator', email: 'operador@cargobici.test', hub: 1, hubs: [1], phone: '+34 600 100 201' },
  { id: 'u-operador-mad', name: 'Carmen Navarro Gil', role: 'operator', email: 'operador.mad@cargobici.test', hub: 2, hubs: [2], phone: '+34 600 100 202' },
  { id: 'u-operador-bcn', name: 'Jordi Puig Ferrer', role: 'operator', email: 'operador.bcn@cargobici.test', hub: 3, hubs: [3, 4], phone: '+34 600 100 203' },
];

/** Who picks (and reviews payments) in each hub: the city's operator. */
export const HUB_OPERATOR: Readonly<Record<number, string>> = { 1: 'u-operador', 2: 'u-operador-mad', 3: 'u-operador-bcn', 4: 'u-operador-bcn' };

export function mobile(rng: Rng): string {
  return `+34 6${pad(rng.int(0, 99), 2)} ${pad(rng.int(0, 999), 3)} ${pad(rng.int(0, 999), 3)}`;
}

export function buildUsers(ctx: DemoState): void {
  const rng = ctx.rng.fork('users');
  for (const s of STAFF) {
    ctx.users.push({ id: s.id, name: s.name, role: s.role, email: s.email, hub: s.hub, hubs: [...s.hubs], phone: s.phone, active: true, updated_at: ctx.ago(40 * DAY) });
  }
  const used = new Set(STAFF.map((s) => s.name));
  let n = 0;
  for (const h of HUBS) {
    const riders: User[] = [];
    for (let k = 0; k < ctx.o.ridersPerHub; k += 1) {
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
        hubs: [],
        phone: mobile(rng),
        active: true,
        updated_at: ctx.ago(rng.int(2, 60) * DAY),
      };
      riders.push(rider);
      ctx.users.push(rider);
    }
    ctx.ridersByHub.set(h.number, riders);
  }
}

export function buildBikes(ctx: DemoState): void {
  const rng = ctx.rng.fork('bikes');
  const today = parseIsoDate(ctx.o.today);
  const perHub = Math.max(6, ctx.o.ridersPerHub + 2);
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
        updated_at: ctx.ago(rng.int(1, 20) * DAY),
      };
      list.push(bike);
      ctx.bikes.push(bike);
    }
    ctx.bikesByHub.set(h.number, list);
  }
}
