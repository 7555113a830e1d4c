import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { bikeSchema, deliveryPointSchema, orderSchema, paymentSchema, productSchema, routeSchema, userSchema } from '../../src/domain/entities/operation';
import { deliveryEventSchema, incidenceSchema, pickSchema, receiptSchema } from '../../src/domain/entities/events';
import { CATALOG_KINDS, catalogSchema, catalogSchemas } from '../../src/domain/entities/reference';
import { validateDoc } from '../../src/domain/validation';
// The catalogue words the domain's messages (Spanish, the default language).
import '../../src/i18n';
import { user, bike, product, deliveryPoint, line, order, route, payment, deliveryEvent, incidence, receipt, pick, catalogSamples } from './entitySamples';

/** The errors of an invalid document, as validateDoc reports them (path → message). */
function errorsOf(schema: z.ZodType, value: unknown): { path: string; message: string }[] {
  const r = validateDoc(schema, value);
  if (r.ok) throw new Error(`se esperaba un documento no válido: ${JSON.stringify(value)}`);
  return r.errors;
}

/** [what, document, expected path, expected message (text or asymmetric matcher)] */
type Case = readonly [what: string, value: unknown, path: string, message: unknown];

function expectCases(schema: z.ZodType, cases: readonly Case[]): void {
  for (const [what, value, path, message] of cases) {
    expect(errorsOf(schema, value), what).toContainEqual({ path, message });
  }
}

const ENGLISH = /\b(Invalid|expected|received|Too (small|big)|must)\b/;

describe('entity schemas: one valid sample each', () => {
  const samples: [string, z.ZodType, unknown][] = [
    ['user', userSchema, user],
    ['bike', bikeSchema, bike],
    ['product', productSchema, product],
    ['delivery point', deliveryPointSchema, deliveryPoint],
    ['order', orderSchema, order],
    ['route', routeSchema, route],
    ['payment', paymentSchema, payment],
    ['delivery event', deliveryEventSchema, deliveryEvent],
    ['incidence', incidenceSchema, incidence],
    ['receipt', receiptSchema, receipt],
    ['pick', pickSchema, pick],
  ];
  it.each(samples)('%s parses', (_name, schema, sample) => {
    expect(validateDoc(schema, sample)).toEqual({ ok: true, value: sample });
  });

  it.each(CATALOG_KINDS.map((k) => [k]))('catalog kind %s parses with its schema and with the catalog union', (kind) => {
    const sample = catalogSamples[kind];
    expect(catalogSchemas[kind].safeParse(sample).success).toBe(true);
    const r = validateDoc(catalogSchema, sample);
    expect(r).toEqual({ ok: true, value: sample });
  });

  it('normalises what it should (trimmed names, lower-case e-mails)', () => {
    const r = validateDoc(userSchema, { ...user, name: '  Lucía Romero ', email: ' Lucia@CargoBici.ES ' });
    expect(r.ok && r.value.name).toBe('Lucía Romero');
    expect(r.ok && r.value.email).toBe('lucia@cargobici.es');
  });
});

