/**
 * The master data of the operation, each described once for the generic record layer
 * (src/ui/crud/entity.tsx): bikes, bike models, hubs, products, clients, taxes and statuses.
 */
import { useMemo } from 'react';
import { z } from 'zod';
import { formatMoney, t, type MessageKey } from '../../i18n';
import { useCatalog } from '../../data/reference';
import { useLiveQuery } from '../../data/hooks';
import { allDocs } from '../../data/queries';
import { bikeSchema, productSchema, PAYMENT_METHODS, type Bike, type Product } from '../../domain/entities/operation';
import { bikeModelSchema, clientSchema, hubSchema, statusSchema, taxSchema, type BikeModel, type Client, type Hub, type Status, type Tax } from '../../domain/entities/reference';
import { DEFAULT_CASH_THRESHOLD_CENTS } from '../../domain/payments/cash';
import { eurosCell } from '../../domain/money';
import { DEFAULT_TRAVEL_SETTINGS } from '../../domain/routing/matrix';
import { MACHINES, STATUS_FAMILIES, type Machine, type StatusFamily } from '../../domain/status/machines';
import { catalogRows, collectionRows, entityLabels, type EntityConfig } from '../../ui/crud/entity';
import { RowTag } from '../../ui/crud/EntityTable';
import { activeColumn, activeFilter, formatRate, formSchema, hubFilter, hubLabel, hubOptions, hubSelect, refSelect, type Option } from '../../ui/crud/options';
import { LocationPicker } from '../../ui/map/LocationPicker';
import { href } from '../../links/registry';
import { statusNames } from '../../i18n/status';

const label = (key: MessageKey) => t(key);

// ── Bikes ────────────────────────────────────────────────────────────────────────────────────

const BIKE_STATUSES = bikeSchema.shape.status.options;
type BikeForm = Omit<Bike, 'hub'> & { hub: string };
interface FleetRefs {
  readonly hubs: Hub[];
  readonly models: BikeModel[];
  readonly loaded: boolean;
}

function useFleetRefs(): FleetRefs {
  const hubs = useCatalog('hub');
  const models = useCatalog('bike-model');
  return useMemo(() => ({ hubs: hubs.data, models: models.data, loaded: !hubs.loading && !models.loading }), [hubs, models]);
}

const bikeStatusOptions: Option[] = BIKE_STATUSES.map((s) => ({ value: s, label: label(`bikes.status_${s}`) }));
const BIKE_COLOR: Record<Bike['status'], string> = { available: 'teal', in_route: 'blue', maintenance: 'orange', retired: 'gray' };

export const bikeConfig: EntityConfig<'bikes', Bike, BikeForm, FleetRefs> = {
  collection: 'bikes',
  labels: entityLabels({ list: 'bikes.list', create: 'bikes.create', what: 'bikes.what' }, 'bicicletas'),
  paths: { list: href('bike'), create: href('bikeCreate'), edit: (id) => href('bikeEdit', { bike_id: id }) },
  idPrefix: 'bike',
  useRefs: useFleetRefs,
  ready: (r) => r.loaded,
  useRows: collectionRows('bikes'),
  columns: (r) => [
    { key: 'code', header: t('bikes.code'), value: (b) => b.code },
    { key: 'model', header: t('bikes.model'), value: (b) => r.models.find((m) => m.id === b.model_id)?.name ?? b.model_id, width: '2fr' },
    { key: 'hub', header: t('backoffice.hub'), value: (b) => hubLabel(r.hubs, b.hub), width: '2fr' },
    {
      key: 'status',
      header: t('bikes.status'),
      value: (b) => label(`bikes.status_${b.status}`),
      render: (b) => <RowTag color={BIKE_COLOR[b.status]}>{label(`bikes.status_${b.status}`)}</RowTag>,
    },
    { key: 'battery', header: t('bikes.battery'), value: (b) => b.battery_pct, render: (b) => `${b.battery_pct} %`, width: '100px' },
  ],
  filters: (r) => [
    hubFilter(r.hubs),
    { key: 'status', label: t('bikes.status'), options: bikeStatusOptions, test: (b, v) => b.status === v },
    { key: 'model', label: t('bikes.model'), options: r.models.map((m) => ({ value: m.id, label: m.name })), test: (b, v) => b.model_id === v },
  ],
  fields: (r) => [
    { name: 'code', label: t('bikes.code'), kind: 'text', description: t('bikes.codeHelp') },
    { name: 'model_id', label: t('bikes.model'), kind: 'select', options: r.models.filter((m) => m.active).map((m) => ({ value: m.id, label: `${m.brand} · ${m.name}` })) },
    { name: 'hub', label: t('backoffice.hub'), kind: 'select', options: hubOptions(r.hubs) },
    { name: 'status', label: t('bikes.status'), kind: 'select', options: bikeStatusOptions },
    { name: 'battery_pct', label: t('bikes.batteryPct'), kind: 'integer', min: 0, max: 100 },
    { name: 'last_service_date', label: t('bikes.lastService'), kind: 'date' },
    { name: 'notes', label: t('bikes.notes'), kind: 'textarea', wide: true },
  ],
  schema: formSchema(bikeSchema, { hub: hubSelect(), model_id: refSelect('bikes.chooseModel') }),
  blank: (r) => ({
    id: '',
    code: '',
    model_id: r.models.find((m) => m.active)?.id ?? '',
    hub: r.hubs[0] ? String(r.hubs[0].number) : '',
    status: 'available',
    battery_pct: 100,
    last_service_date: '',
    notes: '',
    updated_at: 0,
  }),
  toForm: (b) => ({ ...b, hub: String(b.hub) }),
  toDoc: (v, ctx) => ({ ...v, id: ctx.id, hub: Number(v.hub), code: v.code.trim(), updated_at: ctx.now }),
  name: (b) => b.code,
};

