/**
 * Issue 28: numbers, dates and times in the interface's locale («86.6 kg» read «86,6 kg» in
 * Spanish; no ISO dates such as «2026-11-27» or «(AAAA-MM-DD)» in text shown to people).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { es } from '../../src/i18n/messages.es';
import { formatDecimal, formatNumber, setLanguage, t } from '../../src/i18n';
import { formatDay } from '../../src/i18n/dates';
import { formatRate } from '../../src/ui/crud/options';

afterEach(async () => setLanguage('es'));

function leaves(node: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    if (typeof v === 'string') out.set(`${prefix}${k}`, v);
    else for (const [kk, vv] of leaves(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

describe('numbers in the interface language', () => {
  it('writes decimals with the language’s separator', async () => {
    expect(formatDecimal(86.6)).toBe('86,6');
    expect(formatDecimal(3)).toBe('3');
    expect(formatNumber(12345.5, 1)).toBe('12.345,5');
    expect(formatRate(550)).toBe('5,5 %');
    expect(t('domain.routing.overWeight', { amount: 86.6 })).toBe('Supera la capacidad de peso de la bici en 86,6 kg');
    await setLanguage('en');
    expect(formatDecimal(86.6)).toBe('86.6');
    expect(formatNumber(12345.5, 1)).toBe('12,345.5');
    expect(t('domain.routing.overWeight', { amount: 86.6 })).toMatch(/ 86\.6 kg$/);
  });

  it('keeps whole numbers (codes, years, line numbers) as their digits', () => {
    expect(t('underConstruction.body', { issue: 2026 })).toContain('2026');
  });
});

describe('dates for people', () => {
  it('writes a stored day in the language, never as YYYY-MM-DD', async () => {
    expect(formatDay('2026-11-27')).toBe('27 nov 2026');
    expect(formatDay('2026-11-27', 'EEEE d MMMM yyyy')).toBe('viernes 27 noviembre 2026');
    await setLanguage('en');
    expect(formatDay('2026-11-27')).toBe('27 Nov 2026');
  });

  it('the picking day’s help and error name no ISO pattern', () => {
    const shown = ['pickingScreens.dateHelp', 'pickingScreens.badDate'].map((k) => leaves(es).get(k) ?? '');
    for (const text of shown) expect(text).not.toMatch(/AAAA|\d{4}-\d{2}-\d{2}/);
  });
});
