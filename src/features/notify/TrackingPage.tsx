/**
 * /envio/:token — the receiver's tracking page (issue 33): no account, only the order the link
 * names, until the link expires or is revoked. Status, the expected window («entre 10:40 y
 * 11:00», Madrid), the rider's first name, his position only while he heads to this stop, and
 * the proof of delivery once the order is closed (the same token opens it). Spanish or English:
 * the link of an English notice carries `?lang=en`; the page has its own language switch.
 */
import { useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { t, type Language } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import type { ScreenProps } from '../../ui/page/types';
import { loadPublicTracking, type PublicTracking } from '../../data/notify';
import { loadPublicProof, type PublicProof } from '../../data/proofLinks';
import { chooseLanguage, useLanguage } from '../../data/language';
import '../../i18n/es/notify';
import '../../i18n/es/proof';

type State = { readonly kind: 'loading' } | { readonly kind: 'ready'; readonly tracking: PublicTracking; readonly proof: PublicProof | null } | { readonly kind: 'error'; readonly message: string };

const STATUS_COLOR: Record<PublicTracking['status'], string> = {
  pending: 'gray',
  planned: 'blue',
  on_the_way: 'teal',
  out_for_delivery: 'blue',
  delivered: 'green',
  partially_delivered: 'yellow',
  failed: 'red',
  returned: 'orange',
  cancelled: 'gray',
};

/** `?lang=en` in the link: the receiver's language for this page. */
function linkLanguage(): Language | null {
  const lang = new URLSearchParams(globalThis.location?.search ?? '').get('lang');
  return lang === 'en' || lang === 'es' ? lang : null;
}

function LanguageSwitch() {
  const current = useLanguage((s) => s.language);
  return (
    <Group gap="xs" role="group" aria-label={t('notices.track.language')}>
      {(['es', 'en'] as const).map((lang) => (
        <Button key={lang} size="sm" mih={44} miw={44} variant={current === lang ? 'filled' : 'light'} aria-pressed={current === lang} onClick={() => void chooseLanguage(lang)}>
          {lang.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}

export function TrackingPage({ params }: ScreenProps<'publicTracking'>) {
  const token = params.token ?? '';
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    const wanted = linkLanguage();
    if (wanted && wanted !== useLanguage.getState().language) void chooseLanguage(wanted);
  }, []);
  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    loadPublicTracking(token)
      .then(async (tracking) => {
        const proof = tracking.proof_url ? await loadPublicProof(token).catch(() => null) : null;
        if (live) setState({ kind: 'ready', tracking, proof });
      })
      .catch((err: unknown) => live && setState({ kind: 'error', message: err instanceof Error ? err.message : String(err) }));
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <Stack gap="md" maw={640} mx="auto" p="md">
      {/* The page's one <h1> is the layout's (the registry's title). */}
      <Group justify="flex-end">
        <LanguageSwitch />
      </Group>
      {state.kind === 'loading' && <Loader aria-label={t('notices.track.loading')} />}
      {state.kind === 'error' && (
        <Alert color="orange" role="alert" data-testid="tracking-error">
          {t('notices.track.loadFailed', { message: state.message })}
        </Alert>
      )}
      {state.kind === 'ready' && <TrackingCard tracking={state.tracking} proof={state.proof} />}
    </Stack>
  );
}

function TrackingCard({ tracking, proof }: { tracking: PublicTracking; proof: PublicProof | null }) {
  const { window, position } = tracking;
  const [y, m, d] = tracking.date.split('-');
  return (
    <Stack gap="md">
      <Card withBorder data-testid="tracking">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={700} size="lg">
              {t('notices.track.order', { code: tracking.code })}
            </Text>
            <Badge size="lg" color={STATUS_COLOR[tracking.status]} data-testid="tracking-status">
              {t(`notices.track.statuses.${tracking.status}`)}
            </Badge>
          </Group>
          <Text size="xl" fw={600} data-testid="tracking-window">
            {window ? t('notices.track.windowOn', { date: `${d}/${m}/${y}`, from: window.from, to: window.to }) : t('notices.track.noWindow')}
          </Text>
          {tracking.rider !== '' && <Text data-testid="tracking-rider">{t('notices.track.rider', { name: tracking.rider })}</Text>}
          {position && (
            <Text data-testid="tracking-position">
              {t('notices.track.position', { minutes: Math.max(0, Math.round((Date.now() - position.at) / 60_000)), lat: position.lat.toFixed(5), lng: position.lng.toFixed(5) })}{' '}
              <Anchor href={`https://www.openstreetmap.org/?mlat=${position.lat}&mlon=${position.lng}#map=17/${position.lat}/${position.lng}`} target="_blank" rel="noreferrer">
                {t('notices.track.positionMap')}
              </Anchor>
            </Text>
          )}
          <Text c="dimmed">{t('notices.track.point', { point: tracking.point.name, address: `${tracking.point.address}, ${tracking.point.city}` })}</Text>
        </Stack>
      </Card>
      {proof && <ProofSummary proof={proof} />}
      <Text size="sm" c="dimmed">
        {t('notices.track.expires', { date: formatDate(tracking.expires_at, 'dd/MM/yyyy') })}
      </Text>
    </Stack>
  );
}

/** The proof of delivery through the same token: outcome, time, who signed, the signature and photos. */
function ProofSummary({ proof }: { proof: PublicProof }) {
  return (
    <Card withBorder data-testid="tracking-proof">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('notices.track.proof')}
        </Title>
        <Text>
          {t(`proof.outcomes.${proof.outcome}`)} · {formatDate(proof.at, 'dd/MM/yyyy HH:mm')}
        </Text>
        {proof.failure_reason !== '' && <Text>{proof.failure_reason}</Text>}
        {proof.signer_name !== '' && (
          <Text>
            {t('proof.signer')}: {proof.signer_name}
          </Text>
        )}
        {proof.signature_url && <Image src={proof.signature_url} alt={t('proof.signatureOf', { name: proof.signer_name })} maw={360} radius="sm" style={{ border: '1px solid var(--mantine-color-gray-3)' }} />}
        {proof.photo_urls.map((url, i) => (
          <Image key={url} src={url} alt={t('proof.photo', { n: i + 1 })} radius="sm" fit="contain" mah={220} />
        ))}
      </Stack>
    </Card>
  );
}
