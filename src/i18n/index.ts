/**
 * The interface's words: `t(key, vars)` reads the catalogue of the current language.
 *
 * Placeholders: `{name}` is replaced by `vars.name`: text as given, a whole number as its digits
 * (codes, years and line numbers stay as they are), a number with decimals in the interface's
 * locale (issue 28: «86,6 kg» in Spanish, «86.6 kg» in English).
 *
 * Plurals (issue 28: «1 pedidos» must read «1 pedido»): a message chooses its words by a count
 * with an ICU-like block, `{name, plural, one {# pedido} other {# pedidos}}`. The form is chosen
 * by `Intl.PluralRules` of the interface's language from `vars.name` (a number, or a numeric
 * string); an exact `=N {…}` form (`=0 {ningún pedido}`) wins over the rule's category, and
 * `other` is the fallback. Inside a form, `#` is the count written in the interface's locale
 * (`formatDecimal`), and other `{vars}` are filled as usual. Every message that prints a count
 * followed by a noun uses such a block (tests/i18n/plurals.test.ts checks the catalogues).
 */
import type { Catalogue } from './messages.es';
import { setDomainWording, type DomainMessage } from '../domain/messages';
import { spanish } from './loaded';
// The shared catalogues, loaded with the shell (issue 30 §4); a feature's own catalogue loads with
// its screens (they import `src/i18n/es/<feature>`), so the rider's first screen carries no desk
// texts. tests/i18n/catalogueLoading.test.ts checks every module names only keys it has loaded.
import './es/shared';
import './es/auth';
import './es/data';
import './es/device';
import './es/domain';
import './es/status';
import './es/sync';
import './es/syncState';
// formatDate lives in ./dates (date-fns stays out of the modules every screen loads).

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of every catalogue (loaded or not), as a dotted path (`notFound.title`). */
export type MessageKey = Leaves<Catalogue>;

export type MessageVars = Readonly<Record<string, string | number>>;

/** The languages of the interface: Spanish (the default) and English (issue 15). */
export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Each language's name in itself (what the language picker shows, whatever the current language). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { es: 'Español', en: 'English' };

let current: Language = 'es';
/** The English catalogue once loaded (whole: one chunk), else null. */
let english: unknown = null;
let englishDates: unknown = null;

/** The language `t()` speaks. */
export function language(): Language {
  return current;
}

/**
 * Makes `lang` the language of `t()` (and of the page's `lang`). English is its own chunk,
 * loaded here with its date names; the Spanish texts loaded so far are the fallback of a key.
 */
export async function setLanguage(lang: Language): Promise<void> {
  if (lang === 'en' && english === null) {
    const loaded = await import('./messages.en');
    english = loaded.en;
    englishDates = loaded.enDates;
  }
  current = lang;
  // The page's language (absent in the service worker and on the server).
  const page = (globalThis as { document?: { documentElement: { lang: string } } }).document;
  if (page) page.documentElement.lang = lang;
}

/** date-fns' English locale once English is loaded (./dates.ts), else null. */
export function englishDateLocale(): unknown {
  return current === 'en' ? englishDates : null;
}

function find(root: unknown, key: string): string | null {
  let node: unknown = root;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return null;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : null;
}

/**
 * A key the loaded Spanish texts lack fails in development and in tests (issue 30 §4: it used to
 * show the key itself to the person) — a key of no catalogue, or of a feature's catalogue its
 * module did not import. A built app still shows something rather than break the screen: the
 * English text when English is on, else the key.
 */
const MISSING_FAILS = (import.meta as { env?: { DEV?: boolean } }).env?.DEV === true;

export class MissingMessage extends Error {
  constructor(readonly key: string) {
    super(
      `Falta el texto «${key}» en los catálogos cargados (src/i18n/es): no existe, o el módulo que lo usa no importa el catálogo de su funcionalidad (src/i18n/es/${key.split('.')[0] ?? ''}…).`,
    );
    this.name = 'MissingMessage';
  }
}

function lookup(key: string): string {
  const text = find(spanish, key);
  if (text === null && MISSING_FAILS) throw new MissingMessage(key);
  if (current === 'en' && english !== null) return find(english, key) ?? text ?? key;
  return text ?? key;
}

/** Whether the loaded catalogues have words for `key` (a key built at run time, e.g. from a field name). */
export function hasMessage(key: string): key is MessageKey {
  return find(spanish, key) !== null;
}

