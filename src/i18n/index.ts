import { es, type Catalogue } from './messages.es';
import { setDomainWording, type DomainMessage } from '../domain/messages';
// formatDate lives in ./dates (date-fns stays out of the modules every screen loads).

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the catalogue, as a dotted path (`notFound.title`). */
export type MessageKey = Leaves<Catalogue>;

export type MessageVars = Readonly<Record<string, string | number>>;

/** The languages of the interface: Spanish (the default) and English (issue 15). */
export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Each language's name in itself (what the language picker shows, whatever the current language). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { es: 'Español', en: 'English' };

let current: Language = 'es';
let catalogue: unknown = es;
let englishDates: unknown = null;

/** The language `t()` speaks. */
export function language(): Language {
  return current;
}

/**
 * Makes `lang` the language of `t()` (and of the page's `lang`). English is its own chunk,
 * loaded here with its date names; Spanish is always in memory and is the fallback of a key.
 */
export async function setLanguage(lang: Language): Promise<void> {
  if (lang === 'en') {
    const loaded = await import('./messages.en');
    catalogue = loaded.en;
    englishDates = loaded.enDates;
  } else {
    catalogue = es;
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

function lookup(key: string): string {
  return (catalogue === es ? null : find(catalogue, key)) ?? find(es, key) ?? key;
}

/** The text of `key` in the current language, with `{var}` placeholders filled in. */
export function t(key: MessageKey, vars?: MessageVars): string {
  const text = lookup(key);
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

const money = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });

/** Integer euro cents as Spanish money: 123456 → «1234,56 €». */
export function formatMoney(cents: number): string {
  return money.format(cents / 100);
}

const numberFormats = new Map<number, Intl.NumberFormat>();
/** A number in Spanish with `digits` decimals: 1234.5 → «1234,5». */
export function formatNumber(value: number, digits = 0): string {
  let f = numberFormats.get(digits);
  if (!f) numberFormats.set(digits, (f = new Intl.NumberFormat('es-ES', { minimumFractionDigits: digits, maximumFractionDigits: digits })));
  return f.format(value);
}

/** A domain message in the current language; variables that are messages are worded first. */
export function wordsOf(message: DomainMessage, translate: typeof t = t): string {
  const vars: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(message.vars ?? {})) vars[k] = typeof v === 'object' ? wordsOf(v, translate) : v;
  return translate(message.key, vars);
}

// The domain's thrown errors (DomainError) read in the interface's language.
setDomainWording((m) => wordsOf(m));
