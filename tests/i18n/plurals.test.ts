/**
 * Issue 28: plurals by rule, not by hand («1 pedidos», «Faltan 1 pedidos», «2 pedido(s)»).
 * `t()` chooses a `{n, plural, one {…} other {…}}` form with `Intl.PluralRules` of the
 * interface's language; a message that prints a count followed by a noun must use one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { es } from '../../src/i18n/messages.es';
import { en } from '../../src/i18n/messages.en';
import { fillMessage, setLanguage, t } from '../../src/i18n';

afterEach(async () => setLanguage('es'));

function leaves(node: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    if (typeof v === 'string') out.set(`${prefix}${k}`, v);
    else for (const [kk, vv] of leaves(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

/** The text without its plural blocks (what is left is printed as written). */
function withoutPlurals(text: string): string {
  let out = '';
  let i = 0;
  for (;;) {
    const m = /\{\w+\s*,\s*plural\s*,/.exec(text.slice(i));
    if (!m) return out + text.slice(i);
    const start = i + m.index;
    out += text.slice(i, start);
    let depth = 0;
    let j = start;
    for (; j < text.length; j++) {
      if (text[j] === '{') depth++;
      else if (text[j] === '}' && --depth === 0) break;
    }
    i = j + 1;
  }
}

/** Words after a number that are not nouns (time and comparison words, English verbs). */
const NOT_NOUNS = new Set(['después', 'más', 'menos', 'antes', 'is', 'was', 'has', 'as', 'plus', 'less', 'this', 'its', 'us', 'ms', 'mb', 'kb', 'km', 'kg', 'cms', 'esperados']);
/** Placeholders that are never counts (names, codes, dates, times, places). */
const NOT_COUNTS = /^(what|where|name|code|order|point|product|state|date|time|email|hub|city|ref|id|sheet|delimiter|encoding|issues|label|title|path|reason|vehicle|job|who|user|rider|route|client|status|value|from|to|amount|location|rate|base|start|end|day|field|file|message|detail|text|kind)$/;

/** «{n} pedidos», «{count} problema(s)»: a count placeholder followed by a plural noun, outside a plural block. */
function countNounWithoutPlural(text: string): string[] {
  const found: string[] = [];
  for (const m of withoutPlurals(text).matchAll(/\{(\w+)\}\s+([\p{L}]+(?:\(s\)|\(es\))?)/gu)) {
    const [whole, name = '', word = ''] = m;
    const w = word.toLowerCase();
    if (NOT_COUNTS.test(name) || NOT_NOUNS.has(w) || w.length < 3) continue;
    if (w.endsWith('(s)') || w.endsWith('(es)') || w.endsWith('s')) found.push(whole);
  }
  return found;
}

describe('the plural heuristic', () => {
  it('flags a count followed by a plural noun, and not a plural block', () => {
    expect(countNounWithoutPlural('{n} pedidos')).toEqual(['{n} pedidos']);
    expect(countNounWithoutPlural('Hay {count} problema(s)')).toEqual(['{count} problema(s)']);
    expect(countNounWithoutPlural('{n} orders left')).toEqual(['{n} orders']);
    expect(countNounWithoutPlural('{n, plural, one {# pedido} other {# pedidos}}')).toEqual([]);
    expect(countNounWithoutPlural('{kg} kg · {time} después')).toEqual([]);
    expect(countNounWithoutPlural('El pedido {code} aún no')).toEqual([]);
  });
});

describe('the catalogues', () => {
  for (const [lang, catalogue] of [['es', es], ['en', en]] as const) {
    it(`(${lang}) print no count next to a noun without plural forms`, () => {
      const offenders = [...leaves(catalogue)].filter(([, text]) => countNounWithoutPlural(text).length > 0).map(([k, text]) => `${k}: ${text}`);
      expect(offenders).toEqual([]);
    });
  }

  it('give English the same plural counts as Spanish, and every block an «other» form', () => {
    const spanish = leaves(es);
    const english = leaves(en);
    const counts = (text: string) => [...text.matchAll(/\{(\w+)\s*,\s*plural\s*,/g)].map((m) => m[1]).sort();
    const wrong = [...spanish].filter(([k, text]) => JSON.stringify(counts(text)) !== JSON.stringify(counts(english.get(k) ?? '')));
    expect(wrong.map(([k]) => k)).toEqual([]);
    for (const [k, text] of [...spanish, ...english]) {
      if (counts(text).length) expect(text, k).toMatch(/other\s*\{/);
    }
  });
});

describe('t() with plural forms', () => {
  const text = '{n, plural, =0 {Ningún pedido} one {# pedido} other {# pedidos}} de {who}';

  it('chooses by the Spanish rules: 0, 1, 2, decimals, thousands', () => {
    expect(fillMessage(text, { n: 0, who: 'Ana' })).toBe('Ningún pedido de Ana');
    expect(fillMessage(text, { n: 1, who: 'Ana' })).toBe('1 pedido de Ana');
    expect(fillMessage(text, { n: 2, who: 'Ana' })).toBe('2 pedidos de Ana');
    expect(fillMessage(text, { n: 12345, who: 'Ana' })).toBe('12.345 pedidos de Ana');
    expect(fillMessage('{n, plural, one {# kilo} other {# kilos}}', { n: 1.5 })).toBe('1,5 kilos');
  });

  it('falls back to «other» without an exact form, and keeps text around the block', () => {
    expect(fillMessage('Faltan {n, plural, one {# caja} other {# cajas}}.', { n: 0 })).toBe('Faltan 0 cajas.');
    expect(fillMessage('{n, plural, one {Falta # caja} other {Faltan # cajas}} en {route}', { n: 1, route: 'R1' })).toBe('Falta 1 caja en R1');
  });

  it('speaks the catalogue messages in Spanish and English with 0, 1 and 2', async () => {
    expect(t('pickingScreens.errorsCount', { n: 0 })).toBe('0 lecturas equivocadas');
    expect(t('pickingScreens.errorsCount', { n: 1 })).toBe('1 lectura equivocada');
    expect(t('pickingScreens.errorsCount', { n: 2 })).toBe('2 lecturas equivocadas');
    expect(t('syncState.missingOrdersWaiting', { n: 1 })).toMatch(/^Falta 1 pedido /);
    expect(t('syncState.missingOrdersWaiting', { n: 2 })).toMatch(/^Faltan 2 pedidos /);
    expect(t('syncNotice.badge', { n: 1 })).toBe('1 aviso');
    expect(t('syncNotice.badge', { n: 2 })).toBe('2 avisos');
    await setLanguage('en');
    expect(t('pickingScreens.errorsCount', { n: 0 })).toBe('0 wrong scans');
    expect(t('pickingScreens.errorsCount', { n: 1 })).toBe('1 wrong scan');
    expect(t('pickingScreens.errorsCount', { n: 2 })).toBe('2 wrong scans');
    expect(t('syncNotice.badge', { n: 1 })).toBe('1 notice');
    expect(t('syncNotice.badge', { n: 2 })).toBe('2 notices');
    expect(fillMessage('{n, plural, one {# order} other {# orders}}', { n: 12345 })).toBe('12,345 orders');
  });
});
