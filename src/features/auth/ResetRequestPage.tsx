import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { t } from '../../i18n';
import { sessionBackend } from '../../data/session';
import { useAction } from '../../ui/action/useAction';
import { AuthCard } from '../../ui/page/AuthCard';
import { href } from '../../links/registry';
import { emailProblem } from './rules';

/** /reset: ask for the e-mail with the link. Never says whether the address exists. */
export function ResetRequestPage() {
  const request = useAction((email: string) => sessionBackend().auth.requestPasswordReset(email.trim()));
  const { busy, error } = request;
  const sent = request.result ?? null;
  const form = useForm({ mode: 'uncontrolled', initialValues: { email: '' }, validate: { email: emailProblem } });
  const submit = form.onSubmit(({ email }) => request.run(email));
  return (
    <AuthCard>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text c="dimmed">{t('auth.resetIntro')}</Text>
          {sent && (
            <Alert color="teal" role="status">
              {sent}
            </Alert>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput label={t('auth.email')} type="email" autoComplete="username" size="md" required key={form.key('email')} {...form.getInputProps('email')} />
          <Button type="submit" size="md" loading={busy}>
            {t('auth.resetSend')}
          </Button>
          <Anchor component={Link} to={href('login')} size="sm">
            {t('auth.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
