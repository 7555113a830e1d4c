/** Reference data of the demo (roles, taxes, statuses, clients, Synlab, bike models, hubs): the `catalog` phase. */
import { DEFAULT_ROLE_GROUPS, SYSTEM_ROLES, type SystemRole } from '../../src/domain/access/groups';
import type { BikeModel, Client, Hub, Role, Status, SynlabConfig, Tax } from '../../src/domain/entities/reference';
import { MACHINES, STATUS_FAMILIES } from '../../src/domain/status/machines';
import { DAY, HOUR, must } from './options';
import { CITIES, HUBS } from './places';
import { CLIENTS, type TaxId } from './products-data';
import type { DemoState } from './state';

/** Admin statuses that are failed-delivery reasons a rider picks (delivery family, `failed`). */
export const FAILED_DELIVERY_REASONS = [
  { id: 'st-delivery-ausente', name: 'Ausente', color: '#EF6C00', weight: 35, note: 'Nadie responde al timbre ni al teléfono.' },
  { id: 'st-delivery-cerrado', name: 'Cerrado', color: '#6D4C41', weight: 30, note: 'Persiana bajada a la hora de la entrega.' },
  { id: 'st-delivery-rechazado', name: 'Rechazado por el cliente', color: '#C62828', weight: 10, note: 'El cliente no acepta el pedido.' },
  { id: 'st-delivery-direccion-incorrecta', name: 'Dirección incorrecta', color: '#AD1457', weight: 10, note: 'El número no corresponde a ningún local.' },
  { id: 'st-delivery-otro-motivo', name: 'Otro motivo', color: '#546E7A', weight: 15, note: 'Acceso cortado por obras en la calle.' },
] as const;

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

export const BIKE_MODELS: readonly BikeModelDef[] = [
  { id: 'bm-urban-arrow-cargo-xl', name: 'Urban Arrow Cargo XL', brand: 'Urban Arrow', capacity_kg: 200, capacity_l: 1500, range_km: 60, share: 3 },
  { id: 'bm-bullitt-e6100', name: 'Bullitt E6100', brand: 'Larry vs Harry', capacity_kg: 100, capacity_l: 250, range_km: 70, share: 2 },
  { id: 'bm-riese-muller-load-75', name: 'Riese & Müller Load 75', brand: 'Riese & Müller', capacity_kg: 100, capacity_l: 300, range_km: 100, share: 2 },
  { id: 'bm-douze-g4', name: 'Douze G4', brand: 'Douze Cycles', capacity_kg: 100, capacity_l: 300, range_km: 60, share: 1 },
  { id: 'bm-velove-armadillo', name: 'Velove Armadillo', brand: 'Velove', capacity_kg: 180, capacity_l: 1500, range_km: 50, share: 1 },
];

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

export function buildCatalog(ctx: DemoState): void {
  const rng = ctx.rng.fork('catalog');
  const ref = (days: number) => ctx.ago(days * DAY + rng.int(0, 8 * HOUR));

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
    ctx.catalog.push(role);
  }

  for (const [id, name, rate] of TAXES) {
    const tax: Tax = { id, kind: 'tax', name, active: true, updated_at: ref(90), rate_bp: rate };
    ctx.taxRate.set(id, rate);
    ctx.catalog.push(tax);
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
      ctx.catalog.push(status);
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
    ctx.catalog.push(status);
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
    ctx.catalog.push(client);
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
  ctx.catalog.push(synlab);

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
    ctx.catalog.push(model);
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
    ctx.catalog.push(hub);
  }
}
