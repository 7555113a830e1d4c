import { describe, expect, it } from 'vitest';
import { formatMoney, setLanguage, t } from '../src/i18n';
import { formatDate } from '../src/i18n/dates';

describe('message catalogue', () => {
  it('returns Spanish texts and fills variables', () => {
    expect(t('notFound.title')).toBe('Página no encontrada');
    expect(t('underConstruction.body', { issue: 7 })).toContain('n.º 7');
    expect(t('notFound.body', { path: '/x' })).toContain('/x');
  });
});

describe('es-ES formats', () => {
  it('formats integer cents as euros', () => {
    expect(formatMoney(123456)).toBe('1234,56\u00a0€');
    expect(formatMoney(1234567)).toBe('12.345,67\u00a0€');
    expect(formatMoney(-5)).toBe('-0,05\u00a0€');
  });

  it('formats money in the interface’s language (issue 30 §4)', async () => {
    await setLanguage('en');
    try {
      expect(formatMoney(123456)).toBe('€1,234.56');
    } finally {
      await setLanguage('es');
    }
    expect(formatMoney(123456)).toBe('1234,56\u00a0€');
  });

  it('formats dates with the Spanish locale', () => {
    const d = new Date(2026, 10, 22, 14, 5);
    expect(formatDate(d)).toBe('22 nov 2026, 14:05');
    expect(formatDate(d, "EEEE d 'de' MMMM")).toBe('domingo 22 de noviembre');
  });
});
