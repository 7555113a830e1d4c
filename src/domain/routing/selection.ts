/**
 * Choosing points on the planning board (issue 11), pure: a click toggles one point; a
 * shift-click chooses every point between the last one clicked (the anchor) and this one, in the
 * list's order; a box drawn on the map adds the points inside it. Points that cannot be planned
 * (`selectable` false, e.g. «sin ubicación») are never chosen.
 */

export interface Choice {
  readonly selected: ReadonlySet<string>;
  /** The last point clicked without shift (where the next shift-click range starts). */
  readonly anchor: string | null;
}

export function clickPoint(choice: Choice, order: readonly string[], id: string, shift: boolean, selectable: (id: string) => boolean): Choice {
  if (!selectable(id)) return choice;
  const from = choice.anchor === null ? -1 : order.indexOf(choice.anchor);
  const to = order.indexOf(id);
  if (shift && from >= 0 && to >= 0) {
    const [a, b] = from <= to ? [from, to] : [to, from];
    const next = new Set(choice.selected);
    for (const x of order.slice(a, b + 1)) if (selectable(x)) next.add(x);
    return { selected: next, anchor: choice.anchor };
  }
  const next = new Set(choice.selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return { selected: next, anchor: id };
}

/** Adds the points found inside a box (unselectable ones left out). */
export function addBox(choice: Choice, ids: readonly string[], selectable: (id: string) => boolean): Choice {
  const next = new Set(choice.selected);
  for (const id of ids) if (selectable(id)) next.add(id);
  return { selected: next, anchor: choice.anchor };
}
