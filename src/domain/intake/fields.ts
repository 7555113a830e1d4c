/**
 * The fields of an order-intake row and how file headers are recognised by name.
 *
 * One row of a file (or one line of an API request) is one order line. Headers are matched by
 * name after normalising (lower case, accents and punctuation removed, filler words dropped), so
 * «Fecha de entrega», «FECHA_ENTREGA» and «Delivery date» all mean `date`. The operator can change
 * what the recognition proposes; the mapping is then remembered per client and header set
 * (see mapping.ts).
 */

export const INTAKE_FIELDS = [
  'client',
  'external_ref',
  'date',
  'window',
  'window_start',
  'window_end',
  'point_ref',
  'point_name',
  'address',
  'postal_code',
  'city',
  'phone',
  'contact',
  'product',
  'quantity',
  'payment_method',
  'notes',
] as const;
export type IntakeField = (typeof INTAKE_FIELDS)[number];

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

/** Spanish and English names of each field (written naturally; normalised when the table is built). */
const SYNONYMS: Readonly<Record<IntakeField, readonly string[]>> = {
  client: ['cliente', 'client', 'customer', 'código cliente', 'cod cliente', 'id cliente', 'clave cliente', 'empresa', 'cuenta', 'client id', 'client key', 'customer id', 'customer code', 'account'],
  external_ref: [
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
  date: ['fecha', 'fecha entrega', 'fecha de entrega', 'fecha reparto', 'fecha servicio', 'día', 'día entrega', 'date', 'delivery date', 'shipping date', 'ship date'],
  window: ['franja', 'franja horaria', 'horario', 'horario entrega', 'horario de entrega', 'ventana', 'ventana horaria', 'hora entrega', 'time window', 'window', 'delivery window', 'slot', 'time slot'],
  window_start: [
    'desde',
    'hora desde',
    'hora inicio',
    'hora de inicio',
    'inicio',
    'inicio franja',
    'franja desde',
    'franja inicio',
    'hora mínima',
    'from',
    'start',
    'start time',
    'time from',
    'window start',
    'from time',
  ],
  window_end: ['hasta', 'hora hasta', 'hora fin', 'hora de fin', 'fin', 'fin franja', 'franja hasta', 'franja fin', 'hora máxima', 'to', 'end', 'end time', 'time to', 'window end', 'to time'],
  point_ref: [
    'código punto',
    'cod punto',
    'código punto entrega',
    'referencia punto',
    'ref punto',
    'id punto',
    'punto entrega',
    'punto',
    'pe',
    'código pe',
    'destino',
    'código destino',
    'código tienda',
    'código establecimiento',
    'código local',
    'código cliente final',
    'point ref',
    'point code',
    'point id',
    'delivery point',
    'delivery point ref',
    'delivery point code',
    'location code',
    'store code',
    'ship to',
    'ship to code',
  ],
  point_name: [
    'nombre',
    'nombre punto',
    'nombre del punto',
    'nombre punto entrega',
    'nombre establecimiento',
    'establecimiento',
    'local',
    'nombre tienda',
    'tienda',
    'razón social',
    'destinatario',
    'name',
    'point name',
    'store name',
    'ship to name',
    'consignee',
    'recipient',
  ],
  address: ['dirección', 'dirección entrega', 'dirección de entrega', 'domicilio', 'calle', 'address', 'street', 'delivery address', 'address line 1', 'street address', 'shipping address'],
  postal_code: ['cp', 'c p', 'código postal', 'cod postal', 'postal', 'zip', 'zip code', 'postal code', 'postcode'],
  city: ['ciudad', 'población', 'localidad', 'municipio', 'city', 'town'],
  phone: ['teléfono', 'tel', 'tfno', 'teléfono contacto', 'tel contacto', 'móvil', 'phone', 'telephone', 'phone number', 'mobile'],
  contact: ['contacto', 'persona contacto', 'persona de contacto', 'nombre contacto', 'contact', 'contact name', 'contact person'],
  product: [
    'producto',
    'código producto',
    'cod producto',
    'ref producto',
    'referencia producto',
    'artículo',
    'código artículo',
    'cod artículo',
    'sku',
    'ean',
    'ean13',
    'ean 13',
    'código barras',
    'código de barras',
    'product',
    'product code',
    'product id',
    'item',
    'item code',
    'article',
    'barcode',
    'gtin',
  ],
  quantity: ['cantidad', 'cant', 'unidades', 'uds', 'ud', 'número unidades', 'quantity', 'qty', 'units'],
  payment_method: ['forma pago', 'forma de pago', 'método pago', 'método de pago', 'pago', 'cobro', 'tipo cobro', 'modo pago', 'payment', 'payment method', 'payment type', 'payment terms'],
  notes: ['notas', 'nota', 'observaciones', 'obs', 'comentarios', 'comentario', 'instrucciones', 'notes', 'note', 'comments', 'comment', 'remarks', 'instructions'],
};

const SYNONYM_INDEX: ReadonlyMap<string, IntakeField> = (() => {
  const index = new Map<string, IntakeField>();
  for (const field of INTAKE_FIELDS) {
    for (const name of [field, ...SYNONYMS[field]]) {
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