// ── Bike models ──────────────────────────────────────────────────────────────────────────────

interface ModelRefs {
  readonly bikes: Bike[];
}

function useModelRefs(): ModelRefs {
  const bikes = useLiveQuery<Bike[]>((db) => allDocs(db, 'bikes'), [], []);
  return useMemo(() => ({ bikes: bikes.data }), [bikes]);
}

export const bikeModelConfig: EntityConfig<'catalog', BikeModel, BikeModel, ModelRefs> = {
  collection: 'catalog',
  kinds: ['bike-model'],
  labels: entityLabels({ list: 'bikeModels.list', create: 'bikeModels.create', what: 'bikeModels.what' }, 'modelos-bicicleta'),
  paths: { list: href('bikeModel'), create: href('bikeModelCreate'), edit: (id) => href('bikeModelEdit', { bike_id: id }) },
  idPrefix: 'model',
  useRefs: useModelRefs,
  useRows: catalogRows(['bike-model']),
  columns: (r) => [
    { key: 'name', header: t('bikeModels.name'), value: (m) => m.name, width: '2fr' },
    { key: 'brand', header: t('bikeModels.brand'), value: (m) => m.brand },
    { key: 'kg', header: t('bikeModels.capacityKg'), value: (m) => m.capacity_kg, width: '110px' },
    { key: 'l', header: t('bikeModels.capacityL'), value: (m) => m.capacity_l, width: '110px' },
    { key: 'range', header: t('bikeModels.rangeKm'), value: (m) => m.range_km, width: '110px' },
    { key: 'bikes', header: t('bikeModels.bikes'), value: (m) => r.bikes.filter((b) => b.model_id === m.id).length, width: '110px' },
    activeColumn<BikeModel>(),
  ],
  filters: () => [activeFilter<BikeModel>()],
  fields: () => [
    { name: 'name', label: t('bikeModels.name'), kind: 'text' },
    { name: 'brand', label: t('bikeModels.brand'), kind: 'text' },
    { name: 'capacity_kg', label: t('bikeModels.capacityKg'), kind: 'integer', min: 1, max: 1000 },
    { name: 'capacity_l', label: t('bikeModels.capacityL'), kind: 'integer', min: 1, max: 5000 },
    { name: 'range_km', label: t('bikeModels.rangeKm'), kind: 'integer', min: 0, max: 500 },
    { name: 'electric', label: t('bikeModels.electric'), kind: 'checkbox' },
    { name: 'active', label: t('crud.active'), kind: 'checkbox' },
  ],
  schema: formSchema(bikeModelSchema),
  blank: () => ({ id: '', kind: 'bike-model', name: '', brand: '', capacity_kg: 100, capacity_l: 300, range_km: 50, electric: true, active: true, updated_at: 0 }),
  toForm: (m) => m,
  toDoc: (v, ctx) => ({ ...v, id: ctx.id, updated_at: ctx.now }),
  deleteBlocked: (m, r) => {
    const n = r.bikes.filter((b) => b.model_id === m.id).length;
    return n > 0 ? t('bikeModels.inUse', { n }) : null;
  },
  name: (m) => m.name,
};

