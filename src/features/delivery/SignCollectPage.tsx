import { useMemo, useState } from 'react';
import { Alert, Button, Card, Group, NumberInput, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useNavigate } from '@tanstack/react-router';
import { formatMoney, t } from '../../i18n';
import { domainText } from '../../i18n/domain';
import type { ScreenProps } from '../../ui/page/types';
import { useEngine } from '../../data/hooks';
import { confirmDelivery, currentPosition, type ConfirmDeliveryInput } from '../../data/round';
import type { DataEngine } from '../../data/engine';
import { useAction } from '../../ui/action/useAction';
import { ListTable } from '../../ui/table/ListTable';
import { checkDeliveredLines, collect, collectsAtDoor, decodeSummary, orderOutcome } from '../../domain/delivery';
import type { PaymentMethod } from '../../domain/entities/operation';
import { riderPaymentMethods } from '../../domain/access/payments';
import { SignaturePad, SignatureView, signatureToPng, type Stroke } from '../../ui/signature/SignaturePad';
import { useActor, useOrderOnRoute } from './hooks';
import { href, linkTo } from '../../links/registry';
import { OrderNotFound } from './stopShared';
import '../../i18n/es/delivery';

/** /signAndCollect/…: summary, amount due, payment method, collected and change, signature and signer's name. */
export function SignCollectPage({ params }: ScreenProps<'signAndCollect'>) {
  const engine = useEngine();
  const actor = useActor();
  const navigate = useNavigate();
  const { order, route, events, loading } = useOrderOnRoute(params.id, params.route_id);
  const lines = useMemo(() => (order ? decodeSummary(order, params.summary) : []), [order, params.summary]);
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [tendered, setTendered] = useState<number | null>(null);
  const [signer, setSigner] = useState('');
  const narrow = useMediaQuery('(max-width: 30em)') ?? false;
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const sign = useAction(async (engine: DataEngine, input: Omit<ConfirmDeliveryInput, 'signaturePng' | 'position'>) => {
    const png = await signatureToPng(input.strokes);
    const created = await confirmDelivery(engine, { ...input, signaturePng: png, position: await currentPosition() }, actor);
    notifications.show({ color: 'teal', message: created ? t('delivery.delivered') : t('delivery.alreadyDelivered') });
    await navigate({ ...linkTo('distributionStop', { id: input.order.delivery_point_id, riderId: input.route.rider_id, routeId: input.route.id }) });
  });
  if (loading) return null;
  if (!order || !route || !engine) return <OrderNotFound />;
  const chosen = method ?? order.payment_method;
  const check = checkDeliveredLines(order, lines);
  const byCard = check.ok ? collect(order, lines, 'card', 0) : null;
  const dueCents = byCard?.ok ? byCard.value.due_cents : 0;
  const tenderedCents = chosen === 'cash' ? (tendered === null ? dueCents : Math.round(tendered * 100)) : dueCents;
  const collection = check.ok ? collect(order, lines, chosen, tenderedCents) : ({ ok: false, message: check.message } as const);
  const already = orderOutcome(order.id, events);
  const signed = events.find((e) => e.kind === 'signed');

  if (already === 'delivered' || already === 'partial') {
    return (
      <Stack>
        <Alert color="teal" data-testid="already-delivered">
          {t('delivery.alreadyDelivered')}
        </Alert>
        {signed && <SignatureView strokes={signed.signature_strokes} label={t('delivery.signedBy', { name: signed.signer_name })} />}
        <Button component={Link} to={href('distributionRoute', { id: route.id })} size="lg">
          {t('delivery.backToRoute')}
        </Button>
      </Stack>
    );
  }

  const submit = () => {
    if (!check.ok) return sign.fail(domainText(check.message));
    if (!collection.ok) return sign.fail(domainText(collection.message));
    if (strokes.length === 0) return sign.fail(t('delivery.signatureRequired'));
    if (signer.trim() === '') return sign.fail(t('delivery.signerRequired'));
    void sign.run(engine, { order, route, lines, kind: check.kind, collection: collection.value, signerName: signer, strokes });
  };

  return (
    <Stack>
      <Text fw={700}>{order.code}</Text>
      <ListTable
        bordered
        striped={false}
        testId="sign-summary"
        headers={[t('delivery.product'), t('delivery.deliveredQty')]}
        rows={order.lines}
        row={(l) => (
          <Table.Tr key={l.line_id}>
            <Table.Td>{l.name}</Table.Td>
            <Table.Td>
              {lines.find((x) => x.line_id === l.line_id)?.delivered ?? 0} / {l.quantity}
            </Table.Td>
          </Table.Tr>
        )}
      />
      {collectsAtDoor(chosen) ? (
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('delivery.amountDue')}
          </Text>
          <Text size="xl" fw={700} data-testid="amount-due">
            {formatMoney(dueCents)}
          </Text>
        </Card>
      ) : (
        <Alert color="gray" data-testid="on-account-note">
          {t('delivery.onAccountNote')}
        </Alert>
      )}
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('delivery.paymentMethod')}
        </Text>
        <SegmentedControl
          fullWidth
          size="md"
          // One under the other on a phone: «Transferencia» does not fit a third of 360 px (issue 28).
          orientation={narrow ? 'vertical' : 'horizontal'}
          value={chosen}
          onChange={(v) => setMethod(v as PaymentMethod)}
          data={riderPaymentMethods(order.payment_method).map((m) => ({ value: m, label: t(`delivery.method_${m}`) }))}
        />
      </div>
      {chosen === 'cash' && (
        <Group grow align="end">
          <NumberInput
            label={t('delivery.tendered')}
            value={tendered ?? dueCents / 100}
            onChange={(v) => setTendered(typeof v === 'number' ? v : 0)}
            decimalScale={2}
            decimalSeparator=","
            suffix=" €"
            min={0}
            size="lg"
          />
          <Card withBorder padding="xs">
            <Text size="sm" c="dimmed">
              {t('delivery.change')}
            </Text>
            <Text fw={700} size="lg" data-testid="change">
              {collection.ok ? formatMoney(collection.value.change_cents) : '—'}
            </Text>
          </Card>
        </Group>
      )}
      {!collection.ok && <Alert color="red">{domainText(collection.message)}</Alert>}
      <SignaturePad strokes={strokes} onChange={setStrokes} label={t('delivery.signHere')} />
      <TextInput label={t('delivery.signerName')} value={signer} onChange={(e) => setSigner(e.currentTarget.value)} size="lg" maxLength={120} required />
      {sign.error && (
        <Alert color="red" role="alert" data-testid="sign-error">
          {sign.error}
        </Alert>
      )}
      <Button size="xl" onClick={submit} loading={sign.busy}>
        {t('delivery.confirmDelivery')}
      </Button>
    </Stack>
  );
}
