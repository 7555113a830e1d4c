/**
 * Developer pages of the delivery flow (machine-dev-mode):
 * - /test/entrega: a sandbox of the signature pad and the amount / change calculation on a real
 *   local order; nothing is recorded.
 * - /test/deliveryOrderSynlab: today's orders of the external client Synlab as the device holds them.
 */
import { useMemo, useState } from 'react';
import { Alert, Card, Group, Image, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import { formatMoney, t } from '../../i18n';
import { useLiveQuery } from '../../data/hooks';
import { catalogOfKind, ordersOfDayInHub } from '../../data/queries';
import { collect, fullDelivery } from '../../domain/delivery';
import { madridDate } from '../../domain/dates';
import type { Order } from '../../domain/entities/operation';
import type { Client, Hub } from '../../domain/entities/reference';
import { SignaturePad, signatureToPng, type Stroke } from '../../ui/signature/SignaturePad';

export function DeliveryLabPage() {
  const today = madridDate();
  const { data: orders } = useLiveQuery<Order[]>((db) => db.orders.find({ selector: { date: today }, limit: 200 }), [today], []);
  const [orderId, setOrderId] = useState<string | null>(null);
  const [tendered, setTendered] = useState<number>(50);
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [png, setPng] = useState<string | null>(null);
  const order = orders.find((o) => o.id === orderId) ?? orders[0];
  const result = order ? collect(order, fullDelivery(order), 'cash', Math.round(tendered * 100)) : null;
  return (
    <Stack maw={720}>
      <Text c="dimmed">{t('dev.labIntro')}</Text>
      <Select label={t('delivery.order')} data={orders.map((o) => ({ value: o.id, label: o.code }))} value={order?.id ?? null} onChange={setOrderId} searchable />
      {order && (
        <Card withBorder>
          <Group grow>
            <NumberInput label={t('delivery.tendered')} value={tendered} onChange={(v) => setTendered(typeof v === 'number' ? v : 0)} decimalScale={2} decimalSeparator="," suffix=" €" />
            <div>
              <Text size="sm" c="dimmed">
                {t('delivery.amountDue')}
              </Text>
              <Text fw={700}>{result?.ok ? formatMoney(result.value.due_cents) : '—'}</Text>
              <Text size="sm" c="dimmed">
                {t('delivery.change')}
              </Text>
              <Text fw={700}>{result?.ok ? formatMoney(result.value.change_cents) : result?.message}</Text>
            </div>
          </Group>
        </Card>
      )}
      <SignaturePad
        strokes={strokes}
        onChange={(s) => {
          setStrokes(s);
          void (s.length > 0 ? signatureToPng(s).then((b) => setPng(URL.createObjectURL(b))) : Promise.resolve(setPng(null)));
        }}
        label={t('delivery.signHere')}
      />
      {png && <Image src={png} alt={t('dev.labPng')} maw={360} radius="sm" style={{ border: '1px solid var(--mantine-color-gray-3)' }} />}
    </Stack>
  );
}

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
        {t('dev.synlabCount', { n: mine.length, date: today })}
      </Text>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('delivery.order')}</Table.Th>
            <Table.Th>{t('delivery.window')}</Table.Th>
            <Table.Th>{t('delivery.status')}</Table.Th>
            <Table.Th>{t('delivery.products')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mine.map((o) => (
            <Table.Tr key={o.id}>
              <Table.Td>{o.code}</Table.Td>
              <Table.Td>
                {o.window_start}–{o.window_end}
              </Table.Td>
              <Table.Td>{o.status}</Table.Td>
              <Table.Td>{o.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
