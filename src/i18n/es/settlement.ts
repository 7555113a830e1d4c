/**
 * Spanish texts of settling card and transfer payments from a statement (issue 13, the third
 * tab of /payments/all_orders). Spread into the catalogue by messages.es.ts.
 */
export const settlementMessages = {
  settlement: {
    tab: 'Liquidar tarjeta y transferencia',
    intro:
      'Carga el extracto del proveedor de pagos con tarjeta o del banco: un CSV con las columnas referencia, importe y fecha. Cada línea se busca por el código del pedido en su referencia y solo se liquidan los cobros con tarjeta o transferencia cuyo importe coincide con lo cobrado. Nada se guarda hasta que pulses «Liquidar».',
    file: 'Extracto (CSV)',
    choose: 'Elige el archivo del extracto',
    reading: 'Leyendo el extracto…',
    tooBig: 'El archivo «{name}» pesa más de {mb} MB: divide el extracto',
    notCsv: '«{name}» no es un CSV: exporta el extracto como CSV (separado por comas o por punto y coma)',
    noteEntry: 'Liquidado {date} · {file}, fila {row} · {reference}',
    columns: { reference: 'referencia', amount: 'importe', date: 'fecha' },
    problemsTitle: 'Líneas que no se pudieron leer: {n}',
    problems: {
      missing_column: 'Falta la columna «{column}» en la cabecera (hacen falta referencia, importe y fecha)',
      empty: 'El extracto no tiene líneas después de la cabecera',
      too_many: 'El extracto tiene {value} líneas; el máximo es {max}: divídelo',
      required: 'Fila {row}, columna «{column}»: está vacía',
      amount_format: 'Fila {row}, columna «{column}»: «{value}» no es un importe (escribe, por ejemplo, 12,50)',
      amount_not_positive: 'Fila {row}, columna «{column}»: el importe debe ser mayor que 0 (una devolución no liquida un cobro)',
      date_format: 'Fila {row}, columna «{column}»: «{value}» no es una fecha (escribe dd/mm/aaaa)',
    },
    kinds: {
      settle: 'A liquidar',
      already: 'Ya conciliados',
      amount: 'Importe distinto',
      not_settleable: 'No se liquidan así',
      duplicate: 'Repetidas',
      unmatched: 'Sin pedido',
    },
    outcomes: {
      settle: 'Se liquidará',
      already: 'Ya estaba conciliado: no cambia',
      amount: 'El rider cobró {collected}; el extracto dice {amount}',
      not_settleable: '{method}, «{status}»: no se liquida con un extracto',
      duplicate: 'El pedido ya aparece antes en este extracto',
      unmatched: 'Ningún pedido con cobro tiene ese código en la referencia (o tiene varios)',
      unmatchedOrder: 'El pedido {code} aún no tiene cobro',
    },
    table: {
      label: 'Líneas del extracto',
      row: 'Fila',
      reference: 'Referencia',
      order: 'Pedido',
      amount: 'Importe',
      date: 'Fecha',
      result: 'Resultado',
      empty: 'Ninguna línea del extracto se pudo leer',
      csv: 'extracto-{file}-resultado',
    },
    settle: 'Liquidar {n, plural, one {# cobro} other {# cobros}}',
    settleOne: 'Liquidar 1 cobro',
    nothing: 'Ninguna línea se puede liquidar',
    done: '{n, plural, one {# cobro liquidado} other {# cobros liquidados}}',
    skipped: '{n} ya no se podían liquidar: cambiaron desde que cargaste el extracto',
  },
} as const;
