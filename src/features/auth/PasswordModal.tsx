import { useState } from 'react';
import { Alert, Button, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { t } from '../../i18n';
import { useAction } from '../../ui/action/useAction';

export interface PasswordModalProps {
  readonly title: string;
  readonly body: string;
  readonly submitLabel: string;
  /** Throws the refusal (its text is shown) when the password does not open the session. */
  readonly onSubmit: (password: string) => Promise<unknown>;
}

/** Re-enter the password: the inactivity lock (checked on the device) or an expired session. */
export function PasswordModal(props: PasswordModalProps) {
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