// ── Hubs ─────────────────────────────────────────────────────────────────────────────────────

interface HubRefs {
  readonly hubs: Hub[];
  readonly loaded: boolean;
}

function useHubRefs(): HubRefs {
  const hubs = useCatalog('hub');
  return useMemo(() => ({ hubs: hubs.data, loaded: !hubs.loading }), [hubs]);
}

const MADRID = { lat: 40.4168, lng: -3.7038 };

export const hubConfig: EntityConfig<'catalog', Hub, Hub, HubRefs> = {
  collection: 'catalog',
  kinds: ['hub'],
  labels: entityLabels({ list: 'hubs.list', create: 'hubs.create', what: 'hubs.what' }, 'hubs'),
  paths: { list: href('hub'), create: href('hubCreate'), edit: (id) => href('hubEdit', { hub_id: id }) },
  idPrefix: 'hub',
  useRefs: useHubRefs,
  ready: (r) => r.loaded,
  useRows: catalogRows(['hub']),
  columns: () => [
    { key: 'name', header: t('hubs.name'), value: (h) => h.name, width: '2fr' },
    { key: 'number', header: t('hubs.number'), value: (h) => h.number, width: '90px' },
    { key: 'city', header: t('hubs.city'), value: (h) => h.city },
    { key: 'address', header: t('hubs.address'), value: (h) => h.address, width: '2fr' },
    { key: 'hours', header: t('hubs.hours'), value: (h) => `${h.opens}–${h.closes}`, width: '120px' },
    activeColumn<Hub>(),
  ],
  filters: (r) => [
    { key: 'city', label: t('hubs.city'), options: [...new Set(r.hubs.map((h) => h.city))].map((c) => ({ value: c, label: c })), test: (h, v) => h.city === v },
    activeFilter<Hub>(),
  ],
  fields: () => [
    { name: 'name', label: t('hubs.name'), kind: 'text' },
    { name: 'number', label: t('hubs.number'), kind: 'integer', min: 0, max: 9999, description: t('hubs.numberHelp') },
    { name: 'city', label: t('hubs.city'), kind: 'text' },
    { name: 'address', label: t('hubs.address'), kind: 'text' },
    { name: 'lat', label: t('backoffice.lat'), kind: 'number', min: -90, max: 90 },
    { name: 'lng', label: t('backoffice.lng'), kind: 'number', min: -180, max: 180 },
    { name: 'opens', label: t('hubs.opens'), kind: 'time' },
    { name: 'closes', label: t('hubs.closes'), kind: 'time' },
    { name: 'phone', label: t('hubs.phone'), kind: 'tel' },
    { name: 'cash_limit_cents', label: t('hubs.cashLimit'), kind: 'money', description: t('hubs.cashLimitHelp') },
    { name: 'detour_factor', label: t('hubs.detourFactor'), kind: 'number', min: 1, max: 5, description: t('hubs.detourFactorHelp') },
    { name: 'speed_kmh', label: t('hubs.speedKmh'), kind: 'number', min: 1, max: 60, description: t('hubs.speedKmhHelp') },
    { name: 'active', label: t('crud.active'), kind: 'checkbox' },
  ],
  schema: formSchema(hubSchema),
  blank: (r) => ({
    id: '',
    kind: 'hub',
    name: '',
    number: Math.max(0, ...r.hubs.map((h) => h.number)) + 1,
    city: '',
    address: '',
    lat: MADRID.lat,
    lng: MADRID.lng,
    opens: '07:00',
    closes: '20:00',
    phone: '',
    cash_limit_cents: DEFAULT_CASH_THRESHOLD_CENTS,
    detour_factor: DEFAULT_TRAVEL_SETTINGS.detourFactor,
    speed_kmh: DEFAULT_TRAVEL_SETTINGS.speedKmh,
    active: true,
    updated_at: 0,
  }),
  // A hub saved before the limit existed shows the default it has been using.
  toForm: (h) => ({
    ...h,
    cash_limit_cents: h.cash_limit_cents ?? DEFAULT_CASH_THRESHOLD_CENTS,
    detour_factor: h.detour_factor ?? DEFAULT_TRAVEL_SETTINGS.detourFactor,
    speed_kmh: h.speed_kmh ?? DEFAULT_TRAVEL_SETTINGS.speedKmh,
  }),
  toDoc: (v, ctx) => ({ ...v, id: ctx.id, updated_at: ctx.now }),
  check: (v, ctx) =>
    ctx.refs.hubs.some((h) => h.number === v.number && h.id !== ctx.id) ? [{ path: 'number', message: t('hubs.numberTaken', { n: v.number }) }] : [],
  extra: (api) => (
    <LocationPicker
      lat={api.values.lat}
      lng={api.values.lng}
      label={t('hubs.mapLabel')}
      help={t('backoffice.pickOnMap')}
      marker="H"
      onPick={(lat, lng) => api.setValues({ lat, lng })}
    />
  ),
  name: (h) => h.name,
};

