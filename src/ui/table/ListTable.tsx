/**
 * A plain table of a screen's own small list (the lists on a detail page, a few keys, the day's
 * handovers): the screens give the column headers, the rows and how one row reads; `empty` is
 * said instead of an empty table, and a `minWidth` scrolls it sideways on narrow screens instead
 * of squeezing the columns. Long, sortable, searchable lists use the CRUD kit's `EntityTable`.
 */
import type { ReactNode } from 'react';
import { Table, Text } from '@mantine/core';

export interface ListTableProps<T> {
  /** The column headers, in order. */
  readonly headers: readonly ReactNode[];
  readonly rows: readonly T[];
  /** One row (a `Table.Tr` with its key). */
  readonly row: (item: T) => ReactNode;
  /** Said (dimmed) instead of the table when there are no rows; without it the table shows empty. */
  readonly empty?: ReactNode;
  /** The table's accessible name (what it lists). */
  readonly label?: string;
  /** Below this width (px) the table scrolls sideways. */
  readonly minWidth?: number;
  /** Borders around the table. */
  readonly bordered?: boolean;
  /** Rows in alternating shades (default true). */
  readonly striped?: boolean;
  readonly testId?: string;
}

export function ListTable<T>({ headers, rows, row, empty, label, minWidth, bordered, striped = true, testId }: ListTableProps<T>) {
  if (rows.length === 0 && empty !== undefined) return <Text c="dimmed">{empty}</Text>;
  const table = (
    <Table striped={striped} withTableBorder={bordered} aria-label={label} data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          {headers.map((h, i) => (
            <Table.Th key={i}>{h}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{rows.map(row)}</Table.Tbody>
    </Table>
  );
  return minWidth === undefined ? table : <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>;
}
