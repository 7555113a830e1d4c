/** One valid sample of each entity (tests/domain/entities.test.ts), to be varied into invalid ones. */
import type { CatalogKind } from '../../src/domain/entities/reference';

export const T = 1_763_800_000_000; // 22 Nov 2025, epoch ms

export const user = {
  id: 'u-rider-1',
  name: 'Lucía Romero',
  role: 'rider',
  email: 'lucia@cargobici.es',
  hub: 1,
  hubs: [],
  phone: '+34 600 123 456',
  active: true,
  updated_at: T,
};

export const bike = {
  id: 'bike-12',
  code: 'CB-MAD-012',
  model_id: 'bm-1',
  hub: 1,
  status: 'available',
  battery_pct: 80,
  last_service_date: '2026-11-01',
  notes: '',
  updated_at: T,
};

export const product = {
  id: 'p-1',
  name: 'Leche entera 1 l',
  sku: 'LE-1L',
  barcode: '4006381333931',
  client_id: 'c-pascual',
  unit: 'ud',
  weight_g: 1030,
  volume_ml: 1000,
  price_cents: 95,
  tax_id: 'iva-4',
  cold: true,
  active: true,
  updated_at: T,
};

export const deliveryPoint = {
  id: 'pe-100',
  name: 'Bar Manolo',
  hub: 1,
  ref_providers: ['PASCUAL-0001'],
  client_providers: ['PASCUAL-C9'],
  kind: 'bar',
  address: 'Calle Mayor 1',
  postal_code: '28013',
  city: 'Madrid',
  lat: 40.4168,
  lng: -3.7038,
  contact_name: 'Manolo',
  phone: '915551234',
  opens: '08:00',
  closes: '14:00',
  notes: '',
  active: true,
  updated_at: T,
};

export const line = {
  line_id: '1',
  product_id: 'p-1',
  name: 'Leche entera 1 l',
  quantity: 12,
  unit_price_cents: 95,
  tax_id: 'iva-4',
  tax_rate_bp: 400,
  picked_quantity: 0,
};

export const order = {
  id: 'o-1',
  code: 'P-20261122-0042',
  client_id: 'c-pascual',
  delivery_point_id: 'pe-100',
  hub: 1,
  date: '2026-11-22',
  window_start: '09:00',
  window_end: '11:00',
  status: 'pending',
  picking_status: 'pending',
  status_id: '',
  route_id: '',
  lines: [line, { ...line, line_id: '2', product_id: 'p-2', name: 'Cerveza', quantity: 24, unit_price_cents: 120, tax_id: 'iva-21', tax_rate_bp: 2100 }],
  payment_method: 'cash',
  external_ref: 'QLZ-998',
  notes: '',
  created_at: T,
  updated_at: T,
};

export const route = {
  id: 'r-1',
  code: 'R-0001',
  name: 'Centro mañana',
  hub: 1,
  date: '2026-11-22',
  rider_id: 'u-rider-1',
  bike_id: 'bike-12',
  status: 'planned',
  status_id: '',
  stops: [
    { seq: 1, delivery_point_id: 'pe-100', order_ids: ['o-1'], eta: '09:30' },
    { seq: 2, delivery_point_id: 'pe-101', order_ids: ['o-2', 'o-3'], eta: '10:00' },
  ],
  planned_start: '08:30',
  distance_m: 12_500,
  cancel_reason: '',
  updated_at: T,
};

export const payment = {
  id: 'pay-1',
  kind: 'order',
  order_id: 'o-1',
  route_id: 'r-1',
  rider_id: 'u-rider-1',
  method: 'cash',
  amount_due_cents: 4_623,
  amount_collected_cents: 5_000,
  status: 'collected',
  status_id: '',
  collected_at: T,
  reviewed_by: '',
  note: '',
  updated_at: T,
};

export const eventBase = { id: '3f1c9a52-8d2e-4b7a-9c41-0e5d6f7a8b9c', at: T, created_by: 'u-rider-1', position: { lat: 40.4, lng: -3.7, accuracy_m: 12 } };

export const deliveryEvent = {
  ...eventBase,
  kind: 'delivered',
  order_id: 'o-1',
  route_id: 'r-1',
  rider_id: 'u-rider-1',
  delivery_point_id: 'pe-100',
  lines: [{ line_id: '1', product_id: 'p-1', delivered: 12, refused: 0 }],
  reason_status_id: '',
  outcome: '',
  note: '',
  signer_name: '',
  signature_strokes: [],
  signature_file: '',
  payment_method: '',
  amount_due_cents: 0,
  amount_collected_cents: 0,
  change_cents: 0,
  photo_file: '',
};