// ── Products ─────────────────────────────────────────────────────────────────────────────────

interface ProductRefs {
  readonly clients: Client[];
  readonly taxes: Tax[];
  readonly loaded: boolean;
}

function useProductRefs(): ProductRefs {
  const clients = useCatalog('client');
  const taxes = useCatalog('tax');
  return useMemo(() => ({ clients: clients.data, taxes: taxes.data, loaded: !clients.loading && !taxes.loading }), [clients, taxes]);
}

const UNITS = productSchema.shape.unit.options;
const unitOptions: Option[] = UNITS.map((u) => ({ value: u, label: label(`products.unit_${u}`) }));

export const productConfig: EntityConfig<'products', Product, Product, ProductRefs> = {
  collection: 'products',
  labels: entityLabels({ list: 'products.list', create: 'products.create', what: 'products.what' }, 'productos'),
  paths: { list: href('productCrud'), create: href('productCreate'), edit: (id) => href('productEdit', { product_id: id }) },
  idPrefix: 'prod',
  useRefs: useProductRefs,
  ready: (r) => r.loaded,
  useRows: collectionRows('products'),
  columns: (r) => [
    { key: 'name', header: t('products.name'), value: (p) => p.name, width: '3fr' },
    { key: 'sku', header: t('products.sku'), value: (p) => p.sku, width: '120px' },
    { key: 'barcode', header: t('products.barcode'), value: (p) => p.barcode, width: '150px' },
    { key: 'client', header: t('products.client'), value: (p) => r.clients.find((c) => c.id === p.client_id)?.name ?? p.client_id, width: '2fr' },
    { key: 'price', header: t('products.price'), value: (p) => p.price_cents, csv: (p) => eurosCell(p.price_cents), render: (p) => formatMoney(p.price_cents), width: '110px' },
    { key: 'tax', header: t('products.tax'), value: (p) => r.taxes.find((x) => x.id === p.tax_id)?.name ?? p.tax_id, width: '110px' },
    activeColumn<Product>(),
  ],
  filters: (r) => [
    { key: 'client', label: t('products.client'), options: r.clients.map((c) => ({ value: c.id, label: c.name })), test: (p, v) => p.client_id === v },
    { key: 'tax', label: t('products.tax'), options: r.taxes.map((x) => ({ value: x.id, label: x.name })), test: (p, v) => p.tax_id === v },
    activeFilter<Product>(),
  ],
  fields: (r) => [
    { name: 'name', label: t('products.name'), kind: 'text', wide: true },
    { name: 'sku', label: t('products.sku'), kind: 'text' },
    { name: 'barcode', label: t('products.barcode'), kind: 'text', description: t('products.barcodeHelp') },
    { name: 'client_id', label: t('products.client'), kind: 'select', options: r.clients.map((c) => ({ value: c.id, label: c.name })) },
    { name: 'unit', label: t('products.unit'), kind: 'select', options: unitOptions },
    { name: 'price_cents', label: t('products.price'), kind: 'money' },
    { name: 'tax_id', label: t('products.tax'), kind: 'select', options: r.taxes.filter((x) => x.active).map((x) => ({ value: x.id, label: `${x.name} (${formatRate(x.rate_bp)})` })) },
    { name: 'weight_g', label: t('products.weight'), kind: 'integer', min: 0, max: 1_000_000 },
    { name: 'volume_ml', label: t('products.volume'), kind: 'integer', min: 0, max: 1_000_000 },
    { name: 'cold', label: t('products.cold'), kind: 'checkbox' },
    { name: 'active', label: t('crud.active'), kind: 'checkbox' },
  ],
  schema: formSchema(productSchema, { client_id: refSelect('products.chooseClient'), tax_id: refSelect('products.chooseTax') }),
  blank: (r) => ({
    id: '',
    name: '',
    sku: '',
    barcode: '',
    client_id: r.clients[0]?.id ?? '',
    unit: 'ud',
    weight_g: 0,
    volume_ml: 0,
    price_cents: 0,
    tax_id: r.taxes.find((x) => x.active)?.id ?? '',
    cold: false,
    active: true,
    updated_at: 0,
  }),
  toForm: (p) => p,
  toDoc: (v, ctx) => ({ ...v, id: ctx.id, barcode: v.barcode.trim(), updated_at: ctx.now }),
  name: (p) => p.name,
};

