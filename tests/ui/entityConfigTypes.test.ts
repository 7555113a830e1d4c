/**
 * The CRUD kit is typed by collection (src/ui/crud/entity.tsx): these lines are checked by
 * `npm run typecheck` (tests are in tsconfig.node.json). Each `@ts-expect-error` fails the
 * typecheck the day its line compiles — a misspelled field name, a document of another
 * collection, a write of the wrong shape — so the rule cannot be lost silently. The runtime
 * part checks that the well-typed values are what the kit receives.
 */
import { describe, expect, it } from 'vitest';
import type { EntityConfig } from '../../src/ui/crud/entity';
import type { FieldDef } from '../../src/ui/crud/EntityForm';
import type { Bike } from '../../src/domain/entities/operation';
import type { Tax } from '../../src/domain/entities/reference';

type TaxConfig = EntityConfig<'catalog', Tax>;
type BikeConfig = EntityConfig<'bikes'>;

const tax: Tax = { id: 'iva-21', kind: 'tax', name: 'IVA general', rate_bp: 2100, active: true, updated_at: 1 };

const taxFields: TaxConfig['fields'] = () => [
  { name: 'name', label: 'Nombre', kind: 'text' },
  { name: 'rate_bp', label: 'Tipo', kind: 'percent' },
  // @ts-expect-error «rate» is not a field of a tax (it is `rate_bp`)
  { name: 'rate', label: 'Tipo', kind: 'percent' },
];

// @ts-expect-error «nmae» is not a field of a tax
const misspelled: FieldDef<Tax> = { name: 'nmae', label: 'Nombre', kind: 'text' };

/** A document of the catalog is not a bike: `toDoc` of the bikes must make a bike. */
// @ts-expect-error a tax is not a document of the bikes collection
const wrongDoc: BikeConfig['toDoc'] = () => tax;

/** An entity's document must be the collection's type (or one kind of it, for the catalog). */
// @ts-expect-error a bike is not a document of the catalog
type NotOfTheCatalog = EntityConfig<'catalog', Bike>;

const bikeToDoc: BikeConfig['toDoc'] = (values, ctx) => ({ ...values, id: ctx.id, updated_at: ctx.now });

describe('EntityConfig<C>: typed by collection', () => {
  it('takes the fields whose names are the form values', () => {
    expect(taxFields(null, 'create', tax).map((f) => f.name)).toEqual(['name', 'rate_bp', 'rate']);
    expect(misspelled.name).toBe('nmae');
  });

  it('builds the document of its own collection', () => {
    const bike: Bike = { id: '', code: 'B-01', model_id: 'm1', hub: 1, status: 'available', battery_pct: 90, last_service_date: '', notes: '', updated_at: 0 };
    expect(bikeToDoc(bike, { id: 'bike-1', now: 5, existing: null, refs: null })).toEqual({ ...bike, id: 'bike-1', updated_at: 5 });
    expect(wrongDoc(bike, { id: 'x', now: 0, existing: null, refs: null }).id).toBe('iva-21');
    const notOfTheCatalog: NotOfTheCatalog | null = null;
    expect(notOfTheCatalog).toBeNull();
  });
});
