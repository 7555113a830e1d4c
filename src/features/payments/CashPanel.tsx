/**
 * The hub's cash reconciliation (issue 13), the second tab of /payments/all_orders: per rider of
 * the day his cash on hand (expected), what he collected and handed over that day; the operator
 * records a count (one amount or notes and coins, a reason for any difference), then signs it
 * off («Conciliar»); an administrator may correct a reconciled record with a reason.
 */
import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, Modal, NumberInput, SegmentedControl, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatMoney, t } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import { useEngine, useLiveQuery } from '../../data/hooks';
import { useSession } from '../../data/session';
import { paymentsOfRiders } from '../../data/queries';
import { amendCashHandover, reconcileCashHandover, recordCashHandover } from '../../data/payments';
import type { Actor } from '../../data/action';
import type { PaymentDoc, Route } from '../../domain/entities/operation';
import { cashLevel, cashLimitOf } from '../../domain/payments/cash';
import { useCatalog } from '../../data/reference';
import { differenceCents, EURO_DENOMINATIONS_CENTS, writeOffOf, type CashHandover, type CountLine } from '../../domain/payments/handover';
import { riderCashDay, type RiderCashDay } from '../../domain/payments/list';
import { ConfirmButton } from '../../ui/crud/ConfirmButton';
import { centsFromInput, numberFromInput } from '../../ui/form/number';
import { formatSigned, PaymentStatusBadge, useUserNames } from './shared';
import { useAction } from '../../ui/action/useAction';
import { messageOf } from '../../ui/errors';
import { ListTable } from '../../ui/table/ListTable';
import '../../i18n/es/payments';

const LEVEL_COLOR = { ok: 'teal', near: 'yellow', over: 'red' } as const;

function useActor(): Actor | null {
  const user = useSession((s) => s.user);
  return user ? { userId: user.id, role: user.base_role } : null;
}

export function CashPanel({ date, routes }: { date: string; routes: readonly Route[] }) {
  const name = useUserNames();
  const actor = useActor();
  const riderIds = useMemo(() => [...new Set(routes.map((r) => r.rider_id).filter((id) => id !== ''))].sort(), [routes]);
  const { data: docs, loading } = useLiveQuery<PaymentDoc[]>((db) => (riderIds.length > 0 ? paymentsOfRiders(db, riderIds) : null), [riderIds.join(',')], []);
  const days = useMemo(
    () =>
      riderIds
        .map((id) => riderCashDay(id, date, new Set(routes.filter((r) => r.rider_id === id).map((r) => r.id)), docs))
        .sort((a, b) => name(a.rider_id).localeCompare(name(b.rider_id), 'es')),
    [riderIds, routes, docs, date, name],
  );
  const { data: hubs } = useCatalog('hub');
  const [recording, setRecording] = useState<RiderCashDay | null>(null);
  const [amending, setAmending] = useState<CashHandover | null>(null);
  const handovers = days.flatMap((d) => d.handovers);
  if (loading) return <Loader aria-label={t('app.loading')} />;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('payments.cash.intro')}
      </Text>
      <Title order={2} size="h4">
        {t('payments.cash.label')}
      </Title>
      {days.length === 0 && <Alert color="gray">{t('payments.cash.noRiders')}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {days.map((d) => {
          // The limit of the hub of the rider's route that day (its record, «Hubs»); 0: none.
          const limitCents = cashLimitOf(hubs, routes.find((r) => r.rider_id === d.rider_id)?.hub);
          const level = cashLevel(d.balance.on_hand_cents, limitCents);
          return (
            <Card key={d.rider_id} withBorder padding="sm" data-testid="rider-cash" data-rider={d.rider_id}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>{name(d.rider_id)}</Text>
                <Badge color={LEVEL_COLOR[level]} variant="light" style={{ flexShrink: 0 }}>
                  {t(`payments.cash.level_${level}`, { limit: formatMoney(limitCents) })}
                </Badge>
              </Group>
              <Text size="sm">
                {t('payments.cash.onHand')}:{' '}
                <Text span fw={700} data-testid="rider-on-hand">
                  {formatMoney(d.balance.on_hand_cents)}
                </Text>
              </Text>
              <Text size="sm" c="dimmed">
                {t('payments.cash.collectedToday')}: {formatMoney(d.collected_today_cents)} · {t('payments.cash.handedToday')}: {formatMoney(d.handed_over_today_cents)}
              </Text>
              <Button mt="xs" onClick={() => setRecording(d)} disabled={actor === null}>
                {t('payments.cash.record', { rider: name(d.rider_id) })}
              </Button>
            </Card>
          );
        })}
      </SimpleGrid>
      <Title order={2} size="h4">
        {t('payments.cash.handovers')}
      </Title>
      {handovers.length === 0 ? (
        <Alert color="gray">{t('payments.cash.noHandovers')}</Alert>
      ) : (
        <ListTable
          label={t('payments.cash.handovers')}
          testId="handovers"
          minWidth={760}
          headers={[t('payments.list.rider'), t('payments.cash.expected'), t('payments.cash.counted'), t('payments.list.difference'), t('payments.cash.reason'), t('payments.list.status'), t('crud.actions')]}
          rows={handovers}
          row={(h) => (
            <HandoverRow key={h.id} h={h} name={name} actor={actor} onAmend={() => setAmending(h)} />
          )}
        />
      )}
      {recording && actor && (
        <CountModal
          title={t('payments.count.title', { rider: name(recording.rider_id) })}
          expectedCents={recording.expected_next_cents}
          onClose={() => setRecording(null)}
          onSubmit={async (v, engine) => {
            await recordCashHandover(engine, { rider_id: recording.rider_id, date, count: v.count, amountCents: v.amountCents, reason: v.reason }, actor);
            notifications.show({ color: 'teal', message: t('payments.count.saved') });
          }}
        />
      )}
      {amending && actor && (
        <CountModal
          amend
          title={t('payments.count.amendTitle', { rider: name(amending.rider_id) })}
          expectedCents={amending.expected_cents}
          initialCents={amending.counted_cents}
          initialReason={amending.reason}
          onClose={() => setAmending(null)}
          onSubmit={async (v, engine) => {
            await amendCashHandover(engine, { id: amending.id, count: v.count, amountCents: v.amountCents, reason: v.reason, changeReason: v.changeReason }, actor);
            notifications.show({ color: 'teal', message: t('payments.count.amended') });
          }}
        />
      )}
    </Stack>
  );
}

