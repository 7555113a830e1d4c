import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { t } from '../../i18n';
import { signIn, useSession } from '../../data/session';
import { useAction } from '../../ui/action/useAction';
import { AuthCard } from '../../ui/page/AuthCard';
import { homeOf } from './home';
import { emailProblem } from './rules';
import { href } from '../../links/registry';

const validate = {
  email: emailProblem,
  password: (value: string) => (value === '' ? t('auth.passwordRequired') : null),
};

/** /login: e-mail and password; a failed sign-in says why in Spanish. */
export function LoginPage() {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { redirect?: string };
  const form = useForm({ mode: 'uncontrolled', initialValues: { email: '', password: '' }, validate });

  const { run, busy, error } = useAction(async (email: string, password: string) => {
    await signIn(email.trim(), password);
    const groups = useSession.getState().user?.groups ?? [];
    const target = search.redirect && search.redirect.startsWith('/') && !search.redirect.startsWith('/login') ? search.redirect : homeOf(groups);
    await navigate({ to: target, replace: true });
  });
  const submit = form.onSubmit((values) => run(values.email, values.password));

  return (
    <AuthCard>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text c="dimmed">{t('auth.loginIntro')}</Text>
          {error && (
            <Alert color="red" role="alert" data-testid="login-error">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="username"
            inputMode="email"
            size="md"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput label={t('auth.password')} autoComplete="current-password" size="md" required key={form.key('password')} {...form.getInputProps('password')} />
          <Button type="submit" size="md" loading={busy}>
            {t('auth.submit')}
          </Button>
          <Anchor component={Link} to={href('reset')} size="sm">
            {t('auth.forgot')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
