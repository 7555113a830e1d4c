/**
 * The albarán itself: one order's proof of delivery as a document (the operators' page, the
 * client's public page and their printed A4 page show this same component). The signature and
 * the photos come from the caller: stored images for the operators, the link's images for the
 * client.
 */
import type { ReactNode } from 'react';
import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, formatNumber, t } from '../../i18n';
import { formatDate, madridClock } from '../../i18n/dates';
import type { Proof, ProofOutcome } from '../../data/proof';
import './proof.css';
import '../../i18n/es/payments';
import '../../i18n/es/proof';

export type ProofFields = Omit<Proof, 'photo_files' | 'signature_strokes'>;

const OUTCOME_COLOR: Record<ProofOutcome, string> = { delivered: 'green', partial: 'yellow', failed: 'red' };

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

export function ProofDocument({ proof, signature, photos }: { proof: ProofFields; signature: ReactNode; photos: readonly ReactNode[] }) {
  const p = proof;
  const failed = p.outcome === 'failed';
  return (
    <Paper withBorder p="lg" className="cb-proof" data-testid="proof-document" component="article" aria-label={t('proof.document', { code: p.order_code })}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h3">
              {t('proof.document', { code: p.order_code })}
            </Title>
            <Text size="sm" c="dimmed">
              {t('proof.company')}
            </Text>
          </div>
          <Badge color={OUTCOME_COLOR[p.outcome]} size="lg" variant="light" data-testid="proof-outcome">
            {t(`proof.outcomes.${p.outcome}`)}
          </Badge>
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Field label={t('proof.order')} testId="proof-order">
            {p.order_code}
          </Field>
          {p.client_ref !== '' && (
            <Field label={t('proof.clientRef')} testId="proof-client-ref">
              {p.client_ref}
            </Field>
          )}
          <Field label={t('proof.date')}>{formatDate(new Date(`${p.date}T12:00:00`), 'dd/MM/yyyy')}</Field>
          <Field label={t('proof.client')} testId="proof-client">
            {p.client || '—'}
          </Field>
          <Field label={t('proof.point')} testId="proof-point">
            {p.point.name}
            <br />
            {p.point.address}, {p.point.postal_code} {p.point.city}
          </Field>
          <Field label={t('proof.at')} testId="proof-at">
            {t('proof.madridTime', madridClock(p.at))}
          </Field>
          <Field label={t('proof.rider')} testId="proof-rider">
            {p.rider || '—'}
          </Field>
          <Field label={t('proof.position')}>
            {p.position
              ? `${t('proof.positionValue', { lat: formatNumber(p.position.lat, 5), lng: formatNumber(p.position.lng, 5) })}${p.position.accuracy_m !== undefined ? ` ${t('proof.accuracy', { metres: formatNumber(p.position.accuracy_m) })}` : ''}`
              : t('proof.noPosition')}
          </Field>
          {failed && (
            <Field label={t('proof.reason')} testId="proof-reason">
              {p.failure_reason || '—'}
            </Field>
          )}
          {p.note !== '' && <Field label={t('proof.note')}>{p.note}</Field>}
        </SimpleGrid>

        <div>
          <Title order={3} size="h5" mb={4}>
            {t('proof.lines')}
          </Title>
          <Table striped withTableBorder data-testid="proof-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('proof.product')}</Table.Th>
                <Table.Th ta="right">{t('proof.ordered')}</Table.Th>
                <Table.Th ta="right">{t('proof.delivered')}</Table.Th>
                <Table.Th ta="right">{t('proof.refused')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {p.lines.map((l, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{l.name}</Table.Td>
                  <Table.Td ta="right">{formatNumber(l.ordered)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(l.delivered)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(l.refused)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <div className="cb-proof-signature">
            <Title order={3} size="h5" mb={4}>
              {t('proof.signature')}
            </Title>
            {p.signer_name !== '' ? (
              <Stack gap={4}>
                {signature}
                <Text size="sm">
                  {t('proof.signer')}: <strong data-testid="proof-signer">{p.signer_name}</strong>
                </Text>
                {p.signed_at !== null && (
                  <Text size="sm">
                    {t('proof.signedAt')}: <span data-testid="proof-signed-at">{t('proof.madridTime', madridClock(p.signed_at))}</span>
                  </Text>
                )}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {t('proof.noSignature')}
              </Text>
            )}
          </div>
          <div>
            <Title order={3} size="h5" mb={4}>
              {t('proof.payment')}
            </Title>
            {p.payment ? (
              <Stack gap={2} data-testid="proof-payment">
                <Text size="sm">
                  {t('proof.method')}: {t(`payments.methods.${p.payment.method}`)}
                </Text>
                <Text size="sm">
                  {t('proof.due')}: {formatMoney(p.payment.due_cents)}
                </Text>
                <Text size="sm" fw={600}>
                  {t('proof.collected')}: {formatMoney(p.payment.collected_cents)}
                </Text>
                {p.payment.change_cents > 0 && (
                  <Text size="sm">
                    {t('proof.change')}: {formatMoney(p.payment.change_cents)}
                  </Text>
                )}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {t('proof.noPayment')}
              </Text>
            )}
          </div>
        </SimpleGrid>

        <div>
          <Title order={3} size="h5" mb={4}>
            {t('proof.photos')}
          </Title>
          {photos.length > 0 ? (
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" className="cb-proof-photos">
              {photos}
            </SimpleGrid>
          ) : (
            <Text size="sm" c="dimmed">
              {t('proof.noPhotos')}
            </Text>
          )}
        </div>
      </Stack>
    </Paper>
  );
}

/** The browser's print dialog (print or «Guardar como PDF»): the page's print CSS makes it an A4 albarán. */
export function printProof(): void {
  window.print();
}
