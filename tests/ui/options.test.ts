import { describe, expect, it } from 'vitest';
import { formatRate, formSchema, hubLabel, hubName, hubNameOptions, hubOptions, hubOrAll, hubSelect } from '../../src/ui/crud/options';
import { statusSchema, taxSchema } from '../../src/domain/entities/reference';
import { z } from 'zod';
import { zodValidate } from '../../src/ui/form/validate';

const hubs = [
  { number: 3, name: 'Sants' },
  { number: 1, name: 'Arganzuela' },
];

describe('entity option helpers', () => {
  it('offers hubs by number, with the number as text', () => {
    expect(hubOptions(hubs)).toEqual([
      { value: '1', label: '1 · Arganzuela' },
      { value: '3', label: '3 · Sants' },
    ]);
    expect(hubLabel(hubs, 3)).toBe('3 · Sants');
    expect(hubLabel(hubs, 9)).toBe('9');
  });

  it('names hubs by their names, and hub 0 of a person «Todos» (issue 28)', () => {
    expect(hubNameOptions(hubs)).toEqual([
      { value: '1', label: 'Arganzuela' },
      { value: '3', label: 'Sants' },
    ]);
    expect(hubName(hubs, 3)).toBe('Sants');
    expect(hubName(hubs, 9)).toBe('Hub 9');
    expect(hubOrAll(hubs, 0)).toBe('Todos');
    expect(hubOrAll(hubs, 1)).toBe('Arganzuela');
  });

  it('prints rates in Spanish', () => {
    expect(formatRate(2100)).toBe('21 %');
    expect(formatRate(550)).toBe('5,5 %');
    expect(formatRate(0)).toBe('0 %');
  });

  it('checks a hub select and a form schema without id checks', () => {
    expect(hubSelect().safeParse('12').success).toBe(true);
    expect(hubSelect().safeParse('').success).toBe(false);
    const validate = zodValidate(formSchema(taxSchema));
    expect(validate({ id: '', kind: 'tax', name: 'IVA', rate_bp: 2100, active: true, updated_at: 0 })).toEqual({});
    expect(validate({ id: '', kind: 'tax', name: '', rate_bp: 12_000, active: true, updated_at: 0 })).toEqual({
      name: 'Es obligatorio',
      rate_bp: 'El porcentaje no puede superar el 100 %',
    });
  });

  it('keeps the entity checks across fields, at their field', () => {
    const validate = zodValidate(formSchema(statusSchema, { system_status: z.string().min(1, { error: 'Elige' }) }));
    const status = { id: '', kind: 'status-route', name: 'X', color: '#112233', system_status: 'delivered', sort: 1, rider_visible: false, active: true, updated_at: 0 };
    expect(validate(status)).toEqual({ system_status: '«delivered» no es un estado del sistema de las rutas' });
    expect(validate({ ...status, system_status: 'planned' })).toEqual({});
    expect(validate({ ...status, system_status: '' })).toMatchObject({ system_status: 'Elige' });
  });
});

describe('numberFromInput', () => {
  it('reads what a number input holds while typing', async () => {
    const { numberFromInput } = await import('../../src/ui/form/number');
    expect(numberFromInput(3.1)).toBe(3.1);
    expect(numberFromInput('3.10')).toBe(3.1);
    expect(numberFromInput('3,10')).toBe(3.1);
    expect(numberFromInput('1.234,50 €')).toBe(1234.5);
    expect(numberFromInput('7,5 %')).toBe(7.5);
    expect(numberFromInput('-3,')).toBe(-3);
    expect(numberFromInput('')).toBeNaN();
    expect(numberFromInput('-')).toBeNaN();
    expect(numberFromInput('abc')).toBeNaN();
  });
});
