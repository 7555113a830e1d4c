/** Issue 30 §3: one error type for refused actions, carrying a key and its values, worded when shown. */
import { afterEach, describe, expect, it } from 'vitest';
import { ActionError } from '../../src/data/actionError';
import { setLanguage, t } from '../../src/i18n';

afterEach(async () => setLanguage('es'));

describe('ActionError', () => {
  it('carries its key, values and code, and is worded in the language current when it is read', async () => {
    const err = new ActionError('planning.errors.stopNotFound', { seq: 3, route: 'Ruta A' }, 'stop_not_found');
    expect(err).toBeInstanceOf(Error);
    expect(err.key).toBe('planning.errors.stopNotFound');
    expect(err.code).toBe('stop_not_found');
    expect(err.message).toBe(t('planning.errors.stopNotFound', { seq: 3, route: 'Ruta A' }));
    expect(err.message).toContain('Ruta A');
    const spanish = err.message;
    await setLanguage('en');
    expect(err.message).not.toBe(spanish);
    expect(err.message).toBe(t('planning.errors.stopNotFound', { seq: 3, route: 'Ruta A' }));
  });

  it('the code defaults to the key; words made elsewhere travel as they are', () => {
    expect(new ActionError('payments.errors.adminOnly').code).toBe('payments.errors.adminOnly');
    const worded = ActionError.worded('Falta la ruta; falta el importe', 'cannot_publish');
    expect(worded.message).toBe('Falta la ruta; falta el importe');
    expect(worded.code).toBe('cannot_publish');
  });
});