describe('entity schemas: invalid documents fail in Spanish, at the right field', () => {
  it('user', () => {
    expectCases(userSchema, [
      ['bad e-mail', { ...user, email: 'no-es-correo' }, 'email', 'Correo electrónico no válido'],
      ['blank name', { ...user, name: '   ' }, 'name', 'Es obligatorio'],
      ['hub of 5 digits', { ...user, hub: 10_000 }, 'hub', 'El hub debe ser un número de hasta 4 cifras'],
      ['id with a space', { ...user, id: 'u 1' }, 'id', 'Solo letras, números y los signos - _ . :'],
      ['empty id', { ...user, id: '' }, 'id', 'No puede estar vacío'],
      ['bad phone', { ...user, phone: '12ab' }, 'phone', 'Teléfono no válido (solo números, espacios y +)'],
      ['missing active', { ...user, active: undefined }, 'active', 'Es obligatorio'],
      ['negative updated_at', { ...user, updated_at: -1 }, 'updated_at', 'Debe ser una fecha válida (milisegundos)'],
    ]);
  });

  it('bike', () => {
    expectCases(bikeSchema, [
      ['30 February', { ...bike, last_service_date: '2026-02-30' }, 'last_service_date', 'No es una fecha del calendario'],
      ['date format', { ...bike, last_service_date: '01/11/2026' }, 'last_service_date', 'Fecha con formato AAAA-MM-DD'],
      ['battery over 100', { ...bike, battery_pct: 101 }, 'battery_pct', 'Debe ser como máximo 100'],
      ['unknown status', { ...bike, status: 'stolen' }, 'status', 'Valor no permitido («stolen»); debe ser uno de: «available», «in_route», «maintenance», «retired»'],
    ]);
  });

  it('product', () => {
    const ean = 'Código de barras EAN-13 no válido (13 cifras con dígito de control correcto)';
    expectCases(productSchema, [
      // 840000000000 has check digit 0 (8·1 + 4·3 = 20), so …0001 is the wrong one.
      ['wrong check digit', { ...product, barcode: '8400000000001' }, 'barcode', ean],
      ['wrong check digit of a real code', { ...product, barcode: '4006381333932' }, 'barcode', ean],
      ['12 digits', { ...product, barcode: '400638133393' }, 'barcode', ean],
      ['negative price', { ...product, price_cents: -1 }, 'price_cents', 'El importe no puede ser negativo'],
      ['price in euros', { ...product, price_cents: 0.95 }, 'price_cents', 'Importe en céntimos enteros'],
      ['unknown unit', { ...product, unit: 'docena' }, 'unit', 'Valor no permitido («docena»); debe ser uno de: «ud», «caja», «pack», «kg», «l»'],
    ]);
    expect(productSchema.safeParse({ ...product, barcode: '' }).success).toBe(true);
    expect(productSchema.safeParse({ ...product, barcode: '8400000000000' }).success).toBe(true);
  });

  it('delivery point', () => {
    expectCases(deliveryPointSchema, [
      ['lat 91', { ...deliveryPoint, lat: 91 }, 'lat', 'La latitud debe estar entre -90 y 90'],
      ['lat -90.5', { ...deliveryPoint, lat: -90.5 }, 'lat', 'La latitud debe estar entre -90 y 90'],
      ['lng 181', { ...deliveryPoint, lng: 181 }, 'lng', 'La longitud debe estar entre -180 y 180'],
      ['lat as text', { ...deliveryPoint, lat: '40.4' }, 'lat', 'La latitud debe ser un número'],
      ['postal code of 4 digits', { ...deliveryPoint, postal_code: '2801' }, 'postal_code', 'Código postal de 5 cifras'],
      ['hub as text', { ...deliveryPoint, hub: '3' }, 'hub', 'El hub debe ser un número entero'],
      ['hub 2.5', { ...deliveryPoint, hub: 2.5 }, 'hub', 'El hub debe ser un número entero'],
      ['opening at 24:00', { ...deliveryPoint, opens: '24:00' }, 'opens', 'Hora con formato HH:MM (00:00 a 23:59)'],
    ]);
    for (const [lat, lng] of [[90, 180], [-90, -180], [0, 0]] as const) {
      expect(deliveryPointSchema.safeParse({ ...deliveryPoint, lat, lng }).success).toBe(true);
    }
  });

  it('order', () => {
    const window = 'El final de la franja debe ser posterior al inicio';
    expectCases(orderSchema, [
      ['window ends before it starts', { ...order, window_start: '11:00', window_end: '09:00' }, 'window_end', window],
      ['window of zero length', { ...order, window_start: '11:00', window_end: '11:00' }, 'window_end', window],
      ['no lines', { ...order, lines: [] }, 'lines', 'El pedido necesita al menos una línea'],
      ['repeated line', { ...order, lines: [line, line] }, 'lines.1.line_id', 'Línea repetida'],
      ['quantity 0', { ...order, lines: [{ ...line, quantity: 0 }] }, 'lines.0.quantity', 'La cantidad mínima es 1'],
      [
        'picked more than ordered',
        { ...order, lines: [{ ...line, picked_quantity: 13 }] },
        'lines.0.picked_quantity',
        'No se pueden preparar más unidades de las pedidas',
      ],
      ['13th month', { ...order, date: '2026-13-01' }, 'date', 'No es una fecha del calendario'],
      ['unknown status', { ...order, status: 'lost' }, 'status', expect.stringContaining('Valor no permitido («lost»)')],
    ]);
  });

  it('route', () => {
    expectCases(routeSchema, [
      [
        'stops numbered 1, 3',
        { ...route, stops: [route.stops[0], { ...route.stops[1], seq: 3 }] },
        'stops.1.seq',
        'La parada 2 debe tener el número 2',
      ],
      ['stops starting at 2', { ...route, stops: [{ ...route.stops[0], seq: 2 }] }, 'stops.0.seq', 'La parada 1 debe tener el número 1'],
      ['stop without orders', { ...route, stops: [{ ...route.stops[0], order_ids: [] }] }, 'stops.0.order_ids', 'Necesita al menos un elemento'],
      ['cancelled without a reason', { ...route, status: 'cancelled', cancel_reason: '  ' }, 'cancel_reason', 'Una ruta cancelada necesita un motivo'],
    ]);
    expect(routeSchema.safeParse({ ...route, status: 'cancelled', cancel_reason: 'Lluvia fuerte' }).success).toBe(true);
    expect(routeSchema.safeParse({ ...route, stops: [] }).success).toBe(true);
  });

  it('payment', () => {
    expectCases(paymentSchema, [
      ['negative amount', { ...payment, amount_collected_cents: -5 }, 'amount_collected_cents', 'El importe no puede ser negativo'],
      ['unknown method', { ...payment, method: 'bizum' }, 'method', expect.stringContaining('«bizum»')],
      ['unknown status', { ...payment, status: 'paid' }, 'status', expect.stringContaining('«paid»')],
    ]);
  });

  it('delivery event', () => {
    expectCases(deliveryEventSchema, [
      ['failed without reason', { ...deliveryEvent, kind: 'failed', lines: [] }, 'reason_status_id', 'Indica el motivo de la entrega fallida'],
      [
        'signed without signer_name',
        { ...deliveryEvent, kind: 'signed', lines: [], signer_name: ' ', signature_strokes: [[[1, 2, 0.5]]] },
        'signer_name',
        'Escribe el nombre de quien firma',
      ],
      ['signed without strokes', { ...deliveryEvent, kind: 'signed', signer_name: 'Manolo' }, 'signature_strokes', 'Falta la firma'],
      ['collected without method', { ...deliveryEvent, kind: 'collected', lines: [] }, 'payment_method', 'Indica la forma de pago'],
      ['delivered without lines', { ...deliveryEvent, lines: [] }, 'lines', 'Indica las cantidades entregadas'],
      ['partial without lines', { ...deliveryEvent, kind: 'partial', lines: [] }, 'lines', 'Indica las cantidades entregadas'],
      ['position off the planet', { ...deliveryEvent, position: { lat: 0, lng: 200 } }, 'position.lng', 'La longitud debe estar entre -180 y 180'],
    ]);
    const failed = { ...deliveryEvent, kind: 'failed', lines: [], reason_status_id: 'st-ausente', outcome: 'reschedule' };
    expect(deliveryEventSchema.safeParse(failed).success).toBe(true);
    const signed = { ...deliveryEvent, kind: 'signed', lines: [], signer_name: 'Manolo', signature_strokes: [[[1, 2, 0.5]]] };
    expect(deliveryEventSchema.safeParse(signed).success).toBe(true);
  });

  it('incidence', () => {
    expectCases(incidenceSchema, [
      ['unknown kind', { ...incidence, kind: 'rider-error' }, 'kind', expect.stringContaining('«rider-error»')],
      ['negative quantity', { ...incidence, quantity: -1 }, 'quantity', 'La cantidad no puede ser negativa'],
      ['bad photo path', { ...incidence, photo_file: '../etc/pass wd' }, 'photo_file', 'Ruta de fichero no válida'],
    ]);
  });

  it('receipt', () => {
    expectCases(receiptSchema, [
      ['empty route', { ...receipt, route_id: '' }, 'route_id', 'No puede estar vacío'],
      ['received as text', { ...receipt, lines: [{ ...receipt.lines[0], received: '12' }] }, 'lines.0.received', 'Cantidad entera'],
    ]);
  });

  it('pick', () => {
    expectCases(pickSchema, [
      ['no order', { ...pick, order_id: undefined }, 'order_id', 'Debe ser un texto'],
      ['huge quantity', { ...pick, quantity: 100_001 }, 'quantity', 'Cantidad demasiado alta'],
    ]);
  });

  it('catalog documents', () => {
    expectCases(catalogSchema, [
      [
        'status-delivery mapped to a route status',
        { ...catalogSamples['status-delivery'], system_status: 'in_progress' },
        'system_status',
        '«in_progress» no es un estado del sistema de las entregas',
      ],
      ['tax over 100 %', { ...catalogSamples.tax, rate_bp: 10_001 }, 'rate_bp', 'El porcentaje no puede superar el 100 %'],
      ['colour without #', { ...catalogSamples['status-order'], color: 'e03131' }, 'color', 'Color con formato #RRGGBB'],
      ['client key in capitals', { ...catalogSamples.client, key: 'Pascual' }, 'key', 'Solo minúsculas, números y guiones'],
      ['bad synlab URL', { ...catalogSamples['config-synlab'], endpoint_url: 'no es una url' }, 'endpoint_url', 'URL no válida'],
      ['hub number of 5 digits', { ...catalogSamples.hub, number: 12_345 }, 'number', 'El hub debe ser un número de hasta 4 cifras'],
      ['role with an unknown group', { ...catalogSamples.role, groups: ['machine-god'] }, 'groups.0', expect.stringContaining('«machine-god»')],
      ['unknown kind', { ...catalogSamples.tax, kind: 'currency' }, 'kind', expect.stringMatching(/^Tipo no permitido \(«currency»\); debe ser uno de: «role», «tax», /)],
    ]);
    // Every status kind accepts exactly the statuses of its own family.
    expect(validateDoc(catalogSchema, { ...catalogSamples['status-delivery'], system_status: 'partial' }).ok).toBe(true);
    expect(validateDoc(catalogSchema, { ...catalogSamples['status-route'], system_status: 'partial' }).ok).toBe(false);
  });

  it('never answers in English through validateDoc', () => {
    const broken: [z.ZodType, unknown][] = [
      [userSchema, {}],
      [bikeSchema, { ...bike, status: 1, battery_pct: 'x', notes: 3 }],
      [orderSchema, { ...order, lines: [{}], status: null }],
      [routeSchema, { ...route, stops: [{ seq: 0 }] }],
      [deliveryEventSchema, { kind: 'nope' }],
      [catalogSchema, { kind: 'hub' }],
      [catalogSchema, 'not an object'],
    ];
    for (const [schema, value] of broken) {
      const errors = errorsOf(schema, value);
      expect(errors.length).toBeGreaterThan(0);
      for (const e of errors) expect(e.message, `${e.path}: ${e.message}`).not.toMatch(ENGLISH);
    }
  });
});
