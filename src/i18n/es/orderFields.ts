/**
 * The names of an order's fields as the person reads them (issue 30 §1): one name per field, in
 * the import (its mapping screen, its messages, the header row of the template and of the order
 * export) and wherever else an order field is named (the rider's stop). One key per input column
 * of the import (src/domain/intake/fields.ts and the order fields table, orderFields.ts): the
 * compiler asks for a new column's name here (src/i18n/intake.ts, `fieldLabel`), and for its
 * English twin in ../en/orderFields.ts.
 */
import { addSpanish } from '../loaded';

export const orderFieldsMessages = {
  orderFields: {
    client: 'Cliente',
    external_ref: 'Referencia pedido',
    date: 'Fecha entrega',
    window: 'Franja',
    window_start: 'Franja desde',
    window_end: 'Franja hasta',
    point_ref: 'Código punto',
    point_name: 'Nombre punto',
    address: 'Dirección',
    postal_code: 'Código postal',
    city: 'Ciudad',
    phone: 'Teléfono',
    contact: 'Contacto',
    product: 'Producto',
    quantity: 'Cantidad',
    payment_method: 'Forma de pago',
    notes: 'Notas',
  },
} as const;

addSpanish(orderFieldsMessages);
