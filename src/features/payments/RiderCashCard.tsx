/**
 * The rider's cash card (issue 13), on his phone: the cash he carries (collected minus handed
 * over, from what the phone holds — it works offline), what he collected and handed over today,
 * a warning near and over the threshold, and his hand-overs of the day with their status. The
 * hand-over itself is counted and recorded by an operator at the hub.
 */
import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { formatMoney, t } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import { useLiveQuery } from '../../data/hooks';
import { useSession } from '../../data/session';
import { paymentsOfRiders, riderRoutesForDay } from '../../data/queries';
import { madridDate } from '../../domain/dates';
import type { PaymentDoc, Route } from '../../domain/entities/operation';
import { cashLevel, cashLimitOf } from '../../domain/payments/cash';
import { useCatalog } from '../../data/reference';
import { riderCashDay } from '../../domain/payments/list';
import { statusText } from '../../i18n/status';
import { MACHINES } from '../../domain/status/machines';

export function RiderCashCard() {
  const user = useSession((s) => s.user);
  const riderId = user?.id ?? '';
  const today = madridDate();
  const { data: routes } = useLiveQuery<Route[]>((db) => (riderId ? riderRoutesForDay(db, riderId, today) : null), [riderId, today], []);
  const { data: docs, loading } = useLiveQuery<PaymentDoc[]>((db) => (riderId ? paymentsOfRiders(db, [riderId]) : null), [riderId], []);
  const day = useMemo(() => riderCashDay(riderId, today, new Set(routes.map((r) => r.id)), docs), [riderId, today, routes, docs]);
  const [open, setOpen] = useState(false);
  const { data: hubs } = useCatalog('hub');
  if (!user || user.base_role !== 'rider' || loading) return null;
  const onHand = day.balance.on_hand_cents;
  // The limit of his hub (its record, «Hubs»); 0: none.
  const limitCents = cashLimitOf(hubs, user.hub);
  const level = cashLevel(onHand, limitCents);
  const limit = formatMoney(limitCents);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="rider-cash-title" data-testid="rider-cash-card" data-level={level}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} id="rider-cash-title">
            {t('riderCash.title')}
          </Text>
          <Badge color={level === 'over' ? 'red' : level === 'near' ? 'yellow' : 'teal'} variant="light" style={{ flexShrink: 0 }}>
            {t('riderCash.onHand')}
          </Badge>
        </Group>
        <Text size="xl" fw={800} data-testid="rider-cash-on-hand" aria-label={`${t('riderCash.onHand')}: ${formatMoney(onHand)}`}>
          {formatMoney(onHand)}
        </Text>
        <Text size="sm">
          {t('riderCash.collectedToday')}: <span data-testid="rider-cash-collected">{formatMoney(day.collected_today_cents)}</span>
        </Text>
        <Text size="sm">
          {t('riderCash.handedToday')}: <span data-testid="rider-cash-handed">{formatMoney(day.handed_over_today_cents)}</span>
        </Text>
        {level === 'near' && <Alert color="yellow">{t('riderCash.near', { limit })}</Alert>}
        {level === 'over' && (
          <Alert color="red" role="alert">
            {t('riderCash.over', { amount: formatMoney(onHand), limit })}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t('riderCash.howTo')}
        </Text>
        <Button variant="light" size="lg" fullWidth onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls="rider-cash-handovers" data-testid="rider-cash-toggle">
          {open ? t('riderCash.hideHandovers') : t('riderCash.showHandovers', { count: day.handovers.length })}
        </Button>
        {open && (
          <Stack gap={4} id="rider-cash-handovers" data-testid="rider-cash-handovers">
            {day.handovers.length === 0 ? (
              <Text size="sm">{t('riderCash.noHandovers')}</Text>
            ) : (
              day.handovers.map((h) => (
                <Text key={h.id} size="sm" data-testid="rider-handover">
                  {t('riderCash.handover', { at: formatDate(h.recorded_at, 'HH:mm'), counted: formatMoney(h.counted_cents), status: statusText(MACHINES.payment, h.status) })}
                </Text>
              ))
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
