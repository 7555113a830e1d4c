/**
 * Spanish texts of the delivery points (features/points).
 * Read them with `t(…)`; the English twin is ../en/points.ts.
 */
import { addSpanish } from '../loaded';

export const pointsMessages = {
  points: {
    list: 'Listado de puntos de entrega',
    create: 'Nuevo punto de entrega',
    what: 'el punto de entrega',
    record: 'Ficha',
    name: 'Nombre',
    kind: 'Tipo',
    address: 'Dirección',
    postalCode: 'C. P.',
    city: 'Ciudad',
    contact: 'Contacto',
    phone: 'Teléfono',
    opens: 'Recibe desde',
    closes: 'Recibe hasta',
    hours: 'Horario de recepción',
    refProviders: 'Referencias de proveedor',
    refProvidersHelp: '«proveedor-referencia»: lo que va antes del primer guion es el proveedor.',
    clientProviders: 'Clientes por proveedor',
    clientProvidersHelp: '«proveedor-cliente»: lo que va después del primer guion es el cliente.',
    providers: 'Proveedores',
    clients: 'Clientes',
    notes: 'Notas',
    mapLabel: 'Mapa del punto de entrega',
    total: '{n, plural, one {# punto de entrega} other {# puntos de entrega}} en este dispositivo.',
    counting: 'Cargando puntos de entrega… ({n})',
    activeCount: '{n, plural, one {# activo} other {# activos}}',
    changeHub: 'Cambiar de hub',
    changeHubButton: 'Cambiar hub',
    hubChanged: 'Punto de entrega pasado al hub {hub}',
    hubChangeInvalid: 'Para cambiar de hub hace falta un punto con identificador y un hub numérico.',
    updatedAt: 'Actualizado el {when}',
    recentOrders: 'Pedidos recientes',
    noOrders: 'Este punto no tiene pedidos.',
    incidences: 'Incidencias',
    noIncidences: 'Sin incidencias en sus pedidos.',
    kind_shop: 'Tienda',
    kind_bar: 'Bar',
    kind_restaurant: 'Restaurante',
    kind_lab: 'Laboratorio',
    kind_pharmacy: 'Farmacia',
    kind_office: 'Oficina',
    kind_home: 'Domicilio',
  },
} as const;

addSpanish(pointsMessages);
