/**
 * Spanish texts of the sync notices (issue 18): changes of this device the server did not keep,
 * shown on the sync badge and on the affected screen. Spread into the catalogue
 * (`../messages.es.ts`).
 */
import { addSpanish } from '../loaded';

export const syncMessages = {
  syncNotice: {
    title: 'El servidor cambió algo que habías hecho',
    summaryOne: 'El servidor no mantuvo 1 cambio tuyo',
    summaryMany: 'El servidor no mantuvo {n, plural, one {# cambio tuyo} other {# cambios tuyos}}',
    badge: '{n, plural, one {# aviso} other {# avisos}}',
    badgeLabel: 'Estado de la sincronización: {n, plural, one {# aviso} other {# avisos}} del servidor',
    dismiss: 'Entendido',
    dismissAll: 'Entendido, ocultar los avisos',
    status: 'El servidor cambió el estado {of} a «{status}» (tú lo habías dejado en «{mine}»).',
    fields: 'El servidor mantuvo otro valor {of} en: {fields}.',
    refused: 'El servidor no aceptó tu cambio {of}: {reason}',
    of_routes: 'de la ruta {label}',
    of_orders: 'del pedido {label}',
    of_payments: 'del pago {label}',
    of_users: 'del usuario {label}',
    of_other: 'de {what} {label}',
    unnamed_routes: 'de una ruta',
    unnamed_orders: 'de un pedido',
    unnamed_payments: 'de un cobro',
    unnamed_users: 'de un usuario',
    unnamed_other: 'de {what}',
    field_other: 'otros datos',
    field_amount_collected_cents: 'importe cobrado',
    field_amount_due_cents: 'importe a cobrar',
    field_method: 'forma de pago',
    field_note: 'nota',
    field_collected_at: 'hora del cobro',
    field_delivery_point_id: 'punto de entrega',
    field_date: 'fecha',
    field_hub: 'hub',
    field_bike_id: 'bici',
    field_route_id: 'ruta',
    field_email: 'correo electrónico',
    field_address: 'dirección',
    field_notes: 'notas',
    field_window_start: 'inicio de la franja',
    field_window_end: 'fin de la franja',
    field_payment_method: 'forma de pago',
    field_planned_start: 'hora de salida',
    field_name: 'nombre',
    field_phone: 'teléfono',
    field_cancel_reason: 'motivo de la cancelación',
    field_status_id: 'etiqueta del estado',
    field_picking_status: 'estado del picking',
    field_lines: 'líneas',
    field_rider_id: 'rider',
    field_stops: 'paradas',
  },
} as const;

addSpanish(syncMessages);
