/**
 * Pieces shared by the payments screens: labels, the status badge, the totals cards and the
 * people (user names) every list shows.
 */
import { Badge, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatMoney, t } from '../../i18n';
import { useLiveQuery } from '../../data/hooks';
import { allUsers } from '../../data/queries';
import type { PaymentMethod, User } from '../../domain/entities/operation';
import type { PaymentTotals, Total } from '../../domain/payments/list';
import { MACHINES, type PaymentStatus } from '../../domain/status/machines';
import { statusText } from '../../i18n/status';
import '../../i18n/es/payments';

export const PAYMENT_STATUS_COLOR: Readonly<Record<PaymentStatus, string>> = {
  pending: 'gray',
  collected: 'blue',
  on_account: 'violet',
  handed_over: 'cyan',
  reconciled: 'teal',
  disputed: 'red',
};

export function methodLabel(m: PaymentMethod): string {
  return t(`payments.methods.${m}`);
}

export function statusLabel(s: PaymentStatus): string {
  return statusText(MACHINES.payment, s);
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge color={PAYMENT_STATUS_COLOR[status]} variant="light" style={{ flexShrink: 0 }}>
      {statusLabel(status)}
    </Badge>
  );
}

/** Signed money: «+1,50 €», «−5,00 €», «0,00 €». */
export function formatSigned(cents: number): string {
  if (cents === 0) return formatMoney(0);
  return `${cents > 0 ? '+' : '−'}${formatMoney(Math.abs(cents))}`;
}

/** Every user by id (names in lists). */
export function useUserNames(): (id: string) => string {
  const { data } = useLiveQuery<User[]>((db) => allUsers(db), [], []);
  const byId = new Map(data.map((u) => [u.id, u.name]));
  return (id: string) => (id === '' ? '—' : (byId.get(id) ?? id));
}

function TotalCard({ title, total, testId }: { title: string; total: Total; testId: string }) {
  return (
    <Card withBorder padding="sm" data-testid={testId}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Text size="lg" fw={700} data-testid={`${testId}-collected`}>
        {formatMoney(total.collected_cents)}
      </Text>
      <Text size="sm" c="dimmed">
        {t('payments.totals.line', { count: total.count, due: formatMoney(total.due_cents), collected: formatMoney(total.collected_cents) })}
      </Text>
      {total.difference_cents !== 0 && (
        <Text size="sm" c={total.difference_cents < 0 ? 'red.8' : 'teal.8'}>
          {t('payments.list.difference')}: {formatSigned(total.difference_cents)}
        </Text>
      )}
    </Card>
  );
}

/** Totals of the rows shown: all of them, per method and per status. */
export function TotalsPanel({ totals, title }: { totals: PaymentTotals; title: string }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <TotalCard title={t('payments.totals.all')} total={totals.all} testId="total-all" />
        {totals.byMethod.map((m) => (
          <TotalCard key={m.method} title={methodLabel(m.method)} total={m} testId={`total-method-${m.method}`} />
        ))}
      </SimpleGrid>
      {totals.byStatus.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          {totals.byStatus.map((s) => (
            <TotalCard key={s.status} title={statusLabel(s.status)} total={s} testId={`total-status-${s.status}`} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
