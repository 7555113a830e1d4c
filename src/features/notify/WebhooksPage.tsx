/**
 * /config/webhooks — the clients' webhooks (issue 33, admins, online): per client a URL and a
 * secret; each of the client's order status changes is POSTed there, signed. The list shows each
 * webhook's state (active or paused, events pending), a pause switch, and its delivery log (the
 * latest events with their attempts and answers) with «Reenviar» per event.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, PasswordInput, Select, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { t } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import { useLiveQuery } from '../../data/hooks';
import { catalogOfKind } from '../../data/queries';
import { createWebhook, deleteWebhook, editWebhook, listWebhooks, resendWebhookEvent, webhookEvents, type WebhookEventInfo, type WebhookInfo } from '../../data/notify';
import type { Client } from '../../domain/entities/reference';
import { errorText } from '../../ui/errors';
import { ConfirmButton } from '../../ui/crud/ConfirmButton';
import '../../i18n/es/notify';

const EVENT_COLOR = { pending: 'yellow', delivered: 'green', expired: 'red' } as const;

function EventLog({ hook }: { hook: WebhookInfo }) {
  const [events, setEvents] = useState<WebhookEventInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    webhookEvents(hook.id)
      .then(setEvents)
      .catch((err: unknown) => setError(errorText(err)));
  }, [hook.id]);
  useEffect(load, [load, hook.updated_at]);
  if (error) return <Alert color="orange">{error}</Alert>;
  if (!events) return <Loader size="sm" aria-label={t('app.loading')} />;
  if (events.length === 0) return <Text c="dimmed">{t('notices.webhooks.logEmpty')}</Text>;
  return (
    <Table striped data-testid={`webhook-log-${hook.client_id}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('notices.webhooks.event')}</Table.Th>
          <Table.Th>{t('notices.webhooks.order')}</Table.Th>
          <Table.Th>{t('notices.webhooks.newStatus')}</Table.Th>
          <Table.Th>{t('notices.webhooks.state')}</Table.Th>
          <Table.Th>{t('notices.webhooks.attempts')}</Table.Th>
          <Table.Th>{t('notices.webhooks.lastStatus')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {events.map((e) => (
          <Table.Tr key={e.id}>
            <Table.Td>
              <Text size="xs" ff="monospace">
                {e.id}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDate(e.created_at, 'dd/MM/yyyy HH:mm:ss')}
              </Text>
            </Table.Td>
            <Table.Td>{e.order_code}</Table.Td>
            <Table.Td>{e.status}</Table.Td>
            <Table.Td>
              <Badge color={EVENT_COLOR[e.state]}>{t(`notices.webhooks.eventStates.${e.state}`)}</Badge>
            </Table.Td>
            <Table.Td>{e.attempts}</Table.Td>
            <Table.Td title={e.attempts_log.map((a) => `${formatDate(a.at, 'HH:mm:ss')} ${a.status || a.error}`).join('\n')}>
              {e.last_status > 0 ? e.last_status : e.attempts > 0 ? t('notices.webhooks.noAnswer') : ''}
            </Table.Td>
            <Table.Td>
              <Button
                size="xs"
                mih={36}
                variant="light"
                onClick={() => {
                  resendWebhookEvent(hook.id, e.id)
                    .then(() => {
                      notifications.show({ color: 'teal', message: t('notices.webhooks.resent', { id: e.id }) });
                      load();
                    })
                    .catch((err: unknown) => setError(errorText(err)));
                }}
              >
                {t('notices.webhooks.resend')}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function WebhookCard({ hook, onChanged }: { hook: WebhookInfo; onChanged: () => void }) {
  const [url, setUrl] = useState(hook.url);
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | null>(null);
  const run = (p: Promise<unknown>) =>
    p
      .then(() => {
        setError(null);
        onChanged();
      })
      .catch((err: unknown) => setError(errorText(err)));
  return (
    <Card withBorder data-testid={`webhook-${hook.client_id}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {hook.client_name}
          </Title>
          <Badge color={hook.paused ? 'gray' : 'green'}>{hook.paused ? t('notices.webhooks.paused') : t('notices.webhooks.active')}</Badge>
        </Group>
        <Switch label={t('notices.webhooks.pause')} checked={hook.paused} onChange={(e) => void run(editWebhook(hook.id, { paused: e.currentTarget.checked }))} />
        <TextInput label={t('notices.webhooks.url')} value={url} onChange={(e) => setUrl(e.currentTarget.value)} />
        <PasswordInput label={t('notices.webhooks.secret')} description={t('notices.webhooks.secretKeep')} value={secret} onChange={(e) => setSecret(e.currentTarget.value)} autoComplete="new-password" />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button onClick={() => void run(editWebhook(hook.id, { url: url.trim(), ...(secret !== '' ? { secret } : {}) }).then(() => setSecret('')))}>{t('notices.webhooks.save')}</Button>
          <ConfirmButton color="red" variant="light" title={t('notices.webhooks.remove')} message={hook.url} onConfirm={() => run(deleteWebhook(hook.id))}>
            {t('notices.webhooks.remove')}
          </ConfirmButton>
        </Group>
        <Title order={3} size="h5">
          {t('notices.webhooks.log')}
        </Title>
        <EventLog hook={hook} />
      </Stack>
    </Card>
  );
}

function NewWebhookForm({ clients, onCreated }: { clients: { value: string; label: string }[]; onCreated: () => void }) {
  const [clientId, setClientId] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!clientId) {
      setError(t('notices.errors.clientRequired'));
      return;
    }
    createWebhook({ client_id: clientId, url, secret })
      .then(() => {
        setClientId(null);
        setUrl('');
        setSecret('');
        setError(null);
        onCreated();
      })
      .catch((err: unknown) => setError(errorText(err)));
  };
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('notices.webhooks.add')}
        </Title>
        <Select label={t('notices.webhooks.client')} data={clients} value={clientId} onChange={setClientId} searchable />
        <TextInput label={t('notices.webhooks.url')} placeholder="https://" value={url} onChange={(e) => setUrl(e.currentTarget.value)} />
        <PasswordInput label={t('notices.webhooks.secret')} description={t('notices.webhooks.secretHint')} value={secret} onChange={(e) => setSecret(e.currentTarget.value)} autoComplete="new-password" />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button onClick={submit}>{t('notices.webhooks.add')}</Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function WebhooksPage() {
  const [hooks, setHooks] = useState<WebhookInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { data: clients } = useLiveQuery<Client[]>((db) => catalogOfKind(db, 'client'), [], []);
  const load = useCallback(() => {
    listWebhooks()
      .then((h) => {
        setHooks(h);
        setError(null);
      })
      .catch((err: unknown) => setError(errorText(err)));
  }, []);
  useEffect(load, [load]);
  const taken = new Set((hooks ?? []).map((h) => h.client_id));
  const options = clients.filter((c) => !taken.has(c.id)).map((c) => ({ value: c.id, label: c.name }));
  return (
    <Stack maw={1100}>
      <Text>{t('notices.webhooks.intro')}</Text>
      {error && <Alert color="orange">{t('notices.webhooks.loadFailed', { message: error })}</Alert>}
      {!hooks && !error && <Loader aria-label={t('app.loading')} />}
      {hooks && hooks.length === 0 && <Text c="dimmed">{t('notices.webhooks.empty')}</Text>}
      {hooks?.map((h) => <WebhookCard key={`${h.id}-${h.updated_at}`} hook={h} onChanged={load} />)}
      <NewWebhookForm clients={options} onCreated={load} />
    </Stack>
  );
}
