import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, type ButtonProps } from '@mantine/core';
import { t } from '../../i18n';

/** A button that asks before doing something that cannot be undone at once (deletes). */
export function ConfirmButton(props: ButtonProps & { title: string; message: string; confirmLabel?: string; onConfirm: () => Promise<void> | void; children: ReactNode }) {
  const { title, message, confirmLabel, onConfirm, children, ...buttonProps } = props;
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button {...buttonProps} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={title} centered>
        <Stack>
          <Text>{message}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  await onConfirm();
                  setOpen(false);
                } finally {
                  setBusy(false);
                }
              }}
            >
              {confirmLabel ?? t('common.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
