/**
 * /albaran/:token — the client's public albarán: no account, only the order the link names, until
 * the link expires. Everything (the proof, the signature, the photos) comes through the token.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { t } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import type { ScreenProps } from '../../ui/page/types';
import { loadPublicProof, type PublicProof } from '../../data/proofLinks';
import { ProofDocument, printProof } from './ProofDocument';
import '../../i18n/es/proof';

type State = { readonly kind: 'loading' } | { readonly kind: 'ready'; readonly proof: PublicProof } | { readonly kind: 'error'; readonly message: string };

export function PublicProofPage({ params }: ScreenProps<'publicProof'>) {
  const token = params.token ?? '';
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    loadPublicProof(token)
      .then((proof) => live && setState({ kind: 'ready', proof }))
      .catch((err: unknown) => live && setState({ kind: 'error', message: err instanceof Error ? err.message : String(err) }));
    return () => {
      live = false;
    };
  }, [token]);

  if (state.kind === 'loading') return <Loader aria-label={t('proof.loading')} />;
  if (state.kind === 'error')
    return (
      <Alert color="orange" role="alert" data-testid="proof-error">
        {t('proof.errors.loadFailed', { message: state.message })}
      </Alert>
    );
  const { signature_url, photo_urls, expires_at, ...fields } = state.proof;
  return (
    <Stack gap="md" maw={900}>
      <Group className="cb-no-print" justify="space-between">
        <Text size="sm" c="dimmed">
          {t('proof.expiresOn', { date: formatDate(expires_at, 'dd/MM/yyyy') })}
        </Text>
        <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={printProof}>
          {t('proof.print')}
        </Button>
      </Group>
      <ProofDocument
        proof={fields}
        signature={signature_url ? <Image src={signature_url} alt={t('proof.signatureOf', { name: fields.signer_name })} maw={480} radius="sm" style={{ border: '1px solid var(--mantine-color-gray-3)' }} /> : null}
        photos={photo_urls.map((url, i) => (
          <Image key={url} src={url} alt={t('proof.photo', { n: i + 1 })} radius="sm" fit="contain" mah={220} />
        ))}
      />
    </Stack>
  );
}
