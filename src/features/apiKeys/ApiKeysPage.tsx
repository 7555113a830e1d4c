/**
 * The clients' order-API keys (/config/api-keys, machine-admin): the keys with their state and
 * last use, «Revocar» with a confirmation, and a form that creates a key and shows its secret
 * once, with a copy button (the server keeps only its hash).
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, CopyButton, Group, Modal, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { t } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import { useLiveQuery } from '../../data/hooks';
import { catalogOfKind } from '../../data/queries';
import {
  API_KEY_CLIENTS,
  apiKeyFormSchema,
  apiKeyState,
  createApiKey,
  defaultApiKeyExpiry,
  listApiKeys,
  revokeApiKey,
  sortApiKeys,
  type ApiKeyClient,
  type ApiKeyFormValues,
  type ApiKeyInfo,
  type ApiKeyState,
} from '../../data/apiKeys';
import type { Client } from '../../domain/entities/reference';
import { madridDate } from '../../domain/dates';
import { ConfirmButton } from '../../ui/crud/ConfirmButton';
import { errorText } from '../../ui/errors';
import { zodValidate } from '../../ui/form/validate';

const STATE_COLOR: Record<ApiKeyState, string> = { active: 'green', expired: 'gray', revoked: 'red' };
const STATE_LABEL = { active: 'apiKeys.active', expired: 'apiKeys.expired', revoked: 'apiKeys.revoked' } as const;

function useClientNames(): (key: string) => string {
  const { data } = useLiveQuery<Client[]>((db) => catalogOfKind(db, 'client'), [], []);
  return useCallback((key: string) => {
    const c = data.find((x) => x.key === key);
    return c ? `${c.name} (${key})` : key;
  }, [data]);
}

function CreatedKeyModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title={t('apiKeys.createdTitle')} centered size="lg">
      <Stack>
        <Alert color="orange">{t('apiKeys.createdWarning')}</Alert>
        <TextInput label={t('apiKeys.keyLabel')} value={secret ?? ''} readOnly data-testid="created-api-key" styles={{ input: { fontFamily: 'monospace' } }} />
        <Group justify="space-between">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" color={copied ? 'teal' : 'blue'} onClick={copy}>
                {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{t('apiKeys.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function CreateKeyForm({ clientName, onCreated }: { clientName: (key: string) => string; onCreated: (secret: string) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<ApiKeyFormValues>({
    mode: 'controlled',
    initialValues: { client: '', name: '', expires_at: defaultApiKeyExpiry() },
    validate: (values) => zodValidate(apiKeyFormSchema(madridDate()))(values),
  });
  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    setError(null);
    try {
      const created = await createApiKey({ client: v.client as ApiKeyClient, name: v.name, expires_at: v.expires_at });
      form.setValues({ client: '', name: '', expires_at: defaultApiKeyExpiry() });
      onCreated(created.key);
    } catch (err) {
      setError(t('apiKeys.createFailed', { message: errorText(err) }));
    } finally {
      setBusy(false);
    }
  });
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {t('apiKeys.createTitle')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && <Alert color="red">{error}</Alert>}
          <Group grow align="flex-start">
            <Select
              label={t('apiKeys.client')}
              placeholder={t('apiKeys.clientPlaceholder')}
              data={API_KEY_CLIENTS.map((k) => ({ value: k, label: clientName(k) }))}
              withAsterisk
              {...form.getInputProps('client')}
            />
            <TextInput label={t('apiKeys.name')} placeholder={t('apiKeys.namePlaceholder')} withAsterisk maxLength={80} {...form.getInputProps('name')} />
            <TextInput type="date" label={t('apiKeys.expiry')} description={t('apiKeys.expiryHelp')} withAsterisk min={madridDate()} {...form.getInputProps('expires_at')} />
          </Group>
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {t('apiKeys.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function KeysTable({ rows, clientName, onRevoked }: { rows: ApiKeyInfo[]; clientName: (key: string) => string; onRevoked: () => void }) {
  const now = Date.now();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped aria-label={t('apiKeys.list')} data-testid="api-keys">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('apiKeys.name')}</Table.Th>
            <Table.Th>{t('apiKeys.client')}</Table.Th>
            <Table.Th>{t('apiKeys.created')}</Table.Th>
            <Table.Th>{t('apiKeys.expires')}</Table.Th>
            <Table.Th>{t('apiKeys.lastUsed')}</Table.Th>
            <Table.Th>{t('apiKeys.state')}</Table.Th>
            <Table.Th>{t('apiKeys.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((k) => {
            const state = apiKeyState(k, now);
            return (
              <Table.Tr key={k.id} data-key-id={k.id}>
                <Table.Td>{k.name}</Table.Td>
                <Table.Td>{clientName(k.client)}</Table.Td>
                <Table.Td>{formatDate(k.created_at)}</Table.Td>
                <Table.Td>{formatDate(k.expires_at - 1, 'd MMM yyyy')}</Table.Td>
                <Table.Td data-testid="last-used">{k.last_used_at === null ? t('apiKeys.never') : formatDate(k.last_used_at)}</Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLOR[state]} variant="light">
                    {t(STATE_LABEL[state])}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {state !== 'revoked' && (
                    <ConfirmButton
                      size="xs"
                      color="red"
                      variant="light"
                      title={t('apiKeys.revokeTitle', { name: k.name })}
                      message={t('apiKeys.revokeMessage')}
                      confirmLabel={t('apiKeys.revoke')}
                      onConfirm={async () => {
                        try {
                          await revokeApiKey(k.id);
                          notifications.show({ color: 'green', message: t('apiKeys.revokedNotice', { name: k.name }) });
                        } catch (err) {
                          notifications.show({ color: 'red', message: t('apiKeys.revokeFailed', { message: errorText(err) }) });
                        }
                        onRevoked();
                      }}
                    >
                      {t('apiKeys.revoke')}
                    </ConfirmButton>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function ApiKeysPage() {
  const clientName = useClientNames();
  const [rows, setRows] = useState<ApiKeyInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const load = useCallback(() => {
    listApiKeys()
      .then((keys) => {
        setRows(sortApiKeys(keys));
        setError(null);
      })
      .catch((err: unknown) => setError(t('apiKeys.loadFailed', { message: errorText(err) })));
  }, []);
  useEffect(load, [load]);
  return (
    <Stack>
      <Text c="dimmed">{t('apiKeys.intro')}</Text>
      <CreateKeyForm
        clientName={clientName}
        onCreated={(key) => {
          setSecret(key);
          load();
        }}
      />
      <CreatedKeyModal secret={secret} onClose={() => setSecret(null)} />
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('apiKeys.list')}
        </Title>
        {error && <Alert color="orange">{error}</Alert>}
        {rows === null && !error && <Text>{t('common.loading')}</Text>}
        {rows && rows.length === 0 && <Text>{t('apiKeys.none')}</Text>}
        {rows && rows.length > 0 && <KeysTable rows={rows} clientName={clientName} onRevoked={load} />}
      </Card>
    </Stack>
  );
}
