import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, type ButtonProps } from '@mantine/core';
import { t } from '../../i18n';
import { useAction } from '../action/useAction';

/**
 * A button that asks before doing something that cannot be undone at once (deletes, revocations,
 * sign-offs). A failure of `onConfirm` stays in the open dialog, in the words of `describe`
 * («No se ha podido revocar la clave: …») or of `errorText`.
 */
export function ConfirmButton(
  props: ButtonProps & { title: string; message: string; confirmLabel?: string; onConfirm: () => Promise<void> | void; describe?: (err: unknown) => string; children: ReactNode },
) {
  const { title, message, confirmLabel, onConfirm, describe, children, ...buttonProps } = props;
  const [open, setOpen] = useState(false);
  const confirm = useAction(
    async () => {
      await onConfirm();
      setOpen(false);
    },
    { describe },
  );
  return (
    <>
      <Button
        {...buttonProps}
        onClick={() => {
          confirm.fail(null);
          setOpen(true);
        }}
      >
        {children}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={title} centered>
        <Stack>
          <Text>{message}</Text>
          {confirm.error && (
            <Alert color="red" role="alert">
              {confirm.error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={confirm.busy}
              onClick={() => void confirm.run()}
            >
              {confirmLabel ?? t('common.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
