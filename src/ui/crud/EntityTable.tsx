/**
 * The generic list of the CRUD kit: sorting, filters, text search and virtual scrolling (only
 * the visible rows are in the DOM, so 20,000 rows stay smooth), plus CSV export of what is shown.
 * Configured per entity with columns; it knows nothing about storage (only whether the first
 * sync has finished).
 */
import { memo, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Box, Button, Group, Select, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconDownload, IconSearch } from '@tabler/icons-react';
import { t } from '../../i18n';
import { useFirstSync } from '../../data/hooks';
import { useNavigate } from '@tanstack/react-router';
import { downloadCsv, toCsv } from './csv';
import classes from './EntityTable.module.css';
import { HEADER_FONT_PX, trackFor } from './columnTrack';

export { RowButton, RowLink, RowTag } from './RowParts';
export { trackFor } from './columnTrack';

export interface Column<T> {
  readonly key: string;
  readonly header: string;
  /** Cell content (defaults to the text value). */
  readonly render?: (row: T) => ReactNode;
  /** Plain value: sorting, search and CSV. */
  readonly value: (row: T) => string | number | boolean | null;
  /** The CSV cell when it differs from `value` (money in euros as people read them: «1,29»). */
  readonly csv?: (row: T) => string | number | boolean | null;
  /** More text a search finds the row by (e.g. the client's own order number), not shown. */
  readonly search?: (row: T) => string;
  /** CSS grid track, e.g. '2fr' or '120px' (default 1fr). */
  readonly width?: string;
  readonly sortable?: boolean;
  /**
   * false: the column is searched and exported (CSV) but not shown, where the screen's width is
   * given to the columns a person reads (its value shows inside another column, or on opening the
   * row: issue 28).
   */
  readonly shown?: boolean;
}

export interface Filter<T> {
  readonly key: string;
  readonly label: string;
  readonly options: readonly { value: string; label: string }[];
  readonly test: (row: T, value: string) => boolean;
}

export interface EntityTableProps<T> {
  readonly rows: readonly T[];
  readonly columns: readonly Column<T>[];
  readonly rowKey: (row: T) => string;
  readonly filters?: readonly Filter<T>[];
  /** Actions at the end of each row (edit, delete…). */
  readonly actions?: (row: T) => ReactNode;
  readonly toolbar?: ReactNode;
  /** Name of the CSV file (without extension); absent = no export button. */
  readonly csvName?: string;
  readonly loading?: boolean;
  readonly emptyText?: string;
  readonly label: string;
  readonly rowHeight?: number;
  /** CSS grid track of the actions column (default 'auto'; a fixed width aligns every row). */
  readonly actionsWidth?: string;
}

type Sort = { key: string; dir: 'asc' | 'desc' } | null;

const collator = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });

