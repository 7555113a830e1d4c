/** /test/deliveryOrderSynlab (machine-dev-mode): today's orders of the external client Synlab as the device holds them. */
import { useMemo, useState } from 'react';
import { Alert, Select, Stack, Table, Text } from '@mantine/core';
import { t } from '../../i18n';
import { formatDay } from '../../i18n/dates';
import { useLiveQuery } from '../../data/hooks';
import { catalogOfKind, ordersOfDayInHub } from '../../data/queries';
import { madridDate } from '../../domain/dates';
import type { Order } from '../../domain/entities/operation';
import type { Client, Hub } from '../../domain/entities/reference';
import { ListTable } from '../../ui/table/ListTable';
import '../../i18n/es/delivery';
import '../../i18n/es/devtools';

export function SynlabOrdersPage() {
  const today = madridDate();
  const { data: clients } = useLiveQuery<Client[]>((db) => catalogOfKind(db, 'client'), [], []);
  const { data: hubs } = useLiveQuery<Hub[]>((db) => catalogOfKind(db, 'hub'), [], []);
  const synlab = clients.find((c) => c.key === 'synlab');
  const [hub, setHub] = useState<string | null>(null);
  const hubNumber = hub ?? (hubs[0] ? String(hubs[0].number) : null);
  const { data: orders } = useLiveQuery<Order[]>((db) => (hubNumber ? ordersOfDayInHub(db, today, Number(hubNumber)) : null), [today, hubNumber], []);
  const mine = useMemo(() => orders.filter((o) => o.client_id === synlab?.id), [orders, synlab]);
  if (!synlab) return <Alert color="gray">{t('dev.noSynlab')}</Alert>;
  return (
    <Stack>
      <Select label={t('delivery.hub')} data={hubs.map((h) => ({ value: String(h.number), label: `${h.number} · ${h.name}` }))} value={hubNumber} onChange={setHub} maw={320} />
      <Text size="sm" c="dimmed">
        {t('dev.synlabCount', { n: mine.length, date: formatDay(today) })}
      </Text>
      <ListTable
        bordered
        headers={[t('delivery.order'), t('delivery.window'), t('delivery.status'), t('delivery.products')]}
        rows={mine}
        row={(o) => (
          <Table.Tr key={o.id}>
            <Table.Td>{o.code}</Table.Td>
            <Table.Td>
              {o.window_start}–{o.window_end}
            </Table.Td>
            <Table.Td>{o.status}</Table.Td>
            <Table.Td>{o.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}</Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
