import { Badge } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconWifi, IconWifiOff } from '@tabler/icons-react';
import { t } from '../../i18n';

/** Online/offline state of the device, as the browser reports it. */
export function OnlineBadge() {
  const { online } = useNetwork();
  return (
    <Badge
      data-testid="online-badge"
      color={online ? 'teal' : 'gray'}
      variant="light"
      leftSection={online ? <IconWifi size={14} aria-hidden /> : <IconWifiOff size={14} aria-hidden />}
    >
      {online ? t('sync.online') : t('sync.offline')}
    </Badge>
  );
}