function compare(a: string | number | boolean | null, b: string | number | boolean | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

function normalise(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

type FilterValues = Record<string, string | null>;

/** A filter of the list; memoised so typing in the search box does not render it again. */
const FilterSelect = memo(function FilterSelect(props: {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  value: string | null;
  onChange: (update: (s: FilterValues) => FilterValues) => void;
}) {
  const { name, onChange } = props;
  return (
    <Select
      label={props.label}
      data={props.options as { value: string; label: string }[]}
      value={props.value}
      onChange={(v) => onChange((s) => ({ ...s, [name]: v }))}
      clearable
      placeholder={t('crud.all')}
      style={{ flex: '0 1 200px' }}
      // The option list is mounted when it opens. Kept mounted while closed (Mantine's default),
      // floating-ui positions it as the list mounts, with a synchronous re-render of the Select.
      comboboxProps={{ keepMounted: false }}
    />
  );
});

interface RowProps<T> {
  readonly row: T;
  readonly index: number;
  readonly top: number;
  readonly height: number;
  readonly template: string;
  readonly columns: readonly Column<T>[];
  readonly actions?: (row: T) => ReactNode;
}

/**
 * One row. Memoised: while scrolling, a row that stays on screen keeps its position (its `top`
 * is fixed by its index) and is not rendered again; only rows coming into view are.
 */
const Row = memo(function Row<T>({ row, index, top, height, template, columns, actions }: RowProps<T>) {
  return (
    <div role="row" aria-rowindex={index + 2} data-testid="crud-row" className={classes.row} style={{ height, transform: `translateY(${top}px)`, gridTemplateColumns: template }}>
      {columns.map((c) => {
        const value = c.value(row);
        // A text longer than the cell's two lines ends with «…»: its tooltip has it whole.
        const title = typeof value === 'string' && value !== '' ? value : undefined;
        return (
          <div role="cell" key={c.key} className={classes.cell} title={title} data-titled={title === undefined ? undefined : ''}>
            {c.render ? c.render(row) : String(value ?? '')}
          </div>
        );
      })}
      {actions && (
        <div role="cell" className={classes.actions}>
          {actions(row)}
        </div>
      )}
    </div>
  );
}) as <T>(props: RowProps<T> & { key?: string }) => ReactNode;

interface BodyProps<T> {
  readonly rows: readonly T[];
  readonly columns: readonly Column<T>[];
  readonly rowKey: (row: T) => string;
  readonly actions?: (row: T) => ReactNode;
  readonly template: string;
  readonly rowHeight: number;
  readonly empty: ReactNode;
}

/**
 * The scrolling part: the only component that renders again while the window scrolls (the
 * search box, filters and header do not). With no rows it is the empty row alone: the
 * virtualizer mounts with the first rows. Mounted with the screen (whose rows are still being
 * read), it scrolled the window to where it was, which made the browser lay out the whole new
 * screen inside the task that mounted it.
 */
function VirtualBody<T>(props: BodyProps<T>) {
  if (props.rows.length > 0) return <VirtualRows {...props} />;
  return (
    <div role="rowgroup" className={classes.body} style={{ height: 56 }}>
      {props.empty}
    </div>
  );
}

function VirtualRows<T>({ rows, columns, rowKey, actions, template, rowHeight }: BodyProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const [margin, setMargin] = useState(0);
  // Distance from the top of the document, measured after layout (not during each render).
  useLayoutEffect(() => {
    const measure = () => {
      const el = listRef.current;
      if (!el) return;
      const top = Math.round(el.getBoundingClientRect().top + window.scrollY);
      setMargin((m) => (m === top ? m : top));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [rows.length]);
  const virtualizer = useWindowVirtualizer({ count: rows.length, estimateSize: () => rowHeight, overscan: 4, scrollMargin: margin });
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const link = (e.target as Element).closest('a[data-row-link]');
    const to = link?.getAttribute('href');
    if (!to) return;
    e.preventDefault();
    void navigate({ to });
  };
  return (
    // Clicks on row links are handled here (links handle the keyboard themselves).
    <div role="rowgroup" ref={listRef} className={classes.body} style={{ height: virtualizer.getTotalSize() }} onClick={onClick} onMouseOver={showWholeText}>
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index] as T;
        return <Row<T> key={rowKey(row)} row={row} index={item.index} top={item.start - margin} height={item.size} template={template} columns={columns} actions={actions} />;
      })}
    </div>
  );
}

/**
 * A cell too long for its two lines (EntityTable.module.css) whose value is not a text (so it has
 * no tooltip of its own) shows what it reads as a tooltip while the pointer is over it; measured
 * then, not for every row as it renders.
 */
function showWholeText(e: MouseEvent<HTMLDivElement>): void {
  const cell = (e.target as Element).closest('[role="cell"]');
  if (!(cell instanceof HTMLElement) || cell.dataset.titled !== undefined) return;
  const cut = cell.scrollHeight > cell.clientHeight + 1 || cell.scrollWidth > cell.clientWidth + 1;
  if (cut) cell.title = cell.innerText.replace(/\s+/g, ' ').trim();
  else cell.removeAttribute('title');
}

