/** /test/entrega (machine-dev-mode): a sandbox of the signature pad and the amount / change
 * calculation on a real local order; nothing is recorded. */
import { useState } from 'react';
import { Card, Group, Image, NumberInput, Select, Stack, Text } from '@mantine/core';
import { formatMoney, t } from '../../i18n';
import { domainText } from '../../i18n/domain';
import { useLiveQuery } from '../../data/hooks';
import { someOrdersOfDay } from '../../data/queries';
import { collect, fullDelivery } from '../../domain/delivery';
import { madridDate } from '../../domain/dates';
import type { Order } from '../../domain/entities/operation';
import { SignaturePad, signatureToPng, type Stroke } from '../../ui/signature/SignaturePad';
import '../../i18n/es/delivery';
import '../../i18n/es/devtools';

export function DeliveryLabPage() {
  const today = madridDate();
  const { data: orders } = useLiveQuery<Order[]>((db) => someOrdersOfDay(db, today, 200), [today], []);
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
              <Text fw={700}>{result?.ok ? formatMoney(result.value.change_cents) : result && domainText(result.message)}</Text>
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
