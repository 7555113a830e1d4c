/**
 * The generic list of the CRUD kit: sorting, filters, text search and virtual scrolling (only
 * the visible rows are in the DOM, so 20,000 rows stay smooth), plus CSV export of what is shown.
 * Configured per entity with columns; it knows nothing about storage.
 */
import { useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Button, Group, Select, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconDownload, IconSearch } from '@tabler/icons-react';
import { t } from '../../i18n';
import { downloadCsv, toCsv } from './csv';

export interface Column<T> {
  readonly key: string;
  readonly header: string;
  /** Cell content (defaults to the text value). */
  readonly render?: (row: T) => ReactNode;
  /** Plain value: sorting, search and CSV. */
  readonly value: (row: T) => string | number | boolean | null;
  /** CSS grid track, e.g. '2fr' or '120px' (default 1fr). */
  readonly width?: string;
  readonly sortable?: boolean;
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

export function EntityTable<T>(props: EntityTableProps<T>) {
  const { rows, columns, rowKey, filters = [], actions, rowHeight = 52 } = props;
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [sort, setSort] = useState<Sort>(null);
  const [filterValues, setFilterValues] = useState<Record<string, string | null>>({});
  const listRef = useRef<HTMLDivElement>(null);

  // Search text of each row, cached per row object: rows that did not change keep theirs when
  // the data changes. It is filled in small slices after each data change (never in one long
  // task), and computed on demand for a row not reached yet.
  const haystackOf = useMemo(() => {
    const cache = new WeakMap<object, string>();
    const compute = (row: T) => normalise(columns.map((c) => String(c.value(row) ?? '')).join(' '));
    return (row: T): string => {
      if (typeof row !== 'object' || row === null) return compute(row);
      let text = cache.get(row);
      if (text === undefined) {
        text = compute(row);
        cache.set(row, text);
      }
      return text;
    };
  }, [columns]);

  useEffect(() => {
    let i = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slice = () => {
      const end = Math.min(rows.length, i + 1000);
      for (; i < end; i += 1) haystackOf(rows[i] as T);
      if (i < rows.length) timer = setTimeout(slice, 0);
    };
    timer = setTimeout(slice, 0);
    return () => clearTimeout(timer);
  }, [rows, haystackOf]);

  const visible = useMemo(() => {
    const needle = normalise(deferredSearch.trim());
    let out = rows.filter((row) => {
      if (needle && !haystackOf(row).includes(needle)) return false;
      return filters.every((f) => {
        const v = filterValues[f.key];
        return v === null || v === undefined || v === '' || f.test(row, v);
      });
    });
    if (sort) {
      const col = columns.find((c) => c.key === sort.key);
      if (col) {
        const sign = sort.dir === 'asc' ? 1 : -1;
        out = [...out].sort((a, b) => sign * compare(col.value(a), col.value(b)));
      }
    }
    return out;
  }, [rows, haystackOf, deferredSearch, filters, filterValues, sort, columns]);

  const virtualizer = useWindowVirtualizer({
    count: visible.length,
    estimateSize: () => rowHeight,
    overscan: 8,
    scrollMargin: listRef.current?.offsetTop ?? 0,
  });

  const template = [...columns.map((c) => c.width ?? '1fr'), ...(actions ? ['auto'] : [])].join(' ');
  const toggleSort = (key: string) =>
    setSort((s) => (s?.key !== key ? { key, dir: 'asc' } : s.dir === 'asc' ? { key, dir: 'desc' } : null));

  const exportCsv = () => {
    if (!props.csvName) return;
    downloadCsv(
      `${props.csvName}.csv`,
      toCsv(
        columns.map((c) => c.header),
        visible.map((row) => columns.map((c) => c.value(row))),
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
          <Select
            key={f.key}
            label={f.label}
            data={[...f.options]}
            value={filterValues[f.key] ?? null}
            onChange={(v) => setFilterValues((s) => ({ ...s, [f.key]: v }))}
            clearable
            placeholder={t('crud.all')}
            style={{ flex: '0 1 200px' }}
          />
        ))}
        {props.csvName && (
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={exportCsv}>
            {t('crud.exportCsv')}
          </Button>
        )}
        {props.toolbar}
      </Group>
      <Text size="sm" c="dimmed" mb={4} aria-live="polite" data-testid="crud-count">
        {props.loading ? t('common.loading') : t('crud.count', { shown: visible.length, total: rows.length })}
      </Text>
      <div role="table" aria-label={props.label} aria-rowcount={visible.length + 1} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
        <div role="rowgroup">
          <div role="row" aria-rowindex={1} style={{ display: 'grid', gridTemplateColumns: template, background: 'var(--mantine-color-gray-0)', borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            {columns.map((c) => {
              const active = sort?.key === c.key;
              const ariaSort = active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none';
              return (
                <div role="columnheader" aria-sort={c.sortable === false ? undefined : ariaSort} key={c.key} style={{ padding: '8px 10px', fontWeight: 600, fontSize: 14 }}>
                  {c.sortable === false ? (
                    c.header
                  ) : (
                    <UnstyledButton onClick={() => toggleSort(c.key)} style={{ display: 'inline-flex', gap: 4, alignItems: 'center', fontWeight: 600 }}>
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
        <div role="rowgroup" ref={listRef} style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
          {visible.length === 0 && !props.loading && (
            <div role="row">
              <div role="cell" style={{ padding: 16 }}>
                <Text c="dimmed">{props.emptyText ?? t('crud.empty')}</Text>
              </div>
            </div>
          )}
          {virtualizer.getVirtualItems().map((item) => {
            const row = visible[item.index] as T;
            return (
              <div
                role="row"
                aria-rowindex={item.index + 2}
                key={rowKey(row)}
                data-testid="crud-row"
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  height: item.size,
                  transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
                  display: 'grid',
                  gridTemplateColumns: template,
                  alignItems: 'center',
                  borderBottom: '1px solid var(--mantine-color-gray-2)',
                }}
              >
                {columns.map((c) => (
                  <div role="cell" key={c.key} style={{ padding: '4px 10px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {c.render ? c.render(row) : String(c.value(row) ?? '')}
                  </div>
                ))}
                {actions && (
                  <div role="cell" style={{ padding: '4px 10px' }}>
                    {actions(row)}
                  </div>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </Box>
  );
}