function HandoverRow({ h, name, actor, onAmend }: { h: CashHandover; name: (id: string) => string; actor: Actor | null; onAmend: () => void }) {
  const engine = useEngine();
  const diff = differenceCents(h);
  const writeOff = writeOffOf(h);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Table.Tr data-testid="handover" data-id={h.id} data-status={h.status}>
        <Table.Td>
          <Text size="sm" fw={600}>
            {name(h.rider_id)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('payments.cash.recordedBy', { by: name(h.recorded_by), at: formatDate(h.recorded_at, 'HH:mm') })}
          </Text>
          {h.status === 'reconciled' && (
            <Text size="xs" c="dimmed" data-testid="reconciled-by">
              {t('payments.cash.reconciledBy', { by: name(h.reconciled_by), at: formatDate(h.reconciled_at, 'HH:mm') })}
            </Text>
          )}
          {writeOff && (
            <Text size="xs" c="dimmed" data-testid="handover-written-off">
              {t('payments.cash.writtenOff', { difference: formatSigned(-writeOff.cents) })}
            </Text>
          )}
        </Table.Td>
        <Table.Td data-testid="handover-expected">{formatMoney(h.expected_cents)}</Table.Td>
        <Table.Td data-testid="handover-counted">{formatMoney(h.counted_cents)}</Table.Td>
        <Table.Td data-testid="handover-difference">
          <Text span size="sm" c={diff < 0 ? 'red.8' : undefined}>
            {formatSigned(diff)}
          </Text>
        </Table.Td>
        <Table.Td data-testid="handover-reason">{h.reason || '—'}</Table.Td>
        <Table.Td>
          <PaymentStatusBadge status={h.status} />
        </Table.Td>
        <Table.Td>
          <Group gap="xs" wrap="nowrap">
            {h.status === 'handed_over' && engine && actor && (
              <ConfirmButton
                size="sm"
                title={t('payments.cash.reconcileTitle', { rider: name(h.rider_id) })}
                message={
                  diff === 0
                    ? t('payments.cash.reconcileBody', { counted: formatMoney(h.counted_cents), expected: formatMoney(h.expected_cents) })
                    : `${t('payments.cash.reconcileBody', { counted: formatMoney(h.counted_cents), expected: formatMoney(h.expected_cents) })} ${t('payments.cash.reconcileSettles', { difference: formatSigned(diff), reason: h.reason })}`
                }
                confirmLabel={t('payments.cash.reconcile')}
                onConfirm={async () => {
                  await reconcileCashHandover(engine, { id: h.id }, actor);
                  notifications.show({ color: 'teal', message: t('payments.cash.reconciled') });
                }}
              >
                {t('payments.cash.reconcile')}
              </ConfirmButton>
            )}
            {h.status === 'reconciled' && actor?.role === 'admin' && (
              <Button size="sm" variant="light" onClick={onAmend}>
                {t('payments.cash.amend')}
              </Button>
            )}
            <Button size="sm" variant="subtle" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
              {t('payments.cash.history')}
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr>
          <Table.Td colSpan={7}>
            <Stack gap={2} data-testid="handover-history">
              {h.history.map((e, i) => (
                <Text key={i} size="sm">
                  {t('payments.cash.historyLine', {
                    action: t(`payments.cash.action_${e.action}`),
                    by: name(e.by),
                    at: formatDate(e.at),
                    counted: formatMoney(e.counted_cents),
                  })}
                  {e.reason ? ` — ${e.reason}` : ''}
                </Text>
              ))}
            </Stack>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

interface CountValues {
  readonly count: CountLine[] | null;
  readonly amountCents: number;
  readonly reason: string;
  readonly changeReason: string;
}

type Engine = NonNullable<ReturnType<typeof useEngine>>;

function CountModal(props: {
  title: string;
  expectedCents: number;
  amend?: boolean;
  initialCents?: number;
  initialReason?: string;
  onClose: () => void;
  onSubmit: (v: CountValues, engine: Engine) => Promise<void>;
}) {
  const engine = useEngine();
  const [mode, setMode] = useState<'amount' | 'count'>('amount');
  const [amount, setAmount] = useState<number | string>(props.initialCents !== undefined ? props.initialCents / 100 : '');
  const [quantities, setQuantities] = useState<Record<number, number | string>>({});
  const [reason, setReason] = useState(props.initialReason ?? '');
  const [changeReason, setChangeReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const save = useAction(
    async (v: CountValues, engine: Engine) => {
      await props.onSubmit(v, engine);
      props.onClose();
    },
    { describe: messageOf },
  );

  const denomination = (d: number) => formatMoney(d);
  const badQuantities = EURO_DENOMINATIONS_CENTS.filter((d) => {
    const q = quantities[d];
    if (q === undefined || q === '') return false;
    const n = numberFromInput(q);
    return !Number.isInteger(n) || n < 0;
  });
  const lines: CountLine[] = EURO_DENOMINATIONS_CENTS.map((d) => ({ denomination_cents: d, quantity: quantities[d] === undefined || quantities[d] === '' ? 0 : numberFromInput(quantities[d]) })).filter(
    (l) => Number.isInteger(l.quantity) && l.quantity > 0,
  );
  const amountCents = mode === 'amount' ? centsFromInput(amount) : lines.reduce((s, l) => s + l.denomination_cents * l.quantity, 0);
  const diff = Number.isNaN(amountCents) ? 0 : amountCents - props.expectedCents;
  const errors = {
    amount: mode === 'amount' && Number.isNaN(amountCents) ? t('payments.count.amountInvalid') : null,
    reason: diff !== 0 && reason.trim() === '' ? t('payments.count.reasonRequired') : null,
    changeReason: props.amend && changeReason.trim() === '' ? t('payments.count.changeReasonRequired') : null,
    quantities: badQuantities.length > 0,
  };
  const valid = !errors.amount && !errors.reason && !errors.changeReason && !errors.quantities;

  const submit = () => {
    setSubmitted(true);
    save.fail(null);
    if (!valid || !engine) return;
    void save.run({ count: mode === 'count' ? lines : null, amountCents, reason, changeReason }, engine);
  };

  return (
    <Modal opened onClose={props.onClose} title={props.title} centered size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text data-testid="count-expected">{t('payments.count.expected', { amount: formatMoney(props.expectedCents) })}</Text>
          <SegmentedControl
            aria-label={t('payments.count.mode')}
            value={mode}
            onChange={(v) => setMode(v as 'amount' | 'count')}
            data={[
              { value: 'amount', label: t('payments.count.modeAmount') },
              { value: 'count', label: t('payments.count.modeCount') },
            ]}
          />
          {mode === 'amount' ? (
            <NumberInput
              label={t('payments.count.amount')}
              value={amount}
              onChange={setAmount}
              decimalSeparator=","
              thousandSeparator="."
              decimalScale={2}
              min={0}
              hideControls
              error={submitted ? errors.amount : null}
              data-autofocus
            />
          ) : (
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
              {EURO_DENOMINATIONS_CENTS.map((d) => (
                <NumberInput
                  key={d}
                  label={t('payments.count.quantity', { denomination: denomination(d) })}
                  value={quantities[d] ?? ''}
                  onChange={(v) => setQuantities((q) => ({ ...q, [d]: v }))}
                  min={0}
                  allowDecimal={false}
                  allowNegative={false}
                  error={submitted && badQuantities.includes(d) ? t('payments.count.quantityInvalid', { denomination: denomination(d) }) : null}
                />
              ))}
            </SimpleGrid>
          )}
          <Group gap="md">
            <Text fw={600} data-testid="count-total">
              {t('payments.count.total', { amount: Number.isNaN(amountCents) ? '—' : formatMoney(amountCents) })}
            </Text>
            <Text fw={600} c={diff < 0 ? 'red.8' : undefined} data-testid="count-difference">
              {t('payments.count.difference', { amount: formatSigned(diff) })}
            </Text>
          </Group>
          <Textarea label={t('payments.count.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} autosize minRows={2} required={diff !== 0} error={submitted ? errors.reason : null} />
          {props.amend && (
            <Textarea
              label={t('payments.count.changeReason')}
              value={changeReason}
              onChange={(e) => setChangeReason(e.currentTarget.value)}
              maxLength={500}
              autosize
              minRows={2}
              required
              error={submitted ? errors.changeReason : null}
            />
          )}
          {save.error && (
            <Alert color="red" role="alert">
              {save.error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('payments.count.cancel')}
            </Button>
            <Button type="submit" loading={save.busy}>
              {props.amend ? t('payments.count.saveAmend') : t('payments.count.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
