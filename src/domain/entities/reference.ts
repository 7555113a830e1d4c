/**
 * Small reference sets. Locally they share the `catalog` collection, one `kind` per stored
 * collection of the specification (see ../collections.ts).
 */
import { z } from 'zod';
import { INTERFACE_GROUPS, SYSTEM_ROLES } from '../access/groups';
import { STATUS_FAMILIES, MACHINES } from '../status/machines';
import { msg, saying, worded } from '../messages';
import { basisPoints, cents, email, epochMs, hexColor, hubNumber, idField, latitude, longitude, name, optionalRef, phone, text, timeOfDay } from './fields';

/** Fields every catalog document has, whatever its kind. */
const catalogBase = {
  id: idField(),
  name: name(),
  /** Inactive entries stay for history but are not offered in forms. */
  active: z.boolean(),
  updated_at: epochMs(),
};

/** A role: which interface groups it opens, and which system role's data rights it has. */
export const roleSchema = z.object({
  ...catalogBase,
  kind: z.literal('role'),
  groups: z.array(z.enum(INTERFACE_GROUPS)).max(INTERFACE_GROUPS.length),
  /** The data permissions follow one of the system roles (the access table is per system role). */
  base_role: z.enum(SYSTEM_ROLES),
  /** System roles (admin, operator, rider, anonimus) cannot be deleted. */
  system: z.boolean(),
});
export type Role = z.infer<typeof roleSchema>;

/** A tax of the taxes catalogue (IVA 21 %, 10 %, 4 %…). */
export const taxSchema = z.object({
  ...catalogBase,
  kind: z.literal('tax'),
  rate_bp: basisPoints(),
});
export type Tax = z.infer<typeof taxSchema>;

const allSystemStatuses = [...new Set(STATUS_FAMILIES.flatMap((f) => MACHINES[f].statuses as readonly string[]))] as [string, ...string[]];

/**
 * An admin-defined status (/config/status): own label and colour, mapped onto a system status
 * of its family's state machine (for example «Ausente» → delivery `failed`).
 */
export const statusSchema = z
  .object({
    ...catalogBase,
    kind: z.enum(['status-route', 'status-order', 'status-picking', 'status-delivery', 'status-payment']),
    color: hexColor(),
    system_status: z.enum(allSystemStatuses),
    /** Order in lists and selectors. */
    sort: z.int().min(0).max(10_000),
    /** Shown to riders as a reason (failed delivery reasons, for example). */
    rider_visible: z.boolean(),
  })
  .superRefine((s, ctx) => {
    const family = s.kind.slice('status-'.length) as (typeof STATUS_FAMILIES)[number];
    if (!(MACHINES[family].statuses as readonly string[]).includes(s.system_status)) {
      ctx.addIssue({
        code: 'custom',
        path: ['system_status'],
        message: worded(msg('domain.entities.systemStatus', { status: s.system_status, family: msg(`domain.entities.family.${family}`) })),
      });
    }
  });
export type Status = z.infer<typeof statusSchema>;

/** Synlab (external client) integration settings. `config-synlab-temp` is the draft being edited. */
const synlabFields = {
  ...catalogBase,
  /** Client document this configuration belongs to. */
  client_id: idField(),
  endpoint_url: z.string().max(500).url({ error: saying('domain.validation.url') }).or(z.literal('')),
  /** Hub that receives Synlab samples. */
  hub: hubNumber(),
  pickup_start: timeOfDay(),
  pickup_end: timeOfDay(),
  sample_types: z.array(name(60)).max(50),
  cold_chain: z.boolean(),
  notify_email: email().or(z.literal('')),
};
export const synlabConfigSchema = z.object({
  ...synlabFields,
  kind: z.literal('config-synlab'),
  published_at: epochMs(),
});
export type SynlabConfig = z.infer<typeof synlabConfigSchema>;

export const synlabDraftSchema = z.object({
  ...synlabFields,
  kind: z.literal('config-synlab-temp'),
  /** The published configuration this draft edits ('' for a new one). */
  base_id: z.string().max(64),
});
export type SynlabDraft = z.infer<typeof synlabDraftSchema>;

/** A cargo-bike model and what it can carry. */
export const bikeModelSchema = z.object({
  ...catalogBase,
  kind: z.literal('bike-model'),
  brand: name(60),
  capacity_kg: z.int().min(1).max(1000),
  capacity_l: z.int().min(1).max(5000),
  electric: z.boolean(),
  range_km: z.int().min(0).max(500),
});
export type BikeModel = z.infer<typeof bikeModelSchema>;

/** A hub (distribution centre). `number` is what delivery points and orders call `hub`. */
export const hubSchema = z.object({
  ...catalogBase,
  kind: z.literal('hub'),
  number: hubNumber(),
  city: name(60),
  address: name(200),
  lat: latitude(),
  lng: longitude(),
  opens: timeOfDay(),
  closes: timeOfDay(),
  phone: phone(),
  /**
   * The cash a rider of this hub may carry before the app warns him and the operators (issue
   * 13); 0: no limit. Absent on hubs saved before schema version 2: DEFAULT_CASH_THRESHOLD_CENTS.
   */
  cash_limit_cents: cents().optional(),
  /**
   * Travel times of the hub's planning board and optimiser (issue 11): straight-line distance ×
   * `detour_factor` at `speed_kmh`. Absent on hubs saved before schema version 3:
   * DEFAULT_TRAVEL_SETTINGS (1.3 at 15 km/h).
   */
  detour_factor: z.number().min(1).max(5).optional(),
  speed_kmh: z.number().min(1).max(60).optional(),
});
export type Hub = z.infer<typeof hubSchema>;

