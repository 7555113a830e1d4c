import { es, type Catalogue } from './messages.es';
// formatDate lives in ./dates (date-fns stays out of the modules every screen loads).

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the catalogue, as a dotted path (`notFound.title`). */
export type MessageKey = Leaves<Catalogue>;

export type MessageVars = Readonly<Record<string, string | number>>;

function lookup(key: string): string {
  let node: unknown = es;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return key;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : key;
}

/** The Spanish text of `key`, with `{var}` placeholders filled in. */
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
