/**
 * The fields of an order-intake row and how file headers are recognised by name.
 *
 * One row of a file (or one line of an API request) is one order line. Headers are matched by
 * name after normalising (lower case, accents and punctuation removed, filler words dropped), so
 * «Fecha de entrega», «FECHA_ENTREGA» and «Delivery date» all mean `date`. The operator can change
 * what the recognition proposes; the mapping is then remembered per client and header set
 * (see mapping.ts).
 *
 * The columns of the order's fields, and their names, are rows of the order fields table
 * (orderFields.ts); the two columns that say whose order a row is are here.
 */
import { ORDER_FIELD_COLUMNS, type OrderFieldColumn } from './orderFields';

/** The columns that say whose order a row is: the client and the order's reference in the client's system. */
const ORDER_KEY_COLUMNS: readonly (readonly ['client' | 'external_ref', readonly string[]])[] = [
  ['client', ['cliente', 'client', 'customer', 'código cliente', 'cod cliente', 'id cliente', 'clave cliente', 'empresa', 'cuenta', 'client id', 'client key', 'customer id', 'customer code', 'account']],
  [
    'external_ref',
    [
      'referencia',
      'ref',
      'referencia pedido',
      'ref pedido',
      'referencia del pedido',
      'referencia externa',
      'referencia cliente',
      'ref cliente',
      'número pedido',
      'num pedido',
      'nº pedido',
      'n pedido',
      'no pedido',
      'pedido',
      'id pedido',
      'código pedido',
      'albarán',
      'número albarán',
      'order',
      'order id',
      'order ref',
      'order reference',
      'order number',
      'order no',
      'external ref',
      'external reference',
      'po',
      'po number',
    ],
  ],
];

/** An input column: the order's key, then the columns of the order's fields (orderFields.ts), in the mapping screen's order. */
export type IntakeField = 'client' | 'external_ref' | OrderFieldColumn;

/** Every column with its Spanish and English names (written naturally; normalised when the index is built). */
const COLUMNS: readonly (readonly [IntakeField, readonly string[]])[] = [...ORDER_KEY_COLUMNS, ...ORDER_FIELD_COLUMNS];

export const INTAKE_FIELDS: readonly IntakeField[] = COLUMNS.map(([field]) => field);

export function isIntakeField(v: unknown): v is IntakeField {
  return typeof v === 'string' && (INTAKE_FIELDS as readonly string[]).includes(v);
}

/** Filler words dropped from headers before matching («Fecha de la entrega» → «fecha entrega»). */
const FILLERS = new Set(['de', 'del', 'la', 'el', 'los', 'las', 'the', 'of', 'a', 'en', 'y']);

/**
 * A header or a free-text value reduced for comparison: accents and case ignored, every run of
 * characters that are not letters or digits becomes one space, filler words dropped.
 */
export function normaliseHeader(header: string): string {
  return normaliseText(header)
    .split(' ')
    .filter((w) => w !== '' && !FILLERS.has(w))
    .join(' ');
}

/** Lower case, no accents (ñ kept as n), runs of non-alphanumerics as one space, trimmed. */
export function normaliseText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const SYNONYM_INDEX: ReadonlyMap<string, IntakeField> = (() => {
  const index = new Map<string, IntakeField>();
  for (const [field, synonyms] of COLUMNS) {
    for (const name of [field, ...synonyms]) {
      const key = normaliseHeader(name);
      const taken = index.get(key);
      if (taken !== undefined && taken !== field) throw new Error(`Sinónimo repetido «${name}» (${taken} y ${field})`);
      index.set(key, field);
    }
  }
  return index;
})();

/** The field a header names, or null when it names none of them. */
export function recogniseHeader(header: string): IntakeField | null {
  const key = normaliseHeader(header);
  if (key === '') return null;
  return SYNONYM_INDEX.get(key) ?? SYNONYM_INDEX.get(key.replace(/ /g, '')) ?? null;
}

/** The field proposed for each header (null: not used). Two headers naming one field are both proposed; `checkMapping` reports them. */
export function recogniseHeaders(headers: readonly string[]): (IntakeField | null)[] {
  return headers.map((h) => recogniseHeader(h));
}

/** Column letter as spreadsheets show it: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}
