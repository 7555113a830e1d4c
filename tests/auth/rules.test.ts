import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailProblem, newPasswordProblem, repeatProblem } from '../../src/features/auth/rules';
import { t } from '../../src/i18n';

describe('the sign-in pages’ rules (written out so those pages load no zod)', () => {
  const addresses = ['ana@cargobici.test', ' ana@cargobici.test ', 'a.b+c@sub.example.es', 'ana', 'ana@', '@x.es', 'ana@x', 'ana@x.e', 'an a@x.es', 'ana@@x.es', 'ñu@x.es', 'ana@x..es', '.ana@x.es'];
  it.each(addresses)('«%s»: the same verdict as zod’s z.email()', (address) => {
    const zodSays = z.email().safeParse(address.trim()).success;
    expect(emailProblem(address) === null).toBe(zodSays);
  });

  it('says in Spanish what is wrong with an address', () => {
    expect(emailProblem('  ')).toBe(t('auth.emailRequired'));
    expect(emailProblem('ana@')).toBe(t('auth.emailInvalid'));
  });

  it('a new password has 8 to 200 characters and is repeated the same', () => {
    expect(newPasswordProblem('1234567')).toBe(t('auth.passwordTooShort'));
    expect(newPasswordProblem('12345678')).toBeNull();
    expect(newPasswordProblem('x'.repeat(200))).toBeNull();
    expect(newPasswordProblem('x'.repeat(201))).toBe(t('auth.passwordTooLong'));
    expect(repeatProblem('secreto-1', { password: 'secreto-1' })).toBeNull();
    expect(repeatProblem('secreto-2', { password: 'secreto-1' })).toBe(t('auth.passwordsDiffer'));
  });
});
