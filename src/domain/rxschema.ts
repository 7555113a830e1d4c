/**
 * From one zod schema to the JSON schema the local database stores (RxDB's schema format),
 * so an entity is declared once: its TypeScript type, its validation and its storage schema.
 * Pure JSON manipulation; src/data hands the result to RxDB.
 */
import { z } from 'zod';
import type { LocalCollectionDef } from './collections';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  additionalProperties?: boolean | JsonSchema;
  [key: string]: unknown;
};

export interface StorageJsonSchema extends JsonSchema {
  title: string;
  version: number;
  primaryKey: 'id';
  type: 'object';
  properties: Record<string, JsonSchema>;
  required: string[];
  indexes: (string | string[])[];
}

/** Adds what an indexable field needs: maxLength on enums, multipleOf on integers. */
function normalise(node: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...node };
  delete out.$schema;
  if (out.type === 'string' && Array.isArray(out.enum) && out.maxLength === undefined) {
    out.maxLength = Math.max(1, ...out.enum.map((v) => String(v).length));
  }
  if (out.type === 'integer' && out.multipleOf === undefined) out.multipleOf = 1;
  if (out.properties) {
    out.properties = Object.fromEntries(Object.entries(out.properties).map(([k, v]) => [k, normalise(v)]));
  }
  if (out.items) out.items = Array.isArray(out.items) ? out.items.map(normalise) : normalise(out.items);
  if (out.anyOf) out.anyOf = out.anyOf.map(normalise);
  if (out.oneOf) out.oneOf = out.oneOf.map(normalise);
  return out;
}

/** A discriminated union (the catalog) becomes one object: the union of its variants' fields. */
function mergeVariants(variants: JsonSchema[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const seen = new Map<string, JsonSchema[]>();
  for (const v of variants) {
    for (const [k, p] of Object.entries(v.properties ?? {})) seen.set(k, [...(seen.get(k) ?? []), p]);
  }
  for (const [k, defs] of seen) {
    const distinct = [...new Map(defs.map((d) => [JSON.stringify(d), d])).values()];
    if (distinct.length === 1) properties[k] = distinct[0] as JsonSchema;
    else if (distinct.every((d) => d.type === 'string' && (Array.isArray(d.enum) || d.const !== undefined))) {
      const values = [...new Set(distinct.flatMap((d) => (Array.isArray(d.enum) ? d.enum : [d.const])))];
      properties[k] = { type: 'string', enum: values };
    } else properties[k] = { anyOf: distinct };
  }
  const required = variants
    .map((v) => new Set(v.required ?? []))
    .reduce((acc, s) => new Set([...acc].filter((x) => s.has(x))));
  return { type: 'object', properties, required: [...required], anyOf: variants.map((v) => ({ ...v, additionalProperties: undefined })) };
}

/** The storage JSON schema of a local collection. */
export function toStorageSchema(def: LocalCollectionDef): StorageJsonSchema {
  let json = z.toJSONSchema(def.schema, { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const variants = json.oneOf ?? json.anyOf;
  if (!json.properties && variants) json = mergeVariants(variants);
  json = normalise(json);
  // Strip keys the storage adds itself or that JSON would carry as `undefined`.
  const clean = JSON.parse(JSON.stringify(json)) as JsonSchema;
  delete clean.additionalProperties;
  return {
    ...clean,
    title: def.name,
    version: def.version,
    primaryKey: 'id',
    type: 'object',
    properties: clean.properties ?? {},
    required: [...new Set(['id', ...(clean.required ?? [])])],
    indexes: def.indexes.map((i) => (typeof i === 'string' ? i : [...i])),
  };
}
