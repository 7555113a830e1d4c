import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import fc from 'fast-check';
import { fieldErrorText, formatIssues, humanPath, humanPathOf, spanishErrorMap, validateDoc } from '../../src/domain/validation';
import { orderSchema } from '../../src/domain/entities/operation';
// The catalogue words the domain's messages (Spanish, the default language).
import '../../src/i18n';

const line = {
  line_id: '1',
  product_id: 'p-1',
  name: 'Leche',
  quantity: 12,
  unit_price_cents: 95,
  tax_id: 'iva-4',
  tax_rate_bp: 400,
  picked_quantity: 0,
};
const order = {
  id: 'o-1',
  code: 'P-1',
  client_id: 'c-1',
  delivery_point_id: 'pe-1',
  hub: 1,
  date: '2026-11-22',
  window_start: '09:00',
  window_end: '11:00',
  status: 'pending',
  picking_status: 'pending',
  status_id: '',
  route_id: '',
  lines: [line, { ...line, line_id: '2' }],
  payment_method: 'cash',
  external_ref: '',
  notes: '',
  created_at: 0,
  updated_at: 0,
};

function zodError(schema: z.ZodType, value: unknown): z.ZodError {
  const r = schema.safeParse(value, { error: spanishErrorMap });
  if (r.success) throw new Error('se esperaba un error');
  return r.error;
}

describe('humanPath', () => {
  it('names lines, stops, routes, orders and other elements from 1; never a raw field name (issue 28)', () => {
    expect(humanPath(['lines', 0, 'quantity'])).toBe('línea 1');
    expect(humanPath(['stops', 2, 'seq'])).toBe('parada 3');
    expect(humanPath(['stops', 0, 'order_ids', 1])).toBe('parada 1 › pedido 2');
    expect(humanPath(['routes', 1, 'stops', 1, 'order_ids', 0])).toBe('ruta 2 › parada 2 › pedido 1');
    expect(humanPath(['orders', 0, 'route_id'])).toBe('pedido 1 › ruta');
    expect(humanPath(['route_id'])).toBe('ruta');
    expect(humanPath(['groups', 4])).toBe('elemento 5');
    expect(humanPath([0])).toBe('elemento 1');
    expect(humanPath(['signature_strokes', 0, 3])).toBe('elemento 1 › elemento 4');
    expect(humanPath([])).toBe('');
  });

  it('uses the labels for field names', () => {
    const labels = { quantity: 'Cantidad', lines: 'Líneas', window_end: 'Fin de la franja', order_ids: 'Pedidos' };
    expect(humanPath(['lines', 0, 'quantity'], labels)).toBe('línea 1 › Cantidad');
    expect(humanPath(['lines'], labels)).toBe('Líneas');
    expect(humanPath(['window_end'], labels)).toBe('Fin de la franja');
    expect(humanPath(['stops', 1, 'order_ids', 0], labels)).toBe('parada 2 › pedido 1');
    expect(humanPath(['toString'], labels)).toBe('');
  });

  it('a dotted path as a FieldError keeps it reads the same, with no dot, underscore or index of 0', () => {
    expect(humanPathOf('routes.1.stops.1.order_ids.0')).toBe('ruta 2 › parada 2 › pedido 1');
    expect(fieldErrorText({ path: 'routes.0.rider_id', message: 'Elige un rider' })).toBe('ruta 1 › rider: Elige un rider');
    expect(fieldErrorText({ path: '', message: 'Datos no válidos' })).toBe('Datos no válidos');
    // Whatever the path, the text has no dotted path and no snake_case field.
    const segs = ['routes', 'stops', 'order_ids', 'lines', 'route_id', 'order_id', 'delivery_point_id', 'rider_id', 'amount_due_cents', 'status', 'x_y'];
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...segs), fc.nat({ max: 30 })), { maxLength: 8 }), (path) => {
        const text = humanPathOf(path.map(String).join('.'));
        expect(text).not.toMatch(/\w\.\w|_/);
        expect(humanPath(path)).toBe(text);
      }),
    );
  });
});

describe('formatIssues', () => {
  it('says where and what, in Spanish', () => {
    const error = zodError(orderSchema, { ...order, lines: [line, { ...line, line_id: '2', quantity: 0 }] });
    expect(formatIssues(error)).toEqual(['línea 2: La cantidad mínima es 1']);
    expect(formatIssues(error, { quantity: 'Cantidad' })).toEqual(['línea 2 › Cantidad: La cantidad mínima es 1']);
  });

  it('lists every issue, with cross-field ones at their field', () => {
    const error = zodError(orderSchema, { ...order, window_end: '08:00', lines: [line, line] });
    expect(formatIssues(error, { window_end: 'Fin de la franja', line_id: 'Línea' })).toEqual([
      'Fin de la franja: El final de la franja debe ser posterior al inicio',
      'línea 2 › Línea: Línea repetida',
    ]);
  });

  it('gives only the message for an issue at the root', () => {
    const error = zodError(z.string(), 5);
    expect(formatIssues(error)).toEqual(['Debe ser un texto']);
  });
});

