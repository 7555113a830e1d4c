import { useEffect, useState } from 'react';
import { Alert, Button, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useIdle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { t } from '../../i18n';
import { lockNow, signIn, unlock, useSession } from '../../data/session';
import { useAction } from '../../ui/action/useAction';

interface PasswordModalProps {
  readonly title: string;
  readonly body: string;
  readonly submitLabel: string;
  /** Throws the refusal (its text is shown) when the password does not open the session. */
  readonly onSubmit: (password: string) => Promise<unknown>;
}

/** Re-enter the password: the inactivity lock (checked on the device) or an expired session. */
function PasswordModal(props: PasswordModalProps) {
  const [password, setPassword] = useState('');
  const submit = useAction(async (typed: string) => {
    await props.onSubmit(typed);
    setPassword('');
  });
  return (
    <Modal opened onClose={() => undefined} withCloseButton={false} closeOnEscape={false} closeOnClickOutside={false} title={props.title} centered overlayProps={{ backgroundOpacity: 0.85, blur: 6 }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit.run(password);
        }}
      >
        <Stack>
          <Text>{props.body}</Text>
          {submit.error && (
            <Alert color="red" role="alert">
              {submit.error}
            </Alert>
          )}
          <PasswordInput label={t('auth.password')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} autoComplete="current-password" size="md" data-autofocus />
          <Button type="submit" size="md" loading={submit.busy}>
            {props.submitLabel}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Session overlays of every page: the inactivity lock of shared tablets, the expired-session
 * prompt and the Spanish notice when the server refuses a change.
 */
export function SessionOverlays() {
  const { phase, user, locked, expired, lockMinutes, engine } = useSession();
  const idle = useIdle(Math.max(1, lockMinutes) * 60_000, { initialState: false });

  useEffect(() => {
    if (phase === 'signed-in' && lockMinutes > 0 && idle) lockNow();
  }, [idle, phase, lockMinutes]);

  useEffect(() => {
    if (!engine) return undefined;
    const sub = engine.refusals$.subscribe((r) =>
      notifications.show({ color: 'red', title: t('common.changeRefused'), message: t('sync.refused', { reason: r.reason }) }),
    );
    return () => sub.unsubscribe();
  }, [engine]);

  if (phase !== 'signed-in' || !user) return null;
  if (locked) {
    return (
      <PasswordModal
        title={t('auth.lockedTitle')}
        body={t('auth.lockedBody', { name: user.name })}
        submitLabel={t('auth.unlock')}
        onSubmit={async (password) => {
          if (!(await unlock(password))) throw new Error(t('auth.wrongPassword'));
        }}
      />
    );
  }
  if (expired) {
    return (
      <PasswordModal
        title={t('auth.expiredTitle')}
        body={t('auth.expiredBody')}
        submitLabel={t('auth.expiredSubmit')}
        onSubmit={(password) => signIn(user.email, password)}
      />
    );
  }
  return null;
}
