/**
 * Issue 15: an English catalogue beside the Spanish one. Both have exactly the same keys, every
 * text keeps the `{variables}` of its Spanish text, and `setLanguage` switches what `t()` and
 * `formatDate` say (Spanish stays the default and the fallback).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { es } from '../../src/i18n/messages.es';
import { en } from '../../src/i18n/messages.en';
import { language, setLanguage, t } from '../../src/i18n';
import { formatDate } from '../../src/i18n/dates';
import { statusText } from '../../src/i18n/status';
import { MACHINES } from '../../src/domain/status/machines';
import { handoverMachine } from '../../src/domain/payments/handover';

/** Every text of a catalogue by its dotted key. */
function leaves(node: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    if (typeof v === 'string') out.set(`${prefix}${k}`, v);
    else for (const [kk, vv] of leaves(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

const variables = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();

afterEach(async () => setLanguage('es'));

describe('the English catalogue', () => {
  const spanish = leaves(es);
  const english = leaves(en);

  it('has every key of the Spanish one, and no other', () => {
    expect([...spanish.keys()].filter((k) => !english.has(k))).toEqual([]);
    expect([...english.keys()].filter((k) => !spanish.has(k))).toEqual([]);
    expect(english.size).toBeGreaterThan(1000);
  });

  it('keeps the variables of every text, and says something in each', () => {
    const wrong = [...spanish].filter(([k, text]) => JSON.stringify(variables(text)) !== JSON.stringify(variables(english.get(k) ?? '')));
    expect(wrong.map(([k]) => k)).toEqual([]);
    expect([...english].filter(([, text]) => text.trim() === '').map(([k]) => k)).toEqual([...spanish].filter(([, text]) => text.trim() === '').map(([k]) => k));
  });

  it('is what t() and formatDate speak once English is chosen; Spanish is the default', async () => {
    expect(language()).toBe('es');
    expect(t('common.save')).toBe('Guardar');
    const date = Date.UTC(2026, 10, 23, 12, 0);
    expect(formatDate(date, 'd MMMM yyyy')).toBe('23 noviembre 2026');
    await setLanguage('en');
    expect(language()).toBe('en');
    expect(t('common.save')).toBe(english.get('common.save'));
    expect(t('common.save')).not.toBe('Guardar');
    expect(formatDate(date, 'd MMMM yyyy')).toBe('23 November 2026');
    await setLanguage('es');
    expect(t('common.save')).toBe('Guardar');
  });

  it('names every status of every state machine, in Spanish as the machine does', async () => {
    for (const machine of [...Object.values(MACHINES), handoverMachine]) {
      for (const status of machine.statuses as readonly string[]) {
        expect(statusText(machine as never, status as never), `${machine.family}.${status}`).toBe((machine.labels as Record<string, string>)[status]);
      }
    }
    await setLanguage('en');
    expect(statusText(MACHINES.route, 'in_progress')).toBe('Out for delivery');
  });
});

describe('a missing key', () => {
  it('fails in tests and in development instead of showing the key to a person (issue 30 §4)', async () => {
    const { t, MissingMessage } = await import('../../src/i18n');
    expect(() => t('planning.board.noSuchText' as never)).toThrow(MissingMessage);
    expect(() => t('planning.board.noSuchText' as never)).toThrow(/planning\.board\.noSuchText/);
  });
});
