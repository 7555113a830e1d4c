/**
 * Spanish texts of live tracking (issue 33): the rider's «posición compartida» notice, the
 * office's «Seguimiento» screen and route panel, and the server's answers to the positions it
 * receives. Spread into the catalogue by messages.es.ts; read them with `t('tracking.…')`.
 */
import { addSpanish } from '../loaded';

export const trackingMessages = {
  tracking: {
    intro: 'Repartidores con una ruta en reparto, en su última posición. Las horas previstas se recalculan con cada posición y cada entrega.',
    hub: 'Hub',
    allHubs: 'Todos los hubs',
    sort: 'Ordenar por',
    sortLateness: 'Retraso',
    sortName: 'Ruta',
    none: 'No hay rutas en reparto.',
    noPosition: 'sin posición',
    positionAge: 'posición de hace {age}',
    ageSeconds: '{n, plural, one {# segundo} other {# segundos}}',
    ageMinutes: '{n, plural, one {# minuto} other {# minutos}}',
    ageHours: '{n, plural, one {# hora} other {# horas}}',
    progress: '{done} de {total, plural, one {# parada hecha} other {# paradas hechas}}',
    remaining: 'Paradas pendientes',
    stopLine: 'Parada {seq} · {point}',
    eta: 'Llegada prevista',
    window: 'Franja',
    late: 'Llega {time} tarde',
    /** The rider's own stop list (issue 33). */
    stopEta: 'Llegada prevista {time}',
    stopLate: 'con retraso de {n} min',
    onTime: 'A tiempo',
    lateCount: '{n, plural, one {# parada con retraso} other {# paradas con retraso}}',
    rider: 'Repartidor',
    route: 'Ruta',
    map: 'Mapa de seguimiento',
    openRoute: 'Ver ruta',
    panelTitle: 'Seguimiento de la ruta',
    dismiss: 'Cerrar el aviso',
    panelNotLive: 'La ruta no está en reparto: no hay seguimiento.',
    live: {
      on: 'Tu posición se comparte con la oficina mientras la ruta está en reparto.',
      waiting: 'Buscando tu posición… (la ruta funciona igual sin ella)',
      off: 'Ya no se comparte tu posición.',
      denied: 'No has permitido la ubicación: la oficina no ve tu posición. El reparto funciona igual.',
      unavailable: 'El dispositivo no da la posición ahora: la oficina ve «sin posición».',
      pending: '{n, plural, one {# posición pendiente de enviar} other {# posiciones pendientes de enviar}}',
    },
    errors: {
      body: 'Envío de posiciones no válido: {problem}',
      device: 'Falta el identificador del dispositivo',
      samples: 'Envía entre 1 y {max, plural, one {# posición} other {# posiciones}}',
      seq: 'Número de orden de la posición no válido',
      route: 'Falta la ruta de la posición',
      at: 'Hora de la posición no válida',
      lat: 'Latitud no válida (entre -90 y 90)',
      lng: 'Longitud no válida (entre -180 y 180)',
      accuracy: 'Precisión no válida (metros, entre 0 y 100 000)',
      speed: 'Velocidad no válida (m/s, entre 0 y 100)',
      notYourRoute: 'La ruta «{route}» no es tuya',
      notInProgress: 'La ruta «{route}» no está en reparto',
      future: 'La posición es de una hora futura',
      tooOld: 'La posición es de otro día que el de la ruta',
      riderOnly: 'Solo un repartidor envía su posición',
      officeOnly: 'El seguimiento es para operadores y administradores',
    },
  },
} as const;

addSpanish(trackingMessages);
