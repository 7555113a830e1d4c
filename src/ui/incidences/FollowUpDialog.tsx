/**
 * The follow-up of one incidence (issue 13): its state, who is in charge, its history, and the
 * form to change them (an operator or an administrator; the list opens it).
 */
import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, List, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { madridDate } from '../../domain/dates';
import { notifications } from '@mantine/notifications';
import { t } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import { useEngine } from '../../data/hooks';
import { useSession } from '../../data/session';
import { recordFollowUp } from '../../data/incidences';
import type { Incidence } from '../../domain/entities/events';
import { nextFollowUpStates, type FollowUpState, type FollowUpView } from '../../domain/incidences/followUp';
import { useAction } from '../action/useAction';
import '../../i18n/es/incidences';

export const FOLLOW_UP_COLOR: Readonly<Record<FollowUpState, string>> = { open: 'red', in_review: 'yellow', resolved: 'teal', credited: 'blue' };

export function followUpLabel(s: FollowUpState): string {
  return t(`incidences.followUp.states.${s}`);
}

export function FollowUpBadge({ state }: { state: FollowUpState }) {
  return (
    <Badge color={FOLLOW_UP_COLOR[state]} variant="light" data-testid="follow-up-state" data-state={state}>
      {followUpLabel(state)}
    </Badge>
  );
}

interface Props {
  readonly incidence: Incidence;
  /** What the incidence is about, for the title («Dañado · P-0001»). */
  readonly what: string;
  readonly view: FollowUpView;
  readonly staff: readonly { readonly value: string; readonly label: string }[];
  readonly name: (id: string) => string;
  readonly onClose: () => void;
  /**
   * Whether resolving may create a re-delivery order of the incidence's product (default true).
   * A failed delivery's follow-up offers none: its whole order is re-delivered from the list.
   */
  readonly redelivery?: boolean;
}

export function FollowUpDialog({ incidence, what, view, staff, name, onClose, redelivery: redeliveryOffered = true }: Props) {
  const engine = useEngine();
  const user = useSession((s) => s.user);
  const [to, setTo] = useState<FollowUpState>(view.state);
  const [assignee, setAssignee] = useState<string>(view.assignee);
  const [note, setNote] = useState('');
  const [redeliver, setRedeliver] = useState(false);
  const [redeliveryDate, setRedeliveryDate] = useState(() => madridDate(Date.now() + 24 * 3_600_000));
  const offerRedelivery = redeliveryOffered && to === 'resolved' && view.state !== 'resolved';
  const save = useAction(async () => {
    if (!engine || !user) return;
    await recordFollowUp(
      engine,
      { incidence, to, note, assignee, redeliveryDate: offerRedelivery && redeliver ? redeliveryDate : undefined },
      { userId: user.id, role: user.base_role },
    );
    notifications.show({ color: 'teal', message: t('incidences.followUp.saved') });
    onClose();
  });
  const targets: FollowUpState[] = [view.state, ...nextFollowUpStates(view.state)];

  return (
    <Modal opened onClose={onClose} title={t('incidences.followUp.open', { what })} size="lg" centered>
      <Stack gap="sm">
        <Group gap="sm">
          <FollowUpBadge state={view.state} />
          <Text size="sm" data-testid="follow-up-assignee">
            {t('incidences.followUp.currentAssignee', { name: view.assignee === '' ? t('incidences.followUp.nobody') : name(view.assignee) })}
          </Text>
        </Group>
        <Text fw={600} size="sm">
          {t('incidences.followUp.history')}
        </Text>
        {view.history.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('incidences.followUp.noHistory')}
          </Text>
        ) : (
          <List size="sm" spacing={4} data-testid="follow-up-history">
            {view.history.map((h) => (
              <List.Item key={h.id} c={h.applied ? undefined : 'dimmed'}>
                {h.from === h.to
                  ? t('incidences.followUp.stepSame', { at: formatDate(h.at, 'd MMM, HH:mm'), by: name(h.by), state: followUpLabel(h.to) })
                  : t('incidences.followUp.step', { at: formatDate(h.at, 'd MMM, HH:mm'), by: name(h.by), from: followUpLabel(h.from), to: followUpLabel(h.to) })}
                {h.assignee !== undefined && ` · ${t('incidences.followUp.stepAssignee', { name: h.assignee === '' ? t('incidences.followUp.nobody') : name(h.assignee) })}`}
                {h.note !== '' && ` · «${h.note}»`}
                {!h.applied && ` · ${t('incidences.followUp.notApplied')}`}
              </List.Item>
            ))}
          </List>
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save.run();
          }}
        >
          <Stack gap="sm">
            <Select
              label={t('incidences.followUp.to')}
              data={targets.map((s) => ({ value: s, label: s === view.state ? t('incidences.followUp.keep', { state: followUpLabel(s) }) : followUpLabel(s) }))}
              value={to}
              onChange={(v) => v && setTo(v as FollowUpState)}
              allowDeselect={false}
            />
            <Select
              label={t('incidences.followUp.assignee')}
              data={[{ value: '', label: t('incidences.followUp.nobody') }, ...staff]}
              value={assignee}
              onChange={(v) => setAssignee(v ?? '')}
              allowDeselect={false}
              searchable
            />
            {offerRedelivery && (
              <Group align="end" gap="sm">
                <Checkbox label={t('incidences.followUp.redelivery')} description={t('incidences.followUp.redeliveryHelp')} checked={redeliver} onChange={(e) => setRedeliver(e.currentTarget.checked)} style={{ flex: '1 1 260px' }} />
                {redeliver && <TextInput type="date" label={t('incidences.followUp.redeliveryDate')} value={redeliveryDate} onChange={(e) => setRedeliveryDate(e.currentTarget.value)} style={{ flex: '0 1 180px' }} />}
              </Group>
            )}
            <Textarea label={t('incidences.followUp.note')} description={t('incidences.followUp.noteHelp')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={500} autosize minRows={2} />
            {save.error && (
              <Alert color="red" role="alert">
                {save.error}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={save.busy}>
                {t('incidences.followUp.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
