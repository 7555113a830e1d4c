/**
 * Messages of the domain's checks (src/domain answers their keys, src/domain/messages.ts; the
 * layer that shows them resolves them with `domainText()`, src/i18n/domain.ts).
 */
export const domainMessages = {
  domain: {
    delivery: {
      linesNotWhole: 'Línea {line} ({name}): las cantidades deben ser números enteros positivos',
      linesTooMany: 'Línea {line} ({name}): entregadas más rechazadas ({units}) superan las {max} que lleva el pedido',
      lineNotInOrder: 'La línea «{lineId}» no es de este pedido',
      noUnits: 'No se entrega ninguna unidad: registra una entrega fallida',
    },
    money: {
      dueInvalid: 'El importe a cobrar no es válido ({value}): debe ser un número entero de céntimos, no negativo',
      collectedInvalid: 'El importe cobrado no es válido ({value}): debe ser un número entero de céntimos, no negativo',
      collectedShort: 'El importe cobrado ({collected}) es menor que el importe a cobrar ({due})',
    },
    routing: {
      noLocation: 'Punto «sin ubicación»: {orders} no se puede planificar',
      windowConflict: 'Los pedidos {orders} de una misma parada tienen franjas que no se solapan',
      noBike: 'La ruta no tiene bici asignada: no se comprueba su capacidad',
      bikeUnavailable: 'La bici de la ruta no está disponible: no se comprueba su capacidad',
      noRider: 'La ruta no tiene repartidor asignado',
      riderTwice: 'El repartidor está en {n} rutas del día',
      bikeTwice: 'La bici está en {n} rutas del día',
      late: 'Llega {time} tarde a la franja {from}–{to} ({orders})',
      overWeight: 'Supera la capacidad de peso de la bici en {amount} kg',
      overVolume: 'Supera la capacidad de volumen de la bici en {amount} l',
      overBoxes: 'Supera la capacidad de cajas de la bici en {amount} cajas',
      shiftEnd: 'Vuelve al hub {time} después del fin del turno',
      shiftLength: 'Dura {time} más que la jornada máxima',
      shiftStart: 'Sale {time} antes del inicio del turno',
      checker: '{detail}',
      unplanned: {
        notPlanned: '{orders}: sin planificar',
        capacity: '{orders}: no cabe en ninguna bici disponible',
        timeWindow: '{orders}: ningún repartidor llega dentro de su franja y vuelve a tiempo',
        shiftLength: '{orders}: no cabe en la jornada de ningún repartidor',
        noVehicle: '{orders}: no hay repartidor con bici disponible',
        other: '{orders}: no cabe en ninguna ruta con las demás paradas (faltan repartidores o bicis)',
      },
    },
  },
} as const;
