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
  },
} as const;
