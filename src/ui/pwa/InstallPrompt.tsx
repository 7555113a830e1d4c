import { Alert, Button, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { t } from '../../i18n';
import { dismissInstall, installOffer, isIos, promptInstall, useInstallStore } from './install';

/**
 * «Instalar la app» on phones and tablets (a short hint on iOS). It sits in the page flow at the
 * top of the landing screens (Home, Reparto), so it never covers a button or the sync badge.
 */
export function InstallPrompt() {
  const { event, dismissed, installed } = useInstallStore();
  const touch = useMediaQuery('(pointer: coarse)') ?? false;
  const standalone = (useMediaQuery('(display-mode: standalone)') ?? false) || installed;
  const offer = installOffer({
    canPrompt: event !== null,
    standalone,
    touch,
    ios: isIos(navigator.userAgent, navigator.maxTouchPoints),
    dismissed,
  });
  if (!offer) return null;
  return (
    <Alert mb="md" title={t('pwa.installTitle')} data-testid="install-prompt" role="region" aria-label={t('pwa.installTitle')}>
      {offer === 'prompt' ? t('pwa.installBody') : t('pwa.installIos')}
      <Group mt="sm" gap="xs">
        {offer === 'prompt' && (
          <Button size="md" onClick={() => void promptInstall()}>
            {t('pwa.install')}
          </Button>
        )}
        <Button size="md" variant="subtle" onClick={dismissInstall}>
          {t('pwa.notNow')}
        </Button>
      </Group>
    </Alert>
  );
}
