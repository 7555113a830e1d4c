/** /profile-user: own name and phone, own password, and this device's language and inactivity lock. */
import { useState } from 'react';
import { Button, Card, Group, NumberInput, PasswordInput, Radio, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { z } from 'zod';
import { LANGUAGES, LANGUAGE_NAMES, t, type Language } from '../../i18n';
import { chooseLanguage, useLanguage } from '../../data/language';
import { useEngine } from '../../data/hooks';
import { currentActor, sessionBackend, setLockMinutes, useSession } from '../../data/session';
import { entityActions } from '../../data/entities';
import { useAction } from '../../ui/action/useAction';
import { ActionFeedback } from '../../ui/action/ActionFeedback';
import { EntityForm } from '../../ui/crud/EntityForm';
import { useUsers } from './shared';
import { userSchema } from '../../domain/entities/operation';
import '../../i18n/es/users';

const profileSchema = userSchema.pick({ name: true, phone: true });

export function ProfilePage() {
  const engine = useEngine();
  const me = useSession((s) => s.user);
  const lockMinutes = useSession((s) => s.lockMinutes);
  const language = useLanguage((s) => s.language);
  // The radio shows the choice at once while the other catalogue loads; a failed load goes back.
  const [chosen, setChosen] = useState<Language | null>(null);
  const languageChange = useAction(async (lang: Language) => {
    setChosen(lang);
    try {
      await chooseLanguage(lang);
    } finally {
      setChosen(null);
    }
  });
  const { data: users } = useUsers();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const password = useAction(async (from: string, to: string) => {
    await sessionBackend().auth.changePassword(from, to);
    setCurrent('');
    setNext('');
    return true;
  });
  const profile = users.find((u) => u.id === me?.id);
  if (!engine || !me) return null;

  return (
    <Stack maw={720}>
      <Text c="dimmed">{t('users.profileIntro')}</Text>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('users.myData')}
        </Title>
        {profile && (
          <EntityForm
            key={profile.updated_at}
            schema={profileSchema}
            fields={[
              { name: 'name', label: t('users.name'), kind: 'text' },
              { name: 'phone', label: t('users.phone'), kind: 'tel' },
            ]}
            initialValues={{ name: profile.name, phone: profile.phone }}
            onSubmit={async (values) => {
              await entityActions('users').patch(engine, { id: profile.id, changes: { name: String(values.name), phone: String(values.phone) } }, currentActor());
              notifications.show({ color: 'teal', message: t('crud.updated') });
            }}
          >
            <Text size="sm" c="dimmed">
              {t('users.email')}: {profile.email}
            </Text>
          </EntityForm>
        )}
      </Card>
      <Card withBorder>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (next.length < 8) password.fail(t('auth.passwordTooShort'));
            else void password.run(current, next);
          }}
        >
          <Stack>
            <Title order={2} size="h4">
              {t('users.changePassword')}
            </Title>
            <ActionFeedback action={password} success={() => t('users.passwordChanged')} />
            <PasswordInput label={t('users.currentPassword')} value={current} onChange={(e) => setCurrent(e.currentTarget.value)} autoComplete="current-password" />
            <PasswordInput label={t('users.newPassword')} value={next} onChange={(e) => setNext(e.currentTarget.value)} autoComplete="new-password" />
            <div>
              <Button type="submit" loading={password.busy}>
                {t('users.changePassword')}
              </Button>
            </div>
          </Stack>
        </form>
      </Card>
      <Card withBorder>
        <Stack>
          <Title order={2} size="h4">
            {t('users.deviceSettings')}
          </Title>
          <Radio.Group
            label={t('users.language')}
            description={t('users.languageHelp')}
            value={chosen ?? language}
            onChange={(v) => {
              if ((LANGUAGES as readonly string[]).includes(v)) void languageChange.run(v as Language);
            }}
          >
            <ActionFeedback action={languageChange} />
            <Group mt="xs">
              {LANGUAGES.map((l) => (
                <Radio key={l} value={l} label={LANGUAGE_NAMES[l]} lang={l} />
              ))}
            </Group>
          </Radio.Group>
          <NumberInput
            label={t('users.lockMinutes')}
            description={t('users.lockHelp')}
            value={lockMinutes}
            min={0}
            max={240}
            allowDecimal={false}
            onChange={(v) => {
              const parsed = z.number().int().min(0).max(240).safeParse(v);
              if (parsed.success) void setLockMinutes(parsed.data);
            }}
            maw={320}
          />
        </Stack>
      </Card>
    </Stack>
  );
}
