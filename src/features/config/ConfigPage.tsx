import { useEffect, useState } from 'react';
import { Alert, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { t } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import { sessionBackend } from '../../data/session';
import type { ConflictEntry } from '../../backend/types';
import { href } from '../../links/registry';
import '../../i18n/es/apiKeys';
import '../../i18n/es/config';

const LINKS = [
  { to: href('configRoles'), label: 'config.roles' },
  { to: href('configTaxes'), label: 'config.taxes' },
  { to: href('configStatus'), label: 'config.status' },
  { to: href('configApiKeys'), label: 'apiKeys.configLink' },
  { to: href('configWebhooks'), label: 'routeTitles.configWebhooks' },
  { to: href('synlab'), label: 'config.synlab' },
] as const;

function ConflictLog() {
  const [rows, setRows] = useState<ConflictEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    sessionBackend()
      .admin.conflicts()
      .then(setRows)
      .catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)));
  }, []);
  return (
    <Card withBorder>
      <Title order={2} size="h4">
        {t('config.conflicts')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('config.conflictsIntro')}
      </Text>
      {error && <Alert color="orange">{error}</Alert>}
      {rows && rows.length === 0 && <Text>{t('config.noConflicts')}</Text>}
      {rows && rows.length > 0 && (
        <Table striped data-testid="conflict-log">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Colección</Table.Th>
              <Table.Th>Documento</Table.Th>
              <Table.Th>Campos</Table.Th>
              <Table.Th>Usuario</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.seq}>
                <Table.Td>{formatDate(r.at, 'd MMM, HH:mm:ss')}</Table.Td>
                <Table.Td>{r.collection}</Table.Td>
                <Table.Td>{r.doc_id}</Table.Td>
                <Table.Td>{r.fields.join(', ')}</Table.Td>
                <Table.Td>{r.user_id}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

export function ConfigPage() {
  return (
    <Stack>
      <Text c="dimmed">{t('config.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {LINKS.map((l) => (
          <Card key={l.to} withBorder component={Link} to={l.to} style={{ minHeight: 64 }}>
            <Text fw={600}>{t(l.label)}</Text>
          </Card>
        ))}
      </SimpleGrid>
      <ConflictLog />
    </Stack>
  );
}
