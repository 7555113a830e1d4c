import { describe, expect, it } from 'vitest';
import {
  amountDueCents,
  changeCents,
  deliveredTotals,
  formatEuros,
  lineNetCents,
  orderTotals,
  taxOnBaseCents,
  taxRateOf,
} from '../../src/domain/money';
import type { Tax } from '../../src/domain/entities/reference';
import { domainText } from '../../src/i18n/domain';

/** A change result as the rider sees it (the domain answers message keys). */
const shown = (r: ReturnType<typeof changeCents>) => (r.ok ? r : { ok: false, message: domainText(r.message) });

const l = (quantity: number, unit_price_cents: number, tax_rate_bp: number) => ({ quantity, unit_price_cents, tax_rate_bp });

describe('lineNetCents', () => {
  it('multiplies exactly', () => {
    expect(lineNetCents(3, 125)).toBe(375);
    expect(lineNetCents(0, 999)).toBe(0);
    expect(lineNetCents(12, 0)).toBe(0);
    expect(lineNetCents(100_000, 10_000_000_000)).toBe(1_000_000_000_000_000);
  });

  it('refuses negative, fractional, non-finite and too large inputs', () => {
    expect(() => lineNetCents(-1, 100)).toThrow('La cantidad debe ser un número entero no negativo (recibido: -1)');
    expect(() => lineNetCents(1.5, 100)).toThrow('La cantidad debe ser un número entero no negativo');
    expect(() => lineNetCents(1, 0.5)).toThrow('El precio unitario (céntimos) debe ser un número entero no negativo');
    expect(() => lineNetCents(1, Number.NaN)).toThrow('El precio unitario');
    expect(() => lineNetCents(Number.POSITIVE_INFINITY, 1)).toThrow('La cantidad');
    expect(() => lineNetCents(100_000, 100_000_000_000)).toThrow('Importe demasiado alto para calcularlo con exactitud: el importe de la línea');
  });
});

describe('taxOnBaseCents: half a cent rounds away from zero', () => {
  it.each([
    [50, 2100, 11], // 10,5 → 11
    [5, 1000, 1], // 0,5 → 1
    [15, 1000, 2], // 1,5 → 2
    [4, 1000, 0], // 0,4 → 0
    [25, 2100, 5], // 5,25 → 5
    [149, 1000, 15], // 14,9 → 15
    [3079, 2100, 647], // 646,59 → 647
    [1140, 400, 46], // 45,6 → 46
    [1000, 0, 0],
    [0, 2100, 0],
    [777, 10_000, 777],
  ])('base %i at %i bp → %i', (base, rate, tax) => {
    expect(taxOnBaseCents(base, rate)).toBe(tax);
  });

  it('is exact beyond 2^53 intermediate products (where floating point is off by a cent)', () => {
    // 4 000 000 000 405 969 × 21 % = 840 000 000 085 253,49 → 840 000 000 085 253.
    // Math.round(b * 2100 / 10000) gives …254 here.
    expect(taxOnBaseCents(4_000_000_000_405_969, 2100)).toBe(840_000_000_085_253);
  });

  it('refuses rates over 100 % and bad bases', () => {
    expect(() => taxOnBaseCents(100, 10_001)).toThrow('El tipo impositivo no puede superar el 100 %');
    expect(() => taxOnBaseCents(-100, 2100)).toThrow('La base imponible (céntimos) debe ser un número entero no negativo');
  });
});

