/** Orders of earlier days that come back to be planned on this day (issue 27: carry-over), with «Traer». */
import { Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { t } from '../../i18n';
import type { CarryOver } from '../../domain/routing/carryOver';
import { CARRY_OVER_DAYS } from '../../domain/routing/carryOver';
import '../../i18n/es/planning';

export function CarryOverCard({ carry, busy, onBring }: { readonly carry: readonly CarryOver[]; readonly busy: boolean; readonly onBring: () => void }) {
  return (
    <Card withBorder data-testid="carry-over">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('planning.board.carryOverTitle', { n: carry.length })}
        </Title>
        <Text size="sm" c="dimmed">
          {t('planning.board.carryOverHelp', { days: CARRY_OVER_DAYS })}
        </Text>
        <List size="sm" spacing={2}>
          {carry.map((c) => (
            <List.Item key={c.order.id}>{t(`planning.board.carryOverReason.${c.reason}`, { order: c.order.code, date: c.order.date })}</List.Item>
          ))}
        </List>
        <Button variant="light" disabled={busy} onClick={onBring}>
          {t('planning.board.carryOverBring', { n: carry.length })}
        </Button>
      </Stack>
    </Card>
  );
}
