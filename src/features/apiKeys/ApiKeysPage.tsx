/**
 * The clients' order-API keys (/config/api-keys, machine-admin): the keys with their state and
 * last use, «Revocar» with a confirmation, and a form that creates a key and shows its secret
 * once, with a copy button (the server keeps only its hash).
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Button, CopyButton, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
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
import { useAction } from '../../ui/action/useAction';
import { zodValidate } from '../../ui/form/validate';
import { ListTable } from '../../ui/table/ListTable';
import { SectionCard } from '../../ui/layout/SectionCard';
import '../../i18n/es/apiKeys';

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
  const form = useForm<ApiKeyFormValues>({
    mode: 'controlled',
    initialValues: { client: '', name: '', expires_at: defaultApiKeyExpiry() },
    validate: (values) => zodValidate(apiKeyFormSchema(madridDate()))(values),
  });
  const create = useAction(
    async (v: ApiKeyFormValues) => {
      const created = await createApiKey({ client: v.client as ApiKeyClient, name: v.name, expires_at: v.expires_at });
      form.setValues({ client: '', name: '', expires_at: defaultApiKeyExpiry() });
      onCreated(created.key);
    },
    { describe: (err) => t('apiKeys.createFailed', { message: errorText(err) }) },
  );
  const submit = form.onSubmit((v) => void create.run(v));
  return (
    <SectionCard title={t('apiKeys.createTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {create.error && <Alert color="red">{create.error}</Alert>}
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
            <Button type="submit" loading={create.busy}>
              {t('apiKeys.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}

function KeysTable({ rows, clientName, onRevoked }: { rows: ApiKeyInfo[]; clientName: (key: string) => string; onRevoked: () => void }) {
  const now = Date.now();
  return (
    <ListTable
      label={t('apiKeys.list')}
      testId="api-keys"
      minWidth={760}
      headers={[t('apiKeys.name'), t('apiKeys.client'), t('apiKeys.created'), t('apiKeys.expires'), t('apiKeys.lastUsed'), t('apiKeys.state'), t('apiKeys.actions')]}
      rows={rows}
      row={(k) => {
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
                  describe={(err) => t('apiKeys.revokeFailed', { message: errorText(err) })}
                  onConfirm={async () => {
                    await revokeApiKey(k.id);
                    notifications.show({ color: 'green', message: t('apiKeys.revokedNotice', { name: k.name }) });
                    onRevoked();
                  }}
                >
                  {t('apiKeys.revoke')}
                </ConfirmButton>
              )}
            </Table.Td>
          </Table.Tr>
        );
      }}
    />
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
      <SectionCard title={t('apiKeys.list')}>
        {error && <Alert color="orange">{error}</Alert>}
        {rows === null && !error && <Text>{t('common.loading')}</Text>}
        {rows && rows.length === 0 && <Text>{t('apiKeys.none')}</Text>}
        {rows && rows.length > 0 && <KeysTable rows={rows} clientName={clientName} onRevoked={load} />}
      </SectionCard>
    </Stack>
  );
}