/** A client whose goods we deliver (Qualianza/Pascual, Bimbo, Synlab…). */
export const clientSchema = z.object({
  ...catalogBase,
  kind: z.literal('client'),
  /** Short key used by the order-ingest API (`pascual`, `bimbo`, `synlab`). */
  key: z.string().min(1).max(32).regex(/^[a-z0-9-]+$/, { error: saying('domain.entities.clientKey') }),
  tax_id: z.string().max(20),
  contact_email: email().or(z.literal('')),
  phone: phone(),
  /** Default payment method of its orders. */
  payment_terms: z.enum(['cash', 'card', 'transfer', 'on_account']),
  notes: text(500),
});
export type Client = z.infer<typeof clientSchema>;

/**
 * A remembered column mapping of order intake (src/domain/intake/mapping.ts): which field each
 * header of a file holds, for one client ('' when the file names the client on every row) and
 * one header set. A kind of our own, not a stored collection of the specification: it lives in
 * the catalog so it syncs to every operator's device without a 13th collection.
 */
export const importMappingSchema = z
  .object({
    ...catalogBase,
    kind: z.literal('import-mapping'),
    client_id: optionalRef(),
    /** Hash of the header set (headerKey): the same headers in any order. */
    header_key: z.string().regex(/^[0-9a-f]{16}$/, { error: saying('domain.entities.headerKey') }),
    headers: z.array(z.string().max(200)).min(1).max(200),
    /**
     * Field of each header (an intake column, src/domain/intake/fields.ts), aligned with
     * `headers`; '' = column not used. Stored as text, not as an enum of today's columns: a new
     * intake column then changes no stored shape, and a name this version does not know (written
     * by a newer app) reads as «not used» (mappingFromDoc).
     */
    fields: z.array(z.string().max(40)).max(200),
  })
  .refine((m) => m.fields.length === m.headers.length, { path: ['fields'], error: saying('domain.entities.fieldPerHeader') });
export type ImportMapping = z.infer<typeof importMappingSchema>;

/**
 * The van a cargo-bike km replaces, for the reports' sustainability figures (issue 34,
 * docs/reports.md): one document (id SUSTAINABILITY_CONFIG_ID), written by admins in
 * Configuración; absent: the defaults of src/domain/reports/extra.ts. Catalog schema version 4.
 */
export const sustainabilityConfigSchema = z.object({
  ...catalogBase,
  kind: z.literal('config-sustainability'),
  /** Grams of CO₂ per km of a diesel delivery van. */
  co2_g_per_km: z.number().min(0).max(2000),
  /** Litres of diesel per 100 km of that van. */
  diesel_l_per_100km: z.number().min(0).max(50),
  /** Where the figures come from (shown next to them). */
  source: text(500),
});
export type SustainabilityConfig = z.infer<typeof sustainabilityConfigSchema>;
export const SUSTAINABILITY_CONFIG_ID = 'config-sustainability';

/**
 * A hub's planning objective (issue 32, stored since catalog schema version 4, issue 34): «Mínimo
 * de repartidores» or «Repartir entre los disponibles», with optional costs per route and per hour.
 * One document per hub (id planningConfigId(hub)); operators of the hub and admins write it.
 */
export const planningConfigSchema = z.object({
  ...catalogBase,
  kind: z.literal('config-planning'),
  hub: hubNumber(),
  objective: z.enum(['min-vehicles', 'balanced']),
  cost_per_route: z.number().min(0).max(100_000).optional(),
  cost_per_hour: z.number().min(0).max(10_000).optional(),
});
export type PlanningConfig = z.infer<typeof planningConfigSchema>;
export const planningConfigId = (hub: number): string => `config-planning-${hub}`;

/** Catalog kinds of our own (no stored collection of the specification behind them). */
export const APP_CATALOG_KINDS = ['import-mapping', 'config-sustainability', 'config-planning'] as const;

export const CATALOG_KINDS = [
  'role',
  'tax',
  'status-route',
  'status-order',
  'status-picking',
  'status-delivery',
  'status-payment',
  'config-synlab',
  'config-synlab-temp',
  'bike-model',
  'hub',
  'client',
  ...APP_CATALOG_KINDS,
] as const;
export type CatalogKind = (typeof CATALOG_KINDS)[number];

/** The schema that validates a catalog document of each kind. */
export const catalogSchemas = {
  role: roleSchema,
  tax: taxSchema,
  'status-route': statusSchema,
  'status-order': statusSchema,
  'status-picking': statusSchema,
  'status-delivery': statusSchema,
  'status-payment': statusSchema,
  'config-synlab': synlabConfigSchema,
  'config-synlab-temp': synlabDraftSchema,
  'bike-model': bikeModelSchema,
  hub: hubSchema,
  client: clientSchema,
  'import-mapping': importMappingSchema,
  'config-sustainability': sustainabilityConfigSchema,
  'config-planning': planningConfigSchema,
} as const satisfies Record<CatalogKind, z.ZodType>;

export type CatalogDoc = Role | Tax | Status | SynlabConfig | SynlabDraft | BikeModel | Hub | Client | ImportMapping | SustainabilityConfig | PlanningConfig;

/** Validates any catalog document by its `kind`. */
export const catalogSchema = z.discriminatedUnion('kind', [
  roleSchema,
  taxSchema,
  statusSchema,
  synlabConfigSchema,
  synlabDraftSchema,
  bikeModelSchema,
  hubSchema,
  clientSchema,
  importMappingSchema,
  sustainabilityConfigSchema,
  planningConfigSchema,
]);
