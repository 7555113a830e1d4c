/**
 * Spanish texts of the orders' list and form (features/orders).
 * Read them with `t(…)`; the English twin is ../en/orders.ts.
 */
import { addSpanish } from '../loaded';

export const ordersMessages = {
  orders: {
    list: 'Listado de pedidos',
    create: 'Nuevo pedido',
    created: 'Pedido creado',
    what: 'el pedido',
    code: 'Pedido',
    codeIs: 'Pedido {code}',
    onRoute: 'en la ruta {route}',
    date: 'Fecha',
    window: 'Franja',
    windowStart: 'Franja desde',
    windowEnd: 'Franja hasta',
    client: 'Cliente',
    chooseClient: 'Elige un cliente',
    point: 'Punto de entrega',
    pointPlaceholder: 'Escribe para buscar el punto…',
    choosePoint: 'Elige un punto de entrega',
    nothingFound: 'Nada coincide',
    payment: 'Forma de pago',
    status: 'Estado',
    externalRef: 'Referencia del cliente',
    notes: 'Notas',
    lines: 'Líneas',
    lineCount: 'Líneas',
    product: 'Producto',
    productPlaceholder: 'Busca un producto…',
    productOfLine: 'Producto de la línea {n}',
    quantity: 'Cantidad',
    quantityOfLine: 'Cantidad de la línea {n}',
    unitPrice: 'Precio unitario',
    priceOfLine: 'Precio de la línea {n}',
    tax: 'Impuesto',
    taxOfLine: 'Impuesto de la línea {n}',
    lineNet: 'Importe',
    removeLine: 'Quitar la línea {n}',
    addLine: 'Añadir línea',
    totals: 'Totales',
    net: 'Base imponible',
    taxLine: 'IVA {rate} sobre {base}',
    gross: 'Total',
    deleteBlocked: 'Este pedido está en una ruta: quítalo de la ruta antes de borrarlo.',
  },
} as const;

addSpanish(ordersMessages);
