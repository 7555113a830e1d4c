import { describe, expect, it } from 'vitest';
import { addBox, clickPoint, type Choice } from '../../src/domain/routing/selection';

const order = ['a', 'b', 'c', 'd', 'e'];
const selectable = (id: string) => id !== 'c';
const none: Choice = { selected: new Set(), anchor: null };
const ids = (c: Choice) => [...c.selected].sort();

describe('choosing points on the board', () => {
  it('a click toggles one point and becomes the anchor', () => {
    const one = clickPoint(none, order, 'b', false, selectable);
    expect(ids(one)).toEqual(['b']);
    expect(one.anchor).toBe('b');
    const off = clickPoint(one, order, 'b', false, selectable);
    expect(ids(off)).toEqual([]);
  });

  it('a shift-click chooses the range from the anchor, either way, skipping points that cannot be planned', () => {
    const one = clickPoint(none, order, 'b', false, selectable);
    const range = clickPoint(one, order, 'e', true, selectable);
    expect(ids(range)).toEqual(['b', 'd', 'e']);
    expect(range.anchor).toBe('b');
    const back = clickPoint(clickPoint(none, order, 'd', false, selectable), order, 'a', true, selectable);
    expect(ids(back)).toEqual(['a', 'b', 'd']);
  });

  it('a shift-click without an anchor toggles like a click; a point that cannot be planned is never chosen', () => {
    expect(ids(clickPoint(none, order, 'd', true, selectable))).toEqual(['d']);
    expect(clickPoint(none, order, 'c', false, selectable)).toBe(none);
  });

  it('a box adds the points inside it and keeps the others', () => {
    const one = clickPoint(none, order, 'a', false, selectable);
    expect(ids(addBox(one, ['c', 'd', 'x'], selectable))).toEqual(['a', 'd', 'x']);
  });
});