export const incidence = {
  ...eventBase,
  position: null,
  kind: 'picker-product',
  type: 'damaged',
  order_id: 'o-1',
  product_id: 'p-1',
  route_id: 'r-1',
  delivery_point_id: 'pe-100',
  hub: 1,
  quantity: 2,
  note: 'Dos bricks rotos',
  photo_file: 'incidences/3f1c9a52.jpg',
};

export const receipt = {
  ...eventBase,
  route_id: 'r-1',
  rider_id: 'u-rider-1',
  hub: 1,
  lines: [{ product_id: 'p-1', name: 'Leche entera 1 l', expected: 12, received: 12 }],
  note: '',
};

export const pick = {
  ...eventBase,
  route_id: 'r-1',
  order_id: 'o-1',
  line_id: '1',
  product_id: 'p-1',
  delivery_point_id: 'pe-100',
  hub: 1,
  quantity: 12,
  scanned_barcode: '4006381333931',
};

export const catalogBase = { name: 'Registro', active: true, updated_at: T };
export const statusOf = (kind: CatalogKind, system_status: string) => ({
  ...catalogBase,
  id: `st-${kind}`,
  kind,
  color: '#e03131',
  system_status,
  sort: 10,
  rider_visible: true,
});
export const synlab = {
  ...catalogBase,
  client_id: 'c-synlab',
  endpoint_url: 'https://synlab.example.com/api',
  hub: 2,
  pickup_start: '07:00',
  pickup_end: '09:00',
  sample_types: ['Sangre', 'Orina'],
  cold_chain: true,
  notify_email: 'lab@synlab.example.com',
};

export const catalogSamples: Record<CatalogKind, Record<string, unknown>> = {
  role: { ...catalogBase, id: 'rider', kind: 'role', groups: ['machine-rider'], base_role: 'rider', system: true },
  tax: { ...catalogBase, id: 'iva-21', name: 'IVA 21 %', kind: 'tax', rate_bp: 2100 },
  'status-route': statusOf('status-route', 'in_progress'),
  'status-order': statusOf('status-order', 'out_for_delivery'),
  'status-picking': statusOf('status-picking', 'incomplete'),
  'status-delivery': statusOf('status-delivery', 'failed'),
  'status-payment': statusOf('status-payment', 'disputed'),
  'config-synlab': { ...synlab, id: 'synlab', kind: 'config-synlab', published_at: T },
  'config-synlab-temp': { ...synlab, id: 'synlab-draft', kind: 'config-synlab-temp', base_id: 'synlab' },
  'bike-model': { ...catalogBase, id: 'bm-1', kind: 'bike-model', brand: 'Urban Arrow', capacity_kg: 125, capacity_l: 300, electric: true, range_km: 60 },
  hub: {
    ...catalogBase,
    id: 'hub-1',
    kind: 'hub',
    number: 1,
    city: 'Madrid',
    address: 'Calle de Embajadores 100',
    lat: 40.398,
    lng: -3.697,
    opens: '06:00',
    closes: '20:00',
    phone: '910000000',
  },
  client: {
    ...catalogBase,
    id: 'c-pascual',
    kind: 'client',
    key: 'pascual',
    tax_id: 'A12345678',
    contact_email: '',
    phone: '',
    payment_terms: 'on_account',
    notes: '',
  },
  'import-mapping': {
    ...catalogBase,
    id: 'imap-0123456789abcdef',
    kind: 'import-mapping',
    client_id: 'c-pascual',
    header_key: '0123456789abcdef',
    headers: ['Referencia', 'Fecha', 'Otra'],
    fields: ['external_ref', 'date', ''],
  },
  'config-sustainability': { ...catalogBase, id: 'config-sustainability', name: 'Sostenibilidad', kind: 'config-sustainability', co2_g_per_km: 200, diesel_l_per_100km: 7.6, source: 'EEA 2022' },
  'config-planning': { ...catalogBase, id: 'config-planning-1', name: 'Objetivo hub 1', kind: 'config-planning', hub: 1, objective: 'balanced', cost_per_route: 40, cost_per_hour: 18 },
};
