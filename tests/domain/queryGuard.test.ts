import { describe, expect, it } from 'vitest';
import { FILTER_OPS, checkQuery, toMangoSelector, type FilterOp, type QueryFilter } from '../../src/domain/queryGuard';

const f = (field: string, op: FilterOp, value: unknown): QueryFilter => ({ field, op, value });

describe('checkQuery: the specification rules', () => {
  it('accepts valid queries', () => {
    expect(checkQuery([])).toEqual([]);
    expect(checkQuery([f('hub', '==', 1), f('date', '>=', '2026-11-01'), f('date', '<', '2026-12-01')])).toEqual([]);
    expect(checkQuery([f('status', 'in', ['planned', 'picking']), f('updated_at', '>', 0)])).toEqual([]);
    expect(checkQuery([f('lines.product_id', 'array-contains', 'p-1')], [{ field: 'date', direction: 'desc' }])).toEqual([]);
    expect(checkQuery([f('status', 'not-in', ['cancelled']), f('status', '!=', 'draft')])).toEqual([]);
  });

  it('needs non-empty field names', () => {
    expect(checkQuery([f('', '==', 1)])).toEqual(['Filtro 1: el nombre del campo está vacío']);
    expect(checkQuery([f('hub', '==', 1), f('   ', '==', 1)])).toEqual(['Filtro 2: el nombre del campo está vacío']);
  });

  it.each(['~', '*', '/', '[', ']'])('forbids «%s» in field paths', (ch) => {
    const field = `lines${ch}0`;
    expect(checkQuery([f(field, '==', 1)])).toEqual([
      `Filtro 1 (campo «${field}»): el campo «${field}» contiene caracteres no permitidos (~ * / [ ])`,
    ]);
  });

  it('allows dotted paths but not empty segments or «$»', () => {
    expect(checkQuery([f('position.lat', '>', 40)])).toEqual([]);
    expect(checkQuery([f('a..b', '==', 1)])).toEqual(['Filtro 1 (campo «a..b»): el campo «a..b» tiene un tramo vacío entre puntos']);
    expect(checkQuery([f('.a', '==', 1)])).toHaveLength(1);
    expect(checkQuery([f('a.', '==', 1)])).toHaveLength(1);
    expect(checkQuery([f('$where', '==', 1)])).toEqual(['Filtro 1 (campo «$where»): el campo «$where» no puede empezar por «$» en ningún tramo']);
    expect(checkQuery([f('a.$or', '==', 1)])).toHaveLength(1);
  });

  it.each(['in', 'not-in'] as const)('needs a non-empty array for «%s»', (op) => {
    const msg = `Filtro 1 (campo «status»): el operador «${op}» necesita una lista de valores no vacía`;
    expect(checkQuery([f('status', op, [])])).toEqual([msg]);
    expect(checkQuery([f('status', op, 'planned')])).toEqual([msg]);
    expect(checkQuery([f('status', op, undefined)])).toEqual([msg]);
    expect(checkQuery([f('status', op, ['planned'])])).toEqual([]);
  });

  it('keeps all inequality filters on one field', () => {
    expect(checkQuery([f('date', '>', '2026-01-01'), f('hub', '<', 5)])).toEqual([
      'Los filtros de desigualdad (<, <=, >, >=, !=, not-in) deben ir todos sobre un mismo campo; ahora van sobre «date», «hub»',
    ]);
    expect(checkQuery([f('status', '!=', 'draft'), f('hub', 'not-in', [1]), f('date', '<=', 'x')])).toEqual([
      'Los filtros de desigualdad (<, <=, >, >=, !=, not-in) deben ir todos sobre un mismo campo; ahora van sobre «status», «hub», «date»',
    ]);
    // Equalities, in and array-contains are not inequalities.
    expect(checkQuery([f('date', '>', 'x'), f('hub', '==', 1), f('status', 'in', ['a']), f('tags', 'array-contains', 'b')])).toEqual([]);
  });

  it('treats every operator of the list as either an inequality or not, as the specification says', () => {
    const inequalities = FILTER_OPS.filter((op) => {
      const value = op === 'in' || op === 'not-in' ? [1] : 1;
      return checkQuery([f('a', op, value), f('b', '>', 1)]).length > 0;
    });
    expect([...inequalities].sort()).toEqual(['!=', '<', '<=', '>', '>=', 'not-in'].sort());
  });

  it('needs a known operator and a value', () => {
    expect(checkQuery([{ field: 'hub', op: 'like' as FilterOp, value: 'x' }])).toEqual([
      'Filtro 1 (campo «hub»): operador desconocido «like» (se admite ==, !=, <, <=, >, >=, in, not-in, array-contains)',
    ]);
    expect(checkQuery([f('hub', '==', undefined)])).toEqual(['Filtro 1 (campo «hub»): falta el valor con el que comparar']);
    expect(checkQuery([f('route_id', '==', null)])).toEqual([]);
  });

  it('checks orderBy fields and directions', () => {
    expect(checkQuery([], [{ field: 'name', direction: 'asc' }])).toEqual([]);
    expect(checkQuery([], [{ field: '', direction: 'asc' }])).toEqual(['Orden 1: el nombre del campo está vacío']);
    expect(checkQuery([], [{ field: 'name', direction: 'asc' }, { field: 'a/b', direction: 'asc' }])).toEqual([
      'Orden 2 (campo «a/b»): el campo «a/b» contiene caracteres no permitidos (~ * / [ ])',
    ]);
    expect(checkQuery([], [{ field: 'name', direction: 'up' as 'asc' }])).toEqual([
      'Orden 1 (campo «name»): la dirección debe ser «asc» o «desc» (no «up»)',
    ]);
  });

  it('reports every problem at once', () => {
    const errors = checkQuery([f('', '==', 1), f('a*', 'in', []), f('x', '>', 1), f('y', '<', 2)]);
    expect(errors).toHaveLength(4);
  });
});

