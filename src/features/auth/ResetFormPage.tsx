import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useSearch } from '@tanstack/react-router';
import { t } from '../../i18n';
import { sessionBackend } from '../../data/session';
import { useAction } from '../../ui/action/useAction';
import { AuthCard } from '../../ui/page/AuthCard';
import { href } from '../../links/registry';
import { newPasswordProblem, repeatProblem } from './rules';

/** /reset/form?token=…: choose a new password with the one-time token of the e-mail. */
export function ResetFormPage() {
  const search = useSearch({ strict: false }) as { token?: string };
  const token = typeof search.token === 'string' ? search.token : '';
  const reset = useAction((password: string) => sessionBackend().auth.resetPassword(token, password).then(() => true));
  const { busy, error } = reset;
  const done = reset.result === true;
  const form = useForm({ mode: 'uncontrolled', initialValues: { password: '', repeat: '' }, validate: { password: newPasswordProblem, repeat: repeatProblem } });
  const submit = form.onSubmit(({ password }) => reset.run(password));
  return (
    <AuthCard>
      {done ? (
        <Stack>
          <Alert color="teal" role="status">
            {t('auth.resetDone')}
          </Alert>
          <Button component={Link} to={href('login')}>
            {t('auth.backToLogin')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {!token && (
              <Alert color="orange" role="alert">
                {t('auth.resetNoToken')}
              </Alert>
            )}
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <PasswordInput label={t('auth.newPassword')} autoComplete="new-password" size="md" required key={form.key('password')} {...form.getInputProps('password')} />
            <PasswordInput label={t('auth.repeatPassword')} autoComplete="new-password" size="md" required key={form.key('repeat')} {...form.getInputProps('repeat')} />
            <Button type="submit" size="md" loading={busy} disabled={!token}>
              {t('auth.resetSave')}
            </Button>
            <Anchor component={Link} to={href('reset')} size="sm">
              {t('auth.resetSend')}
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
