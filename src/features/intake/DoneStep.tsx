/** The result of an import, the rows it did not import (list and download), and where the orders are. */
import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconDownload } from '@tabler/icons-react';
import { t } from '../../i18n';
import { linkTo } from '../../links/registry';
import type { Command, Done } from './model';
import '../../i18n/es/intake';

const SHOWN = 200;

export function DoneStep({ done, again, onAgain, onRejected }: { done: Done; again: Command; onAgain: () => void; onRejected: () => void }) {
  const { summary, written, rejected } = done;
  const nothingNew = written.created === 0 && written.updated === 0 && written.points === 0;
  const day = done.days[0];
  return (
    <Stack gap="md" data-testid="import-done">
      <Title order={2} size="h3">
        {t('intake.screen.doneTitle')}
      </Title>
      <Alert color={nothingNew ? 'gray' : 'teal'} data-testid="import-result">
        <Stack gap={4}>
          <Text data-testid="import-result-summary">
            {t('intake.screen.doneSummary', { create: written.created, update: written.updated, unchanged: summary.unchanged, refused: summary.refused })}
          </Text>
          {nothingNew && <Text data-testid="import-result-nothing-new">{t('intake.screen.doneNothingNew', { unchanged: summary.unchanged })}</Text>}
          {written.points > 0 && <Text>{t('intake.screen.donePoints', { n: written.points })}</Text>}
        </Stack>
      </Alert>
      {written.skipped.length > 0 && (
        <Alert color="orange" title={t('intake.screen.doneSkipped', { n: written.skipped.length })} data-testid="import-skipped">
          <List size="sm">
            {written.skipped.slice(0, SHOWN).map((s) => (
              <List.Item key={s.id}>
                {s.id}: {s.reason}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {rejected.total > 0 && (
        <Stack gap="xs" data-testid="import-rejected">
          <Title order={3} size="h4">
            {t('intake.screen.rejectedTitle', { n: rejected.total })}
          </Title>
          <Text size="sm" c="dimmed">
            {t('intake.screen.rejectedHelp')}
          </Text>
          <List size="sm" spacing={2}>
            {rejected.list.map((i, n) => (
              <List.Item key={n} data-testid="import-rejected-row">
                {i.message}
              </List.Item>
            ))}
          </List>
          <Group>
            <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={onRejected} data-testid="import-rejected-download">
              {t('intake.screen.rejectedDownload')}
            </Button>
          </Group>
        </Stack>
      )}
      <Group>
        {/* The orders screen's code is fetched while the result is read, not when it is clicked. */}
        <Link {...linkTo('orders')} search={day ? { date: day } : {}} preload="render" data-testid="import-view-orders" className="mantine-focus-auto" style={{ color: 'var(--mantine-color-anchor)', minHeight: 44, display: 'inline-flex', alignItems: 'center' }}>
          {t('intake.screen.viewOrders')}
        </Link>
        <Button variant="default" onClick={onAgain} disabled={!again.enabled}>
          {t(again.label)}
        </Button>
      </Group>
    </Stack>
  );
}