// ── Clients ──────────────────────────────────────────────────────────────────────────────────

const paymentOptions: Option[] = PAYMENT_METHODS.map((m) => ({ value: m, label: label(`delivery.method_${m}`) }));
const noRefs = () => null;

export const clientConfig: EntityConfig<'catalog', Client> = {
  collection: 'catalog',
  kinds: ['client'],
  labels: entityLabels({ list: 'clients.list', create: 'clients.create', what: 'clients.what' }, 'clientes'),
  paths: { list: href('config'), create: href('config'), edit: () => href('config') },
  idPrefix: 'client',
  useRefs: noRefs,
  useRows: catalogRows(['client']),
  columns: () => [
    { key: 'name', header: t('clients.name'), value: (c) => c.name, width: '2fr' },
    { key: 'key', header: t('clients.key'), value: (c) => c.key },
    { key: 'taxId', header: t('clients.taxId'), value: (c) => c.tax_id },
    { key: 'email', header: t('clients.email'), value: (c) => c.contact_email, width: '2fr' },
    { key: 'terms', header: t('clients.paymentTerms'), value: (c) => label(`delivery.method_${c.payment_terms}`) },
    activeColumn<Client>(),
  ],
  filters: () => [activeFilter<Client>()],
  fields: () => [
    { name: 'name', label: t('clients.name'), kind: 'text' },
    { name: 'key', label: t('clients.key'), kind: 'text', description: t('clients.keyHelp') },
    { name: 'tax_id', label: t('clients.taxId'), kind: 'text' },
    { name: 'contact_email', label: t('clients.email'), kind: 'email' },
    { name: 'phone', label: t('clients.phone'), kind: 'tel' },
    { name: 'payment_terms', label: t('clients.paymentTerms'), kind: 'select', options: paymentOptions },
    { name: 'notes', label: t('clients.notes'), kind: 'textarea', wide: true },
    { name: 'active', label: t('crud.active'), kind: 'checkbox' },
  ],
  schema: formSchema(clientSchema),
  blank: () => ({ id: '', kind: 'client', name: '', key: '', tax_id: '', contact_email: '', phone: '', payment_terms: 'on_account', notes: '', active: true, updated_at: 0 }),
  toForm: (c) => c,
  toDoc: (v, ctx) => ({ ...v, id: ctx.id, updated_at: ctx.now }),
  name: (c) => c.name,
};

// ── Taxes ────────────────────────────────────────────────────────────────────────────────────

export const taxConfig: EntityConfig<'catalog', Tax> = {
  collection: 'catalog',
  kinds: ['tax'],
  labels: entityLabels({ list: 'taxes.list', create: 'taxes.create', what: 'taxes.what' }, 'impuestos'),
  paths: { list: href('configTaxes'), create: href('createTaxes'), edit: (id) => href('taxEdit', { tax_id: id }) },
  idPrefix: 'tax',
  useRefs: noRefs,
  useRows: catalogRows(['tax']),
  columns: () => [
    { key: 'name', header: t('taxes.name'), value: (x) => x.name, width: '2fr' },
    { key: 'rate', header: t('taxes.rate'), value: (x) => x.rate_bp, render: (x) => formatRate(x.rate_bp) },
    activeColumn<Tax>(),
  ],
  filters: () => [activeFilter<Tax>()],
  fields: () => [
    { name: 'name', label: t('taxes.name'), kind: 'text' },
    { name: 'rate_bp', label: t('taxes.rate'), kind: 'percent' },
    { name: 'active', label: t('crud.active'), kind: 'checkbox' },
  ],
  schema: formSchema(taxSchema),
  blank: () => ({ id: '', kind: 'tax', name: '', rate_bp: 2100, active: true, updated_at: 0 }),
  toForm: (x) => x,
  toDoc: (v, ctx) => ({ ...v, id: ctx.id, updated_at: ctx.now }),
  name: (x) => x.name,
};

