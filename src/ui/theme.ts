import { createTheme, PasswordInput } from '@mantine/core';
import { t } from '../i18n';

/** The app's theme, with its texts in the interface's language (made again when it changes). */
export const appTheme = () =>
  createTheme({
    primaryColor: 'teal',
    defaultRadius: 'md',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    focusRing: 'always',
    components: {
      PasswordInput: PasswordInput.extend({
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('app.togglePassword') } },
      }),
    },
  });
