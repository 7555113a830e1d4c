import { Alert, Badge, Stack } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { t } from '../../i18n';

/** The only placeholder allowed: a screen the registry marks as not yet built. */
export function UnderConstruction({ issue }: { issue: number }) {
  return (
    <Stack gap="sm" data-testid="under-construction">
      <Badge color="yellow" variant="light" size="lg" leftSection={<IconTool size={14} aria-hidden />}>
        {t('underConstruction.badge')}
      </Badge>
      <Alert color="yellow" variant="light" title={t('underConstruction.badge')}>
        {t('underConstruction.body', { issue })}
      </Alert>
    </Stack>
  );
}