/** Rows a search may read in one task without their search texts filled in beforehand. */
const SEARCH_AT_ONCE = 1500;

/** Time given to one slice of filling in search texts before the page is given back. */
const FILL_SLICE_MS = 8;

export function EntityTable<T>(props: EntityTableProps<T>) {
  const { rows, columns, rowKey, filters = [], actions, rowHeight = 52 } = props;
  const shown = useMemo(() => columns.filter((c) => c.shown !== false), [columns]);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [sort, setSort] = useState<Sort>(null);
  const [filterValues, setFilterValues] = useState<FilterValues>({});
  // Before this user's first sync on this device the rows may simply not have arrived: say so
  // instead of a confident «0 de 0».
  const { awaiting } = useFirstSync();
  // Search text of each row, cached per row object: rows that did not change keep theirs when
  // the data changes. It is filled in small slices after each data change (never in one long
  // task), and computed on demand for a row not reached yet.
  const haystackOf = useMemo(() => {
    const cache = new WeakMap<object, string>();
    const compute = (row: T) => normalise(columns.map((c) => `${String(c.value(row) ?? '')}${c.search ? ` ${c.search(row)}` : ''}`).join(' '));
    const text = (row: T): string => {
      if (typeof row !== 'object' || row === null) return compute(row);
      let found = cache.get(row);
      if (found === undefined) {
        found = compute(row);
        cache.set(row, found);
      }
      return found;
    };
    const has = (row: T): boolean => typeof row !== 'object' || row === null || cache.has(row);
    return Object.assign(text, { has });
  }, [columns]);
  // The rows (and columns) whose search texts are all filled in: a search over more rows than
  // SEARCH_AT_ONCE without them waits for the slices below instead of filling them in one task.
  const [indexed, setIndexed] = useState<{ rows: readonly T[]; haystackOf: unknown } | null>(null);

  useEffect(() => {
    let i = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slice = () => {
      // A slice ends after FILL_SLICE_MS, not after a number of rows: 1,000 orders (whose totals
      // and labels are worked out here too) took 55-65 ms on a busy machine with the CPU slowed 2×.
      const until = performance.now() + FILL_SLICE_MS;
      while (i < rows.length) {
        haystackOf(rows[i] as T);
        i += 1;
        if (i % 32 === 0 && performance.now() >= until) break;
      }
      if (i < rows.length) timer = setTimeout(slice, 0);
      else if (rows.length > SEARCH_AT_ONCE) setIndexed({ rows, haystackOf });
    };
    timer = setTimeout(slice, 0);
    return () => clearTimeout(timer);
  }, [rows, haystackOf]);

  const lastVisible = useRef<readonly T[]>(rows);
  const { visible, searching } = useMemo(() => {
    const needle = normalise(deferredSearch.trim());
    const ready =
      needle === '' ||
      rows.length <= SEARCH_AT_ONCE ||
      (indexed?.rows === rows && indexed.haystackOf === haystackOf) ||
      rows.reduce((missing, row) => (haystackOf.has(row) ? missing : missing + 1), 0) <= SEARCH_AT_ONCE;
    // Still filling in: the list stays as it was (marked busy) for the few slices that takes.
    if (!ready) return { visible: lastVisible.current, searching: true };
    const active = filters.flatMap((f) => {
      const v = filterValues[f.key];
      return v === null || v === undefined || v === '' ? [] : [{ test: f.test, value: v }];
    });
    let out =
      needle === '' && active.length === 0
        ? rows.slice()
        : rows.filter((row) => (needle === '' || haystackOf(row).includes(needle)) && active.every((f) => f.test(row, f.value)));
    if (sort) {
      const col = columns.find((c) => c.key === sort.key);
      if (col) {
        const sign = sort.dir === 'asc' ? 1 : -1;
        out = [...out].sort((a, b) => sign * compare(col.value(a), col.value(b)));
      }
    }
    return { visible: out, searching: false };
  }, [rows, haystackOf, indexed, deferredSearch, filters, filterValues, sort, columns]);
  useEffect(() => {
    lastVisible.current = visible;
  }, [visible]);

  const template = useMemo(() => [...shown.map((c) => trackFor(c)), ...(actions ? [props.actionsWidth ?? 'auto'] : [])].join(' '), [shown, actions, props.actionsWidth]);
  const toggleSort = (key: string) =>
    setSort((s) => (s?.key !== key ? { key, dir: 'asc' } : s.dir === 'asc' ? { key, dir: 'desc' } : null));

  const exportCsv = () => {
    if (!props.csvName) return;
    downloadCsv(
      `${props.csvName}.csv`,
      toCsv(
        columns.map((c) => c.header),
        visible.map((row) => columns.map((c) => (c.csv ?? c.value)(row))),
      ),
    );
  };

  return (
    <Box>
      <Group mb="sm" gap="sm" align="end" wrap="wrap">
        <TextInput
          label={t('crud.search')}
          placeholder={t('crud.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
          data-testid="crud-search"
        />
        {filters.map((f) => (
          <FilterSelect key={f.key} name={f.key} label={f.label} options={f.options} value={filterValues[f.key] ?? null} onChange={setFilterValues} />
        ))}
        {props.csvName && (
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={exportCsv}>
            {t('crud.exportCsv')}
          </Button>
        )}
        {props.toolbar}
      </Group>
      <Text size="sm" c="dimmed" mb={4} aria-live="polite" data-testid="crud-count">
        {props.loading ? t('common.loading') : awaiting ? t('syncState.awaitingFirst') : t('crud.count', { shown: visible.length, total: rows.length })}
      </Text>
      <div role="table" aria-label={props.label} aria-rowcount={visible.length + 1} aria-busy={searching || undefined} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
        <div role="rowgroup">
          <div role="row" aria-rowindex={1} style={{ display: 'grid', gridTemplateColumns: template, background: 'var(--mantine-color-gray-0)', borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            {shown.map((c) => {
              const active = sort?.key === c.key;
              const ariaSort = active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none';
              return (
                <div role="columnheader" aria-sort={c.sortable === false ? undefined : ariaSort} key={c.key} style={{ padding: '8px 10px', fontWeight: 600, fontSize: 14 }}>
                  {c.sortable === false ? (
                    c.header
                  ) : (
                    <UnstyledButton onClick={() => toggleSort(c.key)} style={{ display: 'inline-flex', gap: 4, alignItems: 'center', fontWeight: 600, fontSize: HEADER_FONT_PX, textAlign: 'start' }}>
                      {c.header}
                      {active ? sort.dir === 'asc' ? <IconArrowUp size={14} aria-hidden /> : <IconArrowDown size={14} aria-hidden /> : <IconArrowsSort size={14} aria-hidden opacity={0.4} />}
                    </UnstyledButton>
                  )}
                </div>
              );
            })}
            {actions && (
              <div role="columnheader" style={{ padding: '8px 10px', fontWeight: 600, fontSize: 14 }}>
                {t('crud.actions')}
              </div>
            )}
          </div>
        </div>
        <VirtualBody<T>
          rows={visible}
          columns={shown}
          rowKey={rowKey}
          actions={actions}
          template={template}
          rowHeight={rowHeight}
          empty={
            !props.loading && (
              <div role="row">
                <div role="cell" style={{ padding: 16 }}>
                  <Text c="dimmed">{awaiting ? t('syncState.awaitingFirst') : (props.emptyText ?? t('crud.empty'))}</Text>
                </div>
              </div>
            )
          }
        />
      </div>
    </Box>
  );
}
