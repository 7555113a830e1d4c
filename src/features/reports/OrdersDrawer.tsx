/** The orders behind a figure of «Informes» (issue 34), in a drawer; each opens its order. */
import { useMemo } from 'react';
import { Drawer, Loader, Stack, Table, Text } from '@mantine/core';
import { t } from '../../i18n';
import { statusText } from '../../i18n/status';
import { useDocsByIds } from '../../data/hooks';
import type { Order } from '../../domain/entities/operation';
import { MACHINES } from '../../domain/status/machines';
import { RowLink } from '../../ui/crud/EntityTable';
import { href } from '../../links/registry';
import { dayLabel } from './cells';
import '../../i18n/es/reports';

/** At most this many orders are listed in the drawer (the CSV of the figure's table has the counts). */
const DRAWER_MAX = 200;

export function OrdersDrawer({ opened, title, ids, onClose }: { opened: boolean; title: string; ids: readonly string[]; onClose: () => void }) {
  const shown = useMemo(() => ids.slice(0, DRAWER_MAX), [ids]);
  const { data: orders, loading } = useDocsByIds('orders', shown);
  const list = shown.map((id) => orders.get(id)).filter((o): o is Order => o !== undefined);
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="lg" title={t('reports.drawer.title', { figure: title })}>
      <Stack gap="xs" data-testid="report-orders">
        {ids.length > DRAWER_MAX && <Text size="sm">{t('reports.drawer.more', { shown: DRAWER_MAX, n: ids.length })}</Text>}
        {loading && ids.length > 0 ? (
          <Loader size="sm" />
        ) : list.length === 0 ? (
          <Text>{t('reports.drawer.none')}</Text>
        ) : (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reports.drawer.code')}</Table.Th>
                <Table.Th>{t('reports.drawer.date')}</Table.Th>
                <Table.Th>{t('reports.drawer.window')}</Table.Th>
                <Table.Th>{t('reports.drawer.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((o) => (
                <Table.Tr key={o.id} data-order-id={o.id}>
                  <Table.Td>
                    <RowLink to={href('editOrder', { id: o.id })}>{o.code}</RowLink>
                  </Table.Td>
                  <Table.Td>{dayLabel(o.date)}</Table.Td>
                  <Table.Td>{`${o.window_start}–${o.window_end}`}</Table.Td>
                  <Table.Td>{statusText(MACHINES.order, o.status)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Drawer>
  );
}