describe('toMangoSelector', () => {
  it.each([
    ['==', 1, { $eq: 1 }],
    ['!=', 1, { $ne: 1 }],
    ['<', 1, { $lt: 1 }],
    ['<=', 1, { $lte: 1 }],
    ['>', 1, { $gt: 1 }],
    ['>=', 1, { $gte: 1 }],
    ['in', [1, 2], { $in: [1, 2] }],
    ['not-in', [1, 2], { $nin: [1, 2] }],
    ['array-contains', 'p-1', { $elemMatch: { $eq: 'p-1' } }],
  ] as const)('translates «%s»', (op, value, condition) => {
    expect(toMangoSelector([f('a.b', op, value)])).toEqual({ 'a.b': condition });
  });

  it('covers every operator', () => {
    for (const op of FILTER_OPS) {
      const sel = toMangoSelector([f('x', op, op === 'in' || op === 'not-in' ? [1] : 1)]);
      expect(Object.keys(sel)).toEqual(['x']);
    }
  });

  it('selects everything with no filters', () => {
    expect(toMangoSelector([])).toEqual({});
  });

  it('puts the conditions of one field together', () => {
    expect(toMangoSelector([f('hub', '==', 1), f('date', '>=', '2026-11-01'), f('date', '<', '2026-12-01')])).toEqual({
      hub: { $eq: 1 },
      date: { $gte: '2026-11-01', $lt: '2026-12-01' },
    });
  });

  it('uses $and when one field repeats an operator, so no condition is lost', () => {
    expect(toMangoSelector([f('tags', 'array-contains', 'a'), f('tags', 'array-contains', 'b')])).toEqual({
      $and: [{ tags: { $elemMatch: { $eq: 'a' } } }, { tags: { $elemMatch: { $eq: 'b' } } }],
    });
  });

  it('copies arrays instead of sharing them with the caller', () => {
    const values = ['a'];
    const sel = toMangoSelector([f('status', 'in', values)]) as Record<string, { $in?: unknown[] }>;
    values.push('b');
    expect(sel.status?.$in).toEqual(['a']);
  });

  it('keeps odd field names as plain keys', () => {
    const sel = toMangoSelector([f('__proto__', '==', 1)]);
    expect(Object.keys(sel)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(sel)).toBe(Object.prototype);
  });

  it('throws the Spanish problems of an invalid query, joined', () => {
    expect(() => toMangoSelector([f('', '==', 1), f('status', 'in', [])])).toThrow(
      'Consulta no válida: Filtro 1: el nombre del campo está vacío; Filtro 2 (campo «status»): el operador «in» necesita una lista de valores no vacía',
    );
    expect(() => toMangoSelector([f('a', '>', 1), f('b', '>', 1)])).toThrow('deben ir todos sobre un mismo campo');
  });
});
