/**
 * «Reentregar», «Devolver» or «Cancelar» a failed delivery (issue 27 §3): what the change does,
 * the re-delivery day, a note, and the confirmation. The change and the follow-up it resolves
 * are written by the data layer (src/data/incidences.ts `decideFailedDelivery`).
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { t } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import { useEngine } from '../../data/hooks';
import { useSession } from '../../data/session';
import { decideFailedDelivery } from '../../data/incidences';
import type { Incidence } from '../../domain/entities/events';
import type { FailureAction } from '../../domain/incidences/failedDelivery';
import { madridDate } from '../../domain/dates';
import { useAction } from '../../ui/action/useAction';
import '../../i18n/es/incidences';

interface Props {
  readonly subject: Incidence;
  readonly action: FailureAction;
  /** The order's code and day. */
  readonly code: string;
  readonly orderDate: string;
  readonly onClose: () => void;
}

/** The day after `date` (YYYY-MM-DD). */
function dayAfter(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export function FailureActionDialog({ subject, action, code, orderDate, onClose }: Props) {
  const engine = useEngine();
  const user = useSession((s) => s.user);
  const [date, setDate] = useState(() => {
    const tomorrow = dayAfter(madridDate());
    const next = dayAfter(orderDate);
    return next > tomorrow ? next : tomorrow;
  });
  const [note, setNote] = useState('');
  const save = useAction(async () => {
    if (!engine || !user) return;
    await decideFailedDelivery(engine, { subject, action, date: action === 'redeliver' ? date : undefined, note }, { userId: user.id, role: user.base_role });
    const shown = formatDate(Date.parse(`${date}T12:00:00Z`), 'd MMM yyyy');
    notifications.show({ color: 'teal', message: t(`incidences.exceptions.done.${action}`, { code, date: shown }) });
    onClose();
  });
  return (
    <Modal opened onClose={onClose} title={t(`incidences.exceptions.dialogTitles.${action}`, { code })} size="md" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save.run();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t(`incidences.exceptions.explain.${action}`)}</Text>
          {action === 'redeliver' && (
            <TextInput type="date" label={t('incidences.exceptions.redeliveryDate')} value={date} onChange={(e) => setDate(e.currentTarget.value)} required data-testid="redelivery-date" />
          )}
          <Textarea label={t('incidences.exceptions.noteOptional')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={400} autosize minRows={2} />
          {save.error && (
            <Alert color="red" role="alert">
              {save.error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('incidences.exceptions.close')}
            </Button>
            <Button type="submit" loading={save.busy} color={action === 'cancel' ? 'red' : undefined}>
              {t(`incidences.exceptions.confirm.${action}`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