// ── Statuses ─────────────────────────────────────────────────────────────────────────────────

export const STATUS_KINDS = STATUS_FAMILIES.map((f) => `status-${f}` as const);
type StatusKind = (typeof STATUS_KINDS)[number];
const familyOf = (kind: StatusKind) => kind.slice('status-'.length) as StatusFamily;
const familyOptions: Option[] = STATUS_FAMILIES.map((f) => ({ value: `status-${f}`, label: label(`statuses.family_${f}`) }));
const systemLabel = (kind: StatusKind, s: string) => (statusNames(MACHINES[familyOf(kind)] as Machine<string>) as Readonly<Record<string, string>>)[s] ?? s;

export const statusConfig: EntityConfig<'catalog', Status> = {
  collection: 'catalog',
  kinds: STATUS_KINDS,
  labels: entityLabels({ list: 'statuses.list', create: 'statuses.create', what: 'statuses.what' }, 'estados'),
  paths: { list: href('configStatus'), create: href('createStatus'), edit: (id) => href('statusEdit', { id }) },
  idPrefix: 'st',
  useRefs: noRefs,
  useRows: catalogRows(STATUS_KINDS),
  columns: () => [
    {
      key: 'name',
      header: t('statuses.name'),
      value: (s) => s.name,
      width: '2fr',
    },
    {
      key: 'color',
      header: t('statuses.color'),
      value: (s) => s.color,
      render: (s) => (
        <span>
          <span aria-hidden style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 6, marginRight: 6, verticalAlign: 'middle', background: s.color }} />
          {s.color}
        </span>
      ),
      width: '120px',
    },
    { key: 'family', header: t('statuses.family'), value: (s) => label(`statuses.family_${familyOf(s.kind)}`) },
    { key: 'system', header: t('statuses.systemStatus'), value: (s) => systemLabel(s.kind, s.system_status) },
    { key: 'rider', header: t('statuses.riderVisible'), value: (s) => (s.rider_visible ? t('common.yes') : t('common.no')), width: '110px' },
    { key: 'sort', header: t('statuses.sort'), value: (s) => s.sort, width: '90px' },
    activeColumn<Status>(),
  ],
  filters: () => [
    { key: 'family', label: t('statuses.family'), options: familyOptions, test: (s, v) => s.kind === v },
    activeFilter<Status>(),
  ],
  fields: (_r, _mode, values) => {
    const kind = (STATUS_KINDS as readonly string[]).includes(values.kind) ? values.kind : 'status-order';
    const machine = MACHINES[familyOf(kind)];
    const systemOptions = (machine.statuses as readonly string[]).map((s) => ({ value: s, label: systemLabel(kind, s) }));
    return [
      { name: 'kind', label: t('statuses.family'), kind: 'select', options: familyOptions },
      { name: 'name', label: t('statuses.name'), kind: 'text' },
      { name: 'system_status', label: t('statuses.systemStatus'), kind: 'select', options: systemOptions, description: t('statuses.systemHelp') },
      { name: 'color', label: t('statuses.color'), kind: 'color' },
      { name: 'sort', label: t('statuses.sort'), kind: 'integer', min: 0, max: 10_000 },
      { name: 'rider_visible', label: t('statuses.riderVisible'), kind: 'checkbox', description: t('statuses.riderVisibleHelp') },
      { name: 'active', label: t('crud.active'), kind: 'checkbox' },
    ];
  },
  // The family may change: the mapped status must then be one of the new family's.
  onValuesChange: (values, previous) => {
    if (values.kind === previous.kind || !(STATUS_KINDS as readonly string[]).includes(values.kind)) return null;
    const statuses = MACHINES[familyOf(values.kind)].statuses as readonly string[];
    return statuses.includes(values.system_status) ? null : { system_status: MACHINES[familyOf(values.kind)].initial };
  },
  schema: formSchema(statusSchema, { system_status: z.string().min(1, { error: () => t('statuses.chooseSystem') }) }),
  blank: () => ({ id: '', kind: 'status-order', name: '', color: '#607D8B', system_status: 'pending', sort: 100, rider_visible: false, active: true, updated_at: 0 }),
  toForm: (s) => s,
  toDoc: (v, ctx) => ({ ...v, id: ctx.id, updated_at: ctx.now }),
  name: (s) => s.name,
};