describe('orderTotals', () => {
  it('is all zeros for no lines', () => {
    expect(orderTotals([])).toEqual({ net_cents: 0, taxes: [], tax_cents: 0, gross_cents: 0 });
  });

  it('taxes per rate, not per line («por tipo impositivo»)', () => {
    // Line by line it would be 0,11 + 0,11 = 0,22 €; on the base of 1,00 € it is 0,21 €.
    expect(orderTotals([l(1, 50, 2100), l(1, 50, 2100)])).toEqual({
      net_cents: 100,
      taxes: [{ rate_bp: 2100, base_cents: 100, tax_cents: 21 }],
      tax_cents: 21,
      gross_cents: 121,
    });
    // Three lines of 1 cent: 0 + 0 + 0 line by line, 0,63 → 1 cent on the base.
    expect(orderTotals([l(1, 1, 2100), l(1, 1, 2100), l(1, 1, 2100)]).tax_cents).toBe(1);
  });

  it('rounds half a cent up on a single line', () => {
    expect(orderTotals([l(1, 50, 2100)])).toEqual({
      net_cents: 50,
      taxes: [{ rate_bp: 2100, base_cents: 50, tax_cents: 11 }],
      tax_cents: 11,
      gross_cents: 61,
    });
  });

  it('groups several rates, highest rate first', () => {
    const totals = orderTotals([l(12, 95, 400), l(24, 120, 2100), l(3, 250, 1000), l(1, 199, 2100)]);
    expect(totals).toEqual({
      net_cents: 4969,
      taxes: [
        { rate_bp: 2100, base_cents: 3079, tax_cents: 647 },
        { rate_bp: 1000, base_cents: 750, tax_cents: 75 },
        { rate_bp: 400, base_cents: 1140, tax_cents: 46 },
      ],
      tax_cents: 768,
      gross_cents: 5737,
    });
  });

  it('lists an exempt rate (0 %) with a base, but not a rate with nothing to tax', () => {
    expect(orderTotals([l(2, 300, 0), l(0, 500, 2100), l(3, 0, 1000)])).toEqual({
      net_cents: 600,
      taxes: [{ rate_bp: 0, base_cents: 600, tax_cents: 0 }],
      tax_cents: 0,
      gross_cents: 600,
    });
  });

  it('handles big quantities exactly', () => {
    expect(orderTotals([l(100_000, 10_000_000_000, 2100)])).toEqual({
      net_cents: 1_000_000_000_000_000,
      taxes: [{ rate_bp: 2100, base_cents: 1_000_000_000_000_000, tax_cents: 210_000_000_000_000 }],
      tax_cents: 210_000_000_000_000,
      gross_cents: 1_210_000_000_000_000,
    });
    expect(orderTotals([l(1, 4_000_000_000_405_969, 2100)]).gross_cents).toBe(4_840_000_000_491_222);
    // The sum of lines passes the safe range: refused instead of silently rounded.
    expect(() => orderTotals([l(1, Number.MAX_SAFE_INTEGER, 0), l(1, 1, 0)])).toThrow('Importe demasiado alto para calcularlo con exactitud: el importe neto');
    expect(() => orderTotals([l(1, 8_000_000_000_000_000, 2100)])).toThrow(/^Importe demasiado alto para calcularlo con exactitud: el total$/);
  });

  it('says which line is wrong', () => {
    expect(() => orderTotals([l(1, 100, 2100), l(-2, 100, 2100)])).toThrow('Línea 2: la cantidad debe ser un número entero no negativo (recibido: -2)');
    expect(() => orderTotals([l(1, 99.5, 2100)])).toThrow('Línea 1: el precio unitario (céntimos) debe ser un número entero no negativo');
    expect(() => orderTotals([l(1, 100, 21.5)])).toThrow('Línea 1: el tipo impositivo (centésimas de %) debe ser un número entero no negativo');
    expect(() => orderTotals([l(1, 100, 2100), l(1, 100, 10_500)])).toThrow('Línea 2: el tipo impositivo no puede superar el 100 %');
  });

  it('gross is always net + taxes, and net the sum of the line nets', () => {
    const lines = [l(7, 333, 2100), l(5, 41, 1000), l(9, 17, 400), l(2, 1999, 2100), l(1, 1, 0)];
    const t = orderTotals(lines);
    expect(t.net_cents).toBe(lines.reduce((s, x) => s + lineNetCents(x.quantity, x.unit_price_cents), 0));
    expect(t.tax_cents).toBe(t.taxes.reduce((s, x) => s + x.tax_cents, 0));
    expect(t.gross_cents).toBe(t.net_cents + t.tax_cents);
    expect(t.taxes.map((x) => x.rate_bp)).toEqual([2100, 1000, 400, 0]);
  });
});

describe('amount due for a delivery', () => {
  const lines = [
    { line_id: '1', quantity: 12, unit_price_cents: 95, tax_rate_bp: 400 },
    { line_id: '2', quantity: 24, unit_price_cents: 120, tax_rate_bp: 2100 },
  ];

  it('is the gross of the whole order when everything is delivered', () => {
    // 1140 + 46 (45,6) + 2880 + 605 (604,8)
    expect(amountDueCents(lines, [{ line_id: '1', delivered: 12 }, { line_id: '2', delivered: 24 }])).toBe(4671);
    expect(amountDueCents(lines, [{ line_id: '1', delivered: 12 }, { line_id: '2', delivered: 24 }])).toBe(orderTotals(lines).gross_cents);
  });

  it('counts only what was delivered in a partial delivery (missing lines count as 0)', () => {
    // 10 × 0,95 = 9,50 € + 4 % (0,38 €) = 9,88 €
    expect(amountDueCents(lines, [{ line_id: '1', delivered: 10 }])).toBe(988);
    expect(amountDueCents(lines, [{ line_id: '1', delivered: 10 }, { line_id: '2', delivered: 0 }])).toBe(988);
    // 5 × 1,20 = 6,00 € + 21 % (1,26 €) = 7,26 €, plus the 9,88 €
    expect(amountDueCents(lines, [{ line_id: '2', delivered: 5 }, { line_id: '1', delivered: 10 }])).toBe(1714);
    expect(amountDueCents(lines, [])).toBe(0);
    expect(deliveredTotals(lines, [{ line_id: '2', delivered: 5 }]).taxes).toEqual([{ rate_bp: 2100, base_cents: 600, tax_cents: 126 }]);
  });

  it('taxes the delivered quantities per rate too', () => {
    const halves = [
      { line_id: 'a', quantity: 2, unit_price_cents: 50, tax_rate_bp: 2100 },
      { line_id: 'b', quantity: 2, unit_price_cents: 50, tax_rate_bp: 2100 },
    ];
    expect(amountDueCents(halves, [{ line_id: 'a', delivered: 1 }, { line_id: 'b', delivered: 1 }])).toBe(121);
  });

  it('refuses deliveries that do not fit the order', () => {
    expect(() => amountDueCents(lines, [{ line_id: '1', delivered: 13 }])).toThrow('Línea «1»: se entregan 13 unidades y el pedido tiene 12');
    expect(() => amountDueCents(lines, [{ line_id: '9', delivered: 1 }])).toThrow('La línea entregada «9» no está en el pedido');
    expect(() => amountDueCents(lines, [{ line_id: '1', delivered: 1 }, { line_id: '1', delivered: 2 }])).toThrow(
      'La línea «1» aparece dos veces en la entrega',
    );
    expect(() => amountDueCents(lines, [{ line_id: '1', delivered: -1 }])).toThrow('Línea «1»: la cantidad entregada debe ser un número entero no negativo');
    expect(() => amountDueCents([...lines, lines[0] as (typeof lines)[number]], [])).toThrow('El pedido tiene la línea «1» repetida');
  });
});

