import { Button, Group, Notification, Portal } from '@mantine/core';
import { t } from '../../i18n';
import { usePwaStore } from './serviceWorker';

/** «Nueva versión disponible»: shown while a new service worker waits. */
export function UpdatePrompt() {
  const { updateWaiting, applyUpdate, dismissUpdate } = usePwaStore();
  if (!updateWaiting) return null;
  return (
    <Portal>
      <Notification
        role="alert"
        title={t('pwa.updateAvailable')}
        withCloseButton={false}
        style={{ position: 'fixed', bottom: 16, right: 16, zIndex: 1000, maxWidth: 360 }}
      >
        {t('pwa.updateBody')}
        <Group mt="sm" gap="xs">
          <Button size="sm" onClick={applyUpdate}>
            {t('pwa.reload')}
          </Button>
          <Button size="sm" variant="subtle" onClick={dismissUpdate}>
            {t('pwa.later')}
          </Button>
        </Group>
      </Notification>
    </Portal>
  );
}