describe('validateDoc', () => {
  it('returns the parsed value when it is valid', () => {
    const schema = z.object({ name: z.string().trim() });
    expect(validateDoc(schema, { name: '  Ana ' })).toEqual({ ok: true, value: { name: 'Ana' } });
    expect(validateDoc(orderSchema, order)).toEqual({ ok: true, value: order });
  });

  it('returns dotted paths and messages when it is not', () => {
    expect(validateDoc(orderSchema, { ...order, lines: [{ ...line, quantity: 0 }], window_end: '09:00' })).toEqual({
      ok: false,
      errors: [
        { path: 'lines.0.quantity', message: 'La cantidad mínima es 1' },
        { path: 'window_end', message: 'El final de la franja debe ser posterior al inicio' },
      ],
    });
  });

  it('uses the path «» for the root and never throws on junk', () => {
    expect(validateDoc(orderSchema, null)).toEqual({ ok: false, errors: [{ path: '', message: 'Debe ser un objeto' }] });
    expect(validateDoc(orderSchema, 'pedido')).toEqual({ ok: false, errors: [{ path: '', message: 'Debe ser un objeto' }] });
  });
});

describe('spanishErrorMap: Spanish where the schema has no message', () => {
  const cases: [string, z.ZodType, unknown, string][] = [
    ['missing', z.object({ a: z.string() }), {}, 'Es obligatorio'],
    ['wrong type', z.string(), 1, 'Debe ser un texto'],
    ['not an integer', z.int(), 1.5, 'Debe ser un número entero'],
    ['not a boolean', z.boolean(), 'sí', 'Debe ser sí o no (verdadero/falso)'],
    ['not a list', z.array(z.string()), 'x', 'Debe ser una lista'],
    ['enum', z.enum(['a', 'b']), 'c', 'Valor no permitido («c»); debe ser uno de: «a», «b»'],
    ['missing enum', z.object({ e: z.enum(['a', 'b']) }), {}, 'Es obligatorio; debe ser uno de: «a», «b»'],
    ['literal', z.literal('x'), 'y', 'Debe ser «x»'],
    ['empty text', z.string().min(1), '', 'No puede estar vacío'],
    ['short text', z.string().min(3), 'ab', 'Como mínimo 3 caracteres'],
    ['long text', z.string().max(3), 'abcd', 'Como máximo 3 caracteres'],
    ['small number', z.number().min(1), 0, 'Debe ser como mínimo 1'],
    ['big number', z.number().max(100), 101, 'Debe ser como máximo 100'],
    ['positive', z.number().positive(), 0, 'Debe ser mayor que 0'],
    ['below', z.number().lt(5), 5, 'Debe ser menor que 5'],
    ['empty list', z.array(z.string()).min(1), [], 'Necesita al menos un elemento'],
    ['short list', z.array(z.string()).min(2), ['a'], 'Como mínimo 2 elementos'],
    ['long list', z.array(z.string()).max(1), ['a', 'b'], 'Como máximo 1 elemento'],
    ['one character', z.string().max(1), 'ab', 'Como máximo 1 carácter'],
    ['e-mail', z.email(), 'x', 'Correo electrónico no válido'],
    ['url', z.url(), 'no url', 'URL no válida'],
    ['regex', z.string().regex(/^\d+$/), 'x', 'Formato no válido'],
    ['multiple', z.number().multipleOf(5), 7, 'Debe ser múltiplo de 5'],
    ['extra keys', z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 }, 'Campos no permitidos: b, c'],
    ['union', z.union([z.string().min(2), z.literal(3)]), 'a', 'Como mínimo 2 caracteres'],
    ['custom', z.string().refine((s) => s === 'ok'), 'no', 'Valor no válido'],
  ];
  it.each(cases)('%s', (_what, schema, value, message) => {
    expect(validateDoc(schema, value)).toEqual({ ok: false, errors: [expect.objectContaining({ message })] });
  });

  it('leaves the messages written in the schema alone', () => {
    expect(validateDoc(z.string({ error: 'Pon un nombre' }), 3)).toEqual({ ok: false, errors: [{ path: '', message: 'Pon un nombre' }] });
    expect(validateDoc(z.string().min(2, { error: 'Demasiado corto' }), 'a')).toEqual({
      ok: false,
      errors: [{ path: '', message: 'Demasiado corto' }],
    });
  });
});