describe('changeCents', () => {
  it('gives the change when enough was collected', () => {
    expect(changeCents(4671, 5000)).toEqual({ ok: true, change_cents: 329 });
    expect(changeCents(4671, 4671)).toEqual({ ok: true, change_cents: 0 });
    expect(changeCents(0, 0)).toEqual({ ok: true, change_cents: 0 });
  });

  it('says, in euros, that too little was collected', () => {
    expect(shown(changeCents(4671, 4000))).toEqual({ ok: false, message: 'El importe cobrado (40,00\u00a0€) es menor que el importe a cobrar (46,71\u00a0€)' });
    expect(shown(changeCents(1_234_567, 1_000_000))).toEqual({
      ok: false,
      message: 'El importe cobrado (10.000,00\u00a0€) es menor que el importe a cobrar (12.345,67\u00a0€)',
    });
    expect(shown(changeCents(1, 0))).toEqual({ ok: false, message: 'El importe cobrado (0,00\u00a0€) es menor que el importe a cobrar (0,01\u00a0€)' });
  });

  it('refuses amounts that are not whole, non-negative cents', () => {
    expect(shown(changeCents(100, -1))).toEqual({ ok: false, message: 'El importe cobrado no es válido (-1): debe ser un número entero de céntimos, no negativo' });
    expect(shown(changeCents(100, 150.5))).toMatchObject({ ok: false, message: expect.stringContaining('El importe cobrado no es válido (150.5)') });
    expect(shown(changeCents(Number.NaN, 100))).toMatchObject({ ok: false, message: expect.stringContaining('El importe a cobrar no es válido (NaN)') });
  });
});

describe('formatEuros', () => {
  it('writes euros the Spanish way', () => {
    expect(formatEuros(1250)).toBe('12,50\u00a0€');
    expect(formatEuros(0)).toBe('0,00\u00a0€');
    expect(formatEuros(5)).toBe('0,05\u00a0€');
    expect(formatEuros(123_456)).toBe('1234,56\u00a0€');
    expect(formatEuros(1_234_567)).toBe('12.345,67\u00a0€');
    expect(formatEuros(123_456_789_00)).toBe('123.456.789,00\u00a0€');
    expect(formatEuros(-1_234_567)).toBe('-12.345,67\u00a0€');
    expect(formatEuros(-5)).toBe('-0,05\u00a0€');
  });

  it('prints exactly what Intl es-ES prints (the app formats money with it elsewhere)', () => {
    const intl = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });
    const values = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 999_999, 1_000_000, 1_234_567, 99_999_999, 100_000_000, 123_456_789_012];
    for (const v of [...values, ...values.map((x) => -x).filter((x) => x !== 0)]) {
      expect(formatEuros(v), String(v)).toBe(intl.format(v / 100));
    }
  });

  it('refuses what is not whole cents', () => {
    expect(() => formatEuros(12.5)).toThrow('Importe no válido: 12.5 (se esperaban céntimos enteros)');
  });
});

describe('taxRateOf', () => {
  const taxes: Tax[] = [
    { id: 'iva-21', kind: 'tax', name: 'IVA 21 %', rate_bp: 2100, active: true, updated_at: 0 },
    { id: 'iva-4', kind: 'tax', name: 'IVA 4 %', rate_bp: 400, active: false, updated_at: 0 },
  ];

  it('finds the rate of a tax of the catalogue (inactive ones too: old orders use them)', () => {
    expect(taxRateOf('iva-21', taxes)).toBe(2100);
    expect(taxRateOf('iva-4', taxes)).toBe(400);
  });

  it('says which tax is missing', () => {
    expect(() => taxRateOf('iva-10', taxes)).toThrow('El impuesto «iva-10» no existe en el catálogo de impuestos');
    expect(() => taxRateOf('iva-21', [])).toThrow('El impuesto «iva-21» no existe');
  });
});
