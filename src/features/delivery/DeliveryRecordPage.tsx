import { useDocById } from '../../data/hooks';
import { Alert, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { formatMoney, formatNumber, t } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import type { ScreenProps } from '../../ui/page/types';
import { orderOutcome } from '../../domain/delivery';
import { SignatureView } from '../../ui/signature/SignaturePad';
import { MissingUntilSynced } from '../../ui/sync/FirstSync';
import { SyncNotices } from '../../ui/sync/SyncNotices';
import { useOrderEvents } from './hooks';
import { OrderNotFound, OUTCOME_COLOR, outcomeLabel } from './stopShared';
import '../../i18n/es/delivery';
import '../../i18n/es/proof';

/** /delivery/:id: one delivery's record (what, when, where, signature, collected); `id` is the order's id. */
export function DeliveryRecordPage({ params }: ScreenProps<'delivery'>) {
  const orderId = (params.id ?? '').replace(/^dlv-/, '');
  const { data: order, loading } = useDocById('orders', orderId);
  const { data: events } = useOrderEvents(orderId);
  if (loading) return null;
  if (!order) return <OrderNotFound />;
  const main = events.find((e) => e.kind === 'delivered' || e.kind === 'partial') ?? events.find((e) => e.kind === 'failed');
  if (!main) return <MissingUntilSynced><Alert color="gray">{t('delivery.noRecord')}</Alert></MissingUntilSynced>;
  const signed = events.find((e) => e.kind === 'signed');
  const collected = events.find((e) => e.kind === 'collected');
  const outcome = orderOutcome(order.id, events);
  return (
    <Stack>
      <Group justify="space-between">
        <Text fw={700}>{order.code}</Text>
        <Badge color={OUTCOME_COLOR[outcome]} variant="light">
          {outcomeLabel(outcome)}
        </Badge>
      </Group>
      <SyncNotices docs={[{ collection: 'orders', id: order.id }]} />
      <Text>
        {t('delivery.when')}: {formatDate(main.at, "d MMM yyyy, HH:mm:ss")}
      </Text>
      <Text>
        {t('delivery.where')}: {main.position ? t('proof.positionValue', { lat: formatNumber(main.position.lat, 5), lng: formatNumber(main.position.lng, 5) }) : t('delivery.noPosition')}
      </Text>
      {main.kind === 'failed' && main.note && <Alert color="red">{main.note}</Alert>}
      {main.lines.length > 0 && (
        <Table withTableBorder>
          <Table.Tbody>
            {order.lines.map((l) => {
              const d = main.lines.find((x) => x.line_id === l.line_id);
              return (
                <Table.Tr key={l.line_id}>
                  <Table.Td>{l.name}</Table.Td>
                  <Table.Td>
                    {d?.delivered ?? 0} / {l.quantity}
                    {d && d.refused > 0 ? ` (${t('delivery.refusedQty').toLowerCase()}: ${d.refused})` : ''}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {signed && (
        <Card withBorder>
          <Text size="sm" mb="xs">
            {t('delivery.signedBy', { name: signed.signer_name })}
          </Text>
          <SignatureView strokes={signed.signature_strokes} label={t('delivery.signedBy', { name: signed.signer_name })} />
        </Card>
      )}
      {collected && (
        <Card withBorder data-testid="record-collected">
          <Text>
            {t('delivery.collected')}: {formatMoney(collected.amount_collected_cents - collected.change_cents)} · {t(`delivery.method_${collected.payment_method || 'cash'}`)}
          </Text>
        </Card>
      )}
    </Stack>
  );
}
