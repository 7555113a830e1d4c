/**
 * /orders/notices/:id — an order's notices to its receiver (issue 33, operators and admins,
 * online): what was sent, by which channel, and what was not and why («SMS no enviado: sin
 * proveedor»); the delivery point's contact for notices (e-mail, mobile, language, opt-out), the
 * client's opt-out, and a tracking link to hand to the receiver.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, CopyButton, Group, Loader, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { t } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import type { ScreenProps } from '../../ui/page/types';
import { createTrackingLink, loadOrderNotices, saveClientOptOut, saveNoticeContact, unsentNotices, type NoticeContact, type NoticeInfo, type OrderNotices } from '../../data/notify';
import { errorText } from '../../ui/errors';
import '../../i18n/es/notify';
import '../../i18n/es/orders';
import '../../i18n/es/proof';

function reasonText(n: NoticeInfo): string {
  if (n.reason === 'no_provider' || n.reason === 'no_smtp' || n.reason === 'opted_out') return t(`notices.office.reasons.${n.reason}`);
  return t('notices.office.reasons.error', { message: n.reason });
}

function NoticeList({ notices }: { notices: readonly NoticeInfo[] }) {
  const unsent = unsentNotices(notices);
  if (notices.length === 0) return <Text c="dimmed">{t('notices.office.empty')}</Text>;
  return (
    <Stack gap="xs">
      {unsent.map((n) => (
        <Alert key={`${n.kind}-${n.channel}`} color="orange" data-testid="notice-unsent">
          {t('notices.office.notSent', { channel: t(`notices.office.channels.${n.channel}`), reason: reasonText(n) })} · {t(`notices.office.kinds.${n.kind}`)}
        </Alert>
      ))}
      <Table striped data-testid="order-notices">
        <Table.Tbody>
          {notices.map((n) => (
            <Table.Tr key={`${n.kind}-${n.channel}-${n.created_at}`}>
              <Table.Td>{t('notices.office.line', { kind: t(`notices.office.kinds.${n.kind}`), channel: t(`notices.office.channels.${n.channel}`), to: n.recipient, state: t(`notices.office.states.${n.state}`) })}</Table.Td>
              <Table.Td>{formatDate(n.sent_at > 0 ? n.sent_at : n.created_at, 'dd/MM/yyyy HH:mm')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function ContactForm({ data, onSaved }: { data: OrderNotices; onSaved: () => void }) {
  const [contact, setContact] = useState<NoticeContact>(data.contact);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await saveNoticeContact(data.point_id, contact);
      notifications.show({ color: 'teal', message: t('notices.office.saved') });
      onSaved();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('notices.office.contact')}
        </Title>
        <TextInput label={t('notices.office.email')} type="email" value={contact.email} onChange={(e) => setContact({ ...contact, email: e.currentTarget.value })} />
        <TextInput label={t('notices.office.phone')} type="tel" value={contact.phone} onChange={(e) => setContact({ ...contact, phone: e.currentTarget.value })} />
        <Select
          label={t('notices.office.lang')}
          data={[
            { value: 'es', label: 'Español' },
            { value: 'en', label: 'English' },
          ]}
          value={contact.lang}
          allowDeselect={false}
          onChange={(v) => setContact({ ...contact, lang: v === 'en' ? 'en' : 'es' })}
        />
        <Checkbox label={t('notices.office.pointOptOut')} checked={contact.opted_out} onChange={(e) => setContact({ ...contact, opted_out: e.currentTarget.checked })} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button onClick={() => void save()} loading={busy}>
            {t('notices.office.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function TrackingLinkCard({ orderId }: { orderId: string }) {
  const [link, setLink] = useState<{ url: string; expires_at: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const make = async () => {
    try {
      const made = await createTrackingLink(orderId);
      setLink({ url: `${globalThis.location.origin}${made.path}`, expires_at: made.expires_at });
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Button variant="light" onClick={() => void make()} data-testid="make-tracking-link">
          {t('notices.office.trackLink')}
        </Button>
        {error && <Alert color="red">{error}</Alert>}
        {link && (
          <Group>
            <Text data-testid="tracking-link">{t('notices.office.trackLinkMade', { date: formatDate(link.expires_at, 'dd/MM/yyyy'), url: link.url })}</Text>
            <CopyButton value={link.url}>{({ copied, copy }) => <Button onClick={copy}>{copied ? t('proof.link.copied') : t('proof.link.copy')}</Button>}</CopyButton>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

export function OrderNoticesPage({ params }: ScreenProps<'orderNotices'>) {
  const id = params.id ?? '';
  const [data, setData] = useState<OrderNotices | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    loadOrderNotices(id)
      .then((d) => {
        setData(d);
        setError(null);
      })
      .catch((err: unknown) => setError(errorText(err)));
  }, [id]);
  useEffect(load, [load]);
  if (error) return <Alert color="orange">{t('notices.office.loadFailed', { message: error })}</Alert>;
  if (!data) return <Loader aria-label={t('app.loading')} />;
  return (
    <Stack maw={900}>
      <Text fw={600}>{t('orders.codeIs', { code: data.code })}</Text>
      <NoticeList notices={data.notices} />
      <ContactForm key={data.point_id} data={data} onSaved={load} />
      <Checkbox
        label={t('notices.office.clientOptOut', { client: data.client.name })}
        checked={data.client.opted_out}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          saveClientOptOut(data.client.id, on)
            .then(load)
            .catch((err: unknown) => setError(errorText(err)));
        }}
      />
      <TrackingLinkCard orderId={id} />
    </Stack>
  );
}
