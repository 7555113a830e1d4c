/** The width of a list column (./EntityTable.tsx): its configured track, never narrower than its header (issue 28). */
/** What a column's track depends on (./EntityTable.tsx `Column`). */
export interface ColumnTrackInput {
  readonly header: string;
  readonly width?: string | undefined;
  readonly sortable?: boolean | undefined;
}

/** The header's type (its font family is the page's): what a column header is measured in. */
export const HEADER_FONT_PX = 14;
/** Room a header needs besides its text: 10 px padding each side, the sort icon and its gap. */
const HEADER_PADDING_PX = 20;
const SORT_ICON_PX = 18;

let measure: CanvasRenderingContext2D | null | undefined;

/** Width (px) of a column header's text; an estimate where there is no canvas (tests). */
function headerTextWidth(text: string): number {
  if (measure === undefined) {
    measure = typeof document === 'undefined' ? null : (document.createElement('canvas').getContext('2d') ?? null);
    if (measure) measure.font = `600 ${HEADER_FONT_PX}px ${getComputedStyle(document.body).fontFamily || 'sans-serif'}`;
  }
  return measure ? measure.measureText(text).width : text.length * HEADER_FONT_PX * 0.62;
}

/**
 * A column's grid track, never narrower than its header (issue 28: no header is cut). A header of
 * several words may wrap, so the room it needs is its longest word's; `width` is the column's
 * track as configured ('120px', '2fr', 'minmax(120px, 1fr)').
 */
export function trackFor(column: ColumnTrackInput): string {
  const width = column.width ?? '1fr';
  const longest = Math.max(0, ...column.header.split(/\s+/).map(headerTextWidth));
  const min = `${Math.ceil(longest + HEADER_PADDING_PX + (column.sortable === false ? 0 : SORT_ICON_PX) + 2)}px`;
  const range = /^minmax\((.+),(.+)\)$/.exec(width);
  if (range) return `minmax(max(${(range[1] ?? '').trim()}, ${min}), ${(range[2] ?? '').trim()})`;
  if (width.endsWith('fr')) return `minmax(${min}, ${width})`;
  if (width === 'auto') return width;
  return `max(${width}, ${min})`;
}