/** The text of `key` in the current language, with its plural blocks chosen and `{var}` placeholders filled in. */
export function t(key: MessageKey, vars?: MessageVars): string {
  return fillMessage(lookup(key), vars);
}

/** The BCP 47 locale of the interface's language (numbers and plural rules). */
export function locale(lang: Language = current): string {
  return lang === 'en' ? 'en-GB' : 'es-ES';
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(count: number): Intl.LDMLPluralRule {
  const loc = locale();
  let rules = pluralRules.get(loc);
  if (!rules) pluralRules.set(loc, (rules = new Intl.PluralRules(loc)));
  return rules.select(count);
}

/** The index of the `}` that closes the `{` at `open` (nested braces counted), or -1. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** The forms of a plural block's body (`one {…} other {…}`), by selector. */
function pluralForms(body: string): Map<string, string> | null {
  const forms = new Map<string, string>();
  let i = 0;
  while (i < body.length) {
    const m = /^\s*(=\d+|zero|one|two|few|many|other)\s*\{/.exec(body.slice(i));
    if (!m?.[1]) return body.slice(i).trim() === '' ? forms : null;
    const open = i + m[0].length - 1;
    const end = closing(body, open);
    if (end < 0) return null;
    forms.set(m[1], body.slice(open + 1, end));
    i = end + 1;
  }
  return forms;
}

/**
 * A catalogue text with its `{n, plural, …}` blocks chosen and its `{var}` placeholders filled
 * (exported for the catalogue tests; screens call `t`).
 */
export function fillMessage(text: string, vars?: MessageVars): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const start = text.indexOf('{', i);
    if (start < 0) break;
    const head = /^\{(\w+)\s*,\s*plural\s*,/.exec(text.slice(start));
    const end = head ? closing(text, start) : -1;
    const forms = head && end > 0 ? pluralForms(text.slice(start + head[0].length, end)) : null;
    if (!head?.[1] || !forms) {
      out += text.slice(i, start + 1);
      i = start + 1;
      continue;
    }
    const raw = vars?.[head[1]];
    const count = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
    const form = Number.isFinite(count) ? (forms.get(`=${count}`) ?? forms.get(pluralCategory(count)) ?? forms.get('other')) : forms.get('other');
    // A count given as text (already written by the caller) is shown as given.
    const shown = typeof raw === 'number' ? formatDecimal(raw, 2) : String(raw ?? '#');
    out += text.slice(i, start) + (form ?? '').replace(/#/g, shown);
    i = end + 1;
  }
  out += text.slice(i);
  if (!vars) return out;
  return out.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in vars)) return whole;
    const v = vars[name];
    return typeof v === 'number' && Number.isFinite(v) && !Number.isInteger(v) ? formatDecimal(v, 2) : String(v);
  });
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Integer euro cents as money in the interface's language (issue 30 §4): 123456 → «1234,56 €»
 * (es), «€1,234.56» (en).
 */
export function formatMoney(cents: number): string {
  const loc = locale();
  let f = moneyFormats.get(loc);
  if (!f) moneyFormats.set(loc, (f = new Intl.NumberFormat(loc, { style: 'currency', currency: 'EUR' })));
  return f.format(cents / 100);
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(min: number, max: number): Intl.NumberFormat {
  const loc = locale();
  const id = `${loc}|${min}|${max}`;
  let f = numberFormats.get(id);
  if (!f) numberFormats.set(id, (f = new Intl.NumberFormat(loc, { minimumFractionDigits: min, maximumFractionDigits: max })));
  return f;
}

/** A number in the interface's locale with `digits` decimals: 1234.5 → «1234,5» (es), «1,234.5» (en). */
export function formatNumber(value: number, digits = 0): string {
  return numberFormat(digits, digits).format(value);
}

/**
 * A measured quantity in the interface's locale with at most `maxDigits` decimals, only as many
 * as it needs (issue 28: «86.6 kg» read «86,6 kg» in Spanish): 86.6 → «86,6», 3 → «3».
 */
export function formatDecimal(value: number, maxDigits = 1): string {
  return numberFormat(0, maxDigits).format(value);
}

/** A domain message in the current language; variables that are messages are worded first. */
export function wordsOf(message: DomainMessage, translate: typeof t = t): string {
  const vars: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(message.vars ?? {})) vars[k] = typeof v === 'object' ? wordsOf(v, translate) : v;
  return translate(message.key, vars);
}

// The domain's thrown errors (DomainError) read in the interface's language.
setDomainWording((m) => wordsOf(m));
