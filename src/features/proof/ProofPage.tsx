/**
 * /proof-of-delivery/:order_id — an order's albarán for the operators: the proof read from the
 * local database, its print (A4, «Guardar como PDF» in the print dialog) and the client's public
 * link (made on the server; expires after PROOF_LINK_DAYS; shows only this order).
 */
import { useState } from 'react';
import { Alert, Button, CopyButton, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconLink, IconLinkOff, IconPrinter } from '@tabler/icons-react';
import { t } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import type { ScreenProps } from '../../ui/page/types';
import { createProofLink, revokeProofLinks, useOrderProof } from '../../data/proof';
import { useAction } from '../../ui/action/useAction';
import { messageOf } from '../../ui/errors';
import { StoredPhoto } from '../../ui/media/StoredPhoto';
import { PROOF_LINK_DAYS, type ProofLink } from '../../domain/proof';
import { SignatureView } from '../../ui/signature/SignaturePad';
import { hubRefusal, useWritableHubs } from '../../ui/hubScope';
import { ProofDocument, printProof } from './ProofDocument';
import '../../i18n/es/proof';

function PublicLink({ orderId, hub }: { orderId: string; hub: number }) {
  // Only the order's hub's operators (and admins) manage its links (issue 29, finding 6).
  const refusal = hubRefusal(useWritableHubs(), hub);
  // The link made last; a revocation ends it (and every other link of the order) at once.
  const [link, setLink] = useState<ProofLink | null>(null);
  const make = useAction(
    async (id: string) => {
      const made = await createProofLink(id);
      setLink(made);
      return made;
    },
    { describe: (err) => t('proof.link.failed', { message: messageOf(err) }) },
  );
  const revoke = useAction(
    async (id: string) => {
      const count = await revokeProofLinks(id);
      setLink(null);
      return count;
    },
    { describe: (err) => t('proof.link.revokeFailed', { message: messageOf(err) }) },
  );
  const url = link ? `${window.location.origin}${link.path}` : '';
  return (
    <Stack gap="xs" className="cb-no-print">
      <Text size="sm" c="dimmed">
        {t('proof.link.help', { days: PROOF_LINK_DAYS })}
      </Text>
      <Group>
        <Button leftSection={<IconLink size={18} aria-hidden />} onClick={() => void make.run(orderId)} loading={make.busy} variant="light" disabled={refusal !== null} data-testid="proof-link-create">
          {t('proof.link.create')}
        </Button>
        <Button
          leftSection={<IconLinkOff size={18} aria-hidden />}
          onClick={() => void revoke.run(orderId)}
          loading={revoke.busy}
          variant="subtle"
          color="red"
          title={t('proof.link.revokeHelp')}
          disabled={refusal !== null}
          data-testid="proof-link-revoke"
        >
          {t('proof.link.revoke')}
        </Button>
      </Group>
      {refusal && (
        <Text size="sm" c="orange.9" data-testid="proof-link-hub-refusal">
          {refusal}
        </Text>
      )}
      {make.error && (
        <Alert color="red" role="alert" data-testid="proof-link-error">
          {make.error}
        </Alert>
      )}
      {revoke.error && (
        <Alert color="red" role="alert" data-testid="proof-link-revoke-error">
          {revoke.error}
        </Alert>
      )}
      {revoke.result !== undefined && !link && (
        <Text size="sm" role="status" data-testid="proof-link-revoked">
          {revoke.result > 0 ? t('proof.link.revoked', { count: revoke.result }) : t('proof.link.revokedNone')}
        </Text>
      )}
      {link && (
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label={t('proof.link.created', { date: formatDate(link.expires_at, 'dd/MM/yyyy') })}
            value={url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            data-testid="proof-link"
            style={{ flex: 1 }}
          />
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button onClick={copy} variant="default">
                {copied ? t('proof.link.copied') : t('proof.link.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      )}
    </Stack>
  );
}

export function ProofPage({ params }: ScreenProps<'proofOfDelivery'>) {
  const orderId = params.order_id ?? '';
  const { loading, order, proof } = useOrderProof(orderId);
  if (loading) return <Loader aria-label={t('proof.loading')} />;
  if (!order)
    return (
      <Alert color="orange" data-testid="proof-missing">
        {t('proof.notFound', { id: orderId })}
      </Alert>
    );
  if (!proof)
    return (
      <Alert color="blue" data-testid="proof-none">
        {t('proof.noProof', { code: order.code })}
      </Alert>
    );
  const { photo_files, signature_strokes, ...fields } = proof;
  return (
    <Stack gap="md">
      <Group className="cb-no-print">
        <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={printProof}>
          {t('proof.print')}
        </Button>
      </Group>
      <PublicLink orderId={orderId} hub={order.hub} />
      <ProofDocument
        proof={fields}
        signature={<SignatureView strokes={signature_strokes as [number, number, number][][]} label={t('proof.signatureOf', { name: proof.signer_name })} />}
        photos={photo_files.map((path, i) => (
          <StoredPhoto key={path} path={path} alt={t('proof.photo', { n: i + 1 })} />
        ))}
      />
    </Stack>
  );
}
