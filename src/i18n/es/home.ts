/**
 * Spanish texts of the operation panel (features/home).
 * Read them with `t(…)`; the English twin is ../en/home.ts.
 */
import { addSpanish } from '../loaded';

export const homeMessages = {
  home: {
    today: 'Operación de hoy, {date}',
    hubSelector: 'Hub',
    allHubs: 'Todos',
    orders: 'Pedidos',
    delivered: 'Entregados',
    deliveredOf: '{done} de {of}',
    deliveredShareOf: 'Entregados en {hub}',
    routes: 'Rutas',
    routesOnStreet: '{n} en la calle',
    incidences: 'Incidencias de hoy',
    seeIncidences: 'Ver incidencias',
    cash: 'Efectivo cobrado',
    otherCollected: 'Tarjeta y transferencia: {amount}',
    ordersByStatus: 'Pedidos por estado',
    routesByStatus: 'Rutas por estado',
    byHub: 'Por hub',
    nothingToday: 'Nada para hoy.',
    riderIntro: 'Tus rutas de hoy, la carga en el hub y las entregas están en Reparto.',
    riderGo: 'Ir a Reparto',
  },
} as const;

addSpanish(homeMessages);
