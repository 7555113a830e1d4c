/** English names of an order's fields (the Spanish ones are ../es/orderFields.ts). Same keys. */
import type { orderFieldsMessages as es } from '../es/orderFields';
import type { Shape } from '../shape';

export const orderFieldsMessages: Shape<typeof es> = {
  // Also the header row of the template and of the order export (../intake.ts, templateHeaders):
  // each name must stay one the importer recognises (the header names of ../../domain/intake/orderFields.ts).
  orderFields: {
    client: 'Client',
    external_ref: 'Order reference',
    date: 'Delivery date',
    window: 'Time window',
    window_start: 'Window start',
    window_end: 'Window end',
    point_ref: 'Point code',
    point_name: 'Point name',
    address: 'Address',
    postal_code: 'Postcode',
    city: 'City',
    phone: 'Phone',
    contact: 'Contact',
    product: 'Product',
    quantity: 'Quantity',
    payment_method: 'Payment method',
    notes: 'Notes',
  },
};
